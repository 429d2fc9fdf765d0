"""Hands played to order through the services, for tests that need exact results."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games import services, state
from tests.web.helpers import session_of


def deal(table) -> None:
    """Deal the next hand now (past the pause after the last one)."""
    services.set_dealing(table.pk, True, now=timezone.now() + timedelta(minutes=1))
    assert state.current_hand(table) is not None, "no hand was dealt"


def pay(table, loser: int, winner: int, chips: int) -> None:
    """Deal a heads-up hand in which seat ``loser`` loses exactly ``chips`` to ``winner``:
    after the ante of 1, ``loser`` bets ``chips - 1``, ``winner`` raises and ``loser``
    folds (the raise comes back uncalled). Needs a no-limit table with an ante of 1."""
    deal(table)
    while (hand := state.current_hand(table)) is not None:
        engine = state.load_engine(hand)
        seat = engine.actors()[0]
        legal = engine.legal_actions(seat)
        if seat == loser:
            action = {"type": "fold"} if legal["call"] else {"type": "bet", "to": chips - 1}
        else:
            raising = {"type": "raise", "to": legal["min_to"]}
            action = raising if legal["call"] else {"type": "check"}
        services.act(table.pk, session_of(table, seat), hand.sequence, action)
    services.set_dealing(table.pk, False)


def fold_to(table, winner: int) -> None:
    """Play the hand in progress out: ``winner`` bets the least, everyone else folds."""
    while (hand := state.current_hand(table)) is not None:
        engine = state.load_engine(hand)
        seat = engine.actors()[0]
        legal = engine.legal_actions(seat)
        if seat == winner:
            betting = "bet" in legal["kinds"]
            action = {"type": "bet", "to": legal["min_to"]} if betting else {"type": "check"}
        else:
            action = {"type": "fold"} if legal["call"] else {"type": "check"}
        services.act(table.pk, session_of(table, seat), hand.sequence, action)


def fold_around(table) -> None:
    """Play the hand in progress out at once: the first who may bet bets the least, and
    everyone who faces a bet folds."""
    while (hand := state.current_hand(table)) is not None:
        engine = state.load_engine(hand)
        seat = engine.actors()[0]
        legal = engine.legal_actions(seat)
        action = ({"type": "fold"} if legal["call"]
                  else {"type": "bet", "to": legal["min_to"]} if "bet" in legal["kinds"]
                  else {"type": "check"})  # fmt: skip
        services.act(table.pk, session_of(table, seat), hand.sequence, action)
