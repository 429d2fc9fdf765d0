"""Races: the same action sent many times at once is applied exactly once, and two seats
acting at the same moment cannot both act on one turn. Runs on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games import services, state
from games.models import HandEvent
from games.services import ServiceError
from tests.web.helpers import assert_chips_balance, make_table, seat_players, session_of

pytestmark = pytest.mark.django_db(transaction=True)
TRIALS = 200
AT_ONCE = 50


def fire_at_once(calls) -> list[object]:
    """Run every call in its own thread (its own database connection), released together."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait()
            call()
            results[i] = "applied"
        except ServiceError as error:
            results[i] = error
        except Exception as error:
            results[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def next_turn(table, clock):
    """The current hand's actor and sequence, dealing a new hand when one ends."""
    hand = state.current_hand(table)
    if hand is None:
        clock[0] = max(clock[0], timezone.now()) + timedelta(seconds=10)
        services.tick(table.pk, clock[0])
        hand = state.current_hand(table)
        assert hand is not None, "the next hand was not dealt"
    engine = state.load_engine(hand)
    return hand, engine


def test_the_same_action_sent_fifty_times_at_once_is_applied_once():
    table = make_table("levys")
    seat_players(table, 3, buy_in=500)
    services.set_dealing(table.pk, True)
    clock = [timezone.now()]
    applied_total = refused_total = 0
    for trial in range(TRIALS):
        hand, engine = next_turn(table, clock)
        action = engine.absent_action(engine.actors()[0])
        seat = action.pop("seat")
        key = session_of(table, seat)
        events_before = HandEvent.objects.filter(hand=hand).count()
        sequence = hand.sequence

        def send(key=key, sequence=sequence, action=action):
            services.act(table.pk, key, sequence, dict(action))

        results = fire_at_once([send] * AT_ONCE)
        applied = results.count("applied")
        others = [r for r in results if r != "applied"]
        assert applied == 1, f"trial {trial}: applied {applied} times"
        assert all(isinstance(r, ServiceError) for r in others), others[:3]
        assert not any("locked" in str(r) for r in others)
        assert HandEvent.objects.filter(hand=hand).count() == events_before + 1
        applied_total += applied
        refused_total += len(others)
    assert_chips_balance(table)
    print(f"{connection.vendor}: {TRIALS} trials x {AT_ONCE} at once: {applied_total} applied, "
          f"{refused_total} refused, no lock error")  # fmt: skip


def test_two_seats_acting_at_the_same_moment_cannot_both_act_on_one_turn():
    table = make_table("high-low-declare")
    seat_players(table, 3, buy_in=500)
    services.set_dealing(table.pk, True)
    clock = [timezone.now()]
    for _ in range(TRIALS // 4):
        hand, engine = next_turn(table, clock)
        if engine.step != "betting":
            action = engine.absent_action(engine.actors()[0])
            services.act(table.pk, session_of(table, action.pop("seat")), hand.sequence, action)
            continue
        actor = engine.to_act
        other = next(s for s in engine.players if s != actor and not engine.players[s].folded)
        check = {"type": "check" if engine.legal_actions(actor)["call"] == 0 else "call"}
        keys = [session_of(table, actor), session_of(table, other)]

        def send(key, sequence=hand.sequence, check=check):
            return lambda: services.act(table.pk, key, sequence, dict(check))

        results = fire_at_once([send(k) for k in keys])
        assert results.count("applied") == 1
        assert results[0] == "applied", results
    assert_chips_balance(table)
