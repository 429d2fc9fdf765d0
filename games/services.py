"""The only place that writes game state: each call is fenced by the table's version.

A call works on a whole version of the table (its snapshot), asks the rules what happens
(games.rules: the hand's engine, seating, stacks, the table's deals) and writes what they
return. Every call
either succeeds and bumps the table's version (then every connected browser is told
after the commit, by games.notices), or raises ``ServiceError`` with a message for the
person and changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import wraps

from django.db import transaction
from django.utils import timezone

from games import presence, statements
from games.models import GAME_CHOICES, ChatLine, Hand, HandEvent, LedgerEntry, Player, Table
from games.notices import notify
from games.presenter import next_stakes
from games.rules import bots, seating, stacks
from games.rules import table as table_rules
from games.rules.catalog import GAMES
from games.rules.config import HandConfig
from games.rules.document import new_document, replay
from games.rules.errors import RulesError
from games.rules.hand import Hand as HandState
from games.rules.history import bot_reason, held_cards
from games.rules.names import checked_name, listed
from games.rules.stacks import Stack, Transfer
from games.rules.table import next_button
from games.rules.view import beaten, shown_hands, view
from games.state import (
    CHAT_SHOWN,
    TableSnapshot,
    button_after,
    cached_snapshot,
    copied,
    dealt_in,
    engine_at,
    final_stacks,
    forget,
    held_snapshot,
    latest_snapshot,
    load_engine,
    load_snapshot,
    mark_dealt,
    remember,
    remember_engine,
    take_engine,
)
from games.table_html import LOW_NAMES
from games.templatetags.poker import chip_worth

DEAL_PAUSE = timedelta(seconds=5)  # time to see who won before the next deal
BACK_PAUSE = timedelta(seconds=10)  # time for a player back from away to look, first
SHOWDOWN_PAUSE = timedelta(seconds=9)  # and to read the hands shown down
PRACTICE_PAUSE = timedelta(minutes=10)  # a practice table waits for the person to deal


class ServiceError(Exception):
    """A request that cannot be done; the message says why. Nothing was changed."""


class StaleAction(ServiceError):
    """The action was chosen at an earlier moment of the hand than the current one."""


@dataclass
class Change:
    """The version a service call changes, and what it has changed of it so far. A call
    may read rows the version does not hold (a chat's rate, a player who has left), but
    never one it has changed: it writes nothing until the fence."""

    held: TableSnapshot  # the version being changed: this process's, or read now
    fenced: bool = False  # True: the table's lock has written the next version already
    read: bool = False  # True: ``held`` was read now, not kept as its sockets were shown it
    played: tuple[Hand, HandState] | None = None  # the hand played, and its engine
    players: list[Player] | None = None  # as the call leaves them (``players``); None: held's
    noted: bool = False  # True: who is away is read anew (``note_presence``)
    chat: tuple[tuple, ...] | None = None  # the chat's lines as the call leaves them; None: held's


def writes_table(func: Callable) -> Callable:
    """Run ``func(table, ...)`` on the table's current version and write what it changes,
    fenced by that version: nothing is written unless the table is still at it.

    On PostgreSQL the fence and the writes go as one text (``_appended``): one round trip,
    one transaction of its own. Elsewhere (SQLite) the fence opens a transaction and the
    writes follow it (``_written``). A change makes a new version of the table: its
    snapshot is handed to this process's connections once it is written, and then every
    connection is told.
    """

    @wraps(func)
    def wrapper(table_id: int, *args, **kwargs):
        if statements.can_run_at_once():
            return _appended(func, table_id, args, kwargs)
        return _written(func, table_id, args, kwargs)

    return wrapper


TRIES = 5  # versions a change is tried on before the table is called busy
LOST_CONNECTION = ("the server lost its database connection as this was written: here is "
                   "the table now; if your change is not in it, do it again")  # fmt: skip


def _appended(func: Callable, table_id: int, args, kwargs):
    """``func`` worked out on the table's version, then its fence and writes sent as one
    text (statements.at_once). When another process has moved the table on meanwhile,
    nothing is written and it is worked out again on the version read anew."""
    for _ in range(TRIES):
        try:
            ready = prepared(func, table_id, args, kwargs)
        except _Behind:
            continue
        if ready.result is UNCHANGED:
            return UNCHANGED
        try:
            statements.at_once(ready.lock, ready.writes)
        except statements.Unexpected:
            forget(table_id)  # the database is past it: again, on the version it has
            continue
        except statements.NeedsTransaction:  # the connection was cut: was it written?
            forget(table_id)
            if Table.objects.filter(pk=table_id, version=ready.shot.version - 1).exists():
                continue  # not written: again, on a new connection
            raise StaleAction(LOST_CONNECTION) from None  # (the screen shows it anew)
        ready.publish()
        return ready.result
    raise ServiceError("the table is busy: try again")


class _Behind(Exception):
    """The version held refused a call, but the database is past it: read it anew."""


def _written(func: Callable, table_id: int, args, kwargs):
    """``func`` in one transaction that the table's lock opens (SQLite; PostgreSQL inside
    a transaction already open): its writes run as they come."""
    with transaction.atomic():
        table, change = _lock_table(table_id)
        table.change = change
        try:
            result = func(table, *args, **kwargs)
        finally:
            # The new version's snapshot keeps this table: it must not keep the
            # version before it (and, through that, every version the table had).
            del table.change
        if result is UNCHANGED:
            transaction.set_rollback(True)  # undo the locking statement's new version
        else:
            shot = _new_version(table, change)
            transaction.on_commit(lambda: _published(shot, change.played))
    return result


def _new_version(table: Table, change: Change) -> TableSnapshot:
    """Write what else of the table row changed, and make the new version's snapshot."""
    held = change.held
    table.version += 1
    _save_table(table, held, change.fenced)
    players, refused, away = held.players, held.refused, held.away
    if change.players is not None:
        live = (p for p in change.players if p.status not in (Player.LEFT, Player.REFUSED))
        players = sorted(live, key=lambda p: p.pk)  # as the database gives them
        held_ids = {p.pk for p in held.players}  # (not one who had left, read to be muted)
        latest = {p.session_key: p.status for p in change.players  # asked again, or left
                  if p.pk in held_ids or p.status != Player.LEFT}  # fmt: skip
        refused = {key for key in held.refused if key not in latest}
        refused = frozenset(refused | {k for k, s in latest.items() if s == Player.REFUSED})
    seated = {p.pk: p.status for p in players}
    if change.noted or seated != {p.pk: p.status for p in held.players}:  # read anew
        away = presence.away(table, players, timezone.now())
    chat = held.chat if change.chat is None else change.chat
    last = held.last  # (held only before a hand's first action: shown until then)
    left = None
    if table.ended:  # its own cash-outs and mutes (not yet read back on PostgreSQL); a
        was = {p.pk: p.status for p in held.players}  # player not held: one who had left
        left = {p.session_key: p for p in change.players or () if p.status == Player.LEFT
                and not p.bot and was.get(p.pk, Player.SEATED) == Player.SEATED}  # fmt: skip
    shot = load_snapshot(table, change.played, players, refused, chat, away, last_before=last,
                         left_now=left)  # fmt: skip
    shot.made_here = True
    return shot


@dataclass
class Prepared:
    """A call worked out on a version of the table, to be written at once: its fence,
    its writes, and what to publish once they are written (``shot`` None: unchanged)."""

    result: object
    lock: statements.Statement
    writes: list[statements.Statement]
    shot: TableSnapshot | None
    played: tuple[Hand, HandState] | None

    def publish(self) -> None:
        _published(self.shot, self.played)


