-- Keep one chat line of a match, atomically. The chat lives in the match's own hash, so it
-- is in the match's slot and expires, is deleted and is replaced (import) with the match;
-- it never touches the version the compare-and-set of moves checks.
-- KEYS[1] match hash: fields 'chat:n' (newest sequence), 'chat:first' (oldest kept),
--   'chat:<sequence>' (a records.StoredChat), 'chat:rate:<seat>' (the times, ms, of the
--   seat's latest lines), 'chat:q:<caller>...' (the latest request ids of the seat's
--   holder, a ring as in commit.lua, each with its digest and first line)
-- KEYS[2] the match's stream: its name is the match's channel (declared for the cluster)
-- ARGV[1] the line (StoredChat with seat and text)  ARGV[2] seat  ARGV[3] request id ('': none)
-- ARGV[4] its digest (32 bytes)  ARGV[5] lines kept  ARGV[6] lines a seat may say per window
-- ARGV[7] the window, ms  ARGV[8] request ids kept per seat
-- ARGV[9] the publish command (PUBLISH, or SPUBLISH on a cluster)
-- ARGV[10] the caller: its request ids are its own (a seat's next holder never meets them)
-- Returns {'OK', line} | {'DUP', digest .. line} | {'RATE', ms until one more is allowed}
--   | {'FINISHED'} (field 'end': the final move is in, commit.lua) | {'MISSING'}. The stored line gets its sequence, time (the store's clock) and match
-- version appended; it is published on the match's channel as a records.Notice{chat}.
local function varint(n)
  local out = {}
  while n >= 128 do
    out[#out + 1] = string.char(n % 128 + 128)
    n = math.floor(n / 128)
  end
  out[#out + 1] = string.char(n)
  return table.concat(out)
end
local version = redis.call('HGET', KEYS[1], 'v')
if not version then return {'MISSING'} end
local seat = ARGV[2]
local asked = 'chat:q:' .. ARGV[10]
if ARGV[3] ~= '' then
  local seen = redis.call('HGET', KEYS[1], asked .. ':' .. ARGV[3])
  if seen then return {'DUP', seen} end
end
if redis.call('HEXISTS', KEYS[1], 'end') == 1 then return {'FINISHED'} end
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local limit, window = tonumber(ARGV[6]), tonumber(ARGV[7])
local recent = {}
for t in string.gmatch(redis.call('HGET', KEYS[1], 'chat:rate:' .. seat) or '', '%d+') do
  if tonumber(t) > now - window then recent[#recent + 1] = tonumber(t) end
end
if #recent >= limit then
  return {'RATE', tostring(recent[#recent - limit + 1] + window - now)}
end
recent[#recent + 1] = now
while #recent > limit do table.remove(recent, 1) end
redis.call('HSET', KEYS[1], 'chat:rate:' .. seat, table.concat(recent, ' '))
local sequence = redis.call('HINCRBY', KEYS[1], 'chat:n', 1)
local line = ARGV[1] .. '\24' .. varint(sequence) .. '\32' .. varint(now)
  .. '\40' .. varint(tonumber(version))
redis.call('HSET', KEYS[1], 'chat:' .. sequence, line)
local first = tonumber(redis.call('HGET', KEYS[1], 'chat:first') or '1')
while first <= sequence - tonumber(ARGV[5]) do
  redis.call('HDEL', KEYS[1], 'chat:' .. first)
  first = first + 1
end
redis.call('HSET', KEYS[1], 'chat:first', first)
if ARGV[3] ~= '' then
  local n = redis.call('HINCRBY', KEYS[1], asked .. '#', 1)
  local ring = asked .. '#' .. (n % tonumber(ARGV[8]))
  local oldest = redis.call('HGET', KEYS[1], ring)
  if oldest then redis.call('HDEL', KEYS[1], asked .. ':' .. oldest) end
  redis.call('HSET', KEYS[1], ring, ARGV[3], asked .. ':' .. ARGV[3], ARGV[4] .. line)
end
redis.call(ARGV[9], KEYS[2], '\26' .. varint(#line) .. line)  -- Notice{chat}
return {'OK', line}
