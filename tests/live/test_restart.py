"""Stop the server mid-hand with kill -9, start it again: the hand goes on where it was."""

from __future__ import annotations

import asyncio
import re

from tests.live.harness import (
    Browser,
    Server,
    latest_table,
    migrate,
    my_cards,
    next_move,
    open_table,
    play_until_result,
    seat_and_deal,
    server_env,
    version_of,
)


def test_a_hand_survives_kill_minus_nine(tmp_path):
    env = server_env(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    migrate(env)
    server = Server(env, log=tmp_path / "server.log").start()
    try:
        asyncio.run(play_across_a_crash(server))
    finally:
        server.stop()


async def play_across_a_crash(server: Server) -> None:
    host = Browser(server.base)
    invite = open_table(host, "levys", structure="half-pot-limit", ante=1)
    players = [Browser(server.base), Browser(server.base)]
    await seat_and_deal(host, invite, players)

    # Play through the first betting round and the draw: four actions.
    for _ in range(4):
        pages = [latest_table(p) for p in players]
        actor = next(i for i, page in enumerate(pages) if next_move(page))
        before = version_of(pages[actor])
        await players[actor].send(next_move(pages[actor]))
        for player in players:
            await player.receive_until(lambda t, b=before: version_of(t) > b)
    before_crash = [latest_table(p) for p in players]
    cards_before = [my_cards(page) for page in before_crash]
    assert all(len(c) == 5 for c in cards_before)

    server.kill()
    for player in players:
        await player.socket.close()
    server.start()

    for player in players:
        await player.connect(invite)
        await player.receive_until(lambda t: 'id="table"' in t)
    after = [latest_table(p) for p in players]
    assert [version_of(p) for p in after] == [version_of(p) for p in before_crash]
    assert [my_cards(p) for p in after] == cards_before
    step = re.compile(r'<p class="step">.*?</p>', re.S)
    assert [step.search(p).group(0) for p in after] == [
        step.search(p).group(0) for p in before_crash
    ]
    await play_until_result(players)
    result = next(
        p for p in reversed(players[0].pages) if 'data-hand="1"' in p and 'class="awards"' in p
    )
    stacks = [int(s) for s in re.findall(r'<div class="chips">(\d+)', result)]
    assert sum(stacks) == 200, "chips were lost across the crash"
