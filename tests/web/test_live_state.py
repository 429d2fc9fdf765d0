"""What a process keeps of a table between changes (games.state) is only ever the
database's version of it: an action on a held version reads nothing and ends where a cold
one does; a held version the database has moved past is not used; kept renders are the
renders of what they show."""

from __future__ import annotations

import copy
import gc
import random
import sys
import tempfile
import threading
import weakref
from collections import OrderedDict
from contextlib import contextmanager
from datetime import timedelta

import psycopg
import pytest
from django.db import connection
from django.template.loader import render_to_string
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import chat_html, presenter, services, state, statements, table_html
from games.models import Hand, Player, Table
from games.presenter import STATE, Viewer, render_table, table_context
from games.services import StaleAction
from tests.rules.playout import random_action
from tests.web.helpers import all_here, check_or_fold_around, make_table, seat_players, session_of

pytestmark = pytest.mark.django_db(transaction=True)


def dealt_table(game: str = "high-low-declare", players: int = 4, **settings) -> Table:
    table = make_table(game, **settings)
    seat_players(table, players)
    services.set_dealing(table.pk, True)
    return table


def fresh_read(table: Table) -> state.TableSnapshot:
    """The table as the database has it, with nothing kept in this process."""
    state._snapshots.clear()
    state._engines.clear()
    return state.latest_snapshot(table.pk)


def same_table(a: state.TableSnapshot, b: state.TableSnapshot) -> None:
    assert a.version == b.version
    assert a.views == b.views
    assert [(p.pk, p.stack, p.status, p.seat) for p in a.players] == [
        (p.pk, p.stack, p.status, p.seat) for p in b.players
    ]
    for held, read in ((a.hand, b.hand), (a.last, b.last)):
        assert (held and (held.pk, held.sequence, held.deadline, held.finished, held.ended)) == (
            read and (read.pk, read.sequence, read.deadline, read.finished, read.ended)
        )
    assert a.button_next == b.button_next
    assert a.table.next_deal_at == b.table.next_deal_at
    assert a.refused == b.refused and a.chat == b.chat


def next_move(table: Table, rng: random.Random) -> tuple[str, int, dict]:
    hand = state.current_hand(table)
    action = random_action(state.load_engine(hand), rng)
    return session_of(table, action.pop("seat")), hand.sequence, action


def test_an_action_on_the_version_this_process_holds_reads_nothing_and_ends_as_a_cold_one():
    table, rng = dealt_table(action_clock=30), random.Random(5)
    ended = False
    for _ in range(200):
        if state.current_hand(table) is None:
            ended = True
            break
        session, sequence, action = next_move(table, rng)
        state.latest_snapshot(table.pk)  # hold this version, as the table's sockets do
        with CaptureQueriesContext(connection) as queries:
            services.act(table.pk, session, sequence, action)
        reads = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
        assert reads == []  # the action that ends the hand too: it knows the new stacks
        held = state.held_snapshot(table.pk)
        same_table(held, fresh_read(table))
    assert ended  # the hand's last action was one of them


def test_a_held_version_does_not_keep_the_versions_before_it():
    """Each version's snapshot keeps its table; a table that kept the change that made it
    kept the version before, and so every version the table ever had (memory that grew
    with every action and made each pass of the collector longer)."""
    table, rng = dealt_table(action_clock=30), random.Random(7)
    state.latest_snapshot(table.pk)
    earlier = weakref.ref(state.held_snapshot(table.pk))
    for _ in range(4):
        session, sequence, action = next_move(table, rng)
        services.act(table.pk, session, sequence, action)
    gc.collect()
    assert state.held_snapshot(table.pk).version > 4
    assert earlier() is None


def test_a_clock_with_nothing_due_leaves_a_held_version_as_it_was():
    table = dealt_table()
    all_here(table)  # (nobody away: the clock has nothing to do)
    before = state.latest_snapshot(table.pk)
    # The locking statement writes the next version; with nothing to do it is undone.
    assert services.tick(table.pk, before.hand.deadline or before.hand.started) is (
        services.UNCHANGED
    )
    assert Table.objects.get(pk=table.pk).version == before.version
    assert state.held_snapshot(table.pk) is before


