"""Thousands of generated bad socket messages and HTTP requests: zero server errors, zero
state changes, a clear error to the sender each time."""

from __future__ import annotations

import json
import random
import string

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games import services, state
from games.models import HandEvent, LedgerEntry, Player, Table
from pokerhome.asgi import application
from tests.web.helpers import make_table, seat_players
from tests.web.test_socket import ORIGIN, engine_now, open_table

SOCKET_MESSAGES = 5000
HTTP_REQUESTS = 600


def what_is_stored(table: Table) -> tuple:
    table.refresh_from_db()
    hand = state.current_hand(table)
    return (
        table.version,
        hand.sequence if hand else None,
        HandEvent.objects.count(),
        LedgerEntry.objects.count(),
        list(Player.objects.order_by("pk").values_list("status", "stack", "seat")),
    )


def junk(rng: random.Random, length: int) -> str:
    return "".join(rng.choice(string.printable) for _ in range(length))


ACTIONS = ["fold", "check", "call", "bet", "raise", "draw", "arrange", "replace", "keep", "take",
           "decline", "declare", "choose"]  # fmt: skip


def bad_message(rng: random.Random, seq: int, actor_kinds: list[str]) -> tuple[str, str]:
    """One generated message and who sends it: 'actor', 'idle' or 'spectator'."""
    kind = rng.randrange(10)
    value = rng.choice([None, True, -1, 2**40, 1.5, "", "x", [], {}, ["As"], {"a": 1}])
    action = rng.choice(ACTIONS)
    if kind == 0:
        return junk(rng, rng.randint(1, 60)), "actor"
    if kind == 1:
        return json.dumps(rng.choice([[1, 2], 3, "check", None, [{"type": "check"}]])), "actor"
    if kind == 2:
        return json.dumps({"type": value, "seq": seq}), "actor"
    if kind == 3:
        return json.dumps({"type": "check", "seq": value}), "actor"
    if kind == 4:
        return json.dumps(
            {"type": "call", "seq": seq, "pad": "x" * rng.randint(4100, 9000)}
        ), "actor"
    if kind == 5:  # another seat's id, or any action from someone whose turn it is not
        return json.dumps({"type": action, "seq": seq, "seat": rng.randint(1, 3)}), rng.choice(
            ["idle", "spectator"]
        )
    if kind == 6:  # an action of another step
        wrong = [k for k in ("draw", "arrange", "replace", "keep", "take", "decline", "declare")
                 if k not in actor_kinds]  # fmt: skip
        return json.dumps({"type": rng.choice(wrong), "seq": seq, "discard": []}), "actor"
    if kind == 7:  # amounts outside the limits or not amounts at all
        to = rng.choice([-5, 0, 1, 10**8, "lots", None, [3]])
        return json.dumps({"type": rng.choice(["bet", "raise"]), "seq": seq, "to": to}), "actor"
    if kind == 8:  # stale or duplicate sequence numbers
        return json.dumps({"type": "check", "seq": seq - rng.randint(1, 3)}), "actor"
    fields = {"discard": value, "order": value, "card": value, "declaration": value}
    # well-formed but with fields of every wrong type, from someone whose turn it is not
    return json.dumps({"type": action, "seq": seq, **fields}), rng.choice(["idle", "spectator"])


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_generated_bad_socket_messages_change_nothing(settings):
    settings.SOCKET_RATE_LIMIT = (10**9, 1.0)  # the limit is tested on its own; reach the parsers
    table, seats, spectator = await open_table("levys", 3)
    await database_sync_to_async(services.set_dealing)(table.pk, True)
    hand, engine = await engine_now(table)
    # Move the hand on a little so that stale sequence numbers exist.
    actor = engine.to_act
    await seats[actor].send({"type": "check", "seq": "0"})
    hand, engine = await engine_now(table)
    actor = engine.to_act
    kinds = engine.legal_actions(actor)["kinds"]
    idle = next(s for s in seats.values() if s.number != actor)
    senders = {"actor": seats[actor], "idle": idle, "spectator": spectator}
    for seat in [*seats.values(), spectator]:
        await seat.drain(0.1)
    before = await database_sync_to_async(what_is_stored)(table)
    rng = random.Random(99)
    errors = 0
    for _ in range(SOCKET_MESSAGES):
        text, who = bad_message(rng, hand.sequence, kinds)
        sender = senders[who]
        await sender.comm.send_to(text_data=text)
        reply = await sender.comm.receive_from(timeout=5)
        assert 'id="notice"' in reply and "error" in reply, (text[:80], reply[:200])
        errors += 1
        if "moved on" in reply:  # a stale action is answered with the table as it is now
            snapshot = await sender.comm.receive_from(timeout=5)
            assert 'id="table"' in snapshot
    assert await database_sync_to_async(what_is_stored)(table) == before
    print(f"{errors} bad socket messages: {errors} clear errors, no state change")
    unknown = 0
    for _ in range(50):
        path = rng.choice(["/ws/t/{j}/", "/ws/t/{j}", "/ws/{j}/", "/{j}", "/ws/t/{j}/x/"])
        comm = WebsocketCommunicator(application, path.format(j=junk(rng, 8)), [ORIGIN])
        connected, _ = await comm.connect()
        assert not connected
        unknown += 1
    print(f"{unknown} sockets to unknown tables refused")


