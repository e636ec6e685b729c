-- A finished match's new ratings, exactly once: written only if the match's marker is
-- absent and every player's rating is still at the version it was computed from; the
-- marker is written in the same step.
-- KEYS[1] versions hash (player -> version)  KEYS[2] ratings hash (player -> 'mu sigma n')
-- KEYS[3] leaderboard zset (player by ordinal)  KEYS[4] names hash  KEYS[5] the marker
-- ARGV[1] marker's time to live, ms  then per player: player, version read, 'mu sigma n',
-- ordinal, display name ('' keeps the last)
-- Returns 'OK' | 'DONE' (rated already) | 'STALE' (a rating moved: read and compute again)
if redis.call('EXISTS', KEYS[5]) == 1 then return 'DONE' end
for i = 2, #ARGV, 5 do
  if tonumber(redis.call('HGET', KEYS[1], ARGV[i]) or '0') ~= tonumber(ARGV[i + 1]) then
    return 'STALE'
  end
end
for i = 2, #ARGV, 5 do
  local player = ARGV[i]
  redis.call('HINCRBY', KEYS[1], player, 1)
  redis.call('HSET', KEYS[2], player, ARGV[i + 2])
  redis.call('ZADD', KEYS[3], ARGV[i + 3], player)
  if ARGV[i + 4] ~= '' then redis.call('HSET', KEYS[4], player, ARGV[i + 4]) end
end
redis.call('SET', KEYS[5], 1, 'PX', ARGV[1])
return 'OK'