def prepared(func: Callable, table_id: int, args, kwargs) -> Prepared:
    """``func`` on the table's version (this process's, or read now), with its writes
    collected, not run. A refusal is raised when it is the current version's (else
    ``_Behind``: the version is dropped, to be read anew)."""
    held, read = held_snapshot(table_id), False
    if held is None:
        try:
            held, read = latest_snapshot(table_id), True
        except Table.DoesNotExist:
            raise ServiceError("there is no such table") from None
    table = copied(held.table)
    table.change = change = Change(held, fenced=True, read=read)
    try:
        with statements.deferred() as batch:
            try:
                result = func(table, *args, **kwargs)
            except ServiceError:
                if read or Table.objects.filter(pk=table_id, version=held.version).exists():
                    raise
                forget(table_id)
                raise _Behind from None
            shot = None if result is UNCHANGED else _new_version(table, change)
    finally:
        del table.change
    return Prepared(result, _locking(held), batch, shot, change.played)


def _locking(held: TableSnapshot) -> statements.Statement:
    """The statement that locks the table row at ``held``'s version, and writes the next
    one; it changes no row unless the database has that version."""
    where = {"id": held.table.pk, "invite": held.table.invite, "version": held.version}
    return statements.updating(Table, where, version=held.version + 1)


def _lock_table(table_id: int) -> tuple[Table, Change]:
    """Lock the table row, and the version it is at. When this process holds a snapshot
    of the version the database has, the locking statement proves it and writes the next
    version (fenced: ``_save_table`` then writes only what else changed; a call that
    changes nothing rolls it back). Else the row is read locked, and the snapshot of its
    version read under the lock: every call works on a whole version of the table."""
    held = held_snapshot(table_id)
    if held is not None and statements.rows_changed(_locking(held)):  # takes the row lock
        return copied(held.table), Change(held, fenced=True)
    try:
        table = Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        raise ServiceError("there is no such table") from None
    held = cached_snapshot(table.pk, table.invite, table.version)
    if held is not None and held.version == table.version:
        return table, Change(held)
    return table, Change(load_snapshot(copied(table)), read=True)


def _save_table(table: Table, held: TableSnapshot, fenced: bool) -> None:
    """Write the columns of the table row that changed from ``held`` (and its version,
    unless the fence has written it)."""
    changed = {f.attname: getattr(table, f.attname) for f in Table._meta.concrete_fields
               if f.attname != "version"
               and getattr(table, f.attname) != getattr(held.table, f.attname)}  # fmt: skip
    if not fenced:
        changed["version"] = table.version
    if changed:  # the row is locked: only these columns move
        statements.together(statements.updating(Table, {"id": table.pk}, **changed))


def _published(shot: TableSnapshot, played: tuple[Hand, HandState] | None) -> None:
    if played is not None:
        remember_engine(*played)
    remember(shot)
    notify(shot.table.pk, shot.version, shot)


UNCHANGED = object()  # returned by a service that found nothing to do: no new version


@writes_table
def note_presence(table: Table, now: datetime | None = None):
    """Show players as away, or back, when their browsers have gone or come back: a new
    version when the away players differ from those of the version this process holds,
    and always on a version it read now (which cannot tell what the browsers show)."""
    return _noted(table, now or timezone.now(), table.change.read)


def _noted(table: Table, now: datetime, anyway: bool = False):
    """A new version, showing who is away now, where that differs from the version held
    (``anyway``: the version was read now, so cannot tell what the browsers show)."""
    held = table.change.held
    gone = presence.away(table, held.players, now)
    back = [_requested(table, p.pk) for p in held.players
            if p.away_since and p.pk not in gone
            and presence.seen_since(table, p.session_key, p.away_since)]  # fmt: skip
    if back:
        _back_from_away(table, back, now)
    if gone == held.away and not anyway and not back:
        return UNCHANGED
    table.change.noted = True
    return None


# -- reading ----------------------------------------------------------------------
def players(table: Table) -> list[Player]:
    """The table's players (seated or asking for a seat) as the call in progress leaves
    them: copies of the version's, to change in place, with those the call adds."""
    change = table.change
    if change.players is None:
        change.players = [copied(p) for p in change.held.players]
    return change.players


def _current_hand(table: Table) -> Hand | None:
    """The hand being played, as the call in progress leaves it."""
    played = table.change.played
    if played is not None:
        return None if played[0].finished else played[0]
    return table.change.held.hand


def player_for(table: Table, session_key: str | None) -> Player | None:
    if not session_key:
        return None
    return (
        table.players.filter(session_key=session_key)
        .exclude(status__in=[Player.LEFT, Player.REFUSED])
        .first()
    )


def hand_config(table: Table, game: str) -> HandConfig:
    declare_game = game == "high-low-declare"
    fixed = table.structure == "fixed-limit"
    return HandConfig(
        game,
        structure=table.structure,
        ante=table.ante,
        small_blind=table.small_blind,
        big_blind=table.big_blind,
        small_bet=table.small_bet if fixed else 0,
        big_bet=table.big_bet if fixed else 0,
        raise_cap=table.raise_cap,
        cap_lifts_heads_up=table.cap_lifts_heads_up,
        stake_cap=table.stake_cap,
        low=table.low if declare_game else "",
        declare=table.declare if declare_game else "chips",
        table_size=table.seat_count,
    )


# -- the host and the table -------------------------------------------------------
def create_table(**settings) -> Table:
    """A new table with ``settings`` as games.forms.NewTableForm has checked them."""
    return Table.objects.create(**settings)


def open_practice(session_key: str, player: str, bot_count: int, **settings) -> Table:
    """A practice table: the person (``player``, their name) in seat 1 and ``bot_count``
    bots spread around the table after them, all with the maximum buy-in of play chips,
    dealing at once. It is a table of its own: nothing of it is in any other table's
    ledger."""
    info = GAMES.get(settings.get("game", ""))
    if info is None:
        raise ServiceError("choose one of the games to practise")
    if not 1 <= bot_count <= min(info.max_seats, settings.get("seat_count", 6)) - 1:
        raise ServiceError(f"{info.name} seats 1 to {info.max_seats - 1} bots beside you")
    bot_names = [f"Bot {b}" for b in seating.BOT_NAMES[:bot_count]]
    player = _ruled(checked_name, player, bot_names)  # refused before anything is made
    table = create_table(**{**settings, "practice": True, "history_open": True})  # to learn
    request_seat(table.pk, session_key, 1, player, table.max_buy_in, host=True)
    everyone = bot_count + 1
    for k in range(1, everyone):  # evenly apart, as around a real table
        sit_bot(table.pk, 1 + int(k * table.seat_count / everyone + 0.5))
    set_dealing(table.pk, True)
    return table


@writes_table
def sit_bot(table: Table, seat: int, name: str | None = None, buy_in: int | None = None) -> Player:
    """A bot takes the free ``seat`` with ``buy_in`` (None: the maximum): at a practice
    table, or at a real one when the host seats it (its chips are the host's, as the ledger
    says)."""
    if table.ended:
        raise ServiceError(ENDED)
    buy_in = table.max_buy_in if buy_in is None else buy_in
    name = _ruled(seating.bot_name, _seats(table), seat, name)
    _ruled(seating.within_buy_in, _seats(table), buy_in)
    player = _joined(table, session_key=f"bot-{table.pk}-{seat}", name=name, seat=seat,
                     buy_in=buy_in, bot=True)  # fmt: skip
    _seat(table, player, timezone.now())
    return player


