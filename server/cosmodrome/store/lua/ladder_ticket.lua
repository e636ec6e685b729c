-- A new matchmaking ticket in its queue, atomically: one live ticket per player per queue.
-- KEYS[1] queue's waiting zset (ticket id by mu)  KEYS[2] queue's players hash (player ->
-- ticket id)  KEYS[3] the ticket's hash  KEYS[4] the queue's meta hash (what its match is)
-- ARGV[1] ticket id  ARGV[2] player  ARGV[3] display name  ARGV[4] mu  ARGV[5] now ms
-- ARGV[6] expires ms  ARGV[7] ticket hash prefix  ARGV[8] the seat's join request id
-- ARGV[9] the player's issuer  ARGV[10] his subject  then ARGV[11..] meta field/value pairs
-- Returns {'NEW', id} | {'LIVE', id of the player's live ticket}
local live = redis.call('HGET', KEYS[2], ARGV[2])
if live then
  local status = redis.call('HGET', ARGV[7] .. live, 'status')
  if status == '1' or status == '2' then return {'LIVE', live} end  -- waiting, matching
end
redis.call('HSET', KEYS[3], 'status', 1, 'player', ARGV[2], 'name', ARGV[3], 'mu', ARGV[4],
           'created', ARGV[5], 'expires', ARGV[6], 'join', ARGV[8], 'issuer', ARGV[9],
           'subject', ARGV[10], 'ver', 1)
redis.call('ZADD', KEYS[1], ARGV[4], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[1])
if redis.call('EXISTS', KEYS[4]) == 0 then
  redis.call('HSET', KEYS[4], unpack(ARGV, 11))
end
return {'NEW', ARGV[1]}
