-- Keep a finished match's log as one compressed value in its hash (field 'logz', an
-- admin.MatchExport with only its log, zlib): a third of the stream's bytes. Only if the
-- match is still at the version read and its stream still holds the entries read.
-- KEYS[1] match hash  KEYS[2] match stream
-- ARGV[1] version read  ARGV[2] the compressed log  ARGV[3] entries in it
-- Returns 1 if compacted, 0 if the match moved on (or was replaced) meanwhile.
if redis.call('HGET', KEYS[1], 'v') ~= ARGV[1] then return 0 end
if redis.call('XLEN', KEYS[2]) ~= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], 'logz', ARGV[2])
redis.call('DEL', KEYS[2])
return 1
