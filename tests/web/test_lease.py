"""games.lease on the machine's Redis: one process holds a table while it is alive, and
the table passes to another once its heartbeat lapses."""

from __future__ import annotations

import asyncio
import os
import uuid

import pytest

from games import lease
from games.lease import Leases

REDIS_URL = os.environ.get("REDIS_TEST_URL", "redis://127.0.0.1:6379/7")


def processes(count: int) -> list[Leases]:
    run = uuid.uuid4().hex[:8]  # names no other run of this test uses
    return [Leases(f"process-{run}-{n}", REDIS_URL) for n in range(count)]


async def stopped(table: int, *all_leases: Leases) -> None:
    for leases in all_leases:
        if leases.beating:
            leases.beating.cancel()
        await leases.redis.delete(lease.ALIVE + leases.me, lease.HELD + str(table))
        await leases.redis.aclose()


@pytest.mark.asyncio
async def test_a_table_is_served_by_the_first_to_claim_it():
    first, second = processes(2)
    table = -int(uuid.uuid4().int % 10**9)
    try:
        assert await first.claim(table) is None  # this one serves it
        assert await second.claim(table) == first.me
        assert await first.claim(table) is None  # claimed again: still its own
        await second.release(table)  # not the holder's: nothing changes
        assert await second.claim(table) == first.me
        await first.release(table)
        assert await second.claim(table) is None
    finally:
        await stopped(table, first, second)


@pytest.mark.asyncio
async def test_a_table_passes_on_once_its_holders_heartbeat_lapses(monkeypatch):
    monkeypatch.setattr(lease, "LAPSE", 0.3)
    monkeypatch.setattr(lease, "HEARTBEAT", 0.1)
    first, second = processes(2)
    table = -int(uuid.uuid4().int % 10**9)
    try:
        assert await first.claim(table) is None
        await asyncio.sleep(0.6)  # beating: still alive
        assert await second.claim(table) == first.me
        assert await second.alive({first.me, "process-never-seen"}) == {first.me}
        first.beating.cancel()  # the process stops without a word
        await asyncio.sleep(0.5)
        assert await second.alive({first.me}) == set()
        assert await second.claim(table) is None
        assert await first.claim(table) == second.me  # back, it forwards to the new one
    finally:
        await stopped(table, first, second)


@pytest.mark.asyncio
async def test_with_redis_away_every_table_is_served_here():
    (alone,) = [Leases("process-alone", "redis://127.0.0.1:1/0")]  # nothing listens there
    try:
        assert await alone.claim(5) is None
        assert await alone.alive({"another"}) == {"another"}  # none taken for gone
    finally:
        await alone.redis.aclose()


@pytest.mark.asyncio
async def test_the_heartbeat_finds_a_table_another_process_has_claimed(monkeypatch):
    monkeypatch.setattr(lease, "HEARTBEAT", 0.1)
    lost = []
    first, second = processes(2)
    first.lost = lambda table, holder: lost.append((table, holder))
    tables = [-int(uuid.uuid4().int % 10**9) - n for n in range(3)]
    try:
        for table in tables:
            assert await first.claim(table) is None
        await second.claim(-1)  # alive
        await first.redis.set(lease.HELD + str(tables[1]), second.me)  # as after a stall
        await first.release(tables[2])
        await asyncio.sleep(0.35)  # a few heartbeats
        assert lost == [(tables[1], second.me)]
        assert first.held == {tables[0]}
        assert await second.claim(tables[2]) is None  # released, and not claimed back
        assert 0 < await first.redis.ttl(lease.HELD + str(tables[0])) <= lease.KEPT
    finally:
        await first.redis.delete(*(lease.HELD + str(t) for t in [*tables, -1]))
        await stopped(tables[0], first, second)
