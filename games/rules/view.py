"""What one viewer may see of a hand now: the only thing the web app renders from.

A seat sees its own cards, everyone's up cards, the board, the pots, whose turn it is and
its own legal actions; for secret steps only who has committed, never what; and at the
showdown every live hand. A spectator (``seat=None``) sees the public part only.
"""

from __future__ import annotations

from games.rules.catalog import GAMES
from games.rules.hand import Hand
from games.rules.pots import build_pots


def _declarations_public(hand: Hand) -> bool:
    return hand.config.declare == "vocal" or any(e["event"] == "declarations" for e in hand.log)


def _seat_view(hand: Hand, seat: int, me: int | None, actors: list[int]) -> dict:
    p = hand.players[seat]
    shown_down = hand.showdown and not p.folded
    cards = [
        {"card": str(c) if (seat == me or up or shown_down) else None, "up": up}
        for c, up in zip(p.cards, p.up, strict=True)
    ]
    declaration = p.declaration if (seat == me or _declarations_public(hand)) else None
    entry = {
        "seat": seat,
        "name": p.name,
        "stack": p.stack,
        "bet": p.bet,
        "in_pot": p.contributed,
        "folded": p.folded,
        "all_in": not p.folded and p.room(hand.rules.stake_cap) == 0,
        "button": seat == hand.button,
        "cards": cards,
        "drew": p.drew,
        "arranged": p.arranged,
        "declared": p.declared,
        "declaration": declaration,
        "to_act": seat in actors,
    }
    if seat == me and p.locked is not None and hand.step == "lock":
        entry["locked"] = [str(c) for c in p.locked]
    return entry


def view(hand: Hand, seat: int | None = None) -> dict:
    """A JSON-ready dict of what ``seat`` (or a spectator, with None) may see now."""
    me = seat if seat in hand.players else None
    actors = hand.actors()
    pots = build_pots(
        {s: p.contributed for s, p in hand.players.items()},
        {s for s, p in hand.players.items() if p.folded},
    )
    result = {
        "game": hand.config.game,
        "game_name": GAMES[hand.config.game].name,
        "structure": hand.config.structure,
        "step": hand.step,
        "street": hand.street,
        "sequence": hand.sequence,
        "button": hand.button,
        "board": [str(c) for c in hand.board],
        "pot": hand.pot,
        "pots": [{"name": p.name, "amount": p.amount} for p in pots],
        "seats": [_seat_view(hand, s, me, actors) for s in sorted(hand.players)],
        "actors": actors,
        "you": me,
        "legal": hand.legal_actions(me) if me in actors else None,
        "one_up": None,
        "log": [dict(e) for e in hand.log],
        "finished": hand.finished,
        "awards": [],
    }
    if hand.step == "one-up" and hand.one_up is not None:
        result["one_up"] = {"seat": hand.to_act, "card": str(hand.one_up)}
    if hand.finished:
        result["awards"] = hand.result()["awards"]
    return result