def test_a_deal_and_a_hand_end_on_a_held_version_end_as_cold_ones():
    table, rng = dealt_table(players=3), random.Random(8)
    for _ in range(3):  # three hands: each ends and the next is dealt on held versions
        while state.current_hand(table) is not None:
            session, sequence, action = next_move(table, rng)
            state.latest_snapshot(table.pk)
            services.act(table.pk, session, sequence, action)
        same_table(state.held_snapshot(table.pk), fresh_read(table))
        state.latest_snapshot(table.pk)
        with CaptureQueriesContext(connection) as queries:
            assert services.tick(table.pk, timezone.now() + services.SHOWDOWN_PAUSE * 2) is True
        sql = [q["sql"] for q in queries.captured_queries if "nextval(" not in q["sql"]]
        reads = " ".join(text for text in sql if text.startswith("SELECT"))
        assert "games_player" not in reads and "games_hand" not in reads  # known: held
        same_table(state.held_snapshot(table.pk), fresh_read(table))


def moved_past(table: Table, rng: random.Random) -> tuple[state.TableSnapshot, tuple]:
    """Hold the table's version, then act on it as another process would: this process
    still holds the version before (returned, with the move that was made)."""
    state.latest_snapshot(table.pk)
    stale = state.held_snapshot(table.pk)
    move = next_move(table, rng)
    services.act(table.pk, *move)
    state._snapshots[table.pk] = stale  # this process never saw that change
    return stale, move


def test_a_held_version_the_database_has_moved_past_is_not_used():
    table, rng = dealt_table(), random.Random(6)
    stale, (session, sequence, action) = moved_past(table, rng)
    with pytest.raises(StaleAction):  # chosen from the stale version: refused
        services.act(table.pk, session, sequence, action)
    state._snapshots[table.pk] = stale
    session, sequence, action = next_move(table, rng)
    with CaptureQueriesContext(connection) as queries:
        services.act(table.pk, session, sequence, action)
    assert any(q["sql"].startswith("SELECT") for q in queries.captured_queries)
    same_table(state.held_snapshot(table.pk), fresh_read(table))


def test_a_change_whose_held_version_is_read_anew_while_it_locks_still_writes_its_version():
    """The race seen live: a host turns dealing on, on a process that holds the version
    before another process's change. Its lock finds the database moved on, so it reads
    the row; meanwhile this process's socket thread reads and keeps the database's version.
    The change must still write its new version: if it took the kept one for a lock it had
    written, the deal went in with the table's version unmoved, and the other process's
    players were never shown it."""
    table = make_table("levys")
    seat_players(table, 2)
    state.latest_snapshot(table.pk)
    stale = state.held_snapshot(table.pk)
    services.request_seat(table.pk, "s3", 3, "P3", 200)  # as another process would
    state._snapshots[table.pk] = stale  # this process never saw that change
    read_meanwhile = []

    def socket_thread_reads(execute, sql, params, many, context):
        reads_table = sql.startswith("SELECT") and 'FROM "games_table"' in sql
        if reads_table and not read_meanwhile:  # the lock fell back to reading the row
            reader = threading.Thread(target=read_and_close, args=(table.pk, read_meanwhile))
            reader.start()
            reader.join(10)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(socket_thread_reads):
        services.set_dealing(table.pk, True)
    assert read_meanwhile == [stale.version + 1]
    held = state.held_snapshot(table.pk)
    assert Table.objects.get(pk=table.pk).version == held.version == stale.version + 2
    assert held.hand is not None
    same_table(held, fresh_read(table))


def read_and_close(table_id: int, read: list) -> None:
    try:
        read.append(state.latest_snapshot(table_id).version)
    finally:
        connection.close()


