-- Remove a match from the deadlines set only if its due time is still the one we saw,
-- so a deadline set meanwhile by another replica's move survives.
-- KEYS[1] deadlines zset  ARGV[1] match id  ARGV[2] due time seen
local due = redis.call('ZSCORE', KEYS[1], ARGV[1])
if due and tonumber(due) == tonumber(ARGV[2]) then
  return redis.call('ZREM', KEYS[1], ARGV[1])
end
return 0
