-- Claim the members of a zset that are due (store's clock) for a while: each is scored anew
-- at the claim's end, so another replica's sweep passes it by until then; a claimer that
-- dies leaves it to be claimed again after that.
-- KEYS[1] zset  ARGV[1] the claim's length, ms  ARGV[2] members at most
-- Returns {claimed until (ms), member...}
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, ARGV[2])
local until_ms = now + tonumber(ARGV[1])
for _, member in ipairs(due) do redis.call('ZADD', KEYS[1], until_ms, member) end
return {tostring(until_ms), unpack(due)}
