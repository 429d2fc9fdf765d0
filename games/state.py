"""Reading a table: its current hand, the hand rebuilt from its events, and a snapshot of
each table version kept in this process.

The database is the truth (DESIGN.md principle 3). What this module keeps in memory is
keyed so that it can never be mistaken for anything else: a rebuilt hand by the hand and
the number of events applied to it, a snapshot by the table and its version, and both are
kept only once the change that made them has committed. Every change of a table makes a
new version (games.services.writes_table), so a snapshot of a version never goes stale.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from copy import copy
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TypeVar

from django.db import models
from django.utils import timezone

from games import presence
from games.models import ChatLine, Hand, Player, Table
from games.rules.document import replay
from games.rules.hand import Hand as HandState
from games.rules.table import next_button
from games.rules.view import views as all_views

CACHE_LIMIT = 1000
CHAT_SHOWN = 30  # the chat's latest lines, part of every version of a table


def keep(cache: OrderedDict, key, value, limit: int = CACHE_LIMIT) -> None:
    """Put ``value`` in ``cache`` as its newest entry; beyond ``limit`` entries the oldest
    goes. (Emptying a full cache at once made every table rebuild and re-render together.)"""
    cache.pop(key, None)
    cache[key] = value
    if len(cache) > limit:
        cache.popitem(last=False)


Row = TypeVar("Row", bound=models.Model)


def copied(row: Row) -> Row:
    """A copy of a model instance, as ``copy.copy`` makes one (its own state and cache of
    related objects, the same field values), without the round trip through pickling's
    protocol that took a tenth of an action's time. (None stays None.)"""
    if row is None:
        return None
    clone = object.__new__(type(row))
    clone.__dict__.update(row.__dict__)
    clone._state = state = object.__new__(type(row._state))
    state.__dict__.update(row._state.__dict__)
    if "fields_cache" in state.__dict__:
        state.fields_cache = state.fields_cache.copy()
    return clone


# -- the database -----------------------------------------------------------------
def current_hand(table: Table) -> Hand | None:
    return table.hands.filter(finished=False).first()


def load_engine(hand: Hand) -> HandState:
    """Rebuild the hand from its document and its events (DESIGN.md principle 3), as
    ``hand`` was read: the events another process has added since are not applied."""
    events = hand.events.filter(sequence__lte=hand.sequence)
    return replay({**hand.document, "actions": [e.action for e in events]})


def eligible_players(table: Table) -> list[Player]:
    players = table.players.filter(status=Player.SEATED, sitting_out=False, stack__gt=0)
    return list(players.order_by("seat"))


def dealt_in(players: list[Player]) -> list[Player]:
    """``eligible_players`` of a table whose players are known: those the next deal takes."""
    return sorted((p for p in players if _deals_in(p)), key=lambda p: p.seat)


def upcoming_button(table: Table) -> int | None:
    return button_after(table, eligible_players(table))


def button_after(table: Table, players: list[Player]) -> int | None:
    """Where the button goes for the next hand, among ``players`` (any order)."""
    seats = sorted(p.seat for p in players if _deals_in(p))
    return next_button(table.button, seats, table.seat_count) if len(seats) >= 2 else None


def _deals_in(player: Player) -> bool:
    return player.status == Player.SEATED and not player.sitting_out and player.stack > 0


# -- rebuilt hands ------------------------------------------------------------------
# One engine per hand, with the key of the moment it is at: a hand's newer engine
# replaces its older one, and hands long finished are the first to go.
_engines: OrderedDict[int, tuple[tuple, HandState]] = OrderedDict()


def _engine_key(hand: Hand) -> tuple:
    # The start time tells two hands apart even where a database reuses a rolled-back id.
    return (hand.pk, hand.started, hand.sequence)


# The event loop reads a kept engine (engine_at) while the database thread may take it
# for an action: looking and taking are one step.
_taking = threading.Lock()


def _kept_engine(hand: Hand, take: bool = False) -> HandState | None:
    with _taking:
        kept = _engines.get(hand.pk)
        if kept is None or kept[0] != _engine_key(hand):
            return None
        if take:
            del _engines[hand.pk]
        return kept[1]