@writes_table
def change_settings(table: Table, **settings) -> str:
    """New game or stakes (checked by games.forms.TableSettingsForm): they apply from the
    next hand dealt, and the chat tells everyone what changed; the host is told too."""
    before = next_stakes(table, None), table.action_clock, table.time_bank, table.chip_value
    unsaid = table.declare, table.low, table.cap_lifts_heads_up
    opened, seats, grace = table.history_open, table.seat_count, table.away_after
    buy_ins, approval = (table.min_buy_in, table.max_buy_in), table.approval_required
    fewer = settings.get("seat_count", seats)
    if fewer < seats and any((p.seat or 0) > fewer for p in players(table)):
        raise ServiceError(f"someone sits beyond seat {fewer}: the table keeps its seats")
    game = table.game
    for key, value in settings.items():
        setattr(table, key, value)
    named = dict(GAME_CHOICES)
    if table.practice and table.name == f"Practice: {named[game]}":  # named for its game
        table.name = f"Practice: {named[table.game]}"
    told = []
    if table.seat_count != seats:  # a game for fewer players, none beyond its seats
        table.button = min(table.button, table.seat_count) if table.button else table.button
        told.append(f"the table has {seats} \u2192 {table.seat_count} seats")
    if (table.action_clock, table.time_bank) != before[1:3]:
        if table.action_clock == before[1]:  # only the time bank (it waits for a clock)
            if table.action_clock:
                told.append(f"time bank {_seconds(before[2])} \u2192 "
                            f"{_seconds(table.time_bank)}")  # fmt: skip
        else:
            told.append(f"action clock {_clock_words(*before[1:3])} \u2192 "
                        f"{_clock_words(table.action_clock, table.time_bank)}")  # fmt: skip
            now = timezone.now()  # a dealer's choice waiting has the new clock's whole time
            if table.next_deal_at is not None and table.next_deal_at < now:
                table.next_deal_at = now
    if table.away_after != grace:  # who is away is read anew, by the new grace period
        table.change.noted = True
        told.append(f"a player counts as away after {grace} \u2192 {table.away_after} seconds "
                    "with their page shut")  # fmt: skip
    if table.chip_value != before[3]:
        was, now = (chip_worth(v) if v else None for v in (before[3], table.chip_value))
        told.append(f"a chip is worth {was} \u2192 {now}" if was and now
                    else f"a chip is worth {now}" if now
                    else f"the ledger counts chips only (a chip was worth {was})")  # fmt: skip
    if (table.min_buy_in, table.max_buy_in) != buy_ins:
        told.append(f"buy-ins of {buy_ins[0]} to {buy_ins[1]} \u2192 {table.min_buy_in} to "
                    f"{table.max_buy_in} chips")  # fmt: skip
        above = [p.name for p in players(table)
                 if p.status == Player.SEATED and p.stack > table.max_buy_in]  # fmt: skip
        if above and not _current_hand(table):  # a most caps what is bought, never what
            # was won (mid-hand the stacks are in play: who is above it is not known yet)
            told[-1] += f" ({listed(above)} keep{'s' if len(above) == 1 else ''} a bigger stack)"
    if table.approval_required != approval:
        told.append("new seat and rebuy requests wait for the host" if table.approval_required
                    else "new seat and rebuy requests no longer wait for the host")  # fmt: skip
    if table.history_open != opened:  # (at once, the hands played already too)
        told.append("every finished hand's cards, folded ones too, are open to everyone in the "
                    "hand history" if table.history_open
                    else "the hand history shows each player only the cards they saw")  # fmt: skip
    dealt_next = next_stakes(table, None)
    coming = [_stakes_change(before[0], dealt_next)] if dealt_next != before[0] else []
    coming += _unsaid_stakes(table, unsaid)
    if coming:  # last: only these wait for the next hand
        told.append(f"{'and ' if told else ''}from the next hand, {'; '.join(coming)}")
    for line in _announcement_lines("The host changed: ", told):
        _announce(table, line)
    return "Saved: " + "; ".join(told) + "." if told else "Saved."


def _clock_words(seconds: int | None, bank: int | None) -> str:
    """An action clock in the chat's words: "30 seconds, time bank 60 seconds", "off"."""
    return _seconds(seconds) + (f", time bank {bank} seconds" if seconds and bank else "")


def _seconds(seconds: int | None) -> str:
    return f"{seconds} seconds" if seconds else "off"


def _stakes_change(was: str, now: str) -> str:
    """What changed in the next hand's line of stakes: "ante 1 → 2 · stake cap 40", and
    "no longer ante 1" for what is gone. A new game is told with its whole line ("Levy's
    Game → Sviten Special · Pot-limit · …"): its players need all of it."""
    dot, before = " · ", dict(_stakes_bits(was))
    whole = before.get(0) != dict(_stakes_bits(now)).get(0)
    said = []
    for key, bit in _stakes_bits(now):
        old = before.pop(key, None)
        if old is None or old != bit or whole:
            said.append(_changed_words(old, bit) if old not in (None, bit) else bit)
    if "declare" not in dict(_stakes_bits(now)):  # (a declare game's own are kept for its turn)
        before = {k: bit for k, bit in before.items() if k not in ("declare", "A-# low")}
    gone = f"no longer {', '.join(before.values())}" if before else ""
    return dot.join(said) + (f" ({gone})" if said and gone else gone)


def _stakes_bits(line: str) -> list[tuple]:
    """A line of stakes' parts, each keyed by what it sets: the game and the structure by
    place, the rest by their words without numbers ("ante #", "# raises a round")."""
    bits = line.split(" \u00b7 ")
    return [(i if i < 2 else "declare" if bit in DECLARE_WORDS else re.sub(r"[\d/.]+", "#", bit),
             bit) for i, bit in enumerate(bits)]  # fmt: skip


DECLARE_WORDS = ("chips in fist", "vocal declarations")


def _changed_words(old: str, new: str) -> str:
    """Where one word changed, "ante 1 \u2192 2"; else "old \u2192 new"."""
    a, b = old.split(" "), new.split(" ")
    differ = [i for i in range(len(b)) if len(a) == len(b) and a[i] != b[i]]
    if len(differ) != 1:
        return f"{old} \u2192 {new}"
    i = differ[0]
    return " ".join([*b[:i], f"{a[i]} \u2192 {b[i]}", *b[i + 1 :]])


def _unsaid_stakes(table: Table, was: tuple) -> list[str]:
    """Changes the next hand's line of stakes leaves out: High-Low Declare's own settings
    (unless that game is next), and whether a raise cap lifts heads up."""
    said = []
    hld = GAMES["high-low-declare"].name
    if (table.declare, table.low) != was[:2] and not next_stakes(table, None).startswith(hld):
        fist = {"chips": "chips in fist", "vocal": "vocal declarations"}
        ways = ((fist.get(was[0], was[0]), fist.get(table.declare, table.declare)),
                (LOW_NAMES.get(was[1], was[1]), LOW_NAMES.get(table.low, table.low)))  # fmt: skip
        words = [new if old == new else f"{old} \u2192 {new}" for old, new in ways]
        said.append(f"{hld}, when dealt, with {' and '.join(words)}")
    if table.cap_lifts_heads_up != was[2] and table.raise_cap is not None:
        said.append(f"the raise cap {'lifts' if table.cap_lifts_heads_up else 'holds'} heads up")
    return said


def _announcement_lines(start: str, told: list[str], most: int = 200) -> list[str]:
    """``told`` as chat lines of at most ``most`` characters: a line takes what fits whole,
    the next goes on with "…" (a part too long for any line is cut by ``_announce``)."""
    lines, parts = [], []
    for part in told:
        if parts and len(start + "; ".join([*parts, part]) + ";") > most:
            lines.append(start + "; ".join(parts) + ";")
            start, parts = "\u2026 ", []
        parts.append(part)
    return [*lines, start + "; ".join(parts) + "."] if parts else lines


def _announce(table: Table, text: str, about: Player | None = None) -> None:
    """A line in the chat from the host (their seat unnamed) that every player should hear:
    a change of the stakes, a stack changed by the host (``about``: that player)."""
    if len(text) > 200:  # a chat line's most, cut between words
        text = text[:199].rsplit(" ", 1)[0] + "\u2026"
    chat_line(table, None, text, by_host=True, now=timezone.now(), told=True, about=about)


