"""'Your turn' notices: a host's webhook told when a seat owes a decision or a match ends.

due.py       which notices a committed version may owe, their ids and bodies
outbox.py    the store-backed outbox (per-slot, leased, retried) and its keys
delivery.py  one signed POST, within a timeout
signer.py    the HMAC-SHA256 signature and a receiver's check of it
drainer.py   the replica's side: queue after each commit, drain every outbox
"""
