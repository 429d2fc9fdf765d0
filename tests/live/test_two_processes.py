"""Two Daphne processes on the machine's PostgreSQL and Redis serve one table: a player on
each process, and each sees the other's actions live. One process serves the table; the
other forwards its player's socket there and does none of the table's work."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import time
from collections import Counter

import psycopg
import pytest

from games import lease
from tests.fairness.test_leaks import WHERE, HandWitness
from tests.live.harness import (
    Browser,
    Server,
    fresh_postgres,
    latest_table,
    migrate,
    my_cards,
    open_table,
    play_until_result,
    seat_and_deal,
    server_env,
)
from tests.web.helpers import cards_in

REDIS_URL = os.environ.get("REDIS_TEST_URL", "redis://127.0.0.1:6379/7")
DATABASE = "pokerhome_live_test"


@pytest.fixture
def postgres_database():
    with fresh_postgres(DATABASE) as url:
        yield url


@pytest.mark.parametrize("game", ["levys", "high-low-declare", "sviten"])
def test_players_on_two_processes_play_a_hand_together(postgres_database, tmp_path, game):
    env = {**server_env(postgres_database, REDIS_URL), "TRACE_DIR": str(tmp_path)}
    migrate(env)
    # bench/traced.py marks each action forwarded, written and told to sockets, by process.
    servers = [Server(env, log=tmp_path / f"server{i}.log", app="bench.traced:application")
               for i in (1, 2)]  # fmt: skip
    try:
        for server in servers:
            server.start()
        playing = asyncio.run(play_on_two_servers(servers, game, postgres_database))
    finally:
        for server in servers:
            server.stop()
    work = {server.process.pid: marks_of(tmp_path / f"{server.process.pid}.tsv", playing)
            for server in servers}  # fmt: skip
    serving = [pid for pid, marks in work.items() if marks["written"]]
    assert len(serving) == 1, f"actions were written by {len(serving)} processes: {work}"
    (forwarding,) = set(work) - set(serving)
    assert work[forwarding]["forwarded"] > 0, f"no action was forwarded: {work}"
    assert work[forwarding]["tell"] == 0, "the forwarding process rendered the table's versions"


def marks_of(path, since: float) -> Counter:
    """How many marks of each kind a traced process left from ``since`` (a monotonic
    time: bench/traced.py marks the machine's monotonic clock)."""
    lines = [line.split("\t") for line in path.read_text().splitlines()]
    return Counter(kind for at, _, kind, *_ in lines if float(at) >= since)


SETTINGS = {
    "levys": {"structure": "half-pot-limit", "ante": 1},
    "high-low-declare": {"structure": "fixed-limit", "ante": 1, "raise_cap": 3},
    "sviten": {"structure": "pot-limit", "small_blind": 1, "big_blind": 2},
}


async def play_on_two_servers(servers: list[Server], game: str, database: str) -> float:
    """Play a hand, a player on each server; when the playing began (time.monotonic)."""
    host = Browser(servers[0].base)
    invite = open_table(host, game, **SETTINGS[game])
    players = [Browser(servers[0].base), Browser(servers[1].base)]
    await seat_and_deal(host, invite, players)
    assert all(len(my_cards(latest_table(p))) == 5 for p in players)
    playing = time.monotonic()
    await play_until_result(players)
    pages = [latest_table(p) for p in players]
    versions = {int(re.search(r'data-version="(\d+)"', p).group(1)) for p in pages}
    assert len(versions) == 1, "the two processes disagree about the table"
    assert all('class="awards"' in p or 'data-hand="2"' in p for p in pages)
    # The serving process renders the other's sockets' tables too: nothing hidden in them.
    witness = HandWitness(hand_document(database, invite, 1))
    for seat, player in enumerate(players, start=1):
        for page in player.pages:
            where = WHERE.search(page)
            if where and where.group(2) == "1" and where.group(1):
                leaked = cards_in(page) - witness.may_see(int(where.group(1)), seat)
                assert not leaked, f"seat {seat} was sent {leaked}"
    return playing


def hand_document(database: str, invite: str, number: int) -> dict:
    with psycopg.connect(database) as db:
        hand_id, document = db.execute(
            "SELECT h.id, h.document FROM games_hand h JOIN games_table t ON t.id = h.table_id"
            " WHERE t.invite = %s AND h.number = %s",
            [invite, number],
        ).fetchone()
        actions = db.execute(
            "SELECT action FROM games_handevent WHERE hand_id = %s ORDER BY sequence", [hand_id]
        ).fetchall()
    return {**document, "actions": [a for (a,) in actions]}


def test_a_stalled_processs_sockets_move_to_the_process_that_took_its_table(
    postgres_database, tmp_path
):
    env = {**server_env(postgres_database, REDIS_URL), "TRACE_DIR": str(tmp_path)}
    migrate(env)
    servers = [Server(env, log=tmp_path / f"server{i}.log", app="bench.traced:application")
               for i in (1, 2)]  # fmt: skip
    try:
        for server in servers:
            server.start()
        moved = asyncio.run(stall_and_play(*servers))
    finally:
        for server in servers:
            server.stop()
    stalled, taker = (marks_of(tmp_path / f"{s.process.pid}.tsv", moved) for s in servers)
    assert stalled["written"] == 0 and stalled["tell"] == 0, (stalled, taker)
    assert stalled["forwarded"] > 0 and taker["written"] > 0, (stalled, taker)


async def stall_and_play(stalled: Server, taker: Server) -> float:
    """A player's socket is served by ``stalled``, which stops for longer than its lease
    lasts; meanwhile the other player's socket makes ``taker`` take the table. When
    ``stalled`` runs again, its socket moves to ``taker``, and the two play a hand. When
    the socket had moved (time.monotonic)."""
    host = Browser(stalled.base)
    invite = open_table(host, "levys", **SETTINGS["levys"])
    first, second = Browser(stalled.base), Browser(taker.base)
    for seat, player in enumerate((first, second), start=1):
        player.post(f"/t/{invite}/join/", {"seat": seat, "name": f"P{seat}", "buy_in": 100},
                    referer=f"/t/{invite}/")  # fmt: skip
    await first.connect(invite)
    await first.receive_until(lambda t: 'id="table"' in t)
    os.kill(stalled.process.pid, signal.SIGSTOP)
    try:
        await asyncio.sleep(lease.LAPSE + 1)  # its heartbeat lapses
        await second.connect(invite)  # the table is taken
        await second.receive_until(lambda t: 'id="table"' in t)
    finally:
        os.kill(stalled.process.pid, signal.SIGCONT)
    await first.receive_until(lambda t: 'id="table"' in t)  # shown anew by the taker
    await asyncio.sleep(2 * lease.HEARTBEAT)
    moved = time.monotonic()
    host.base = taker.base  # the host's form goes where the table is, as nginx sends it
    host.post(f"/t/{invite}/do/dealing/", {"on": "1"}, referer=f"/t/{invite}/")
    for player in (first, second):
        await player.receive_until(lambda t: "Hand 1:" in t, timeout=15)
    await play_until_result([first, second])
    return moved
