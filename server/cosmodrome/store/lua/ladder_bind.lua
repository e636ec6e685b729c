-- The match of a group, once: the first replica to create one binds it; a later one (a
-- group handed over while its first replica still worked) is told the bound match.
-- KEYS[1] the group's hash  ARGV[1] match id  ARGV[2] its join secret (a private match)
-- Returns {'BOUND', match id, its join secret} | {'GONE'}
local g = redis.call('HMGET', KEYS[1], 'tickets', 'match', 'secret')
if not g[1] then return {'GONE'} end
if g[2] then return {'BOUND', g[2], g[3]} end
redis.call('HSET', KEYS[1], 'match', ARGV[1], 'secret', ARGV[2])
return {'BOUND', ARGV[1], ARGV[2]}
