-- (after index.lua) A match's listing entries and due time alone, on a Cluster.
-- KEYS: the match's indexes, then the due zset (one slot: indexes.TAG)
-- ARGV[1] wanted  ARGV[2] score  ARGV[3] member  ARGV[4] due member  ARGV[5] due in ms
reindex(KEYS, ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5])
return 1
