-- Claim the due notices of one slot's outbox for delivery: each is leased (its due time
-- moved to now + lease), so no other replica takes it while this one delivers; a replica
-- that dies mid-delivery leaves it to be claimed again once the lease runs out.
-- KEYS[1] the slot's outbox (zset: id by due ms)  KEYS[2] its bodies (hash)
-- ARGV[1] lease ms  ARGV[2] most notices to claim
-- A commit's marker (no body: '<match id>:<version>', commit.lua) whose lease ran out is
-- claimed alike, with an empty body: the claimer builds the version's notices.
-- Returns {id, body, attempt, id, body, attempt, ...}: attempt counts claims (a dead
-- replica's included); it is the claim's token for the settle script.
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local out = {}
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[2]))
for _, id in ipairs(ids) do
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), id)
  out[#out + 1] = id
  out[#out + 1] = redis.call('HGET', KEYS[2], id) or ''
  out[#out + 1] = redis.call('HINCRBY', KEYS[2], id .. '#', 1)
end
return out
