-- Compare-and-set one new version of a match, atomically.
-- KEYS[1] match hash {v, rec, pub}   KEYS[2] match stream   KEYS[3] idempotency hash
-- ARGV[1] expected version  ARGV[2] record  ARGV[3] public match  ARGV[4] stream entry
-- ARGV[5] idempotency slot of the caller ('' for none)  ARGV[6] its key  ARGV[7] its result
-- ARGV[8] retention ms once finished (0: keep)  ARGV[9] the record's incarnation
-- Each caller keeps one slot: the key and result of its latest move, which is what a
-- retry resends.
-- Returns {'OK', new_version} | {'DUP', stored_result} | {'STALE', current} | {'MISSING'}
-- Publishes a records.Notice (entry and record) on the stream's name, for the watchers.
local function field(tag, bytes)  -- one length-delimited protobuf field
  local out, n = {string.char(tag)}, #bytes
  while n >= 128 do
    out[#out + 1] = string.char(n % 128 + 128)
    n = math.floor(n / 128)
  end
  out[#out + 1] = string.char(n)
  return table.concat(out) .. bytes
end
if ARGV[5] ~= '' then
  local seen = redis.call('HMGET', KEYS[3], ARGV[5] .. ':k', ARGV[5] .. ':r')
  if seen[1] == ARGV[6] then return {'DUP', seen[2]} end
end
local stored = redis.call('HMGET', KEYS[1], 'v', 'inc')
local current = stored[1]
if not current then return {'MISSING'} end
if current ~= ARGV[1] or (stored[2] or '') ~= ARGV[9] then return {'STALE', current} end
local version = tonumber(current) + 1
redis.call('HSET', KEYS[1], 'v', version, 'rec', ARGV[2], 'pub', ARGV[3])
redis.call('XADD', KEYS[2], version .. '-0', 'e', ARGV[4])
redis.call('PUBLISH', KEYS[2], field(10, ARGV[4]) .. field(18, ARGV[2]))  -- Notice{entry, record}
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[3], ARGV[5] .. ':k', ARGV[6], ARGV[5] .. ':r', ARGV[7])
end
local retention = tonumber(ARGV[8])
if retention > 0 then
  for _, key in ipairs(KEYS) do redis.call('PEXPIRE', key, retention) end
end
return {'OK', tostring(version)}