def chat_line(
    table: Table, speaker: Player | None, text: str, by_host: bool, now: datetime,
    told: bool = False, about: Player | None = None,
) -> None:  # fmt: skip
    """Write a chat line and show it with the table's newest lines in the version made
    (``told``: the table's news, not a line typed; ``about``: the player it answers, who
    did not see it come: a seat or a rebuy the host let in, a rebuy added as a hand ends,
    a stack changed, a removal)."""
    name = speaker.name if speaker else ""
    line = statements.create(ChatLine(table=table, player=speaker, by_host=by_host, text=text,
                                      name=name, created=now, told=told, about=about))  # fmt: skip
    chat = table.change.chat if table.change.chat is not None else table.change.held.chat
    said = (line.pk, line.name, line.by_host, line.text, told, about.seat if about else None)
    table.change.chat = (*chat, said)[-CHAT_SHOWN:]


@writes_table
def set_dealing(table: Table, on: bool, now: datetime | None = None) -> str:
    """The host starts, pauses or resumes dealing; the chat tells the table of a pause and
    of a resume (a start shows itself: a hand is dealt). Returns what the host is told."""
    now = now or timezone.now()
    if on and table.ended:
        raise ServiceError("the game has ended: open the table again first")
    dealt_before, was = _last_hand(table) is not None, table.dealing
    table.dealing = on
    if dealt_before and on != was and not table.practice:  # (no news to the one who did it)
        _announce(table, "Dealing resumed." if on else "Dealing paused: no new hand is dealt "
                  "until the host resumes.")  # fmt: skip
    if on:
        if table.next_deal_at and table.next_deal_at < now:  # due while paused: due now, so
            table.next_deal_at = now  # a dealer's choice starts its clock at the resume
        _deal_if_ready(table, now)
        return "Dealing resumed." if dealt_before else "Dealing started."
    return "Dealing paused: no new hand until you resume."


@writes_table
def request_seat(
    table: Table,
    session_key: str,
    seat: int,
    name: str,
    buy_in: int,
    now: datetime | None = None,
    host: bool = False,
) -> Player:
    """Ask for a seat; seated at once unless the host approves seats (never their own)."""
    if table.ended:
        raise ServiceError(ENDED)
    if any(p.session_key == session_key for p in players(table)):
        raise ServiceError("you already have a seat at this table")
    name, at_once = _ruled(seating.ask_seat, _seats(table), seat, name, buy_in, host)
    left = last_cash_out(table, session_key)
    if left is not None and not table.practice:
        ago = ((now or timezone.now()) - left.created).total_seconds() / 60
        _ruled(seating.back_with_enough, -left.amount, ago, table.max_buy_in, buy_in)
    player = _joined(table, session_key=session_key, name=name, seat=seat, buy_in=buy_in,
                     host=host)  # fmt: skip
    if at_once:
        _seat(table, player, now or timezone.now())
    return player


def last_cash_out(table: Table, session_key: str) -> LedgerEntry | None:
    """The cash-out by whoever sat at ``table`` from this browser, if it is their latest
    move of money there (a buy-in since has used it; leaving with nothing writes none)."""
    moves = LedgerEntry.objects.filter(table=table, player__session_key=session_key,
                                       kind__in=("buy-in", "cash-out"))  # fmt: skip
    last = moves.order_by("-created", "-id").first()
    return last if last is not None and last.kind == "cash-out" else None


def _joined(table: Table, **values) -> Player:
    """A new player row at the table (asking for its seat), among the call's players."""
    player = statements.create(Player(table=table, **values))
    players(table).append(player)
    return player


def _seats(table: Table) -> seating.Seats:
    present = (Player.REQUESTED, Player.SEATED)
    taken = {p.seat: p.name for p in players(table) if p.status in present}
    return seating.Seats(table.seat_count, table.min_buy_in, table.max_buy_in,
                         table.approval_required, taken)  # fmt: skip


def _ruled(rule: Callable, *args):
    """``rule(*args)``: a rule of games.rules, its refusal raised as a ServiceError."""
    try:
        return rule(*args)
    except RulesError as error:
        raise ServiceError(str(error)) from None


def _transfer(table: Table, player: Player, kind: str, amount: int, note: str = "", hand=None):
    """Two ledger rows, the player's chips and the cashier's, summing to zero."""
    first = statements.create(LedgerEntry(table=table, player=player, kind=kind, amount=amount,
                                          note=note, hand=hand))  # fmt: skip
    statements.create(LedgerEntry(table=table, transfer=first.transfer, player=None, kind=kind,
                                  amount=-amount, note=note, hand=hand))  # fmt: skip


def _seat(table: Table, player: Player, now: datetime) -> None:
    chooser = _chooser(table)
    _moved(table, player, stacks.take_seat, player.buy_in)
    _heard_sitting(table, player, now)
    _button_taken_back(table, chooser)
    _deal_if_ready(table, now)


def _heard_sitting(table: Table, player: Player, now: datetime, let_in: bool = False) -> None:
    """The table hears who sits down, in their name, as it hears who leaves (not a
    practice table's bots, seated all at once as it opens); ``let_in``: by the host."""
    if player.status == Player.SEATED and not (table.practice and player.bot):
        chat_line(table, player, f"sits down in seat {player.seat}, with {player.stack} chips.",
                  by_host=False, now=now, told=True, about=player if let_in else None)  # fmt: skip


def _requested(table: Table, player_id: int) -> Player:
    """The player ``player_id`` at the table, among the call's players (one who has left,
    or was refused a seat, is read: the rules refuse what is asked of them)."""
    found = next((p for p in players(table) if p.pk == player_id), None)
    if found is None:
        found = table.players.filter(pk=player_id).first()
        if found is None:
            raise ServiceError("there is no such player at this table")
        players(table).append(found)
    return found


@writes_table
def answer_seat_request(
    table: Table, player_id: int, approve: bool, now: datetime | None = None
) -> None:
    player = _requested(table, player_id)
    chooser = _chooser(table)
    _moved(table, player, stacks.take_seat, player.buy_in, approve)
    if approve:
        _heard_sitting(table, player, now or timezone.now(), let_in=True)
        _button_taken_back(table, chooser)
        _deal_if_ready(table, now or timezone.now())


@writes_table
def request_rebuy(table: Table, session_key: str, amount: int, host: bool = False) -> str:
    """A seated player asks for more chips; the host's own request needs no approval. What
    became of it, in the player's words."""
    player = _seated(table, session_key)
    chooser = _chooser(table)
    transfer = _moved(table, player, stacks.ask_rebuy, amount, table.max_buy_in,
                      table.approval_required, host)  # fmt: skip
    _button_taken_back(table, chooser)
    _rebought(table, player, transfer)
    if transfer is not None and transfer.amount:
        return f"Rebuy of {transfer.amount} added: your stack is {player.stack}."
    if table.approval_required and not host:
        return f"Rebuy of {amount} asked for: it waits for the host's answer."
    return f"Rebuy of {amount} asked for: it is added when this hand ends."


def _in_current_hand(table: Table, player: Player) -> bool:
    hand = _current_hand(table)
    return hand is not None and player.pk in hand.seat_players.values()


def _moved(table: Table, player: Player, rule: Callable, *args) -> Transfer | None:
    """Apply ``rule`` (games.rules.stacks) to ``player``'s chips; write what it returns."""
    stack = Stack(player.name, player.stack, player.status, _in_current_hand(table, player),
                  player.rebuy_request)  # fmt: skip
    after, transfer = _ruled(rule, stack, *args)
    player.stack, player.rebuy_request = after.chips, after.rebuy_asked
    player.status = after.status  # the rules' statuses are the model's: seated, left, ...
    statements.update(player, "stack", "rebuy_request", "status")
    if transfer is not None:  # both sides, as every ledger entry (a dropped rebuy's 0 too)
        _transfer(table, player, transfer.kind, transfer.amount, transfer.note)
    return transfer


