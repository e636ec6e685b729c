-- One pass of the matchmaker over one queue, atomically (any replica, any number at once):
-- expire old tickets, hand out the groups whose seating stalled (lease over: the replica
-- seating them died), and group waiting tickets of near ratings.
-- KEYS[1] waiting zset (ticket id by mu)  KEYS[2] forming zset (group id by lease end ms)
-- KEYS[3] players hash (player -> live ticket id)
-- ARGV[1] key prefix of the queue's tickets and groups ('lq:{q}:')  ARGV[2] now ms
-- ARGV[3] seats per match  ARGV[4] window at 0 s (mu)  ARGV[5] its widening per second
-- ARGV[6] bots fill after this wait, ms (0: never)  ARGV[7] lease ms  ARGV[8] replica id
-- ARGV[9] fresh random hex (group ids)  ARGV[10] ms a finished ticket is kept
-- ARGV[11] most tickets looked at
-- Tickets and groups are keys of the queue's slot, named from ARGV[1] (one hash tag).
-- Returns {groups to seat (new, then stalled), tickets waiting, groups forming}
local prefix, now, seats = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local base, widen, fill = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local lease_end, keep = now + tonumber(ARGV[7]), ARGV[10]
local out = {}

local function finish(id, status)  -- a ticket leaves the queue for good
  local key = prefix .. 't:' .. id
  local player = redis.call('HGET', key, 'player')
  redis.call('HSET', key, 'status', status)
  redis.call('HINCRBY', key, 'ver', 1)
  redis.call('PEXPIRE', key, keep)
  redis.call('ZREM', KEYS[1], id)
  if player and redis.call('HGET', KEYS[3], player) == id then
    redis.call('HDEL', KEYS[3], player)
  end
end

-- groups whose seating replica died: the lease passes to this one
for _, gid in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)) do
  local key = prefix .. 'g:' .. gid
  if redis.call('EXISTS', key) == 1 then
    redis.call('HSET', key, 'owner', ARGV[8])
    redis.call('ZADD', KEYS[2], lease_end, gid)
    out[#out + 1] = gid
  else
    redis.call('ZREM', KEYS[2], gid)  -- seated and expired meanwhile
  end
end

local waiting = {}  -- by mu, lowest first
local listed = redis.call('ZRANGE', KEYS[1], 0, tonumber(ARGV[11]) - 1, 'WITHSCORES')
for i = 1, #listed, 2 do
  local id = listed[i]
  local t = redis.call('HMGET', prefix .. 't:' .. id, 'created', 'expires')
  if not t[1] then
    redis.call('ZREM', KEYS[1], id)
  elseif tonumber(t[2]) <= now then
    finish(id, 5)  -- expired
  else
    local waited = (now - tonumber(t[1])) / 1000
    waiting[#waiting + 1] = {id = id, mu = tonumber(listed[i + 1]), waited = waited,
                             window = base + widen * waited}
  end
end

local made = 0
local function group(members, bots)
  made = made + 1
  local gid = ARGV[9] .. made
  local ids = {}
  for seat, t in ipairs(members) do
    local key = prefix .. 't:' .. t.id
    redis.call('HSET', key, 'status', 2, 'group', gid, 'seat', seat - 1, 'bots', bots)
    redis.call('HINCRBY', key, 'ver', 1)
    redis.call('ZREM', KEYS[1], t.id)
    ids[#ids + 1] = t.id
    t.taken = true
  end
  redis.call('HSET', prefix .. 'g:' .. gid, 'tickets', table.concat(ids, ' '), 'bots', bots,
             'owner', ARGV[8], 'created', now)
  redis.call('ZADD', KEYS[2], lease_end, gid)
  table.insert(out, made, gid)  -- new groups first
end

-- seats consecutive tickets by mu, when each accepts the spread of the group
local i = 1
while i + seats - 1 <= #waiting do
  local members, narrowest = {}, math.huge
  for j = i, i + seats - 1 do
    members[#members + 1] = waiting[j]
    narrowest = math.min(narrowest, waiting[j].window)
  end
  if waiting[i + seats - 1].mu - waiting[i].mu <= narrowest then
    group(members, 0)
    i = i + seats
  else
    i = i + 1
  end
end

-- the host's bot fill: the longest waiting ticket past the wait, with the nearest others
-- its window accepts, and server bots in the seats left
if fill > 0 then
  while true do
    local anchor
    for _, t in ipairs(waiting) do
      if not t.taken and t.waited * 1000 >= fill and (not anchor or t.waited > anchor.waited)
      then anchor = t end
    end
    if not anchor then break end
    local near = {}
    for _, t in ipairs(waiting) do
      if not t.taken and t ~= anchor and math.abs(t.mu - anchor.mu) <= anchor.window then
        near[#near + 1] = t
      end
    end
    table.sort(near, function(a, b) return math.abs(a.mu - anchor.mu) < math.abs(b.mu - anchor.mu) end)
    local members = {anchor}
    for k = 1, math.min(#near, seats - 1) do members[#members + 1] = near[k] end
    group(members, seats - #members)
  end
end

local left = 0
for _, t in ipairs(waiting) do if not t.taken then left = left + 1 end end
return {out, left, redis.call('ZCARD', KEYS[2])}
