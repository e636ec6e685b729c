-- Keep a match's listing entries and due time (store/indexes.py), prepended to the scripts
-- that change a match (create.lua, commit.lua) and run alone on a Cluster (reindex.lua).
-- keys: the match's indexes in indexes.match_indexes' order, then the due zset
-- wanted: one '1' or '0' a key (is the match in it)  score: its creation ms
-- member: the match id  due_member: '<id> <game>'
-- due_in: ms from now until it is due ('0': not due; '': leave its due time alone)
local function reindex(keys, wanted, score, member, due_member, due_in)
  for i = 1, #wanted do
    if string.sub(wanted, i, i) == '1' then
      redis.call('ZADD', keys[i], score, member)
    else
      redis.call('ZREM', keys[i], member)
    end
  end
  local due = keys[#wanted + 1]
  if due_in == '0' then
    redis.call('ZREM', due, due_member)
  elseif due_in ~= '' then
    local clock = redis.call('TIME')
    local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
    redis.call('ZADD', due, now + tonumber(due_in), due_member)
  end
end
-- The match's keys live until `expire_ms` from now ('0': for ever).
local function expire(keys, expire_ms)
  for _, key in ipairs(keys) do
    if expire_ms == '0' then
      redis.call('PERSIST', key)
    else
      redis.call('PEXPIRE', key, expire_ms)
    end
  end
end