@writes_table
def answer_rebuy(table: Table, player_id: int, approve: bool) -> str:
    """The host approves (between hands) or refuses (at any time) a rebuy: says what was
    done, to the host and, in the chat, to the player."""
    player = _requested(table, player_id)
    asked = player.rebuy_request
    chooser = _chooser(table)
    transfer = _moved(table, player, stacks.answer_rebuy, approve, table.max_buy_in)
    told = transfer.note if transfer else f"{player.name}'s rebuy refused"
    name = player.name
    if transfer and transfer.amount:
        _announce(table, f"The host approved {name}'s rebuy of {transfer.amount}: {name}'s "
                         f"stack is {player.stack}.", about=player)  # fmt: skip
    elif transfer:  # approved with no room left: dropped, as its note says
        _announce(table, f"{transfer.note}.", about=player)
    elif asked:  # (no stack named: mid-hand, the felt shows the stack in play)
        _announce(table, f"The host refused {name}'s rebuy of {asked}.", about=player)
    _button_taken_back(table, chooser)
    return told


@writes_table
def adjust_stack(
    table: Table, player_id: int, amount: int, note: str = "", kind: str = "money"
) -> str:
    """The host adds or takes chips between hands (games.rules.stacks.change_stack), and
    the chat tells everyone what it says back."""
    player = _requested(table, player_id)
    chooser = _chooser(table)
    _moved(table, player, stacks.change_stack, amount, kind, note)
    how = "money in" if amount > 0 else "money out"
    how = "a correction, no money" if kind == "correction" else how
    told = (f"{player.name}'s stack {amount:+d} ({how}{': ' + note if note else ''}),"
            f" now {player.stack}.")  # fmt: skip
    _announce(table, told, about=player)
    _button_taken_back(table, chooser)
    return told


@writes_table
def set_sitting_out(table: Table, player_id: int, out: bool, now: datetime | None = None) -> str:
    """A seated player sits out from the next hand (one dealt in plays on), or is dealt in
    again. Returns when, in words: "from the next hand", or "again" (no hand is being
    played without them)."""
    player = _requested(table, player_id)
    if player.status != Player.SEATED:
        raise ServiceError(f"{player.name} is not seated")
    if out:
        _choice_goes_with(table, player)
    chooser = _chooser(table)
    player.sitting_out, player.away_since = out, None  # (their own choice, either way)
    statements.update(player, "sitting_out", "away_since")
    if not out:
        _button_taken_back(table, chooser)
        _deal_if_ready(table, now or timezone.now())
    playing_without = _current_hand(table) is not None and not _in_current_hand(table, player)
    return "from the next hand" if out or playing_without else "again"


def _seated(table: Table, session_key: str) -> Player:
    found = (p for p in players(table) if session_key and p.session_key == session_key)
    return _must_be_seated(next(found, None))


def _must_be_seated(player: Player | None) -> Player:
    if player is None or player.status != Player.SEATED:
        raise ServiceError("you are not seated at this table")
    return player


def seated_player_id(table_id: int, session_key: str) -> int:
    table = Table.objects.get(pk=table_id)
    return _must_be_seated(player_for(table, session_key)).pk


@writes_table
def cash_out(table: Table, player_id: int) -> int:
    """The host removes the player, who leaves with their stack (recorded in the ledger);
    the seat is free."""
    player = _requested(table, player_id)
    if player.status == Player.SEATED and _in_current_hand(table, player):
        raise ServiceError(f"{player.name} is in this hand: remove them once it ends")
    seated = player.status == Player.SEATED
    _choice_goes_with(table, player)
    transfer = _moved(table, player, stacks.cash_out, "is removed by the host")
    chips = -transfer.amount if transfer else 0
    if seated:  # the table hears it, as the table's news (games.chat_html)
        _announce(table, f"The host removed {player.name} from the table, with {chips} chips.",
                  about=player)  # fmt: skip
    return chips


@writes_table
def leave(table: Table, session_key: str) -> int:
    """The player behind the session cashes out (``cash_out``), told so in their words."""
    found = (p for p in players(table) if session_key and p.session_key == session_key)
    player = next((p for p in found if p.status in (Player.SEATED, Player.REQUESTED)), None)
    if player is None:
        raise ServiceError("you are not at this table")
    if _in_current_hand(table, player):
        raise ServiceError("you are in the hand being played: cash out when it ends")
    seated = player.status == Player.SEATED
    _choice_goes_with(table, player)
    transfer = _moved(table, player, stacks.cash_out)
    chips = -transfer.amount if transfer else 0
    if seated:  # the table hears it, in the player's name: "Cat leaves the table, …"
        chat_line(table, player, f"leaves the table, with {chips} chips.", by_host=False,
                  now=timezone.now(), told=True)  # fmt: skip
    return chips


ENDED = "The host has ended this game: nobody sits down until the host opens it again."


@writes_table
def end_game(table: Table) -> str:
    """The host ends the game: no hand is dealt again, and everyone at the table is cashed
    out with their stack, so that the ledger's settle-up is the night's last word. A hand
    being played is the last: everyone is cashed out as it ends (``_finish``)."""
    if table.practice:
        raise ServiceError("a practice table has no game to end: leave it when you like")
    if table.ended:
        raise ServiceError("the game has already ended")
    table.dealing, table.ended, table.next_deal_at = False, True, None
    if _current_hand(table) is not None:
        _announce(table, "The host is ending the game: this hand is the last, and everyone "
                  "is cashed out when it ends.")  # fmt: skip
        return "This hand is the last: when it ends, everyone is cashed out."
    _cash_out_everyone(table)
    return "The game has ended: everyone is cashed out. The Ledger tab says who pays whom."


def _cash_out_everyone(table: Table) -> None:
    """The game has ended: every player leaves with their stack, and the table hears it."""
    for player in players(table):
        if player.status in (Player.SEATED, Player.REQUESTED):
            _choice_goes_with(table, player)
            _moved(table, player, stacks.cash_out, "is cashed out as the game ends")
    _announce(table, "The host ended the game: everyone is cashed out with their stack. "
              "The Ledger tab says who pays whom.")  # fmt: skip


@writes_table
def open_again(table: Table) -> str:
    """The host opens an ended game's table again: friends may sit down, and the host
    starts dealing when ready."""
    if not table.ended:
        raise ServiceError("the game has not ended")
    table.ended = False
    _announce(table, "The host opened the table again: take a seat to play.")
    return "The table is open again: friends can sit down, and you start dealing when ready."


def _chooser(table: Table) -> tuple[int | None, frozenset[int]]:
    """At dealer's choice between hands, the seat on the button for the next hand (the one
    that picks its game), and the seats dealt in; (None, ∅) elsewhere."""
    if table.game != "dealers-choice" or _current_hand(table) is not None:
        return None, frozenset()
    dealt = frozenset(p.seat for p in dealt_in(players(table)))
    return button_after(table, players(table)), dealt


def _button_taken_back(table: Table, before: tuple[int | None, frozenset[int]]) -> None:
    """The button for the next hand moved with a change of who is dealt in (a rebuy, dealt
    in again, a new seat, a stack taken to nothing): a game already picked goes, the new
    player on the button has the whole clock to pick, and the table is told why, the
    player who was to pick most of all."""
    (was, dealt), (now, _) = before, _chooser(table)
    if was is None or now is None or now == was:
        return
    table.chosen_game, table.chosen_by = "", ""
    at = timezone.now()
    if table.next_deal_at is not None and table.next_deal_at < at:
        table.next_deal_at = at  # (the choice's clock runs from when the deal was due)
    names = {p.seat: p.name for p in players(table) if p.status == Player.SEATED}
    came, went = names[now], names.get(was, f"seat {was}")
    why = f"{came} is in the deal now" if now not in dealt else f"{went} is out of it"
    _announce(table, f"{why}, so the button goes to {came}, who picks the game.")


