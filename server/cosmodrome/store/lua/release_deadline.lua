-- Remove a member (a match from its slot's deadlines set, or a slot from the hints) only
-- if its due time is still the one we saw, so one set meanwhile by a move survives.
-- KEYS[1] zset  ARGV[1] member  ARGV[2] due time seen
local due = redis.call('ZSCORE', KEYS[1], ARGV[1])
if due and tonumber(due) == tonumber(ARGV[2]) then
  return redis.call('ZREM', KEYS[1], ARGV[1])
end
return 0
