"""At least 300 random hands per game through the socket layer, every seat and a spectator
connected: every payload anyone received is parsed, and none holds a card its receiver
may not see yet at the moment it describes, a deck order, an unrevealed declaration or a
reveal order."""

from __future__ import annotations

import json
import random
import re
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games import services, state
from games.models import Player, Table
from games.rules.document import start_hand
from tests.rules.playout import random_action
from tests.rules.test_playout import Witness
from tests.web.helpers import assert_chips_balance, cards_in
from tests.web.test_socket import as_message, open_table

HANDS_PER_GAME = 300
VERSION = re.compile(r'data-version="(\d+)"')
WHERE = re.compile(r'data-seq="(\d*)" data-hand="(\d*)"')
DECLARED = re.compile(r"declared (High|Low|Both)")


class HandWitness:
    """What each seat may have seen of one hand (its full document) after each action."""

    def __init__(self, document: dict) -> None:
        engine = start_hand({**document, "actions": []})
        witness = Witness(engine)
        self.allowed = [self._snapshot(witness)]
        self.declared = [set()]
        for action in document["actions"]:
            engine.apply(action)
            witness.update(engine)
            self.allowed.append(self._snapshot(witness))
            shown = any(e["event"] == "declarations" for e in engine.log)
            public = engine.config.declare == "vocal" or shown
            self.declared.append({s for s, p in engine.players.items() if p.declared and public})

    @staticmethod
    def _snapshot(witness: Witness) -> dict:
        return {"public": set(witness.public), **{s: set(c) for s, c in witness.own.items()}}

    def may_see(self, sequence: int, seat: int | None) -> set[str]:
        at = self.allowed[min(sequence, len(self.allowed) - 1)]
        return at["public"] | at.get(seat, set())


def newest_version(payloads: list[str]) -> int:
    versions = [int(m.group(1)) for p in payloads if (m := VERSION.search(p))]
    return max(versions, default=-1)


async def wait_for_version(seats, target: int) -> None:
    """Read each connection's pushes until it has shown ``target`` (or later)."""
    for seat in seats:
        while newest_version(seat.received) < target:
            if await seat.comm.receive_nothing(timeout=10):
                notes = [p[:160] for p in seat.received if 'id="notice"' in p]
                raise AssertionError(f"seat {seat.number} never showed version {target}: {notes}")
            seat.received.append(await seat.comm.receive_from())


def version_of(table: Table) -> int:
    return Table.objects.values_list("version", flat=True).get(pk=table.pk)


@database_sync_to_async
def witness_for(table: Table, number: int) -> HandWitness:
    hand = table.hands.get(number=number)
    return HandWitness({**hand.document, "actions": [e.action for e in hand.events.all()]})


async def check(table, seats, spectator, cache) -> int:
    checked = 0
    for seat in [*seats.values(), spectator]:
        for payload in seat.received:
            where = WHERE.search(payload)
            if not where or not where.group(2):
                assert not cards_in(payload)
                continue
            sequence, number = where.group(1), int(where.group(2))
            witness = cache.get(number)
            if witness is None or not sequence or int(sequence) >= len(witness.allowed):
                witness = cache[number] = await witness_for(table, number)
            step = int(sequence) if sequence else len(witness.allowed) - 1
            leaked = cards_in(payload) - witness.may_see(step, seat.number)
            assert not leaked, f"seat {seat.number} was sent {leaked} (hand {number}, step {step})"
            for name in ("deck", "reshuffle", "stub", "muck"):
                assert f'"{name}"' not in payload
            if seat.number is not None and step < len(witness.declared) - 1:
                shown = DECLARED.findall(payload)
                allowed = len(witness.declared[step]) + 1  # own declaration
                assert len(shown) <= allowed, "an unrevealed declaration was sent"
            checked += 1
        seat.received.clear()
    return checked


def top_up(table: Table) -> None:
    """Between hands, give busted players chips again so three keep playing."""
    for player in Player.objects.filter(table=table, status="seated", stack__lt=20):
        services.adjust_stack(table.pk, player.pk, 200 - player.stack, "test top-up")


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("game", ["levys", "high-low-declare", "sviten"])
async def test_no_payload_ever_holds_what_its_receiver_may_not_see(game, settings):
    settings.SOCKET_RATE_LIMIT = (10**9, 1.0)  # machine speed; the limit has its own test
    table, seats, spectator = await open_table(game, 3)
    everyone = [*seats.values(), spectator]
    await database_sync_to_async(services.set_dealing)(table.pk, True)
    rng = random.Random(hash(game) % 1000)
    cache: dict = {}
    hands = payloads = 0
    clock = timezone.now()
    while hands < HANDS_PER_GAME:
        hand, engine = await database_sync_to_async(current)(table)
        if hand is None:
            await database_sync_to_async(top_up)(table)
            clock = max(clock, timezone.now()) + timedelta(seconds=10)
            await database_sync_to_async(services.tick)(table.pk, clock)
            continue
        while hand is not None:
            action = random_action(engine, rng)
            actor = seats[action["seat"]]
            before = await database_sync_to_async(version_of)(table)
            await actor.comm.send_to(text_data=json.dumps(as_message(action, hand.sequence)))
            await wait_for_version([actor], before + 1)
            await wait_for_version(everyone, await database_sync_to_async(version_of)(table))
            payloads += await check(table, seats, spectator, cache)
            hand, engine = await database_sync_to_async(current)(table)
        hands += 1
        await database_sync_to_async(assert_chips_balance)(table)
    print(f"{game}: {hands} hands, {payloads} payloads to 3 seats and a spectator, no leak")
    for seat in everyone:
        await seat.comm.disconnect()


def current(table: Table):
    hand = state.current_hand(table)
    return (hand, state.load_engine(hand)) if hand else (None, None)