def _choice_goes_with(table: Table, player: Player) -> None:
    """A dealer's choice made for the next hand goes with its chooser, who leaves or sits
    out before the deal: whoever has the button then picks."""
    waiting = table.game == "dealers-choice" and table.chosen_game and not _current_hand(table)
    if waiting and button_after(table, players(table)) == player.seat:
        table.chosen_game, table.chosen_by = "", ""


@writes_table
def choose_game(table: Table, session_key: str, game: str, now: datetime | None = None) -> None:
    if table.game != "dealers-choice":
        raise ServiceError("this table does not play dealer's choice")
    if _current_hand(table):
        raise ServiceError("the game is chosen between hands")
    player = _seated(table, session_key)
    button = button_after(table, players(table))
    dealt = len(dealt_in(players(table)))
    table.chosen_game = _ruled(table_rules.choose_game, player.seat, button, game, dealt)
    table.chosen_by = ""
    now = now or timezone.now()
    if table.practice:  # the person picks when ready: the pick deals
        table.next_deal_at = now
    _deal_if_ready(table, now)


# -- hands ------------------------------------------------------------------------
def _deal_if_ready(table: Table, now: datetime) -> Hand | None:
    if not table.dealing or _current_hand(table):
        return None
    if table.next_deal_at and table.next_deal_at > now:
        return None
    players = dealt_in(table.change.players or table.change.held.players)
    if len(players) < 2:
        return None
    game = table.game
    if game == "dealers-choice":
        button = next_button(table.button, [p.seat for p in players], table.seat_count)
        chooser = [p for p in players if p.seat == button]
        chooser_is_a_bot = any(p.bot for p in chooser)
        away = bool(presence.away(table, chooser, timezone.now()))  # (RULES.md §6)
        if not table.chosen_game and (chooser_is_a_bot or away
                                      or choice_deadline(table, now) <= now):  # fmt: skip
            table.chosen_game = _game_last_played(table, len(players))
            table.chosen_by = "" if chooser_is_a_bot else "clock"  # (a bot picks as it must)
        game = table.chosen_game  # "" until the button's player picks
    ready = [(p.seat, p.name, p.stack) for p in players]
    deal = table_rules.next_deal(game, ready, table.button, table.seat_count)
    if deal is None:
        return None
    chosen = None
    if table.game == "dealers-choice" and button in (s for s, _, _ in deal.seats):
        chosen = {"seat": button, **({"by": table.chosen_by} if table.chosen_by else {})}
    players, game, button = players[: len(deal.seats)], deal.game, deal.button
    document = new_document(hand_config(table, game), deal.seats, button, chosen=chosen)
    engine = replay(document)
    last = _last_hand(table)
    bot_seats = [p.seat for p in players if p.bot]
    row = {"table_id": table.pk, "number": (last.number + 1) if last else 1, "game": game,
           "document": document, "seat_players": {str(p.seat): p.pk for p in players},
           "deadline": _next_deadline(table, bot_seats, engine, now), "started": timezone.now(),
           "sequence": 0, "finished": False, "voided": False, "bots": bot_seats}  # fmt: skip
    hand = Hand(id=statements.insert(Hand, **row), **row)
    hand._state.adding, hand._state.db = False, "default"  # as if read: it is in the database
    table.change.played = (hand, engine)
    mark_dealt(table, button)
    if engine.finished:  # cannot happen with two players and chips, but never leave it open
        _finish(table, hand, engine, now)
    return hand


def choice_deadline(table: Table, now: datetime) -> datetime:
    """When the clock picks the game for a dealer's choice nobody has made: the choice
    starts when the next deal is due (marked now, the first time it is asked) and runs
    for the action clock; with no clock, never (RULES.md §6)."""
    if table.next_deal_at is None:
        table.next_deal_at = now
    if not table.action_clock:
        return datetime.max.replace(tzinfo=now.tzinfo)
    return table.next_deal_at + timedelta(seconds=table.action_clock)


def _last_hand(table: Table) -> Hand | None:
    """The table's latest hand, when none is being played."""
    played, held = table.change.played, table.change.held
    return played[0] if played else (held.hand or held.last)


def _game_last_played(table: Table, players: int) -> str:
    """The absent chooser's default: the game last played, or the first that seats all."""
    last = _last_hand(table)
    return table_rules.game_for_absent_chooser(last.game if last else None, players)


@writes_table
def deal_now(
    table: Table, session_key: str, after: int | None = None, now: datetime | None = None
) -> None:
    """At a practice table the person deals the next hand when they have read the last
    one's result (it waits PRACTICE_PAUSE for them); ``after``: the number of the hand
    whose result they read (a second tap once it is dealt changes nothing, and says
    nothing; a page behind the table is refused)."""
    now = now or timezone.now()
    _seated(table, session_key)
    if not table.practice:
        raise ServiceError("hands are dealt when the last one's pause is over")
    hand, last = _current_hand(table), _last_hand(table)
    if hand and after is not None and hand.number == after + 1:
        return UNCHANGED  # dealt already, by the first tap
    if hand:
        raise ServiceError("a hand is being played")
    if after is not None and (last.number if last else 0) != after:
        raise StaleAction("the table has moved on since: here it is now")
    if not table.dealing:
        raise ServiceError("dealing is paused: resume it first")
    table.next_deal_at = now
    if _deal_if_ready(table, now) is None:
        raise ServiceError("nothing can be dealt yet: two players with chips are needed, "
                           "and at dealer's choice the game picked")  # fmt: skip


@writes_table
def choose_for_absent(table: Table, now: datetime | None = None) -> str:
    """The host picks the absent chooser's default game (the game last played)."""
    now = now or timezone.now()
    if table.game != "dealers-choice" or _current_hand(table) or table.chosen_game:
        raise ServiceError("nobody is choosing the game now")
    dealt = dealt_in(players(table))
    if len(dealt) < 2:
        raise ServiceError("the game is chosen when two players can be dealt in")
    chooser = next(p for p in dealt if p.seat == button_after(table, dealt))
    _must_be_away(table, chooser, choice_deadline(table, now) <= now, now)
    table.chosen_game = game = _game_last_played(table, len(dealt))
    table.chosen_by = "host"
    table.next_deal_at = now
    _deal_if_ready(table, now)
    return f"{GAMES[game].name} picked for {chooser.name}."


def _deadline(table: Table, now: datetime) -> datetime | None:
    return now + timedelta(seconds=table.action_clock) if table.action_clock else None


BOT_PAUSE = timedelta(seconds=1.2)  # a bot acts after a human-looking moment


def _next_deadline(table: Table, bots: list[int], engine: HandState, now: datetime):
    """When the clock looks at the hand next: a bot's short pause when a bot is to act
    (then only the bots act, see ``tick``), else the action clock."""
    if bots and set(engine.actors()) & set(bots):
        return now + BOT_PAUSE
    return _deadline(table, now)


def _bot_action(hand: Hand, engine: HandState, seat: int) -> dict:
    """The bot's choice from its own view, with randomness seeded by the moment of the
    hand, so that the same moment always gives the same choice (and its explanation)."""
    decision = bots.choose(view(engine, seat), bot_rng(hand, engine.sequence, seat))
    return {**decision.action, "seat": seat}


