-- An import replaces a match (admin): its hash goes, but for the chat's counter, so a chat
-- sequence is never given twice and a watch resuming after its last line misses nothing.
-- The lines themselves go with the replaced match (an export does not carry them).
-- KEYS[1] match hash. Returns the newest sequence carried (nil: no chat, or no match).
local said = redis.call('HGET', KEYS[1], 'chat:n')
redis.call('DEL', KEYS[1])
if said then
  redis.call('HSET', KEYS[1], 'chat:n', said, 'chat:first', tonumber(said) + 1)
end
return said
