-- Create a match at version 1 unless its id is taken.
-- KEYS[1] match hash  KEYS[2] match stream
-- ARGV[1] record  ARGV[2] public match  ARGV[3] entry  ARGV[4] incarnation
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'v', 1, 'rec', ARGV[1], 'pub', ARGV[2], 'inc', ARGV[4])
redis.call('XADD', KEYS[2], '1-0', 'e', ARGV[3])
return 1
