-- Withdraw a waiting ticket, atomically with the matcher (a grouped ticket stays grouped).
-- KEYS[1] the ticket's hash  KEYS[2] queue's waiting zset  KEYS[3] queue's players hash
-- ARGV[1] ticket id  ARGV[2] the caller (player)  ARGV[3] ms a finished ticket is kept
-- Returns 'OK' | 'MISSING' | 'NOT_YOURS' | the ticket's status when not waiting
local t = redis.call('HMGET', KEYS[1], 'status', 'player')
if not t[1] then return 'MISSING' end
if t[2] ~= ARGV[2] then return 'NOT_YOURS' end
if t[1] ~= '1' then return t[1] end
redis.call('HSET', KEYS[1], 'status', 4)  -- cancelled
redis.call('HINCRBY', KEYS[1], 'ver', 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('ZREM', KEYS[2], ARGV[1])
if redis.call('HGET', KEYS[3], ARGV[2]) == ARGV[1] then redis.call('HDEL', KEYS[3], ARGV[2]) end
return 'OK'