def engine_at(hand: Hand) -> HandState:
    """The hand as its events leave it, shared by this process's readers: never mutate it.
    This process's kept engine of that moment, or the hand rebuilt from its events (the
    table's own process keeps every moment it makes; another rebuilds)."""
    engine = _kept_engine(hand)
    if engine is None:
        engine = load_engine(hand)
        remember_engine(hand, engine)
    return engine


def take_engine(hand: Hand) -> HandState:
    """The hand to apply actions to, now owned by the caller: this process's kept one
    (taken out, so nobody else reads it while it changes) or one rebuilt from the events.
    Give it back with ``remember_engine`` once the change has committed."""
    engine = _kept_engine(hand, take=True)
    return engine if engine is not None else load_engine(hand)


def remember_engine(hand: Hand, engine: HandState) -> None:
    """Keep ``engine`` as the hand at ``hand.sequence``: call only with committed events."""
    keep(_engines, hand.pk, (_engine_key(hand), engine))


# -- snapshots ----------------------------------------------------------------------
@dataclass
class TableSnapshot:
    """What every viewer's render of one version of a table reads from the database."""

    table: Table
    players: list[Player]
    hand: Hand | None
    last: Hand | None
    views: dict[int | None, dict] | None  # what each seat, and a spectator (None), may see
    button_next: int | None
    refused: frozenset[str] = frozenset()  # sessions whose last request the host refused
    shared: dict = field(default_factory=dict)  # what all viewers share (presenter)
    made_here: bool = False  # made by a change in this process (not read)
    chat: tuple[tuple, ...] = ()  # the chat's latest lines: (id, name, by host, text)
    away: frozenset[int] = frozenset()  # seated players whose browsers are gone (presence)
    ended_game: tuple[Player, ...] = ()  # an ended game's players, each browser's latest

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def ended_players(self) -> frozenset[str]:
        """The sessions that may still chat at an ended game: its players, unless muted."""
        return frozenset(p.session_key for p in self.ended_game if not p.muted)


_snapshots: OrderedDict[int, TableSnapshot] = OrderedDict()


def load_snapshot(
    table: Table,
    played: tuple[Hand, HandState] | None = None,
    players: list[Player] | None = None,
    refused: frozenset[str] = frozenset(),
    chat: tuple[tuple, ...] | None = None,
    away: frozenset[int] = frozenset(),
    last_before: Hand | None = None,
    left_now: dict[str, Player] | None = None,
) -> TableSnapshot:
    """Read one version of the table. ``played``: the hand and its engine as a service
    that has just changed them left them; ``players`` (and the sessions ``refused`` a
    seat, and who is ``away``): as the service leaves them (else read); ``chat``: the
    chat's latest lines, when known (else read); ``left_now``: the players of an ended
    game the service has just cashed out or muted, by session (its writes may not have
    run yet)."""
    if players is None:
        rows = list(table.players.order_by("pk"))
        players = [p for p in rows if p.status not in (Player.LEFT, Player.REFUSED)]
        latest = {p.session_key: p.status for p in rows}  # (a session's last request wins)
        refused = frozenset(key for key, status in latest.items() if status == Player.REFUSED)
        away = presence.away(table, players, timezone.now())  # read with the players
    if played is not None:
        hand, engine = played
        if hand.finished:
            hand, last = None, hand
        else:
            last = last_before if hand.sequence == 0 else None
    else:
        hand, engine = current_hand(table), None
        fresh = hand is None or hand.sequence == 0  # the last result shows until an action
        last = table.hands.filter(finished=True).first() if fresh else None
    shown = hand or last
    if shown is None or shown.voided:
        engine = None
    elif engine is None:
        engine = engine_at(shown)
    button_next = button_after(table, players) if hand is None else None
    views = None
    if engine is not None:  # worked out now: the engine may change once the version is out
        views = all_views(engine)
    if chat is None:
        chat = chat_lines(table.pk)
    ended = ()
    if table.ended:  # (the change's own players are its latest word on a browser)
        ended = tuple({**_ended_game(table), **(left_now or {})}.values())
    return TableSnapshot(table, players, hand, last, views, button_next, refused, chat=chat,
                         away=away, ended_game=ended)  # fmt: skip


