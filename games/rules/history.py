"""Hand history: what a reviewer may know of a finished hand, any step of it, its text log.

A reviewer sees their own cards, every card that was ever face up, and every hand shown
at the showdown; with ``show_all`` (the host opened the history) every card.

>>> from games.rules.document import new_document
>>> from games.rules.config import HandConfig
>>> import random
>>> doc = new_document(HandConfig("levys", ante=1), [(1, "Ann", 50), (2, "Bob", 50)], 1,
...                    random.Random(1))
>>> doc["actions"] = [{"seat": 2, "type": "bet", "to": 2}, {"seat": 1, "type": "fold"}]
>>> review(doc, 2, seat=None, known=known_cards(doc, None))["seats"][0]["cards"]
[None, None, None, None, None]
"""

from __future__ import annotations

from games.rules.catalog import GAMES
from games.rules.document import replay
from games.rules.hand import Hand


def _steps(document: dict):
    """The hand after 0, 1, ... n actions."""
    for k in range(len(document["actions"]) + 1):
        yield replay(document, upto=k)


def known_cards(document: dict, seat: int | None, show_all: bool = False) -> set[str]:
    """Every card ``seat`` (None: anyone) may see when reviewing the finished hand."""
    if show_all:
        return {str(c) for c in document["deck"]}
    known: set[str] = set()
    for hand in _steps(document):
        known |= {str(c) for c in hand.board}
        if hand.one_up is not None:
            known.add(str(hand.one_up))
        for s, p in hand.players.items():
            known |= {str(c) for c, up in zip(p.cards, p.up, strict=True) if up}
            if s == seat or (hand.showdown and not p.folded):
                known |= {str(c) for c in p.cards}
    return known


def names_of(document: dict) -> dict[int, str]:
    return {s["seat"]: s.get("name") or f"Seat {s['seat']}" for s in document["seats"]}


def describe_action(action: dict, before: Hand, names: dict[int, str]) -> str:
    """One action in words, with its limits at the time for a bet or raise."""
    who = names.get(action["seat"], f"Seat {action['seat']}")
    kind = action["type"]
    if kind in ("bet", "raise", "call", "check", "fold") and before.step == "betting":
        legal = before.legal_actions(action["seat"])
        pot = f"pot {legal['pot']}"
        if kind in ("bet", "raise"):
            return (f"{who} {kind}s to {action['to']} ({before.config.structure}: "
                    f"{legal['min_to']} to {legal['max_to']}, {pot} before)")  # fmt: skip
        if kind == "call":
            return f"{who} calls {legal['call']} ({pot} before)"
        return f"{who} {'checks' if kind == 'check' else 'folds'}"
    if kind == "draw":
        count = len(action.get("discard", []))
        return f"{who} {'stands pat' if not count else f'draws {count}'}"
    texts = {
        "fold": f"{who} folds",
        "arrange": f"{who} sets a reveal order",
        "replace": f"{who} replaces a card",
        "keep": f"{who} keeps all five",
        "take": f"{who} takes the one-up card",
        "decline": f"{who} declines the one-up card",
        "declare": f"{who} declares",
    }
    return texts.get(kind, f"{who}: {kind}")


def review(document: dict, step: int, seat: int | None, known: set[str]) -> dict:
    """The hand after ``step`` actions, as the reviewer may see it."""
    total = len(document["actions"])
    step = max(0, min(step, total))
    hand = replay(document, upto=step)
    names = names_of(document)
    final = replay(document)
    revealed = {s: p.declaration for s, p in final.players.items() if p.declared}
    action = None
    if step:
        action = describe_action(document["actions"][step - 1], replay(document, step - 1), names)
    return {
        "step": step,
        "total": total,
        "game_name": GAMES[hand.config.game].name,
        "street": hand.street or hand.step,
        "action": action,
        "board": [str(c) for c in hand.board],
        "pot": hand.pot,
        "one_up": str(hand.one_up) if hand.one_up is not None else None,
        "seats": [
            {
                "seat": s,
                "name": names[s],
                "stack": p.stack,
                "bet": p.bet,
                "folded": p.folded,
                "button": s == hand.button,
                "me": s == seat,
                "to_act": s in hand.actors(),
                "cards": [str(c) if str(c) in known else None for c in p.cards],
                "up": list(p.up),
                "declaration": revealed.get(s) if (p.declared or hand.finished) else None,
            }
            for s, p in sorted(hand.players.items())
        ],
        "awards": final.result()["awards"] if hand.finished else [],
        "finished": hand.finished,
    }


def text_log(document: dict, seat: int | None, known: set[str], title: str = "") -> list[str]:
    """The hand in the usual hand-history style, one line per event, as the reviewer may see it."""
    names = names_of(document)
    config = document["config"]
    stakes = ", ".join(
        f"{label} {config[key]}"
        for key, label in (("ante", "ante"), ("small_blind", "small blind"),
                           ("big_blind", "big blind"))
        if config.get(key)
    )  # fmt: skip
    first = replay(document, upto=0)
    lines = [f"{title or 'Hand'}: {GAMES[config['game']].name}, {config['structure']}, {stakes}"]
    for s in sorted(first.players):
        p = first.players[s]
        button = " (button)" if s == first.button else ""
        lines.append(f"Seat {s}: {names[s]} ({p.starting_stack} in chips){button}")
    for s in first.order:
        shown = [str(c) for c in first.players[s].cards if str(c) in known]
        if shown:
            lines.append(f"Dealt to {names[s]}: {' '.join(shown)}")
    before = first
    for k, action in enumerate(document["actions"], start=1):
        lines.append(describe_action(action, before, names))
        after = replay(document, upto=k)
        for event in after.log[len(before.log) :]:
            line = _event_line(event, names)
            if line:
                lines.append(line)
        before = after
    for award in before.awards:
        if award.amount:
            half = "" if award.half == "whole" else f", {award.half} half"
            hand = f" with {award.hand}" if award.hand else ""
            lines.append(f"{names[award.seat]} wins {award.amount} ({award.pot_name}{half}){hand}:"
                         f" {award.reason}")  # fmt: skip
        else:
            lines.append(f"{names[award.seat]}: {award.reason}")
    return lines


def _event_line(event: dict, names: dict[int, str]) -> str | None:
    kind = event["event"]
    if kind == "betting round":
        return f"*** {event['name'].upper()} ***"
    if kind == "reveal":
        shown = ", ".join(f"{names[int(s)]} {c}" for s, c in event["cards"].items())
        return f"Card {event['number']} up: {shown}"
    if kind == "board":
        return f"*** {event['name'].upper()} *** [{' '.join(event['cards'])}]"
    if kind == "one up":
        return f"One up for {names[event['seat']]}: {event['card']}"
    if kind == "replace" and event.get("face_up"):
        return f"{names[event['seat']]} turns up {event['new']} for {event['card']}"
    if kind == "declarations":
        shown = ", ".join(f"{names[int(s)]} {d.title()}" for s, d in event["declarations"].items())
        return f"Declarations: {shown}"
    if kind == "declare":
        return f"{names[event['seat']]} declares {event['declaration'].title()}"
    if kind == "showdown":
        return "*** SHOWDOWN *** " + "; ".join(
            f"{names[int(s)]} shows {' '.join(cards)}" for s, cards in event["hands"].items()
        )
    if kind == "reshuffle":
        return "The stub ran out: the muck is reshuffled"
    if kind == "uncalled":
        return f"{event['amount']} uncalled returned to {names[event['seat']]}"
    return None
