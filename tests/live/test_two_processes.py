"""Two Daphne processes on the machine's PostgreSQL and Redis serve one table: a player on
each process, and each sees the other's actions live."""

from __future__ import annotations

import asyncio
import os
import re

import pytest

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
        asyncio.run(play_on_two_servers(servers, game))
    finally:
        for server in servers:
            server.stop()


SETTINGS = {
    "levys": {"structure": "half-pot-limit", "ante": 1},
    "high-low-declare": {"structure": "fixed-limit", "ante": 1, "raise_cap": 3},
    "sviten": {"structure": "pot-limit", "small_blind": 1, "big_blind": 2},
}


async def play_on_two_servers(servers: list[Server], game: str) -> None:
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