def _ended_game(table: Table) -> dict[str, Player]:
    """An ended game's players, all cashed out, by session (each browser's latest row):
    they may still talk it over (who pays whom) in the chat, unless the host mutes them."""
    return {p.session_key: p for p in cashed_out_players(table).order_by("pk")}


def cashed_out_players(table: Table):
    """The players who sat at ``table`` (bought in) and have left it, bots aside."""
    return table.players.filter(status=Player.LEFT, bot=False, ledgerentry__kind="buy-in")


def chat_lines(table_id: int) -> tuple[tuple, ...]:
    """The chat's latest lines, oldest first, as a snapshot keeps them."""
    # by the time said: ids are reserved by each process ahead, not given in order
    rows = ChatLine.objects.filter(table_id=table_id).order_by("-created", "-id")
    said = rows.values_list("id", "name", "by_host", "text", "told", "about__seat")
    return tuple(reversed(said[:CHAT_SHOWN]))


def choice_due(shot: TableSnapshot) -> datetime | None:
    """When the clock makes a dealer's choice that is still to be made (None: no clock,
    no choice waiting, or a bot on the button, which picks as the deal comes due): the
    action clock's time after the next deal was due."""
    table = shot.table
    waiting = table.game == "dealers-choice" and not table.chosen_game and table.dealing
    if not (waiting and table.action_clock and table.next_deal_at):
        return None
    if any(p.bot and p.seat == shot.button_next and p.status == Player.SEATED
           for p in shot.players):  # fmt: skip
        return None
    return table.next_deal_at + timedelta(seconds=table.action_clock)


def remember(shot: TableSnapshot) -> None:
    """Keep a committed version's snapshot for this process's connections."""
    held = _snapshots.get(shot.table.pk)
    if held is not None and held.table.invite == shot.table.invite and held.version > shot.version:
        return  # a newer version is already here
    keep(_snapshots, shot.table.pk, shot)


def snapshot(table: Table) -> TableSnapshot:
    """The snapshot of ``table``'s version: this process's copy, or read and kept; if the
    table has changed since ``table`` was read, the table as it is now."""
    held = cached_snapshot(table.pk, table.invite, table.version)
    if held is not None and held.version == table.version:
        return held
    held = load_snapshot(copy(table))  # (kept: not the caller's, which it may read again)
    if not _still_at(held):  # its parts may be of two versions: show none of them
        return latest_snapshot(table.pk)
    remember(held)
    return held


def forget(table_id: int) -> None:
    """Drop this process's snapshot of the table: the database has moved past it."""
    _snapshots.pop(table_id, None)


def held_snapshot(table_id: int) -> TableSnapshot | None:
    """The newest snapshot of the table this process holds, whatever its version."""
    return _snapshots.get(table_id)


def cached_snapshot(table_id: int, invite: str, version: int) -> TableSnapshot | None:
    """This process's snapshot of the table at ``version`` or later, if it has one."""
    held = _snapshots.get(table_id)
    if held is not None and held.table.invite == invite and held.version >= version:
        return held
    return None


def latest_snapshot(table_id: int) -> TableSnapshot:
    """Read the table as it is now (on the database thread), reusing this process's copy
    of that version when it has one."""
    table = Table.objects.get(pk=table_id)
    held = cached_snapshot(table.pk, table.invite, table.version)
    if held is not None and held.version == table.version:
        return held
    shot = load_snapshot(table)
    if _still_at(shot):
        remember(shot)
        return shot
    return latest_snapshot(table_id)


def _still_at(shot: TableSnapshot) -> bool:
    """Read outside a transaction, the parts of a snapshot may be from different versions
    if another process changed the table meanwhile: keep only one that is one version."""
    return Table.objects.filter(pk=shot.table.pk, version=shot.version).exists()


# -- what a change leaves -------------------------------------------------------------
def mark_dealt(table: Table, button: int) -> None:
    """The table as a deal leaves it: the button moved, the game chosen and the time of
    the deal cleared."""
    table.button, table.chosen_game, table.chosen_by, table.next_deal_at = button, "", "", None


def final_stacks(hand: Hand, engine: HandState) -> dict[int, int]:
    """Each dealt-in player's stack (by player id) as the finished hand leaves it."""
    final = engine.final_stacks()
    return {player_id: final[int(seat)] for seat, player_id in hand.seat_players.items()}
