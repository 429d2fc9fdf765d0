"""kill -9 the server at 30 points of hands: between actions, and while an action is being
applied (betting, drawing, arranging, declaring, the showdown). After each restart every
hand resumes: the same pages as before the kill, or the action applied whole; the hands
finish and the ledger balances."""

from __future__ import annotations

import asyncio
import random
import re

from tests.live.harness import (
    Browser,
    Server,
    drain,
    finished,
    hand_number,
    latest_table,
    migrate,
    next_move,
    open_table,
    server_env,
    version_of,
)

KILLS = 30
SETTINGS = {
    "levys": {"structure": "half-pot-limit", "ante": 1},
    "high-low-declare": {"structure": "fixed-limit", "ante": 1, "raise_cap": 3},
    "sviten": {"structure": "pot-limit", "small_blind": 1, "big_blind": 2},
}


def step_of(move: dict, pages: list[str]) -> str:
    kind = move["type"]
    if kind == "declare":  # chips in fist: the last one to declare sets off the showdown
        return "showdown" if pages[0].count("<strong>to act</strong>") == 1 else "declare"
    return {"check": "betting", "call": "betting", "take": "draw", "keep": "replace"}.get(
        kind, kind
    )


class TableUnderTest:
    def __init__(self, server: Server, game: str) -> None:
        self.game = game
        self.server = server
        self.host = Browser(server.base)
        self.invite = open_table(self.host, game, **SETTINGS[game])
        self.players = [Browser(server.base), Browser(server.base)]
        self.hands_checked: set[int] = set()

    async def start(self) -> None:
        for seat, player in enumerate(self.players, start=1):
            player.post(f"/t/{self.invite}/join/", {"seat": seat, "name": f"P{seat}",
                        "buy_in": 500}, referer=f"/t/{self.invite}/")  # fmt: skip
        await self.connect()
        self.host.post(f"/t/{self.invite}/do/dealing/", {"on": "1"}, referer=f"/t/{self.invite}/")
        for player in self.players:
            await player.receive_until(lambda t: "Hand 1:" in t)

    async def connect(self) -> None:
        for player in self.players:
            player.base = self.server.base
            await player.connect(self.invite)
            await player.receive_until(lambda t: 'id="table"' in t)

    async def pages(self) -> list[str]:
        for player in self.players:
            await drain(player)
        return [latest_table(p) for p in self.players]

    async def actor(self) -> tuple[Browser, dict, list[str]] | None:
        """The player with controls, waiting through the pause between hands."""
        for _ in range(200):
            pages = await self.pages()
            for player, page in zip(self.players, pages, strict=True):
                move = next_move(page)
                if move:
                    return player, move, pages
            await self.check_ledger(pages)
            await asyncio.sleep(0.1)
        raise AssertionError(f"{self.game}: nobody to act")

    async def act(self) -> None:
        player, move, _ = await self.actor()
        before = version_of(latest_table(player))
        await player.send(move)
        await player.receive_until(lambda t, b=before: version_of(t) > b)

    async def check_ledger(self, pages: list[str]) -> None:
        number = hand_number(pages[0])
        if number and number not in self.hands_checked and finished(pages[0], number):
            ledger = self.players[0].get(f"/t/{self.invite}/ledger/")
            assert "the ledger balances" in ledger, f"{self.game}: ledger after hand {number}"
            self.hands_checked.add(number)


async def crash_and_resume(server: Server, tables: list[TableUnderTest], rng) -> list[str]:
    points = []
    for kill in range(KILLS):
        table = tables[kill % len(tables)]
        showdown = kill % 5 == 4 and table.game != "sviten"
        for _ in range(80 if showdown else rng.randint(0, 4)):
            player, move, pages = await table.actor()
            if showdown and step_of(move, pages) == "showdown":
                break
            await table.act()
        player, move, pages = await table.actor()
        step = step_of(move, pages)
        mid_action = kill % 2 == 1 or showdown
        before = {id(t): await t.pages() for t in tables}
        if mid_action:
            await player.send(move)  # and kill before waiting for the answer
        server.kill()
        for t in tables:
            for p in t.players:
                await p.socket.close()
        server.start()
        for t in tables:
            await t.connect()
        for t in tables:
            after = await t.pages()
            if t is table and mid_action:
                versions = [version_of(p) for p in after]
                old = version_of(before[id(t)][0])
                assert versions[0] in (old, old + 1), (t.game, old, versions)
                assert len(set(versions)) == 1
            else:
                assert after == before[id(t)], f"{t.game}: the table changed across the crash"
        points.append(f"{table.game}:{step}:{'mid-action' if mid_action else 'between'}")
    return points


def test_hands_resume_after_kill_minus_nine_at_thirty_points(tmp_path):
    env = server_env(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    migrate(env)
    server = Server(env, log=tmp_path / "server.log").start()
    try:
        points = asyncio.run(run(server))
    finally:
        server.stop()
    steps = {p.split(":")[1] for p in points}
    print(f"{len(points)} kills: " + ", ".join(sorted(set(points))))
    assert len(points) == KILLS
    assert {"betting", "draw", "arrange", "declare", "showdown"} <= steps


async def run(server: Server) -> list[str]:
    tables = [TableUnderTest(server, g) for g in ("levys", "high-low-declare", "sviten")]
    for table in tables:
        await table.start()
    points = await crash_and_resume(server, tables, random.Random(30))
    for table in tables:  # play on until each table has finished a hand after the crashes
        start = hand_number((await table.pages())[0])
        for _ in range(300):
            pages = await table.pages()
            await table.check_ledger(pages)
            if all(finished(p, start) for p in pages):
                break
            await table.act()
        assert table.hands_checked, f"{table.game}: no hand finished"
        stacks = [int(s) for s in re.findall(r'<div class="chips">(\d+)', pages[0])]
        assert stacks and sum(stacks) <= 1000
    return points
