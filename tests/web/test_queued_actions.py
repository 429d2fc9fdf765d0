"""games.queued_actions: actions that wait for the database thread together are written
together, each with its own outcome (run on SQLite and on PostgreSQL, as all web tests
are; only PostgreSQL writes several tables in one text)."""

from __future__ import annotations

import asyncio
import random
import re
import threading

import psycopg
import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import queued_actions, services, state, statements
from games.models import HandEvent, Table
from games.services import ServiceError, StaleAction
from tests.web.test_live_state import (
    dealt_table,
    fresh_read,
    messages_to_postgresql,
    moved_past,
    next_move,
    same_table,
)
from tests.web.test_socket import _admin_url, _backend_pid

pytestmark = pytest.mark.django_db(transaction=True)
LOCK = re.compile(
    r'WITH locked AS \(UPDATE "games_table" SET "version" = \S+ WHERE "id" = (\S+) AND'
)


def tables_to_act(count: int, seed: int) -> tuple[list[Table], list[tuple], random.Random]:
    """``count`` dealt tables, each held by this process, and each one's next move."""
    rng = random.Random(seed)
    tables = [dealt_table(action_clock=30) for _ in range(count)]
    requests = []
    for table in tables:
        state.latest_snapshot(table.pk)
        requests.append((table.pk, *next_move(table, rng)))
    return tables, requests, rng


def written(moves: list[tuple]) -> list[object]:
    """Players' moves (table id, session, sequence, action) made as the queue makes them."""
    return queued_actions.written_together([(services.act, m[0], m[1:]) for m in moves])


def versions(tables: list[Table]) -> list[int]:
    return [Table.objects.get(pk=t.pk).version for t in tables]


def events(table: Table) -> int:
    return HandEvent.objects.filter(hand__table=table).count()


def each_made_once(tables: list[Table], before: list[int], counted: list[int]) -> None:
    """One new version and one event at each table, and what this process holds of it
    is what the database has."""
    assert versions(tables) == [v + 1 for v in before]
    assert [events(t) for t in tables] == [n + 1 for n in counted]
    held = [state.held_snapshot(t.pk) for t in tables]  # (a fresh read lets all go)
    for shot, table in zip(held, tables, strict=True):
        same_table(shot, fresh_read(table))


def test_actions_at_several_tables_are_one_query_on_postgresql_locked_in_table_order():
    tables, requests, _ = tables_to_act(3, seed=1)
    before, counted = versions(tables), [events(t) for t in tables]
    if connection.vendor == "postgresql":
        with messages_to_postgresql() as sent:
            outcomes = written(list(reversed(requests)))
        assert [kind for kind, _ in sent] == ["Query"]  # one round trip: no BEGIN, no COMMIT
        locked = [int(pk) for pk in LOCK.findall(sent[0][1])]
        assert locked == sorted(t.pk for t in tables)  # every text locks in one order
    else:
        with CaptureQueriesContext(connection) as queries:
            outcomes = written(list(reversed(requests)))
        events_written = [q for q in queries.captured_queries if "games_handevent" in q["sql"]]
        assert len(events_written) == 3  # each on its own
    assert outcomes == [None, None, None]
    each_made_once(tables, before, counted)


def test_when_one_lock_fails_nothing_of_the_text_stays_and_each_action_is_made_alone():
    tables, requests, rng = tables_to_act(3, seed=2)
    _, move = moved_past(tables[1], rng)  # another process made this move: the lock
    requests[1] = (tables[1].pk, *move)  # of the version this process holds fails
    before, counted = versions(tables), [events(t) for t in tables]
    outcomes = written(requests)
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], StaleAction)  # made alone: it was made already
    assert versions(tables) == [before[0] + 1, before[1], before[2] + 1]
    assert [events(t) for t in tables] == [counted[0] + 1, counted[1], counted[2] + 1]
    for table in tables:
        same_table(state.latest_snapshot(table.pk), fresh_read(table))


def test_refusals_and_a_tables_second_action_get_their_own_outcomes():
    tables, requests, _ = tables_to_act(3, seed=3)
    first, second, third = requests
    again = first  # the same action twice, as a double click sends it
    wrong = (second[0], "not-a-player", second[2], second[3])
    before, counted = versions(tables), [events(t) for t in tables]
    outcomes = written([first, wrong, again, third, second])
    assert outcomes[0] is None and outcomes[3] is None and outcomes[4] is None
    assert isinstance(outcomes[1], ServiceError) and "not seated" in str(outcomes[1])
    assert isinstance(outcomes[2], StaleAction)  # the hand moved on: applied once
    each_made_once(tables, before, counted)


def test_a_lone_action_is_made_as_services_act_makes_it():
    tables, requests, _ = tables_to_act(1, seed=4)
    before = versions(tables)
    assert written(requests) == [None]
    assert versions(tables) == [before[0] + 1]
    assert isinstance(written(requests)[0], StaleAction)
    assert versions(tables) == [before[0] + 1]