@pytest.mark.parametrize("game", ["levys", "high-low-declare", "sviten"])
def test_kept_renders_are_the_renders_of_what_they_show(game):
    table, rng = dealt_table(game, players=3), random.Random(9)
    services.request_seat(table.pk, "waiting", 5, "Wanda", 100)
    Player.objects.filter(session_key="waiting").update(status=Player.REQUESTED)
    viewers = [None, *[f"s{i}" for i in range(1, 4)], "waiting"]
    for _ in range(60):
        table.refresh_from_db()
        shot = state.latest_snapshot(table.pk)
        for key in viewers:
            viewer = presenter.viewer_of(table, key, False, shot)
            context = table_context(table, viewer, shot)
            assert presenter.panels_html(context) == render_to_string(STATE + "panels", context)
            assert_kept_parts_are_full_renders(context)
            assert render_table(table, viewer, shot) == full_render(context)
            host = Viewer(viewer.player, True)
            hosted = render_table(table, host, shot)
            assert "Host" in hosted  # the host's panel is rendered
            assert hosted == full_render(table_context(table, host, shot))
        if state.current_hand(table) is None:
            break
        session, sequence, action = next_move(table, rng)
        services.act(table.pk, session, sequence, action)


def assert_kept_parts_are_full_renders(context: dict) -> None:
    assert presenter.choose_html(context) == render_to_string(STATE + "choose", context)


def test_the_dealers_choice_buttons_kept_are_the_full_render():
    table = make_table("dealers-choice")
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    table.refresh_from_db()
    shot = state.latest_snapshot(table.pk)
    assert shot.hand is None and shot.button_next is not None  # waiting for the chooser
    shown = 0
    for key in (None, "s1", "s2", "s3"):
        viewer = presenter.viewer_of(table, key, False, shot)
        context = table_context(table, viewer, shot)
        assert_kept_parts_are_full_renders(context)
        assert render_table(table, viewer, shot) == full_render(context)
        shown += 'class="choose"' in presenter.choose_html(context)
    assert shown == 1  # the player on the button, and nobody else


def test_parts_received_from_another_process_render_as_parts_made_here():
    import msgpack  # what channels_redis carries messages in

    table, rng = dealt_table("levys", players=3), random.Random(10)
    for _ in range(25):
        if state.current_hand(table) is None:
            break
        session, sequence, action = next_move(table, rng)
        services.act(table.pk, session, sequence, action)
        made = state.held_snapshot(table.pk)  # the acting process's version
        notice = {"type": "table.changed", "version": made.version,
                  "parts": presenter.parts_message(presenter.shared_parts(made))}  # fmt: skip
        notice = msgpack.unpackb(msgpack.packb(notice))
        here = fresh_read(table)  # the other process's copy of the same version
        presenter.receive_parts(here, notice)
        assert here.shared["parts"] == made.shared["parts"]
        table.refresh_from_db()
        for key in (None, "s1", "s2", "s3"):
            own = fresh_read(table)
            assert render_table(table, presenter.viewer_of(table, key, False, here), here) == (
                render_table(table, presenter.viewer_of(table, key, False, own), own)
            )
    older = copy.copy(fresh_read(table))
    older.table, older.shared = copy.copy(older.table), {}
    older.table.version -= 1  # a notice is only taken for the version it was made for
    presenter.receive_parts(older, {"version": older.version + 1, "parts": notice["parts"]})
    assert "parts" not in older.shared


def full_render(context: dict) -> str:
    """The #table fragment built from the full context, each part anew: the template's
    partials and the parts built in ``games.table_html``, nothing kept."""

    def part(name: str) -> str:
        return render_to_string(STATE + name, context)

    seats = "".join(table_html.seat(seat, context) for seat in context["seats"])
    own = next((seat["number"] for seat in context["seats"] if seat["is_me"]), None)
    felt = (f'\n  <section class="felt{" seated" if own else ""}" aria-label="the table" '
            f'style="--me:{own or 1};--seats:{context["table"].seat_count}">\n')  # fmt: skip
    return "".join((
        table_html.opening(context), table_html.status(context), felt,
        table_html.middle(context), seats, "  </section>\n", presenter.host_start(context),
        presenter.controls_html(context), table_html.awards(context), part("choose"),
        chat_html.section(chat_html.lines(context), chat_html.say_box(context)),
        part("panels"), table_html.log(context["log"], context["log_first"]), "</div>\n",
    ))  # fmt: skip


def test_a_full_cache_lets_its_oldest_entry_go_not_all_at_once():
    cache = OrderedDict()
    for n in range(5):
        state.keep(cache, n, str(n), limit=3)
    assert list(cache) == [2, 3, 4]
    state.keep(cache, 2, "two", limit=3)  # put again: now the newest
    state.keep(cache, 5, "5", limit=3)
    assert cache == OrderedDict([(4, "4"), (2, "two"), (5, "5")])


