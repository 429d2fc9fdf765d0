"""Hand history: what a reviewer may know of a finished hand, any step of it, its text log.

A reviewer sees their own cards, every card that was ever face up, and every hand shown
at the showdown; with ``show_all`` (the host opened the history) every card. A card is
shown at a seat only as that seat's hand showed it: a folded card reshuffled and dealt
to the reviewer stays hidden in the hand that folded it.

>>> from games.rules.document import new_document
>>> from games.rules.config import HandConfig
>>> import random
>>> doc = new_document(HandConfig("levys", ante=1), [(1, "Ann", 50), (2, "Bob", 50)], 1,
...                    random.Random(1))
>>> doc["actions"] = [{"seat": 2, "type": "bet", "to": 2}, {"seat": 1, "type": "fold"}]
>>> review(doc, 2, seat=None)["seats"][0]["cards"]
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


def seen_cards(document: dict, seat: int | None, show_all: bool = False) -> dict[int, set[str]]:
    """For each seat dealt in, the cards ``seat`` may see in that seat's hand: all of
    their own, any card while it was face up there, a hand shown down; all with
    ``show_all``."""
    seen: dict[int, set[str]] = {s["seat"]: set() for s in document["seats"]}
    for hand in _steps(document):
        for s, p in hand.players.items():
            whole = show_all or s == seat or (hand.showdown and not p.folded)
            seen[s] |= {str(c) for c, up in zip(p.cards, p.up, strict=True) if whole or up}
    return seen


def names_of(document: dict) -> dict[int, str]:
    return {s["seat"]: s.get("name") or f"Seat {s['seat']}" for s in document["seats"]}


STAND_IN = {"clock": " (clock)", "host": " (host, for {who})"}


def describe_action(
    action: dict, before: Hand, names: dict[int, str], private: bool = False
) -> str:
    """One action in words, with its limits at the time for a bet or raise; marked when
    the clock or the host acted for an absent player. ``private``: the reviewer may see
    what the action hid (their own, or every card once the history is open): the
    discards, the reveal order, the card replaced, the declaration."""
    who = names.get(action["seat"], f"Seat {action['seat']}")
    stand_in = STAND_IN.get(action.get("by") or "", "").format(who=who)
    return _action_words(action, before, who, private) + stand_in


def _action_words(action: dict, before: Hand, who: str, private: bool) -> str:
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
        discards = action.get("discard", [])
        if not discards:
            return f"{who} stands pat"
        shown = f": discards {' '.join(discards)}" if private else ""
        return f"{who} draws {len(discards)}{shown}"
    if private and kind == "arrange":
        return f"{who} sets a reveal order: {' '.join(action.get('order', []))}"
    if private and kind == "replace":
        return f"{who} replaces {action.get('card')}"
    if private and kind == "declare":
        return f"{who} declares {str(action.get('declaration', '')).title()}"
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


STEP_NAMES = {
    "draw": "The draw",
    "lock": "The draw",
    "one-up": "The draw: one up",
    "arrange": "Reveal order",
    "replace": "Replace one",
    "declare": "Declaration",
}


def part_of_hand(hand: Hand) -> str:
    """The part of the hand it is at: the betting round's name, or the step's."""
    if hand.step in STEP_NAMES:
        return STEP_NAMES[hand.step]
    return hand.street or hand.step


def award_text(award: dict, name: str) -> str:
    """One award in words: "Bob wins 22 (Main pot): everyone else folded"."""
    if not award["amount"]:
        return f"{name}: {award['reason']}"
    where = [award["pot"]] if award.get("pot") else []
    if award["half"] not in ("whole", "none"):
        where.append(f"{award['half']} half")
    text = f"{name} wins {award['amount']}"
    text += f" ({', '.join(where)})" if where else ""
    text += f" with {award['hand']}" if award.get("hand") else ""
    return f"{text}: {award['reason']}" if award.get("reason") else text


def review(document: dict, step: int, seat: int | None, show_all: bool = False) -> dict:
    """The hand after ``step`` actions, as the reviewer may see it; ``street`` names the
    part of the hand that step's action was taken in."""
    total = len(document["actions"])
    step = max(0, min(step, total))
    hand = replay(document, upto=step)
    names = names_of(document)
    seen = seen_cards(document, seat, show_all)
    final = replay(document)
    revealed = {s: p.declaration for s, p in final.players.items() if p.declared}
    action, street = None, part_of_hand(hand)
    if step:
        taken = document["actions"][step - 1]
        before = replay(document, step - 1)
        private = show_all or taken["seat"] == seat
        action = describe_action(taken, before, names, private)
        street = part_of_hand(before)
    awards = final.result()["awards"] if hand.finished else []
    return {
        "step": step,
        "total": total,
        "game_name": GAMES[hand.config.game].name,
        "street": street,
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
                "cards": [str(c) if str(c) in seen[s] else None for c in _held(p)],
                "up": list(p.mucked_up if p.folded else p.up),
                "declaration": revealed.get(s) if (p.declared or hand.finished) else None,
            }
            for s, p in sorted(hand.players.items())
        ],
        "awards": [{**a, "text": award_text(a, names[a["seat"]])} for a in awards],
        "showdown": hand.showdown,
        "finished": hand.finished,
    }


