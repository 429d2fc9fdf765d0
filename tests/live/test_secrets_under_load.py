"""Many tables on two Daphne processes (PostgreSQL and Redis), six players each split
across the processes, every player acting the moment its page offers a move, so that the
two processes change the same tables at once: no push anyone receives holds a card its
seat may not see at the hand step the push shows."""

from __future__ import annotations

import asyncio
import time

from tests.fairness.test_leaks import WHERE, HandWitness
from tests.live.harness import (
    Browser,
    Server,
    fresh_postgres,
    migrate,
    next_move,
    open_table,
    server_env,
)
from tests.live.test_two_processes import REDIS_URL, SETTINGS, hand_document
from tests.web.helpers import cards_in

TABLES_PER_GAME = 2
PLAYERS = 6
SECONDS = 20


def test_no_push_holds_a_card_its_seat_may_not_see_while_two_processes_race(tmp_path):
    with fresh_postgres("pokerhome_load_secrets_test") as database:
        env = server_env(database, REDIS_URL)
        migrate(env)
        servers = [Server(env, log=tmp_path / f"server{i}.log").start() for i in (1, 2)]
        try:
            tables = asyncio.run(play_at_once(servers))
        finally:
            for server in servers:
                server.stop()
        hands = pages = 0
        for invite, players in tables:
            witnesses: dict[int, HandWitness] = {}
            for seat, player in enumerate(players, start=1):
                for page in player.pages:
                    where = WHERE.search(page)
                    if not where or not where.group(1):
                        continue  # no hand on it
                    number = int(where.group(2))
                    if number not in witnesses:
                        document = hand_document(database, invite, number)
                        witnesses[number] = HandWitness(document)
                    pages += 1
                    leaked = cards_in(page) - witnesses[number].may_see(int(where.group(1)), seat)
                    assert not leaked, f"seat {seat} of {invite}, hand {number}: sent {leaked}"
            hands += len(witnesses)
    assert hands >= len(tables) and pages > 1000, (hands, pages)  # about 12 and 2,000
    for server in servers:
        assert "Traceback" not in server.log.read_text()


async def play_at_once(servers: list[Server]) -> list[tuple[str, list[Browser]]]:
    tables = []
    for game in SETTINGS:
        for _ in range(TABLES_PER_GAME):
            host = Browser(servers[0].base)
            invite = open_table(host, game, **SETTINGS[game])
            players = [Browser(servers[n % 2].base) for n in range(PLAYERS)]
            for seat, player in enumerate(players, start=1):
                player.post(f"/t/{invite}/join/", {"seat": seat, "name": f"P{seat}",
                            "buy_in": 500}, referer=f"/t/{invite}/")  # fmt: skip
                await player.connect(invite)
            host.post(f"/t/{invite}/do/dealing/", {"on": "1"}, referer=f"/t/{invite}/")
            tables.append((invite, players))
    readers = [asyncio.ensure_future(keep_reading(p)) for _, ps in tables for p in ps]
    end = time.monotonic() + SECONDS
    await asyncio.gather(*(play(players, end) for _, players in tables))
    await asyncio.sleep(0.5)
    for reader in readers:
        reader.cancel()
    for _, players in tables:
        for player in players:
            await player.socket.close()
    # Let the servers see the sockets out (each leaves its Redis group) before they stop:
    # a server stopped meanwhile cancels that, and channels_redis logs a traceback for it.
    await asyncio.sleep(1)
    return tables


async def keep_reading(player: Browser) -> None:
    async for message in player.socket:
        player.pages.append(message)


def newest(player: Browser) -> str:
    return next((p for p in reversed(player.pages) if 'id="table"' in p), "")


async def play(players: list[Browser], end: float) -> None:
    """Every player with a move on its newest page sends it at once; then wait for the
    table to move on."""
    while time.monotonic() < end:
        moves = [(p, next_move(newest(p))) for p in players]
        moves = [(p, m) for p, m in moves if m]
        if not moves:
            await asyncio.sleep(0.02)
            continue
        before = sum(len(p.pages) for p in players)
        await asyncio.gather(*(p.send(m) for p, m in moves))
        waited = time.monotonic()
        while sum(len(p.pages) for p in players) == before and time.monotonic() - waited < 3:
            await asyncio.sleep(0.005)