def test_a_hand_keeps_one_engine_its_newest():
    table, rng = dealt_table(), random.Random(9)
    state.latest_snapshot(table.pk)
    hand_id = state.current_hand(table).pk
    state.engine_at(state.current_hand(table))
    for _ in range(3):
        session, sequence, action = next_move(table, rng)
        services.act(table.pk, session, sequence, action)
    hand = state.current_hand(table)
    assert state._engines[hand_id][0] == (hand.pk, hand.started, hand.sequence)
    assert state.engine_at(hand) is state._engines[hand_id][1]  # used, not rebuilt


@pytest.mark.parametrize("game", ["levys", "high-low-declare", "sviten"])
def test_an_engine_kept_from_before_another_process_acted_is_rebuilt_from_the_events(game):
    table, rng = dealt_table(game, players=3), random.Random(11)
    rebuilt = 0
    while state.current_hand(table) is not None:
        hand = state.current_hand(table)
        kept = copy.deepcopy(state.engine_at(hand))  # this process's, at this moment
        for _ in range(rng.randint(1, 3)):  # another process acts (nothing kept here)
            if state.current_hand(table) is None:
                break
            services.act(table.pk, *next_move(table, rng))
        hand.refresh_from_db()
        state._engines.clear()
        state.remember_engine(Hand(pk=hand.pk, started=hand.started, sequence=kept.sequence,
                                   document=hand.document), kept)  # fmt: skip
        engine = state.engine_at(hand)
        assert engine is not kept and engine.sequence == hand.sequence
        assert state.all_views(engine) == state.all_views(state.load_engine(hand))
        rebuilt += 1
    assert rebuilt >= 3


def test_a_copied_row_is_a_copy_as_copy_copy_makes_it():
    table = dealt_table()
    hand = state.current_hand(table)
    assert hand.table.pk == table.pk  # cached on the row
    clone = state.copied(hand)
    fields = [f.attname for f in Hand._meta.concrete_fields]
    assert [getattr(clone, f) for f in fields] == [getattr(hand, f) for f in fields]
    assert type(clone) is Hand and clone is not hand and clone._state is not hand._state
    assert (clone._state.db, clone._state.adding) == (hand._state.db, hand._state.adding)
    assert clone._state.fields_cache == hand._state.fields_cache
    clone.sequence += 5
    clone._state.fields_cache.clear()
    assert hand.sequence == clone.sequence - 5 and hand._state.fields_cache  # its own
    assert state.copied(None) is None


def test_an_action_on_a_held_version_sends_its_lock_first_with_its_writes():
    table, rng = dealt_table(action_clock=30), random.Random(9)
    for _ in range(5):
        session, sequence, action = next_move(table, rng)
        state.latest_snapshot(table.pk)
        before = Table.objects.get(pk=table.pk).version
        with CaptureQueriesContext(connection) as queries:
            services.act(table.pk, session, sequence, action)
        sent = [q["sql"] for q in queries.captured_queries]
        if state.current_hand(table) is None:
            break  # the hand's last action writes the stacks too
        if connection.vendor == "postgresql":  # all in one statement
            assert len(sent) == 1
            assert sent[0].startswith('WITH locked AS (UPDATE "games_table" SET "version"')
            assert 'INSERT INTO "games_handevent"' in sent[0]
        else:
            writes = [sql for sql in sent if sql.startswith(("UPDATE", "INSERT"))]
            assert len(writes) == 3
            assert writes[0].startswith('UPDATE "games_table" SET "version"')
        assert Table.objects.get(pk=table.pk).version == before + 1
        same_table(state.held_snapshot(table.pk), fresh_read(table))


@contextmanager
def messages_to_postgresql():
    """The messages this process's connection sends to PostgreSQL meanwhile, as (kind,
    text) pairs, from libpq's own trace of the protocol."""
    connection.ensure_connection()
    pgconn = connection.connection.pgconn
    sent: list[tuple[str, str]] = []
    with tempfile.TemporaryFile("w+") as log:
        pgconn.trace(log.fileno())
        pgconn.set_trace_flags(psycopg.pq.Trace.SUPPRESS_TIMESTAMPS)
        try:
            yield sent
        finally:
            pgconn.untrace()
            log.seek(0)
            fields = [line.rstrip("\n").split("\t") for line in log]
            sent.extend((f[2], f[3].strip()) for f in fields if f[0] == "F")


