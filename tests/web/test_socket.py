"""The table socket (Channels WebsocketCommunicator against the real ASGI application).

Every kind of action goes through it, every kind of bad message is refused with a clear
error and changes nothing, and no connection is ever sent a card it may not see.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from datetime import timedelta

import psycopg
import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection
from django.test import Client
from django.utils import timezone

from games import services, state
from games.models import Player, Table
from games.owner import CLOCK_GRACE, owner_of
from games.rules.document import replay
from pokerhome.asgi import application
from tests.rules.playout import random_action
from tests.rules.test_playout import Witness
from tests.web.helpers import cards_in, make_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

ORIGIN = (b"origin", b"http://127.0.0.1")


def join(table: Table, seat: int, name: str) -> str:
    client = Client()
    response = client.post(f"/t/{table.invite}/join/", {"seat": seat, "name": name, "buy_in": 200})
    assert response.status_code == 200, response.content
    return client.cookies["sessionid"].value


class Seat:
    def __init__(self, number: int | None, cookie: str | None) -> None:
        self.number = number
        headers = [ORIGIN]
        if cookie:
            headers.append((b"cookie", f"sessionid={cookie}".encode()))
        self.headers = headers
        self.received: list[str] = []
        self.comm: WebsocketCommunicator | None = None

    async def connect(self, table: Table) -> None:
        self.comm = WebsocketCommunicator(application, f"/ws/t/{table.invite}/", self.headers)
        connected, _ = await self.comm.connect()
        assert connected

    async def drain(self, timeout: float = 0.3) -> list[str]:
        got = []
        # receive_nothing waits without cancelling the application (a timed-out receive would)
        while not await self.comm.receive_nothing(timeout=timeout):
            got.append(await self.comm.receive_from())
            timeout = 0.05
        self.received += got
        return got

    async def send(self, message: dict | str) -> list[str]:
        text = message if isinstance(message, str) else json.dumps(message)
        await self.comm.send_to(text_data=text)
        return await self.drain()


async def open_table(game: str, players: int) -> tuple[Table, dict[int, Seat], Seat]:
    table = await database_sync_to_async(make_table)(game)
    seats = {}
    for number in range(1, players + 1):
        cookie = await database_sync_to_async(join)(table, number, f"P{number}")
        seats[number] = Seat(number, cookie)
    spectator = Seat(None, None)
    for seat in [*seats.values(), spectator]:
        await seat.connect(table)
    for seat in [*seats.values(), spectator]:
        await seat.drain()
    return table, seats, spectator


def top_up(table: Table) -> None:
    for player in Player.objects.filter(table=table, status="seated", stack__lt=20):
        services.adjust_stack(table.pk, player.pk, 200 - player.stack, "test top-up")


@database_sync_to_async
def engine_now(table: Table):
    hand = state.current_hand(table)
    return (hand, state.load_engine(hand)) if hand else (None, None)


def as_message(action: dict, sequence: int) -> dict:
    """Shape an engine action the way htmx sends the form: strings, 'seq', lists."""
    message = {"type": action["type"], "seq": str(sequence), "HEADERS": {"HX-Request": "true"}}
    if "to" in action:
        message["to"] = str(action["to"])
    if "discard" in action:
        message["discard"] = action["discard"]
    if "order" in action:
        message["order"] = ",".join(action["order"])
    for key in ("card", "declaration"):
        if key in action:
            message[key] = action[key]
    return message


HAND_NUMBER = re.compile(r'data-hand="(\d*)"')


@database_sync_to_async
def witness_for(table: Table, number: int) -> Witness:
    """Everything each seat may have seen of hand ``number``, replayed step by step."""
    hand = table.hands.get(number=number)
    document = {**hand.document, "actions": [e.action for e in hand.events.all()]}
    witness = Witness(replay(document, upto=0))
    for i in range(1, len(document["actions"]) + 1):
        witness.update(replay(document, upto=i))
    return witness


async def check_payloads(table: Table, seats: dict[int, Seat], spectator: Seat) -> int:
    """Scan everything received since the last check; returns how many payloads."""
    checked = 0
    latest = await database_sync_to_async(lambda: table.hands.order_by("-number").first())()
    for seat in [*seats.values(), spectator]:
        for payload in seat.received:
            match = HAND_NUMBER.search(payload)
            number = int(match.group(1)) if match and match.group(1) else None
            if number is None and latest is None:
                assert not cards_in(payload), "cards sent before any hand was dealt"
                continue
            witness = await witness_for(table, number or latest.number)
            allowed = witness.public | witness.own.get(seat.number, set())
            leaked = cards_in(payload) - allowed
            assert not leaked, (
                f"seat {seat.number} was sent {leaked} of hand {number}: "
                + (
                    payload[:1500]  # what it was, to tell a leak from a scan's mistake
                )
            )
            checked += 1
        seat.received.clear()
    return checked


@pytest.mark.parametrize("game", ["levys", "high-low-declare", "sviten"])
async def test_every_action_kind_is_played_through_the_socket_without_leaks(game):
    table, seats, spectator = await open_table(game, 3)
    await database_sync_to_async(services.set_dealing)(table.pk, True)
    rng = random.Random(11)
    used: set[str] = set()
    wanted = {
        "levys": {"check", "call", "bet", "raise", "fold", "draw", "arrange", "replace", "keep",
                  "declare"},
        "high-low-declare": {"check", "call", "bet", "raise", "fold", "draw", "declare"},
        "sviten": {"check", "call", "bet", "raise", "fold", "draw", "take", "decline"},
    }[game]  # fmt: skip
    hands = scanned = 0
    while not wanted <= used and hands < 60:
        for seat in [*seats.values(), spectator]:
            await seat.drain(0.1)
        hand, engine = await engine_now(table)
        if hand is None:
            # Between hands: top busted players up so three keep playing, then deal now.
            await database_sync_to_async(top_up)(table)
            clock = timezone.now() + timedelta(seconds=10)
            await database_sync_to_async(services.tick)(table.pk, clock)
            hand, engine = await engine_now(table)
            assert hand is not None, "the next hand was not dealt"
        hands += 1
        while hand is not None and not hand.finished:
            action = random_action(engine, rng)
            seat = seats[action["seat"]]
            await seat.send(as_message(action, hand.sequence))
            for other in [*seats.values(), spectator]:
                await other.drain(0.05)
            used.add(action["type"])
            hand_after, engine_after = await engine_now(table)
            if hand_after is None or hand_after.pk != hand.pk:
                break  # the hand ended
            assert hand_after.sequence == hand.sequence + 1, "the action was not applied"
            hand, engine = hand_after, engine_after
            scanned += await check_payloads(table, seats, spectator)
        scanned += await check_payloads(table, seats, spectator)
    assert wanted <= used, f"never played: {wanted - used}"
    assert scanned > 50
    for seat in [*seats.values(), spectator]:
        await seat.comm.disconnect()


async def test_every_push_carries_the_version_and_a_reconnect_gets_a_snapshot():
    table, seats, _spectator = await open_table("levys", 2)
    await database_sync_to_async(services.set_dealing)(table.pk, True)
    pushes = await seats[1].drain()
    assert pushes and all('data-version="' in p for p in pushes)
    await seats[1].comm.disconnect()
    again = Seat(1, None)
    again.headers = seats[1].headers
    await again.connect(table)
    snapshot = await again.drain()
    version = (await database_sync_to_async(Table.objects.get)(pk=table.pk)).version
    assert f'data-version="{version}"' in snapshot[-1]
    assert 'class="seat me' in snapshot[-1]
    stale = await again.send({"type": "sync", "version": version - 1})
    assert stale and f'data-version="{version}"' in stale[-1]
    assert await again.send({"type": "sync", "version": version}) == []


def _state(table: Table) -> tuple:
    table.refresh_from_db()
    hand = state.current_hand(table)
    return table.version, hand.sequence if hand else None


BAD_MESSAGES = [
    ("not json at all", "Bad message"),
    ("[1, 2, 3]", "a message is a JSON object"),
    (json.dumps({"type": "check"}), "carries the hand sequence"),
    (json.dumps({"type": "check", "seq": "x"}), "must be a whole number"),
    (json.dumps({"type": "check", "seq": 99}), "moved on"),
    (json.dumps({"type": "teleport", "seq": 0}), "unknown message type"),
    (json.dumps({"type": None}), "names its type as text"),
    (json.dumps({"type": ["check"], "seq": 0}), "names its type as text"),
    (json.dumps({"type": "bet", "seq": 0, "to": "lots"}), "must be a whole number"),
    (json.dumps({"type": "bet", "seq": 0, "to": 10**6}), "may bet to"),
    (json.dumps({"type": "declare", "seq": 0, "declaration": "high"}), "declare"),
    (json.dumps({"type": "draw", "seq": 0, "discard": {"a": 1}}), "list of cards"),
    (json.dumps({"type": "choose", "game": "sviten"}), "does not play dealer"),
    (json.dumps({"type": "check", "seq": 0, "pad": "x" * 5000}), "too large"),
]


@pytest.mark.parametrize(("raw", "error"), BAD_MESSAGES)
async def test_bad_messages_get_a_clear_error_and_change_nothing(raw, error):
    table, seats, _spectator = await open_table("levys", 3)
    await database_sync_to_async(services.set_dealing)(table.pk, True)
    _, engine = await engine_now(table)
    actor = seats[engine.to_act]
    await actor.drain()
    before = await database_sync_to_async(_state)(table)
    replies = await actor.send(raw)
    assert any(error in r and 'id="notice"' in r for r in replies), replies
    assert await database_sync_to_async(_state)(table) == before


async def test_out_of_turn_forged_seat_and_spectator_actions_are_refused():
    table, seats, spectator = await open_table("levys", 3)
    await database_sync_to_async(services.set_dealing)(table.pk, True)
    _hand, engine = await engine_now(table)
    actor = engine.to_act
    other = seats[next(s for s in seats if s != actor)]
    for seat in [*seats.values(), spectator]:
        await seat.drain()
    before = await database_sync_to_async(_state)(table)
    forged = {"type": "check", "seq": "0", "seat": actor}
    assert any("turn: waiting for" in r and "seat" not in r for r in await other.send(forged))
    assert any("not seated" in r for r in await spectator.send(forged))
    assert await database_sync_to_async(_state)(table) == before


async def test_a_socket_is_whoever_its_session_cookie_names_and_a_made_up_one_is_nobody():
    table, seats, _ = await open_table("levys", 3)
    await database_sync_to_async(services.set_dealing)(table.pk, True)
    _hand, engine = await engine_now(table)
    made_up = Seat(None, "x" * 32)
    await made_up.connect(table)
    pages = {number: await seat.drain() for number, seat in seats.items()}
    assert all('class="seat me' in page for got in pages.values() for page in got)
    assert any('class="controls"' in page for page in pages[engine.to_act])
    assert 'class="seat me' not in "".join(await made_up.drain())
    before = await database_sync_to_async(_state)(table)
    replies = await made_up.send({"type": "check", "seq": "0"})
    assert any("not seated" in r for r in replies)
    assert await database_sync_to_async(_state)(table) == before


async def test_a_duplicate_action_is_applied_once_and_the_sender_resynced():
    table, seats, _ = await open_table("levys", 3)
    await database_sync_to_async(services.set_dealing)(table.pk, True)
    _hand, engine = await engine_now(table)
    actor = seats[engine.to_act]
    await actor.drain()
    await actor.send({"type": "check", "seq": "0"})
    replies = await actor.send({"type": "check", "seq": "0"})
    assert any("moved on" in r for r in replies)
    assert any('id="table"' in r for r in replies)
    hand_after, _ = await engine_now(table)
    assert hand_after.sequence == 1


async def test_a_cut_database_connection_costs_at_most_one_refused_action():
    if connection.vendor != "postgresql":
        pytest.skip("the database server cuts the connection: PostgreSQL's test run")
    table, seats, _ = await open_table("levys", 3)
    await database_sync_to_async(services.set_dealing)(table.pk, True)
    _hand, engine = await engine_now(table)
    actor = seats[engine.to_act]
    await actor.drain()
    # The sockets' database thread's connection is cut from outside, as a restart would.
    socket_backend = await database_sync_to_async(_backend_pid)()
    with psycopg.connect(_admin_url(), autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [socket_backend])
    replies = await actor.send({"type": "check", "seq": "0"})
    hand, _ = await engine_now(table)
    if hand.sequence == 0:  # refused, said so, and the table shown again
        assert any("lost its database connection" in r for r in replies)
        assert any('id="table"' in r for r in replies)
        replies = await actor.send({"type": "check", "seq": "0"})
        hand, _ = await engine_now(table)
    assert hand.sequence == 1
    assert await database_sync_to_async(_backend_pid)() != socket_backend


def _backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def _admin_url() -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


async def test_too_many_messages_are_refused():
    _table, seats, _ = await open_table("levys", 2)
    replies = []
    for _ in range(25):
        await seats[1].comm.send_to(text_data=json.dumps({"type": "sync", "version": 0}))
    replies = await seats[1].drain()
    assert any("slow down" in r for r in replies)


async def test_binary_frames_are_refused():
    _table, seats, _ = await open_table("levys", 2)
    await seats[1].comm.send_to(bytes_data=b"\x00\x01")
    assert any("not text" in r for r in await seats[1].drain())


async def test_sockets_from_another_origin_or_to_no_table_are_refused():
    table = await database_sync_to_async(make_table)("levys")
    evil = WebsocketCommunicator(
        application, f"/ws/t/{table.invite}/", [(b"origin", b"http://evil.example")]
    )
    connected, _ = await evil.connect()
    assert not connected
    nowhere = WebsocketCommunicator(application, "/ws/t/no-such-table/", [ORIGIN])
    connected, _code = await nowhere.connect()
    assert not connected


async def test_the_payload_scanner_finds_cards_however_they_are_written():
    html = (
        '<span class="card red" data-card="Kd">K<small>♦</small></span>'
        '<span class="card">10<small>♠</small></span><li>One up for Ann: Ac</li>'
        '<span class="card back"></span><li>Bo takes the Q♠; 10♥ comes up</li>'
    )
    assert cards_in(html) == {"Kd", "Ts", "Ac", "Qs", "Th"}


async def test_a_clock_set_by_another_process_is_left_to_that_process_first():
    loop, due = asyncio.get_running_loop(), time.time()
    waits = {}
    for table, made_here in (((90001, "a"), True), ((90002, "b"), False)):
        owner = owner_of(*table)
        owner.set_clock(1, due, made_here)
        waits[made_here] = owner.clock[2].when() - loop.time()
        owner.clock[2].cancel()
    assert waits[True] < 0.1  # due now: this process made the version, it runs the clock
    assert CLOCK_GRACE - 0.1 < waits[False] <= CLOCK_GRACE
