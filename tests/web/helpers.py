"""Shared helpers for the web tests: tables, seated players, chips that must balance."""

from __future__ import annotations

import random
import re
from datetime import timedelta

from django.db.models import Sum
from django.utils import timezone

from games import presence, services, state
from games.forms import NewTableForm, as_sent, cleaned
from games.models import Player, Table
from tests.rules.playout import random_action

SETTINGS = {
    "levys": {"structure": "half-pot-limit", "ante": 1},
    "high-low-declare": {"structure": "fixed-limit", "ante": 1, "raise_cap": 3},
    "sviten": {"structure": "pot-limit", "small_blind": 1, "big_blind": 2},
    "dealers-choice": {"structure": "pot-limit", "small_blind": 1, "big_blind": 2},
}


def make_table(game="levys", **overrides) -> Table:
    settings = {"name": "Test", "game": game, "seat_count": 6, "min_buy_in": 50,
                "max_buy_in": 500, **SETTINGS[game], **overrides}  # fmt: skip
    fields = NewTableForm.base_fields  # the rest (say, practice) is not the host's to send
    sent = {f: getattr(Table(), f) for f in fields} | {k: settings.pop(k) for k in fields
                                                       if k in settings}  # fmt: skip
    return services.create_table(**cleaned(NewTableForm(as_sent(sent))), **settings)


def seat_players(table: Table, count: int, buy_in: int = 200) -> list[str]:
    """Seat ``count`` players (sessions 's1', 's2', ...) in seats 1..count, each at the
    table now, as a player who sits down from their browser is (games.presence)."""
    keys = []
    for i in range(1, count + 1):
        presence.seen(table.pk, f"s{i}", timezone.now())
        services.request_seat(table.pk, f"s{i}", i, f"P{i}", buy_in)
        keys.append(f"s{i}")
    return keys


def all_here(table: Table) -> None:
    """Every seated player's browser is at the table now (games.presence): the clock acts
    only for those away, or out of time."""
    for player in Player.objects.filter(table=table, status=Player.SEATED):
        presence.seen(table.pk, player.session_key, timezone.now())
    state.forget(table.pk)  # (who is away is read with the version)


def gone_away(table: Table, seat: int) -> None:
    """The player in ``seat`` closed their page longer ago than the table's grace period
    (games.presence)."""
    long_ago = timezone.now() - presence.grace(table) - timedelta(seconds=1)
    presence.seen(table.pk, session_of(table, seat), long_ago)
    state.forget(table.pk)  # (who is away is read with the version)


def session_of(table: Table, seat: int) -> str:
    return Player.objects.get(table=table, seat=seat, status=Player.SEATED).session_key


def play_current_hand(table: Table, rng: random.Random, limit: int = 400) -> None:
    """Play the hand in progress to its end with random legal actions through the service."""
    for _ in range(limit):
        hand = state.current_hand(table)
        if hand is None:
            return
        engine = state.load_engine(hand)
        action = random_action(engine, rng)
        seat = action.pop("seat")
        services.act(table.pk, session_of(table, seat), hand.sequence, action)
    raise AssertionError("the hand did not end")


def assert_chips_balance(table: Table) -> None:
    """Ledger rows sum to zero, and the stacks equal what the ledger put on the table."""
    table.refresh_from_db()
    assert table.ledger.aggregate(total=Sum("amount"))["total"] in (0, None)
    put_in = table.ledger.filter(player__isnull=False).aggregate(total=Sum("amount"))["total"]
    stacks = table.players.aggregate(total=Sum("stack"))["total"] or 0
    assert stacks == (put_in or 0), "stacks on the table differ from buy-ins less cash-outs"


def check_or_fold_around(table: Table, limit: int = 200) -> None:
    """End the hand in progress cheaply: everyone checks where they can, else folds."""
    for _ in range(limit):
        hand = state.current_hand(table)
        if hand is None:
            return
        engine = state.load_engine(hand)
        action = engine.absent_action(engine.actors()[0])
        seat = action.pop("seat")
        services.act(table.pk, session_of(table, seat), hand.sequence, action)
    raise AssertionError("the hand did not end")


CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z])")
FACE = re.compile(r">(10|[2-9JQKA])<small>([♣♦♥♠])</small>")
TEXT_FACE = re.compile(r"(?<![A-Za-z0-9])(10|[2-9JQKA])([♣♦♥♠])")  # "Q♠" in a line of text
SUITS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
# Invites, session keys and CSRF tokens are long random runs like "Jd5lMMzf-e-bqKm3eD31_Q";
# no card is ever written inside one, but a run can start with what reads as a card.
TOKEN = re.compile(r"[A-Za-z0-9_-]{20,}")  # invites 22, keys 32, CSRF 64 characters


def cards_in(payload: str) -> set[str]:
    """Every card a payload names, however it is written (data attributes, faces, or a
    face in a line of text); random tokens (invites, keys) are not read."""
    payload = TOKEN.sub(" ", payload)
    found = set(CARD.findall(payload))
    for pattern in (FACE, TEXT_FACE):
        found |= {("T" if r == "10" else r) + SUITS[s] for r, s in pattern.findall(payload)}
    return found