def test_on_postgresql_every_action_of_a_hand_is_one_query_with_no_transaction_around_it():
    if connection.vendor != "postgresql":
        pytest.skip("one text is one transaction on PostgreSQL")
    table, rng = dealt_table(action_clock=30), random.Random(11)
    actions = 0
    while state.current_hand(table) is not None:  # to the hand's end, stacks and all
        session, sequence, action = next_move(table, rng)
        state.latest_snapshot(table.pk)
        before = Table.objects.get(pk=table.pk).version
        with messages_to_postgresql() as sent:
            services.act(table.pk, session, sequence, action)
        # no health check, no BEGIN, no COMMIT: one round trip
        assert [kind for kind, _ in sent] == ["Query"]
        assert sent[0][1].startswith('"WITH locked AS (UPDATE "games_table"')
        assert Table.objects.get(pk=table.pk).version == before + 1
        same_table(state.held_snapshot(table.pk), fresh_read(table))
        actions += 1
    assert actions > 3 and state.held_snapshot(table.pk).last.finished


def test_on_postgresql_a_deal_on_a_held_version_is_one_query_with_an_id_reserved_before():
    if connection.vendor != "postgresql":
        pytest.skip("one text is one transaction on PostgreSQL")
    table, rng = dealt_table(players=3), random.Random(12)
    dealt = []
    for _ in range(statements.RESERVED + 2):  # past the first ids reserved
        while state.current_hand(table) is not None:
            services.act(table.pk, *next_move(table, rng))
        state.latest_snapshot(table.pk)
        before = Table.objects.get(pk=table.pk).version
        with messages_to_postgresql() as sent:
            assert services.tick(table.pk, timezone.now() + services.SHOWDOWN_PAUSE * 2) is True
        queries = [text for kind, text in sent if kind == "Query"]
        reserving = [text for text in queries if "nextval(pg_get_serial_sequence" in text]
        assert [kind for kind, _ in sent] == ["Query"] * len(queries)  # no BEGIN or COMMIT
        assert len(queries) - len(reserving) == 1 and len(reserving) <= 1
        assert queries[-1].startswith('"WITH locked AS (UPDATE "games_table"')
        assert 'INSERT INTO "games_hand"' in queries[-1]
        hand = state.held_snapshot(table.pk).hand
        assert Table.objects.get(pk=table.pk).version == before + 1
        same_table(state.held_snapshot(table.pk), fresh_read(table))
        dealt.append(hand.pk)
    assert len(set(dealt)) == len(dealt)  # each deal its own id
    by_number = Hand.objects.filter(pk__in=dealt).order_by("number")
    assert list(by_number.values_list("pk", flat=True)) == dealt


def test_reserved_ids_taken_meanwhile_are_reserved_anew_and_the_deal_tried_again():
    if connection.vendor != "postgresql":
        pytest.skip("ids are reserved from PostgreSQL's sequences")
    table, rng = dealt_table(players=3), random.Random(13)
    taken = [statements.reserved_id(Hand) for _ in range(2)]  # as if restored from before:
    key = (connection.alias, connection.settings_dict["NAME"], Hand._meta.db_table)
    statements._reserved[key].extend(reversed(taken))  # rows have them, and they are next
    elsewhere = make_table()
    for number, pk in enumerate(taken, 1):
        row = Hand.objects.get(pk=state.current_hand(table).pk)
        row.pk, row.table, row.number = pk, elsewhere, number
        row.save(force_insert=True)
    for deal in range(2):
        while state.current_hand(table) is not None:
            services.act(table.pk, *next_move(table, rng))
        state.latest_snapshot(table.pk)
        with messages_to_postgresql() as sent:
            assert services.tick(table.pk, timezone.now() + services.SHOWDOWN_PAUSE * 2) is True
        hand = state.held_snapshot(table.pk).hand
        assert hand.pk not in taken
        same_table(state.held_snapshot(table.pk), fresh_read(table))
        if deal == 0:  # the id was taken: nothing written, then again with new ones
            assert sum(t.startswith('"WITH locked') for _, t in sent) == 2
            assert "BEGIN" not in " ".join(text for _, text in sent)
        else:  # every id reserved before was let go: new ones, and one query
            assert next(t for _, t in sent if "nextval(" not in t).startswith('"WITH locked')
            assert sum(k == "Query" and "nextval(" not in t for k, t in sent) == 1
    assert Hand.objects.filter(table=table).count() == 3
    assert Hand.objects.filter(table=elsewhere).count() == 2  # left as they were


