-- Drop an empty queue from the live list, unless a ticket came since it was read (each
-- new ticket bumps its queue's score before it is written).
-- KEYS[1] the live queues zset  ARGV[1] queue id  ARGV[2] its score when read
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) == tonumber(ARGV[2]) then
  redis.call('ZREM', KEYS[1], ARGV[1])
  return 1
end
return 0
