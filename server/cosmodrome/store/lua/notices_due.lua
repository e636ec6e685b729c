-- The slots whose notices are due, by the store's clock (a replica's own may be skewed).
-- KEYS[1] the hints (zset: slot by the earliest due ms of its outbox)  ARGV[1] most slots
-- Returns {slot, due ms, slot, due ms, ...}
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
return redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'WITHSCORES', 'LIMIT', 0,
                  tonumber(ARGV[1]))