def test_a_refusal_by_a_held_version_the_database_has_moved_past_is_checked_first():
    table, rng = dealt_table(), random.Random(10)
    moved_past(table, rng)
    session, sequence, action = next_move(table, rng)  # as the database has the hand
    services.act(table.pk, session, sequence, action)  # the stale version would refuse it
    assert state.current_hand(table).sequence == sequence + 1
    same_table(state.held_snapshot(table.pk), fresh_read(table))
    with pytest.raises(StaleAction):  # and a real refusal is still one
        services.act(table.pk, session, sequence, action)


def test_a_hand_read_before_another_action_is_rebuilt_as_it_was_read():
    table, rng = dealt_table("levys"), random.Random(10)
    hand = state.current_hand(table)
    session, sequence, action = next_move(table, rng)
    services.act(table.pk, session, sequence, action)  # as another process would
    state._engines.clear()
    assert state.load_engine(hand).sequence == hand.sequence == sequence
    assert state.engine_at(hand).sequence == sequence


def test_a_page_whose_table_changes_as_it_is_read_shows_one_version_of_it():
    table, rng = dealt_table("levys"), random.Random(11)
    page_table = Table.objects.get(pk=table.pk)  # the page has read the table's row...
    session, sequence, action = next_move(table, rng)
    services.act(table.pk, session, sequence, action)  # ...and another process acts
    now = fresh_read(table)
    state._snapshots.clear()
    shot = state.snapshot(page_table)
    same_table(shot, now)
    html = render_table(page_table, Viewer(None, False))
    assert f'data-version="{now.version}" data-seq="{now.hand.sequence}"' in html


def test_a_kept_engine_is_taken_by_one_thread_only():
    table = dealt_table()
    hand = state.current_hand(table)
    taken: list[list] = [[], []]
    errors: list[Exception] = []

    def take_and_give_back(mine: list) -> None:
        try:
            for _ in range(60000):
                engine = state._kept_engine(hand, take=True)
                if engine is not None:
                    mine.append(engine)
                    state.remember_engine(hand, object())  # a new one: each can be told apart
        except Exception as error:  # what the other thread's take did
            errors.append(error)

    state.remember_engine(hand, object())
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as CPython can
    try:
        threads = [threading.Thread(target=take_and_give_back, args=(m,)) for m in taken]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    every = taken[0] + taken[1]
    assert not errors
    assert len({id(engine) for engine in every}) == len(every) > 60000


def test_a_seat_refused_then_given_and_left_is_remembered_as_a_fresh_read_has_it():
    table = make_table("levys", approval_required=True)
    services.request_seat(table.pk, "host", 1, "Host", 200, host=True)
    asked = services.request_seat(table.pk, "s2", 2, "P2", 200)
    services.answer_seat_request(table.pk, asked.pk, False)
    assert "s2" in state.held_snapshot(table.pk).refused
    again = services.request_seat(table.pk, "s2", 2, "P2", 200)
    services.answer_seat_request(table.pk, again.pk, True)
    services.cash_out(table.pk, again.pk)
    same_table(state.held_snapshot(table.pk), fresh_read(table))


def test_a_time_bank_started_before_a_hands_first_action_keeps_the_last_hand_shown():
    table = make_table("levys", action_clock=30, time_bank=60)
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    check_or_fold_around(table)
    services.tick(table.pk, timezone.now() + timedelta(seconds=10))  # the next deal
    hand = state.current_hand(table)
    assert hand is not None and hand.sequence == 0
    state.latest_snapshot(table.pk)
    assert services.tick(table.pk, hand.deadline + timedelta(seconds=1)) is True  # the bank
    held = state.held_snapshot(table.pk)
    assert held.hand.bank_from is not None and held.last is not None
    same_table(held, fresh_read(table))
