"""Two Daphne processes on the machine's PostgreSQL and Redis serve one table: a player on
each process, and each sees the other's actions live."""

from __future__ import annotations

import asyncio
import os
import re

import psycopg
import pytest

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
    env = server_env(postgres_database, REDIS_URL)
    migrate(env)
    servers = [Server(env, log=tmp_path / f"server{i}.log").start() for i in (1, 2)]
    try:
        asyncio.run(play_on_two_servers(servers, game, postgres_database))
    finally:
        for server in servers:
            server.stop()


SETTINGS = {
    "levys": {"structure": "half-pot-limit", "ante": 1},
    "high-low-declare": {"structure": "fixed-limit", "ante": 1, "raise_cap": 3},
    "sviten": {"structure": "pot-limit", "small_blind": 1, "big_blind": 2},
}


async def play_on_two_servers(servers: list[Server], game: str, database: str) -> None:
    host = Browser(servers[0].base)
    invite = open_table(host, game, **SETTINGS[game])
    players = [Browser(servers[0].base), Browser(servers[1].base)]
    await seat_and_deal(host, invite, players)
    assert all(len(my_cards(latest_table(p))) == 5 for p in players)
    await play_until_result(players)
    pages = [latest_table(p) for p in players]
    versions = {int(re.search(r'data-version="(\d+)"', p).group(1)) for p in pages}
    assert len(versions) == 1, "the two processes disagree about the table"
    assert all('class="awards"' in p or 'data-hand="2"' in p for p in pages)
    # Each process renders the other's parts for its own sockets: nothing hidden in them.
    witness = HandWitness(hand_document(database, invite, 1))
    for seat, player in enumerate(players, start=1):
        for page in player.pages:
            where = WHERE.search(page)
            if where and where.group(2) == "1" and where.group(1):
                leaked = cards_in(page) - witness.may_see(int(where.group(1)), seat)
                assert not leaked, f"seat {seat} was sent {leaked}"


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