PATHS = [
    "/t/{i}/", "/t/{i}/join/", "/t/{i}/me/rebuy/", "/t/{i}/me/cash-out/", "/t/{i}/do/remove/",
    "/t/{i}/do/adjust/", "/t/{i}/do/act-for/", "/t/{i}/do/settings/", "/t/{i}/do/seat/",
    "/t/{i}/hands/{n}/", "/t/{i}/hand/x", "/t/{i}/host/{s}/", "/t/{i}/do/{s}/",
]  # fmt: skip


@pytest.mark.django_db
def test_generated_bad_http_requests_change_nothing():
    table = make_table()
    other = make_table()
    seat_players(table, 2)
    seat_players(other, 1)
    services.set_dealing(table.pk, True)
    host = Client()
    host.get(f"/t/{table.invite}/host/{table.host_secret}/")
    stranger = Client()
    stranger.get(f"/t/{table.invite}/")
    strict = Client(enforce_csrf_checks=True)
    strict.get(f"/t/{table.invite}/")
    foreign = Player.objects.get(table=other).pk
    rng = random.Random(5)
    before = what_is_stored(table)
    statuses: dict[int, int] = {}
    for _ in range(HTTP_REQUESTS):
        invite = rng.choice([table.invite, table.invite[:-1], junk(rng, 10).replace("/", "")])
        path = rng.choice(PATHS).format(
            i=invite, n=rng.choice([0, 1, 999, -1]), s=junk(rng, 5).replace("/", "")
        )
        data = {
            "player": rng.choice([foreign, "x", "", -1, 10**9]),
            "amount": rng.choice(["", "1e9", "-999999", "abc", "12"]),
            "seat": rng.choice(["0", "99", "x", ""]),
            "name": rng.choice(["", "x" * 50, "P1"]),
            "buy_in": rng.choice(["0", "x", "999999"]),
            "seq": rng.choice(["-1", "x", "999"]),
            "game": rng.choice(["omaha", "", "levys"]),
            "structure": rng.choice(["spread", ""]),
            "ante": rng.choice(["-3", "x"]),
        }
        client = rng.choice([host, stranger, strict])
        response = client.post(path, data) if rng.random() < 0.8 else client.get(path)
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        assert response.status_code < 500
        body = response.content.decode()
        if response.status_code == 200 and body.startswith('<div id="notice"'):
            assert "notice error" in body, (path, data)
    assert what_is_stored(table) == before
    print(f"{HTTP_REQUESTS} bad HTTP requests: statuses {dict(sorted(statuses.items()))}")
