"""ListMatches by index on a Valkey Cluster: the indexes live in one slot (`{ix}`), away from
the matches' own, so they are written right after each script (reindex.lua); every filter
still lists exactly its matches through a match's lifetime."""

from __future__ import annotations

import asyncio

import pytest

from cosmodrome.store.redis_store import RedisStore
from tests.integration.local_cluster import LocalCluster
from tests.integration.test_listing_indexes import (
    test_every_filter_lists_exactly_its_matches_through_a_match_lifetime as lifetime,
)
from tests.support import ServerProcess

pytestmark = pytest.mark.slow


async def test_every_filter_lists_exactly_its_matches_on_a_cluster(tmp_path):
    cluster = LocalCluster(tmp_path / "cluster").start()
    try:
        with ServerProcess(redis_url=cluster.url) as replica:
            await asyncio.to_thread(lifetime, replica)
        store = RedisStore.from_url(cluster.url)
        try:  # the memory mark reads the fullest node
            used, limit = await store.watch_memory()
            assert 0 < used < limit
        finally:
            await store.close()
    finally:
        cluster.stop()
