"""Persistence on Redis (or any Redis-compatible server), and the embedded default server."""
