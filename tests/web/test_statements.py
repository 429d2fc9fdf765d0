"""games.statements writes rows exactly as the ORM writes them (run on SQLite and on
PostgreSQL, as all web tests are)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import services, state, statements
from games.models import Hand, HandEvent, Player, Table
from tests.web.helpers import make_table, seat_players

pytestmark = pytest.mark.django_db(transaction=True)

FIELDS = ("sequence", "action", "by", "created")


def test_an_inserted_event_reads_back_as_one_the_orm_wrote():
    table = make_table(action_clock=30)
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    hand = state.current_hand(table)
    when = timezone.now() - timedelta(microseconds=123457)
    action = {"type": "draw", "seat": 2, "discard": ["Ah", "Td"], "note": 'é "quoted" ✓'}
    made = statements.insert(HandEvent, hand_id=hand.pk, sequence=90, action=action,
                             by="clock", created=when)  # fmt: skip
    HandEvent.objects.create(hand=hand, sequence=91, action=action, by="clock")
    HandEvent.objects.filter(sequence=91).update(created=when)
    ours, theirs = (HandEvent.objects.get(hand=hand, sequence=n) for n in (90, 91))
    assert ours.action == theirs.action == action
    assert (ours.by, ours.created) == (theirs.by, theirs.created) == ("clock", when)
    assert made == ours.pk  # the id of the row it wrote


def test_a_dealt_hand_reads_back_as_the_dealer_holds_it():
    table = make_table("sviten", action_clock=30)
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    held = state.held_snapshot(table.pk).hand
    read = Hand.objects.get(pk=held.pk)
    fields = [f.attname for f in Hand._meta.concrete_fields]
    assert [getattr(held, f) for f in fields] == [getattr(read, f) for f in fields]


def test_an_update_changes_exactly_the_matching_rows_and_counts_them():
    table = make_table(action_clock=30)
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    hand = state.current_hand(table)
    deadline = timezone.now() + timedelta(seconds=30, microseconds=5)
    assert (
        statements.rows_changed(
            statements.updating(Hand, {"id": hand.pk}, sequence=7, deadline=deadline)
        )
        == 1
    )
    hand.refresh_from_db()
    assert (hand.sequence, hand.deadline) == (7, deadline)
    assert statements.rows_changed(statements.updating(Hand, {"id": hand.pk}, deadline=None)) == 1
    hand.refresh_from_db()
    assert hand.deadline is None
    version = Table.objects.get(pk=table.pk).version
    wrong = {"id": table.pk, "invite": table.invite, "version": version - 1}
    assert (
        statements.rows_changed(statements.updating(Table, wrong, version=version + 1)) == 0
    )  # no such version
    right = {"id": table.pk, "invite": table.invite, "version": version}
    assert statements.rows_changed(statements.updating(Table, right, version=version + 1)) == 1
    assert Table.objects.get(pk=table.pk).version == version + 1


def test_update_each_sets_each_row_its_own_value_and_no_other_row():
    table = make_table()
    seat_players(table, 3)
    players = list(Player.objects.filter(table=table).order_by("seat"))
    untouched = players[2].stack
    statements.update_each(Player, "stack", {players[0].pk: 7, players[1].pk: 0})
    assert [p.stack for p in Player.objects.filter(table=table).order_by("seat")] == [
        7, 0, untouched]  # fmt: skip


def test_a_failed_statement_is_djangos_error_and_every_statement_is_in_the_query_log():
    table = make_table(action_clock=30)
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    hand = state.current_hand(table)
    with CaptureQueriesContext(connection) as queries:
        statements.rows_changed(statements.updating(Hand, {"id": hand.pk}, sequence=3))
        statements.update_each(Player, "stack", {p.pk: 5 for p in table.players.all()})
    logged = [q["sql"] for q in queries.captured_queries]
    sql, values = logged[0].split(" -- ")
    assert sql.startswith('UPDATE "games_hand" SET "sequence" =') and values.startswith(
        ("[3,", "[Int4(3),")
    )
    assert logged[-1].startswith('3 times: UPDATE "games_player" SET "stack" =')
    with pytest.raises(IntegrityError), transaction.atomic():  # the same event twice
        row = {"hand_id": hand.pk, "sequence": 50, "action": {}, "by": "clock",
               "created": timezone.now()}  # fmt: skip
        statements.insert(HandEvent, **row)
        statements.insert(HandEvent, **row)
    assert not HandEvent.objects.filter(hand=hand, sequence=50).exists()  # rolled back


def test_statements_together_write_each_and_on_postgresql_are_one_round_trip():
    table = make_table(action_clock=30)
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    hand = state.current_hand(table)
    row = {"hand_id": hand.pk, "sequence": 60, "action": {"type": "check", "seat": 1},
           "by": "player", "created": timezone.now()}  # fmt: skip
    with CaptureQueriesContext(connection) as queries, transaction.atomic():
        statements.together(
            statements.inserting(HandEvent, **row),
            statements.updating(Hand, {"id": hand.pk}, sequence=60),
        )
    assert HandEvent.objects.get(hand=hand, sequence=60).action == row["action"]
    assert Hand.objects.get(pk=hand.pk).sequence == 60
    writes = [q["sql"] for q in queries.captured_queries if q["sql"].startswith(("INSERT", "UP"))]
    assert len(writes) == (1 if connection.vendor == "postgresql" else 2)


def test_deferred_writes_are_collected_reads_run_and_other_writes_are_refused():
    table = make_table(action_clock=30)
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    hand = state.current_hand(table)
    players = list(table.players.all())
    with CaptureQueriesContext(connection) as queries, statements.deferred() as batch:
        statements.together(statements.updating(Hand, {"id": hand.pk}, sequence=61))
        statements.update_each(Player, "stack", {p.pk: 9 for p in players})
    assert queries.captured_queries == []  # nothing ran
    with statements.deferred():
        assert Table.objects.get(pk=table.pk).pk == table.pk  # a read runs
    for refused in (
        lambda: Hand.objects.filter(pk=hand.pk).update(sequence=62),  # the ORM's write
        lambda: statements.rows_changed(  # counts rows
            statements.updating(Hand, {"id": hand.pk}, sequence=62)
        ),
    ):  # fmt: skip
        with pytest.raises(statements.NeedsTransaction), statements.deferred():
            refused()
    assert len(batch) == 1 + len(players)
    # A row's id: on PostgreSQL one reserved beforehand, and the insert collected.
    row = {"hand_id": hand.pk, "sequence": 62, "action": {}, "by": "clock",
           "created": timezone.now()}  # fmt: skip
    if connection.vendor == "postgresql":
        with statements.deferred() as inserts:
            made = statements.insert(HandEvent, **row)
        assert len(inserts) == 1 and inserts[0][0].startswith('INSERT INTO "games_handevent"')
        assert made not in HandEvent.objects.values_list("pk", flat=True)
        assert statements.insert(HandEvent, **row) != made  # never given twice
        HandEvent.objects.filter(sequence=62).delete()
    else:
        with pytest.raises(statements.NeedsTransaction), statements.deferred():
            statements.insert(HandEvent, **row)
    assert Hand.objects.get(pk=hand.pk).sequence == hand.sequence  # nothing written
    assert not HandEvent.objects.filter(hand=hand, sequence=62).exists()


def test_at_once_writes_all_or_nothing_by_its_lock():
    if not statements.can_run_at_once():
        pytest.skip("one text is one transaction on PostgreSQL")
    table = make_table(action_clock=30)
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    hand = state.current_hand(table)
    version = Table.objects.get(pk=table.pk).version

    def lock(at: int):
        where = {"id": table.pk, "invite": table.invite, "version": at}
        return statements.updating(Table, where, version=at + 1)

    def writes(sequence: int):
        row = {"hand_id": hand.pk, "sequence": sequence, "action": {"type": "check"},
               "by": "player", "created": timezone.now()}  # fmt: skip
        return [statements.inserting(HandEvent, **row),
                statements.updating(Hand, {"id": hand.pk}, sequence=sequence)]  # fmt: skip

    with pytest.raises(statements.Unexpected):  # a version the table is not at
        statements.at_once(lock(version - 1), writes(70))
    assert not HandEvent.objects.filter(hand=hand, sequence=70).exists()
    assert Table.objects.get(pk=table.pk).version == version
    statements.at_once(lock(version), writes(71))
    assert HandEvent.objects.filter(hand=hand, sequence=71).exists()
    assert Hand.objects.get(pk=hand.pk).sequence == 71
    assert Table.objects.get(pk=table.pk).version == version + 1
    with pytest.raises(IntegrityError):  # a write that fails undoes the lock too, and
        statements.at_once(lock(version + 1), writes(71))  # is no moved fence to retry
    assert Table.objects.get(pk=table.pk).version == version + 1
    statements.at_once(lock(version + 1), writes(72))  # the connection serves on

    taken = statements.reserved_id(HandEvent)
    statements.at_once(lock(version + 2), [statements.inserting(
        HandEvent, id=taken, hand_id=hand.pk, sequence=73, action={}, by="", created=timezone.now()
    )])  # fmt: skip
    with pytest.raises(statements.Unexpected):  # an id another row has: reserved anew
        statements.at_once(lock(version + 3), [statements.inserting(
            HandEvent, id=taken, hand_id=hand.pk, sequence=74, action={}, by="",
            created=timezone.now(),
        )])  # fmt: skip
    assert not any(statements._reserved.values())  # (none kept from before)
    assert Table.objects.get(pk=table.pk).version == version + 3
