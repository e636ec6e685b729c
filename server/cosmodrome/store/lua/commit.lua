-- Compare-and-set one new version of a match, atomically.
-- KEYS[1] match hash {v, rec, pub}   KEYS[2] match stream   KEYS[3] idempotency hash
-- ARGV[1] expected version  ARGV[2] record  ARGV[3] public match  ARGV[4] stream entry
-- ARGV[5] idempotency field ('' for none)  ARGV[6] idempotency value
-- ARGV[7] retention ms once finished (0: keep)
-- Returns {'OK', new_version} | {'DUP', stored_value} | {'STALE', current} | {'MISSING'}
if ARGV[5] ~= '' then
  local prior = redis.call('HGET', KEYS[3], ARGV[5])
  if prior then return {'DUP', prior} end
end
local current = redis.call('HGET', KEYS[1], 'v')
if not current then return {'MISSING'} end
if current ~= ARGV[1] then return {'STALE', current} end
local version = tonumber(current) + 1
redis.call('HSET', KEYS[1], 'v', version, 'rec', ARGV[2], 'pub', ARGV[3])
redis.call('XADD', KEYS[2], version .. '-0', 'e', ARGV[4])
if ARGV[5] ~= '' then redis.call('HSET', KEYS[3], ARGV[5], ARGV[6]) end
local retention = tonumber(ARGV[7])
if retention > 0 then
  for _, key in ipairs(KEYS) do redis.call('PEXPIRE', key, retention) end
end
return {'OK', tostring(version)}