def explain_bot(hand: Hand, seat: int) -> str:
    """Why the bot at ``seat`` made its last move in ``hand``, once its cards may be
    told: after the hand, if it showed them down or the table's history shows every
    card (as at a practice table); a folded hand otherwise stays hidden."""
    if seat not in hand.bots:
        raise ServiceError("only a bot explains its moves")
    if not hand.finished:
        return "Ask when the hand is over: until then its cards are its own."
    events = list(hand.events.order_by("sequence").values_list("action", flat=True))
    moves = [k for k, action in enumerate(events) if action["seat"] == seat]
    engine = replay({**hand.document, "actions": events})
    name = engine.players[seat].name
    if not moves:
        return f"{name} made no move in hand {hand.number}."
    hidden = engine.players[seat].folded or not engine.showdown
    if hidden and not Table.objects.filter(pk=hand.table_id, history_open=True).exists():
        return f"{name} kept its cards hidden: they were not shown down."
    k = moves[-1]
    before = replay({**hand.document, "actions": events}, upto=k)
    then, last = before.players[seat].cards, held_cards(engine.players[seat])
    if sorted(map(str, then)) != sorted(map(str, last)):
        return f"{name} keeps its reasons: its last move was made with cards it later changed."
    why = bot_reason({**hand.document, "actions": events}, k + 1)
    return f"{name}: {why}" if why else f"{name} cannot say now: its play has changed since."


def bot_rng(hand: Hand, sequence: int, seat: int):
    """The bot's randomness at a moment of ``hand`` (games.rules.bots.moment_rng)."""
    return bots.moment_rng(hand.document["deck"], sequence, seat)


def _locked_hand(table: Table) -> Hand:
    """The hand being played, as the version has it."""
    hand = copied(table.change.held.hand)
    if hand is None:
        raise ServiceError("there is no hand being played")
    return hand


_SEAT = re.compile(r"\bseat (\d+)")


def _apply(table: Table, hand: Hand, engine: HandState, action: dict, by: str, now) -> None:
    if hand.bank_from is not None and by != "clock":  # acting on time bank (the clock's
        _charge_bank(table, hand, action["seat"], now)  # own actions: tick charges them)
    if by != "player":  # the clock or the host acts for an absent player: the log says so
        action = {**action, "by": by}
    try:
        engine.apply(action)
    except RulesError as error:  # told with the players' names: "seat 2" is nobody's word
        names = {p.seat: p.name for p in players(table) if p.seat}
        raise ServiceError(_SEAT.sub(lambda m: names.get(int(m[1]), m[0]), str(error))) from None
    hand.sequence += 1
    event = statements.inserting(HandEvent, hand_id=hand.pk, sequence=hand.sequence,
                                 action=engine.actions[-1], by=by,
                                 created=timezone.now())  # fmt: skip
    table.change.played = (hand, engine)
    hand.deadline = _next_deadline(table, hand.bots, engine, now)
    banked = {"bank_from": None} if hand.bank_from is not None else {}  # the next has a clock
    hand.bank_from = None
    if engine.finished:
        statements.together(event)
        _finish(table, hand, engine, now)
    else:  # the event and the hand's new moment, in one round trip where it can be
        moment = statements.updating(Hand, {"id": hand.pk}, sequence=hand.sequence,
                                     deadline=hand.deadline, **banked)  # fmt: skip
        statements.together(event, moment)


def _charge_bank(table: Table, hand: Hand, seat: int, now: datetime) -> None:
    """The seconds of time bank a player used: from when the clock ran out until now."""
    used = max(0, int((now - hand.bank_from).total_seconds()))
    player = _requested(table, hand.seat_players[str(seat)])
    player.bank_used = min(player.bank_used + used, table.time_bank or 0)
    statements.together(statements.updating(Player, {"id": player.pk}, bank_used=player.bank_used))


def _bank_starts(table: Table, hand: Hand, now: datetime) -> bool:
    """The action clock ran out: where a player waited for has time bank left, the bank
    runs on from the clock's end, as long as the largest bank among them."""
    actors = engine_at(hand).actors() if table.time_bank else []
    if not actors or set(actors) & set(hand.bots):  # no bank, or a bot's pause ran out
        return False
    waiting = [_requested(table, hand.seat_players[str(s)]) for s in actors]
    left = max((table.time_bank - player.bank_used for player in waiting), default=0)
    if left <= 0 or hand.deadline + timedelta(seconds=left) <= now:
        return False
    hand.bank_from, hand.deadline = hand.deadline, hand.deadline + timedelta(seconds=left)
    statements.together(statements.updating(Hand, {"id": hand.pk}, deadline=hand.deadline,
                                            bank_from=hand.bank_from))  # fmt: skip
    table.change.played = (hand, engine_at(hand))
    return True


def _finish(table: Table, hand: Hand, engine: HandState, now: datetime) -> None:
    hand.finished = True
    hand.deadline = None
    hand.ended = now
    hand.result = stored_result(engine)
    final = final_stacks(hand, engine)
    statements.update_each(Player, "stack", final)
    statements.together(statements.updating(Hand, {"id": hand.pk}, sequence=hand.sequence,
                                            finished=True, deadline=None, ended=now,
                                            result=hand.result))  # fmt: skip
    for player in players(table):
        player.stack = final.get(player.pk, player.stack)
    table.next_deal_at = now + (PRACTICE_PAUSE if table.practice
                                else SHOWDOWN_PAUSE if engine.showdown else DEAL_PAUSE)  # fmt: skip
    _apply_waiting_rebuys(table)
    if table.ended:  # the host ended the game during this hand, its last
        table.next_deal_at = None
        _cash_out_everyone(table)


def stored_result(engine: HandState) -> dict:
    """What a finished hand's row keeps of its end: its result, and the hands shown that
    won nothing, with who beat them and what they made, for the result the table shows
    while the next hand waits for its first action."""
    shown = shown_hands(engine)
    told = [[seat, ways, shown[seat]] for seat, ways in beaten(engine).items()]
    return {**engine.result(), "beaten": told}


def _apply_waiting_rebuys(table: Table) -> None:
    """As a hand ends (or is voided), the rebuys asked for during it, unless the host
    approves rebuys (then the host's approval adds them). At a practice table a bot left
    with no chips buys in again, as much as it first did, so that the table keeps its
    players."""
    for player in players(table):
        if table.practice and player.bot and player.stack == 0:
            player.rebuy_request = player.buy_in or table.max_buy_in
            _rebought(table, player, _moved(table, player, stacks.add_rebuy, table.max_buy_in))
    if table.approval_required:
        return
    for player in players(table):
        if player.rebuy_request and player.status == Player.SEATED:
            added = _moved(table, player, stacks.add_rebuy, table.max_buy_in)
            _rebought(table, player, added, waited=True)


def _rebought(
    table: Table, player: Player, transfer: Transfer | None, waited: bool = False
) -> None:
    """The table hears of a rebuy added, in the player's name: one added as a hand ends
    (``waited``) makes a stack whole again at the showdown where it has just lost its
    chips. (One the host approves, the host's answer tells.)"""
    if transfer is not None and transfer.amount:
        chat_line(table, player, f"rebuys {transfer.amount}, for a stack of {player.stack}.",
                  by_host=False, now=timezone.now(), told=True,
                  about=player if waited else None)  # fmt: skip


@writes_table
def act(
    table: Table, session_key: str, sequence: int, action: dict, now: datetime | None = None
) -> None:
    """A seated player's action, chosen at hand sequence ``sequence``."""
    player = _seated(table, session_key)
    hand = _locked_hand(table)
    if sequence != hand.sequence:
        raise StaleAction("the hand has moved on since you chose that: here is the table now")
    seat = next((int(s) for s, pid in hand.seat_players.items() if pid == player.pk), None)
    if seat is None:
        raise ServiceError("you are not dealt in this hand")
    engine = take_engine(hand)
    _apply(table, hand, engine, {**action, "seat": seat}, "player", now or timezone.now())


STOOD_IN = {"check": "Checked", "fold": "Folded", "draw": "Stood pat", "keep": "Kept all five",
            "arrange": "Kept the dealt order", "take": "Took the one-up card"}  # fmt: skip