def _held(player) -> list:
    """The cards a seat holds, or the hand it folded (now in the muck)."""
    return player.mucked if player.folded else player.cards


def text_log(
    document: dict, seat: int | None, title: str = "", show_all: bool = False
) -> list[str]:
    """The hand in the usual hand-history style, one line per event, as the reviewer may
    see it: their own discards, draws and reveal order too (everyone's with ``show_all``)."""
    names = names_of(document)
    seen = seen_cards(document, seat, show_all)
    first = replay(document, upto=0)
    lines = [f"{title or 'Hand'}: {GAMES[first.config.game].name}, {stakes_text(first.config)}"]
    for s in sorted(first.players):
        p = first.players[s]
        button = " (button)" if s == first.button else ""
        lines.append(f"Seat {s}: {names[s]} ({p.starting_stack} in chips){button}")
    log = _LogWriter(lines, names)
    for event in first.log:
        if event["event"] == "deal":
            for s in first.order:
                shown = [str(c) for c in first.players[s].cards if str(c) in seen[s]]
                if shown:
                    lines.append(f"Dealt to {names[s]}: {' '.join(shown)}")
        else:
            log.write(event)
    before = first
    for k, action in enumerate(document["actions"], start=1):
        private = show_all or action["seat"] == seat
        lines.append(describe_action(action, before, names, private))
        after = replay(document, upto=k)
        for event in after.log[len(before.log) :]:
            log.write(event)
        for s in after.players if show_all else [seat] if seat in after.players else []:
            lines += _new_cards(before, after, s, names)
        before = after
    for award in before.result()["awards"]:
        lines.append(award_text(award, names[award["seat"]]))
    return lines


def stakes_text(config) -> str:
    """The structure, forced bets and caps: "half-pot-limit, ante 1, raise cap 3"."""
    rules = config.betting_rules()
    parts = [config.structure]
    if config.structure == "fixed-limit":
        parts[0] += f" {rules.small_bet}/{rules.big_bet}"
    for key, label in (("ante", "ante"), ("small_blind", "small blind"),
                       ("big_blind", "big blind")):  # fmt: skip
        if getattr(config, key):
            parts.append(f"{label} {getattr(config, key)}")
    if config.raise_cap is not None:
        lifted = "lifted heads-up" if config.cap_lifts_heads_up else "also heads-up"
        parts.append(f"raise cap {config.raise_cap} ({lifted})")
    if config.stake_cap is not None:
        parts.append(f"stake cap {config.stake_cap}")
    if config.game != "sviten":
        parts.append(f"{config.low} low")
    if config.game == "high-low-declare":
        parts.append("declared in turn" if config.declare == "vocal" else "chips in fist")
    return ", ".join(parts)


def _new_cards(before: Hand, after: Hand, seat: int, names: dict[int, str]) -> list[str]:
    """The cards ``seat`` was dealt by this action, when not dealt face up for all to see."""
    old, new = before.players[seat], after.players[seat]
    if new.folded:
        return []
    dealt = [(c, up) for c, up in zip(new.cards, new.up, strict=True) if c not in old.cards]
    if not dealt or all(up for _, up in dealt):
        return []
    return [f"Dealt to {names[seat]}: {' '.join(str(c) for c, _ in dealt)}"]


class _LogWriter:
    """Writes the hand's public events as lines; a header is not repeated."""

    def __init__(self, lines: list[str], names: dict[int, str]) -> None:
        self.lines, self.names, self.header = lines, names, ""

    def write(self, event: dict) -> None:
        if event["event"] in ("betting round", "board"):
            name = event["name"].upper()
            if event["event"] == "betting round" and name == self.header:
                return  # the board's header already opened this round
            self.header = name
        line = _event_line(event, self.names)
        if line:
            self.lines.append(line)


POSTS = {"ante": "the ante", "small blind": "the small blind", "big blind": "the big blind"}


def _event_line(event: dict, names: dict[int, str]) -> str | None:
    kind = event["event"]
    if kind in POSTS:
        return f"{names[event['seat']]} posts {POSTS[kind]} {event['amount']}"
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