def test_the_clocks_deal_goes_with_players_actions_at_other_tables():
    tables, moves, rng = tables_to_act(3, seed=7)
    dealer = tables[0]
    while state.current_hand(dealer) is not None:  # its hand ends: the next is due
        services.act(dealer.pk, *next_move(dealer, rng))
    state.latest_snapshot(dealer.pk)
    ended = state.held_snapshot(dealer.pk).last.pk
    due = timezone.now() + services.SHOWDOWN_PAUSE * 2
    requests = [(services.tick, dealer.pk, (due,))]
    requests += [(services.act, m[0], m[1:]) for m in moves[1:]]
    before = versions(tables)
    if connection.vendor == "postgresql":
        with messages_to_postgresql() as sent:
            outcomes = queued_actions.written_together(requests)
        texts = [text for kind, text in sent if "nextval(" not in text]
        assert len(texts) == 1 and len(LOCK.findall(texts[0])) == 3  # the deal too
        assert 'INSERT INTO "games_hand"' in texts[0]
    else:
        outcomes = queued_actions.written_together(requests)
    assert outcomes == [True, None, None]  # what each service returns
    assert versions(tables) == [v + 1 for v in before]
    dealt = state.held_snapshot(dealer.pk).hand
    assert dealt is not None and dealt.pk != ended and dealt.sequence == 0
    held = [state.held_snapshot(t.pk) for t in tables]
    for shot, table in zip(held, tables, strict=True):
        same_table(shot, fresh_read(table))


@pytest.mark.asyncio
async def test_actions_waiting_for_the_database_thread_go_to_it_together():
    tables, requests, _ = await database_sync_to_async(tables_to_act)(4, seed=5)
    before = await database_sync_to_async(versions)(tables)
    capture = CaptureQueriesContext(connection)
    await database_sync_to_async(capture.__enter__)()  # the database thread's connection
    free = threading.Event()
    busy = asyncio.ensure_future(database_sync_to_async(free.wait)())  # the thread is busy
    try:
        await asyncio.sleep(0.05)
        acting = [asyncio.ensure_future(queued_actions.act(*requests[0]))]
        await asyncio.sleep(0.05)  # the first is handed to the thread, and waits there
        acting += [asyncio.ensure_future(queued_actions.act(*r)) for r in requests[1:]]
        await asyncio.sleep(0.05)  # the others wait in the queue
    finally:
        free.set()
    await busy
    assert await asyncio.gather(*acting) == [None] * 4
    await database_sync_to_async(capture.__exit__)(None, None, None)
    assert await database_sync_to_async(versions)(tables) == [v + 1 for v in before]
    captured = await database_sync_to_async(lambda: capture.captured_queries)()
    texts = [q["sql"] for q in captured if "games_handevent" in q["sql"]]
    if connection.vendor == "postgresql":  # the first alone, then the three in one text
        assert [text.count("WITH locked") for text in texts] == [1, 3]
    else:  # each its own statements, in the order they came
        assert len(texts) == 4


@pytest.mark.asyncio
async def test_a_refusal_in_the_queue_reaches_its_own_socket_only():
    _, requests, _ = await database_sync_to_async(tables_to_act)(2, seed=6)
    wrong = (requests[1][0], "not-a-player", *requests[1][2:])
    results = await asyncio.gather(
        *(queued_actions.act(*r) for r in (requests[0], wrong, requests[1])),
        return_exceptions=True,
    )
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], ServiceError)


def test_a_text_cut_off_as_it_ran_is_made_again_only_if_nothing_was_written():
    if connection.vendor != "postgresql":
        pytest.skip("the database server cuts the connection: PostgreSQL's test run")
    tables, requests, _ = tables_to_act(2, seed=8)
    before, counted = versions(tables), [events(t) for t in tables]
    # The connection is cut from outside before the text runs: nothing is written, and
    # each action is made on its own, on a new connection.
    with psycopg.connect(_admin_url(), autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [_backend_pid()])
    assert written(requests) == [None, None]
    each_made_once(tables, before, counted)

    # A text written before the cut: each player is told to look, and nothing is redone.
    tables, requests, _ = tables_to_act(2, seed=9)
    ready = {r[0]: (i, services.prepared(services.act.__wrapped__, r[0], r[1:], {}))
             for i, r in enumerate(requests)}  # fmt: skip
    assert queued_actions._cut(ready) == {}  # (not written yet: each would be made alone)
    statements.all_at_once([(p.lock, p.writes) for _, p in ready.values()])
    told = queued_actions._cut(ready)
    assert sorted(told) == [0, 1]
    assert all(isinstance(o, StaleAction) and "lost its database" in str(o) for o in told.values())
    for table in tables:
        same_table(state.latest_snapshot(table.pk), fresh_read(table))
