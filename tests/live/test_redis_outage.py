"""Two Daphne processes on Redis and PostgreSQL; Redis stops mid-hand and comes back.
No action is half applied, and every client is back in sync within 30 s of Redis
returning (browsers ask for the table every 15 s; this client every 5 s)."""

from __future__ import annotations

import asyncio
import re
import shutil
import subprocess
import time

import psycopg
import pytest

from tests.live.harness import (
    Browser,
    Server,
    drain,
    free_port,
    fresh_postgres,
    latest_table,
    migrate,
    next_move,
    open_table,
    play_until_result,
    seat_and_deal,
    server_env,
    version_of,
)

DATABASE = "pokerhome_redis_outage_test"


class Redis:
    """A private redis-server on a spare loopback port, which this test may stop."""

    def __init__(self) -> None:
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
        )  # fmt: skip
        for _ in range(50):
            try:
                with __import__("socket").create_connection(("127.0.0.1", self.port), 0.2):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process:
            self.process.kill()
            self.process.wait(10)


@pytest.fixture
def outage_database():
    with fresh_postgres(DATABASE) as url:
        yield url


def test_clients_resync_after_a_redis_outage(outage_database, tmp_path):
    redis = Redis()
    redis.start()
    env = server_env(outage_database, f"redis://127.0.0.1:{redis.port}/0")
    migrate(env)
    servers = [Server(env, log=tmp_path / f"server{i}.log").start() for i in (1, 2)]
    try:
        seconds = asyncio.run(outage(servers, redis, outage_database))
    finally:
        for server in servers:
            server.stop()
        redis.stop()
    print(f"every client back in sync {seconds:.1f} s after Redis returned")
    assert seconds < 30


async def sync_all(players: list[Browser], target: int, deadline: float) -> None:
    """Ask for the table every 5 s, as the page does every 15 s, until all show ``target``."""
    while True:
        for player in players:
            await drain(player)
        if all(version_of(latest_table(p)) >= target for p in players):
            return
        if time.monotonic() > deadline:
            shown = [version_of(latest_table(p)) for p in players]
            raise AssertionError(f"not back in sync: showing {shown}, table at {target}")
        for player in players:
            await player.send({"type": "sync", "version": version_of(latest_table(player))})
        await asyncio.sleep(5)


def table_state(database_url: str, invite: str) -> tuple[int, int, int, int]:
    with psycopg.connect(database_url) as db:
        version, table_id = db.execute(
            "SELECT version, id FROM games_table WHERE invite = %s", [invite]
        ).fetchone()
        sequence, events = db.execute(
            "SELECT h.sequence, (SELECT count(*) FROM games_handevent e WHERE e.hand_id = h.id)"
            " FROM games_hand h WHERE h.table_id = %s ORDER BY h.number DESC LIMIT 1",
            [table_id],
        ).fetchone()
        ledger = db.execute(
            "SELECT coalesce(sum(amount), 0) FROM games_ledgerentry WHERE table_id = %s",
            [table_id],
        ).fetchone()[0]
    return version, sequence, events, ledger


async def outage(servers: list[Server], redis: Redis, database_url: str) -> float:
    host = Browser(servers[0].base)
    invite = open_table(host, "levys", structure="half-pot-limit", ante=1)
    players = [Browser(servers[0].base), Browser(servers[1].base)]
    await seat_and_deal(host, invite, players)

    redis.stop()
    # Mid-hand, with Redis gone: each player acts on their own server, twice in all.
    # Without Redis nobody is told of the other's move: a page learns it by asking for the
    # table, which it does every 15 s (here at once), and that reads the database.
    acted = 0
    for _ in range(40):
        for player in players:
            await drain(player)
            move = next_move(latest_table(player))
            if move and acted < 2:
                before = version_of(latest_table(player))
                await player.send(move)
                await player.receive_until(lambda t, b=before: version_of(t) > b, timeout=10)
                acted += 1
            else:
                await player.send({"type": "sync", "version": version_of(latest_table(player))})
        if acted >= 2:
            break
        await asyncio.sleep(0.2)
    assert acted == 2, "the players could not act while Redis was down"
    # One more move that nobody else hears of before Redis comes back.
    for player in players:
        await drain(player)
    mover = next(p for p in players if next_move(latest_table(p)))
    before = version_of(latest_table(mover))
    await mover.send(next_move(latest_table(mover)))
    await mover.receive_until(lambda t: version_of(t) > before, timeout=10)
    version, sequence, events, ledger = table_state(database_url, invite)
    assert sequence == events and ledger == 0, "an action was half applied"
    behind = [p for p in players if version_of(latest_table(p)) < version]
    assert behind, "someone should be behind after the outage"

    redis.start()
    returned = time.monotonic()
    await sync_all(players, version, returned + 30)
    seconds = time.monotonic() - returned

    # Live pushes work again: the next move reaches the other process without asking.
    await asyncio.sleep(2)  # give the receive tasks time to reconnect and resubscribe
    for player in players:
        await drain(player)
    mover = next(p for p in players if next_move(latest_table(p)))
    watcher = next(p for p in players if p is not mover)
    before = version_of(latest_table(watcher))
    await mover.send(next_move(latest_table(mover)))
    await watcher.receive_until(lambda t: version_of(t) > before, timeout=10)
    await play_until_result(players)  # and the table plays on, live across both processes
    version, sequence, events, ledger = table_state(database_url, invite)
    assert ledger == 0
    pages = [latest_table(p) for p in players]
    assert len({re.search(r'data-version="(\d+)"', p).group(1) for p in pages}) == 1
    return seconds
