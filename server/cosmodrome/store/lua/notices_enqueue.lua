-- Notices of one committed version of a match: put the due ones in the outbox of the
-- match's slot (cosmodrome/notices/outbox.py). Every key shares the match's slot.
-- KEYS[1] the match's owed seats (hash: 'v' the last version seen, 's<seat>' the version
--   from which the seat has owed a decision without a pause)
-- KEYS[2] the slot's outbox (zset: notice id by due ms)  KEYS[3] its bodies (hash: id ->
--   body, id .. '#' -> attempts so far)
-- ARGV[1] the version  ARGV[2] '1' if this version ends the match  ARGV[3] ms the owed hash
--   is kept after its last write  ARGV[4] ms a 'your_turn' waits before it is due (0: none)
--   ARGV[5] the match id  ARGV[6..] triples: seat, notice id, body; a 'your_turn' triple
--   per seat of a player owing a decision, a 'match_ended' one per player at the end
-- A seat is told once per run of versions it owes a decision in: its notice is queued when
-- it is not already marked owing. With a wait (ARGV[4] > 0), a seat that stops owing before
-- its notice was ever attempted has it withdrawn: a player at the table is not told.
-- Versions older than the last seen are ignored (two replicas' commits may reach here out
-- of order; the newer one is the truth).
-- The version's marker, left in the outbox by its commit (commit.lua), is taken out last:
-- its notices are queued, or were by an earlier call (a script that fails keeps it).
-- Returns {queued, withdrawn, earliest due ms of those queued} (the store's clock).
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local version = tonumber(ARGV[1])
local ended = ARGV[2] == '1'
local wait = tonumber(ARGV[4])
local function unmark()
  local marker = ARGV[5] .. ':' .. ARGV[1]
  if redis.call('ZREM', KEYS[2], marker) == 1 then redis.call('HDEL', KEYS[3], marker .. '#') end
end
if version <= tonumber(redis.call('HGET', KEYS[1], 'v') or '0') then
  unmark()
  return {0, 0, now}
end
local queued, withdrawn, earliest = 0, 0, now + wait
local owing = {}
for i = 6, #ARGV, 3 do
  local seat, id, body = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  owing['s' .. seat] = true
  local fresh = ended or redis.call('HSETNX', KEYS[1], 's' .. seat, version) == 1
  if fresh and redis.call('HSETNX', KEYS[3], id, body) == 1 then
    local due = ended and now or now + wait
    redis.call('ZADD', KEYS[2], due, id)
    queued = queued + 1
    earliest = math.min(earliest, due)
  end
end
for _, name in ipairs(redis.call('HKEYS', KEYS[1])) do
  if name ~= 'v' and (ended or not owing[name]) then
    local run = redis.call('HGET', KEYS[1], name)
    redis.call('HDEL', KEYS[1], name)
    local id = ARGV[5] .. ':' .. run .. ':' .. string.sub(name, 2) .. ':your_turn'
    if wait > 0 and not redis.call('HGET', KEYS[3], id .. '#') and
        redis.call('ZREM', KEYS[2], id) == 1 then
      redis.call('HDEL', KEYS[3], id)
      withdrawn = withdrawn + 1
    end
  end
end
redis.call('HSET', KEYS[1], 'v', version)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
unmark()
return {queued, withdrawn, earliest}
