-- A group is done: every player seated (its tickets become MATCHED), or its match gone
-- before they were (deleted, expired: its tickets become EXPIRED, ARGV[4] = 5).
-- KEYS[1] the group's hash  KEYS[2] queue's forming zset  KEYS[3] queue's players hash
-- ARGV[1] key prefix of the queue ('lq:{q}:')  ARGV[2] group id  ARGV[3] ms kept
-- ARGV[4] the tickets' status (3: MATCHED, 5: EXPIRED)
-- Returns 'OK' | 'GONE' (already done)
local g = redis.call('HMGET', KEYS[1], 'tickets', 'match', 'done')
if not g[1] or g[3] then return 'GONE' end
for id in string.gmatch(g[1], '%S+') do
  local key = ARGV[1] .. 't:' .. id
  local player = redis.call('HGET', key, 'player')
  redis.call('HSET', key, 'status', ARGV[4], 'match', g[2])
  redis.call('HINCRBY', key, 'ver', 1)
  redis.call('PEXPIRE', key, ARGV[3])
  if player and redis.call('HGET', KEYS[3], player) == id then
    redis.call('HDEL', KEYS[3], player)
  end
end
redis.call('HSET', KEYS[1], 'done', 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('ZREM', KEYS[2], ARGV[2])
return 'OK'
