"""Ratings, leaderboards and the matchmaker (docs/api.md, "Ratings, leaderboards,
matchmaking").

A ladder is one game under one ruleset. The matchmaker groups tickets by rating in Lua
(store/lua/ladder_match.lua), any replica seating a group through the runner's create and
join; the matches it makes are rated, once each, when they finish (ratings.py, feed.py).

Keys (a queue's keys share its hash tag, a ladder's keys its own: each script stays in one
Cluster slot):

    ladder:queues              zset: queue id by a counter bumped per ticket (the live queues)
    lq:{q}:meta                hash: the queue's game, players, ruleset, options
    lq:{q}:wait                zset: waiting ticket id by mu
    lq:{q}:form                zset: forming group id by the end of its seating lease (ms)
    lq:{q}:players             hash: player -> his live ticket in the queue (one at most)
    lq:{q}:t:<ticket>          hash: status, player (his ladder name), issuer, subject, name,
                               mu, created, expires, join (the seat's join request id: the
                               store holds it as it holds the match), group, seat, bots,
                               match, ver (bumped per change)
    lq:{q}:g:<group>           hash: tickets (in seat order), bots, owner, created, match,
                               secret (the private match's join secret), done
    ladder:match:{<match id>}  hash: a rated match: game, ruleset, seats (JSON players)
    ladder:unrated             zset: rated match id by when to look at it again (the sweep)
    lr:{<game>:<ruleset>}:v    hash: player -> version of his rating (the rate script's CAS)
    lr:{<game>:<ruleset>}:r    hash: player -> "mu sigma matches"
    lr:{<game>:<ruleset>}:board  zset: player by ordinal (the leaderboard)
    lr:{<game>:<ruleset>}:names  hash: player -> display name
    lr:{<game>:<ruleset>}:done:<match id>  string: the match is rated (with a time to live)
"""
