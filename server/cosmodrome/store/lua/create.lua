-- (after index.lua) Create a match at version 1 unless its id is taken.
-- KEYS[1] match hash  KEYS[2] match stream  KEYS[3..] its indexes and the due zset (on one
--   server; on a Cluster none: the caller runs reindex.lua after)
-- ARGV[1] record  ARGV[2] public match  ARGV[3] entry  ARGV[4] incarnation
-- ARGV[5] index membership (indexes.membership)  ARGV[6] creation ms  ARGV[7] match id
-- ARGV[8] due member  ARGV[9] ms until due, and until its keys expire ('0': never)
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'v', 1, 'rec', ARGV[1], 'pub', ARGV[2], 'inc', ARGV[4],
           'ix', ARGV[5] .. '|' .. ARGV[9])
redis.call('XADD', KEYS[2], '1-0', 'e', ARGV[3])
if ARGV[9] ~= '0' then expire({KEYS[1], KEYS[2]}, ARGV[9]) end
if #KEYS > 2 then
  reindex({unpack(KEYS, 3)}, ARGV[5], ARGV[6], ARGV[7], ARGV[8], ARGV[9])
end
return 1