@writes_table
def act_for_absent(table: Table, seat: int, sequence: int, now: datetime | None = None) -> str:
    """The host acts for an absent player: only check or fold (or the secret-step default),
    and only for a player who is away or whose clock has run out (RULES.md §6). What was
    done, in words for the host."""
    now = now or timezone.now()
    hand = _locked_hand(table)
    if sequence != hand.sequence:
        raise StaleAction("the hand has moved on: here is the table now")
    player_id = hand.seat_players.get(str(seat))
    if player_id is None:
        raise ServiceError(f"seat {seat} is not dealt in this hand")
    clock_out = hand.deadline is not None and hand.deadline <= now
    player = _requested(table, player_id)
    _must_be_away(table, player, clock_out, now)
    engine = take_engine(hand)
    if seat not in engine.actors():
        raise ServiceError(f"seat {seat} is not to act")
    action = engine.absent_action(seat)
    _apply(table, hand, engine, action, "host", now)
    return f"{STOOD_IN[action['type']]} for {player.name}."


def _away_to_act(table: Table, hand: Hand, engine: HandState) -> list[int]:
    """The seats to act whose players are away now (games.presence: no browser at the table
    for its grace period): RULES.md §6 gives them the default action, as when their time
    runs out."""
    seats = {hand.seat_players.get(str(s)): s for s in engine.actors() if s not in hand.bots}
    here = [p for p in players(table) if p.pk in seats]
    gone = presence.away(table, here, timezone.now())  # (browsers: by the clock on the wall)
    return sorted(seats[pk] for pk in gone)


def _default_the_away(table: Table, hand: Hand, now: datetime):
    """The clock acts for each player to act who is away, and for the next, until the hand
    waits for someone here (or for a bot, or is over); each sits out from the next hand
    until they come back, so that a table its players have left stops dealing. Nobody away
    to act: the version shows who is away now, if it showed otherwise (its timer then runs
    from the new version)."""
    if not _away_to_act(table, hand, engine_at(hand)):
        return _noted(table, timezone.now())
    engine = take_engine(hand)
    while not engine.finished and (seats := _away_to_act(table, hand, engine)):
        if hand.bank_from is not None:  # (their time bank ran while they were away)
            for seat in seats:
                _charge_bank(table, hand, seat, now)
        for seat in seats:
            if seat not in engine.actors() or engine.finished:
                continue
            _sit_out_gone(table, hand, seat)
            _apply(table, hand, engine, engine.absent_action(seat), "clock", now)
    return True


def _sit_out_gone(table: Table, hand: Hand, seat: int) -> None:
    """A player the clock acts for who is away sits out from the next hand, until they come
    back (not at a practice table, whose learner may be reading the rules meanwhile)."""
    player = _requested(table, hand.seat_players[str(seat)])
    if not player.sitting_out and not table.practice:
        player.sitting_out, player.away_since = True, timezone.now()
        statements.update(player, "sitting_out", "away_since")
        chat_line(table, player, "is away: the clock acts for them, and they sit out from the "
                  "next hand until they are back.", by_host=False, now=timezone.now(),
                  told=True)  # fmt: skip


def _back_from_away(table: Table, back: list[Player], now: datetime) -> None:
    """Players the clock sat out while they were away, each with a page of the table open
    again since: they are dealt in again, as if they had pressed Come back, and the table
    is told. A deal they would be taken into waits ``BACK_PAUSE`` at least: time to see
    the table, or to sit out or cash out, first."""
    chooser = _chooser(table)
    for player in back:
        player.sitting_out, player.away_since = False, None
        statements.update(player, "sitting_out", "away_since")
        dealt_next = table.dealing and player.stack and not _in_current_hand(table, player)
        when = ", and is dealt in from the next hand" if dealt_next else ""
        chat_line(table, player, f"is back{when}.", by_host=False, now=now, told=True)
    _button_taken_back(table, chooser)
    if table.dealing and not _current_hand(table):  # (the clock deals then: games.screen)
        table.next_deal_at = max(table.next_deal_at or now, now + BACK_PAUSE)


def _must_be_away(table: Table, player: Player, clock_out: bool, now: datetime) -> None:
    """games.rules.table.host_may_act_for, with whether the player is here now."""
    here = not clock_out and not player.bot and presence.is_here(table, player.session_key, now)
    _ruled(table_rules.host_may_act_for, player.name, player.bot, here, clock_out)


@writes_table
def void_hand(table: Table, now: datetime | None = None) -> None:
    """Call off the hand: every contribution goes back (stacks are as before the deal), and
    the same player deals again: the button goes back to where it was before the deal and,
    at dealer's choice, the game stays the one picked."""
    now = now or timezone.now()
    hand = _locked_hand(table)
    engine = load_engine(hand)
    played = table.hands.filter(number__lt=hand.number, voided=False).order_by("-number")
    before = played.values_list("document", flat=True)[:1]  # (not a voided hand's button)
    table.button = before[0]["button"] if before else None
    chosen = hand.document.get("chosen")  # kept while its chooser is still dealt in (the
    still = [p for p in players(table) if p.status == Player.SEATED and not p.sitting_out]
    if chosen and chosen["seat"] in {p.seat for p in still}:  # clock may have sat them out)
        table.chosen_game, table.chosen_by = hand.game, chosen.get("by", "")
    returned = {s: p.contributed for s, p in engine.players.items() if p.contributed}
    hand.finished = hand.voided = True
    hand.deadline = None
    hand.ended = now
    hand.result = {"voided": True, "returned": {str(s): c for s, c in returned.items()}}
    statements.update(hand, "finished", "voided", "deadline", "ended", "result")
    table.change.played = (hand, engine)
    for seat, amount in returned.items():
        player = _requested(table, hand.seat_players[str(seat)])
        note = f"hand {hand.number} voided: {amount} returned to {player.name}"
        statements.create(LedgerEntry(table=table, player=player, kind="void", amount=0,
                                      note=note, hand=hand))  # fmt: skip
    table.next_deal_at = now + (PRACTICE_PAUSE if table.practice else DEAL_PAUSE)
    _announce(table, f"Hand {hand.number} voided: every bet is returned.")  # (its news goes)
    _apply_waiting_rebuys(table)  # before the next deal, as at a hand's end
    if table.ended:  # the last hand of an ended game, voided
        table.next_deal_at = None
        _cash_out_everyone(table)


@writes_table
def tick(table: Table, now: datetime | None = None):
    """Run the clocks: an expired action clock acts for the players it waits for; a due
    next hand is dealt. Safe to call from every process at once. Returns True when it did
    something, ``UNCHANGED`` when there was nothing to do."""
    now = now or timezone.now()
    hand = copied(table.change.held.hand)
    if hand is not None:
        if hand.deadline is None or hand.deadline > now:
            return _default_the_away(table, hand, now)
        if hand.bank_from is None and _bank_starts(table, hand, now):
            return True
        engine = take_engine(hand)
        waited_on_bots = bool(set(engine.actors()) & set(hand.bots))  # a bot's pause ran out
        if hand.bank_from is not None:  # the time bank ran out: everyone waited on used it
            for seat in engine.actors():
                _charge_bank(table, hand, seat, now)
        gone = set(_away_to_act(table, hand, engine))
        for seat in engine.actors():
            if seat in hand.bots:
                _apply(table, hand, engine, _bot_action(hand, engine, seat), "player", now)
            elif not waited_on_bots:
                if seat in gone:  # (out of time and away too)
                    _sit_out_gone(table, hand, seat)
                _apply(table, hand, engine, engine.absent_action(seat), "clock", now)
            if engine.finished:
                break
        return True
    return True if _deal_if_ready(table, now) is not None else UNCHANGED
