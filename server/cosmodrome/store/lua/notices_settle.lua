-- The outcome of one delivery attempt of a claimed notice.
-- KEYS[1] the slot's outbox (zset: id by due ms)  KEYS[2] its bodies (hash)
-- ARGV[1] notice id  ARGV[2] the attempt claimed  ARGV[3] 'done' (delivered, or given up:
--   it leaves the outbox) or the ms to wait before the next attempt
-- Returns the next attempt's due ms (store clock), 0 once gone, -1 if the notice was
-- claimed again meanwhile (this replica's lease ran out: the newer claim settles it).
if redis.call('HGET', KEYS[2], ARGV[1] .. '#') ~= ARGV[2] then return -1 end
if ARGV[3] == 'done' then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1], ARGV[1] .. '#')
  return 0
end
local t = redis.call('TIME')
local due = t[1] * 1000 + math.floor(t[2] / 1000) + tonumber(ARGV[3])
redis.call('ZADD', KEYS[1], 'XX', due, ARGV[1])
return due
