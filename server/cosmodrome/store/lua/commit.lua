-- (after index.lua) Compare-and-set one new version of a match, atomically.
-- KEYS[1] match hash {v, rec, pub}   KEYS[2] match stream   KEYS[3] idempotency hash
-- KEYS[4] deadlines of the match's slot (zset: match id by due ms)
-- ARGV[1] expected version  ARGV[2] record  ARGV[3] public match  ARGV[4] stream entry
-- ARGV[5] idempotency slot of the caller ('' for none)  ARGV[6] its key  ARGV[7] its result
-- ARGV[8] ms until the match's keys expire ('0': never; see index.lua's expire)
-- ARGV[9] the record's incarnation
-- ARGV[10] keys kept per caller  ARGV[11] the match's next deadline ms ('' unchanged, 0 none)
-- ARGV[12] the match id  ARGV[13] the publish command (PUBLISH, or SPUBLISH on a cluster)
-- ARGV[14] '1' when this version ends the match: field 'end' marks it, so the chat script
--   (chat.lua) refuses a line that comes after the final move, atomically with it
-- ARGV[15] index membership  ARGV[16] due member  ARGV[17] ms until due ('0': not due)
-- ARGV[18] its creation ms (the indexes' score)
-- ARGV[19] ms until the kept results (KEYS[3]) expire ('0': never): once finished, sooner
--   than the match (a resend comes within seconds; they are half its bytes or more)
-- KEYS[5..] the match's indexes and the due zset, on one server (on a Cluster none: when
--   the reply's third value is '1', the caller runs reindex.lua). Indexes, due time and
--   expiry change only when the membership or the due time do (field 'ix' keeps them).
-- With notices on, for a match a person plays (cosmodrome/notices/outbox.py), one more key
--   and one more argument, last: KEYS[#KEYS] the outbox of the match's slot, ARGV[20] the
--   committing replica's lease (ms). The marker '<match id>:<version>' goes in the outbox,
--   due once the lease runs out: the replica's enqueue of the version's notices removes it;
--   if it never comes (the replica killed), any replica's drainer builds them from the store.
-- Each caller keeps its latest ARGV[10] keys, each with its first result, in a ring:
-- field '<slot>:<key>' holds the result, '<slot>#<n>' the key in ring position n, and
-- '<slot>#' the count of keys ever stored. A resend of any of them gets its first result.
-- Returns {'OK', new_version, reindexed ('1' or '0')} | {'DUP', stored_result} | {'STALE', current} | {'MISSING'}
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
local caller = ARGV[5]
if caller ~= '' then
  local seen = redis.call('HGET', KEYS[3], caller .. ':' .. ARGV[6])
  if seen then return {'DUP', seen} end
end
local stored = redis.call('HMGET', KEYS[1], 'v', 'inc')
local current = stored[1]
if not current then return {'MISSING'} end
if current ~= ARGV[1] or (stored[2] or '') ~= ARGV[9] then return {'STALE', current} end
local version = tonumber(current) + 1
redis.call('HSET', KEYS[1], 'v', version, 'rec', ARGV[2], 'pub', ARGV[3])
if ARGV[14] == '1' then redis.call('HSET', KEYS[1], 'end', 1) end
redis.call('XADD', KEYS[2], version .. '-0', 'e', ARGV[4])
redis.call(ARGV[13], KEYS[2], field(10, ARGV[4]) .. field(18, ARGV[2]))  -- Notice{entry, record}
if caller ~= '' then
  local n = redis.call('HINCRBY', KEYS[3], caller .. '#', 1)
  local ring = caller .. '#' .. (n % tonumber(ARGV[10]))
  local oldest = redis.call('HGET', KEYS[3], ring)
  if oldest then redis.call('HDEL', KEYS[3], caller .. ':' .. oldest) end
  redis.call('HSET', KEYS[3], ring, ARGV[6], caller .. ':' .. ARGV[6], ARGV[7])
end
local indexed = #KEYS  -- KEYS[5..indexed]: the indexes
if ARGV[20] then
  indexed = indexed - 1
  local t = redis.call('TIME')
  redis.call('ZADD', KEYS[#KEYS], t[1] * 1000 + math.floor(t[2] / 1000) + tonumber(ARGV[20]),
             ARGV[12] .. ':' .. version)
end
if ARGV[11] == '0' then
  redis.call('ZREM', KEYS[4], ARGV[12])
elseif ARGV[11] ~= '' then
  redis.call('ZADD', KEYS[4], ARGV[11], ARGV[12])
end
local place = ARGV[15] .. '|' .. ARGV[17]
if ARGV[17] == '0' and redis.call('HGET', KEYS[1], 'ix') == place then
  return {'OK', tostring(version), '0'}  -- a move in play: listed as it was
end
redis.call('HSET', KEYS[1], 'ix', place)
expire({KEYS[1], KEYS[2]}, ARGV[8])
expire({KEYS[3]}, ARGV[19])
if indexed > 4 then
  reindex({unpack(KEYS, 5, indexed)}, ARGV[15], ARGV[18], ARGV[12], ARGV[16], ARGV[17])
end
return {'OK', tostring(version), '1'}
