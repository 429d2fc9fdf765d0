"""What one viewer may see of a hand now: the only thing the web app renders from.

A seat sees its own cards, everyone's up cards, the board, the pots, whose turn it is and
its own legal actions; for secret steps only who has committed, never what; and at the
showdown every live hand. A spectator (``seat=None``) sees the public part only.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from games.rules.catalog import GAMES
from games.rules.config import HandConfig
from games.rules.hand import Hand
from games.rules.hints import low_in_words
from games.rules.names import listed
from games.rules.pots import build_pots, pots_in_play
from games.rules.values import LOW_VALUES, high_value, omaha_value


def _declarations_public(hand: Hand) -> bool:
    return hand.config.declare == "vocal" or any(e["event"] == "declarations" for e in hand.log)


def _seat_view(hand: Hand, seat: int, me: int | None, actors: list[int], open_fists: bool) -> dict:
    """One seat as ``me`` sees it; ``open_fists``: whether declarations are public now."""
    p = hand.players[seat]
    shown_down = hand.showdown and not p.folded
    cards = [
        {"card": str(c) if (seat == me or up or shown_down) else None, "up": up}
        for c, up in zip(p.cards, p.up, strict=True)
    ]
    if seat == me:  # its own: which cards it just got; once folded, that hand until a
        # reshuffle (public) may deal it again: where its cards went after is not its to see
        # Sviten: the cards it threw away, while their replacements are still to come
        thrown = set(p.locked or []) if hand.awaits_cards(seat) else set()
        for entry, c in zip(cards, p.cards, strict=True):
            if c in p.fresh and not hand.finished:
                entry["new"] = True
            if c in thrown:
                entry["thrown"] = True
        if p.folded and p.mucked_at == hand.deck.reshuffles:  # (none since: not dealt again)
            cards = [{"card": str(c), "up": up, "folded": True}
                     for c, up in zip(p.mucked, p.mucked_up, strict=True)]  # fmt: skip
    declaration = p.declaration if (seat == me or open_fists) else None
    entry = {
        "seat": seat,
        "name": p.name,
        "stack": p.stack,
        "bet": p.bet,
        "in_pot": p.contributed,
        "folded": p.folded,
        **spent(hand, seat),
        "button": seat == hand.button,
        "cards": cards,
        "drew": p.drew,
        "awaits_cards": hand.awaits_cards(seat),  # (public: the cards come face down)
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
    return _view(hand, seat, _public(hand))


def views(hand: Hand) -> dict[int | None, dict]:
    """``view`` for every seat of the hand and for a spectator (key None), worked out
    together: the parts everyone sees alike are made once and shared (do not mutate them).

    >>> from games.rules.document import new_document, replay
    >>> from games.rules.config import HandConfig
    >>> doc = new_document(HandConfig("high-low-declare", structure="fixed-limit", ante=1),
    ...                    [(1, "Ann", 100), (2, "Bo", 100)], button=1)
    >>> hand = replay(doc)
    >>> all(views(hand)[s] == view(hand, s) for s in (None, 1, 2))
    True
    """
    public = _public(hand)
    return {seat: _view(hand, seat, public) for seat in (None, *hand.players)}


def spent(hand: Hand, seat: int) -> dict[str, bool]:
    """Whether a live seat can put in no more: ``all_in``, or ``capped`` (at the stake cap,
    with chips behind)."""
    p = hand.players[seat]
    out = not p.folded and p.room(hand.rules.stake_cap) == 0
    return {"all_in": out and p.stack == 0, "capped": out and p.stack > 0}


def pots_now(hand: Hand) -> list[dict]:
    """The pots as the table shows them now: [{"name": "Main pot", "amount": 9}, ...]."""
    contributed = {s: p.contributed for s, p in hand.players.items()}
    folded = {s for s, p in hand.players.items() if p.folded}
    if hand.finished:  # every call is in (and stacks hold what was won)
        pots = build_pots(contributed, folded)
    else:
        capped = {s for s, p in hand.players.items() if p.room(hand.rules.stake_cap) == 0}
        pots = pots_in_play(contributed, folded, capped)
    return [{"name": p.name, "amount": p.amount} for p in pots]


def pot_parts(pots: list[dict]) -> str:
    """The pot's parts where there is a side pot, as the felt says them after the pot:
    " (9 main, 2 side)", " (9 main, 2 and 6 side)"; "" for one pot. The amounts come first,
    so that "side 2" is never read as the name of a second side pot."""
    main, *sides = [p["amount"] for p in pots] or [0]
    if not sides:
        return ""
    return f" ({main} main, {listed([str(s) for s in sides])} side)"


def _public(hand: Hand) -> dict:
    actors = hand.actors()
    open_fists = _declarations_public(hand)  # the same for every seat: worked out once
    spectator = {s: _seat_view(hand, s, None, actors, open_fists) for s in sorted(hand.players)}
    return {
        "open_fists": open_fists,
        "actors": actors,
        "board": [str(c) for c in hand.board],
        "pots": pots_now(hand),
        "seats": spectator,
        "log": list(hand.log),  # as it is now; an entry never changes once logged
        "awards": hand.result()["awards"] if hand.finished else [],
        "shown_hands": shown_hands(hand),
        "beaten": beaten(hand),
    }


def _view(hand: Hand, seat: int | None, public: dict) -> dict:
    me = seat if seat in hand.players else None
    actors = public["actors"]
    seats = [
        _seat_view(hand, s, me, actors, public["open_fists"]) if s == me else entry
        for s, entry in public["seats"].items()
    ]
    result = {
        "game": hand.config.game,
        "game_name": GAMES[hand.config.game].name,
        "structure": hand.config.structure,
        "step": hand.step,
        "street": hand.street,
        "stage": stage(hand),
        "stakes": stakes(hand.config),
        "sequence": hand.sequence,
        "button": hand.button,
        "board": public["board"],
        "pot": hand.pot,
        "pots": public["pots"],
        "seats": seats,
        "actors": actors,
        "you": me,
        "legal": hand.legal_actions(me) if me in actors else None,
        "one_up": None,
        "log": public["log"],
        "finished": hand.finished,
        "awards": public["awards"],
        "shown_hands": public["shown_hands"],
        "beaten": public["beaten"],
    }
    if hand.step == "one-up" and hand.one_up is not None:
        result["one_up"] = {"seat": hand.to_act, "card": str(hand.one_up)}
    return result


BETTING_NAMES = {
    "Before the draw": "Betting before the draw",
    "After the draw": "Betting after the draw",
    "Final": "Final betting",
    "Pre-flop": "Pre-flop betting",
}


def betting_name(street: str) -> str:
    """A betting round as a player names it: 'Final betting', 'Betting on the flop'."""
    return BETTING_NAMES.get(street, f"Betting on the {street.lower()}")


def stage(hand: Hand) -> str:
    """The moment of the hand in a few words, as a player would name it.

    >>> from games.rules.document import new_document, replay
    >>> from games.rules.config import HandConfig
    >>> doc = new_document(HandConfig("levys", ante=1), [(1, "Ann", 100), (2, "Bo", 100)], 1)
    >>> stage(replay(doc))
    'Betting before the draw'
    """
    if hand.finished:
        return "Showdown" if hand.showdown else "Hand over"
    step = hand.step
    if step == "betting":
        return betting_name(hand.street)
    declaring = "chips in fist" if hand.config.declare == "chips" else "in turn"
    return {
        "draw": "The draw",
        "lock": "The draw: choosing discards",
        "one-up": "The draw: one up",
        "arrange": "Arranging the reveal order",
        "replace": "Replace one",
        "declare": f"Declaring, {declaring}",
    }.get(step, step)


def stakes(config: HandConfig) -> dict:
    """The settings a hand is played with, as the table shows them (the table's own may
    have changed since the deal)."""
    rules = config.betting_rules()
    fixed = config.structure == "fixed-limit"
    declares = GAMES[config.game].default_low is not None  # the hi-lo declare games
    return {
        "game": config.game,
        "structure": config.structure,
        "ante": config.ante,
        "small_blind": config.small_blind,
        "big_blind": config.big_blind,
        "small_bet": rules.small_bet if fixed else None,
        "big_bet": rules.big_bet if fixed else None,
        "raise_cap": rules.raise_cap,
        "stake_cap": rules.stake_cap,
        "declare": config.declare if declares else None,
        "low": config.low if declares else None,
    }


def shown_hands(hand: Hand) -> dict[int, str]:
    """At the showdown, what each live hand makes, by the split the game plays: both of
    Sviten's halves; in a declare game what the player declared for (both ways for Both).
    Every live hand is shown to all then, so this is public."""
    if not hand.showdown:
        return {}
    named = {}
    for seat in hand.live():
        cards = hand.players[seat].cards
        high = high_value(cards).name
        if hand.config.game == "sviten":
            named[seat] = f"Omaha: {omaha_value(cards, hand.board).name} · five-card: {high}"
            continue
        low = low_in_words(LOW_VALUES[hand.config.low](cards).name)  # "9-9-9-K-2 low, paired"
        declared = hand.players[seat].declaration or "high"
        named[seat] = {"high": high, "low": low, "both": f"{high} · {low}"}[declared]
    return named


def beaten(hand: Hand) -> dict[int, dict[str, list[int]]]:
    """At the showdown, each live hand with no award at all (a Both declarer always has
    one, saying why it won nothing): the halves it went for (both of Sviten's, in a
    declare game the one declared), each with the seats that took it from the main pot,
    e.g. ``{2: {"low": [3]}}``."""
    if not hand.showdown:
        return {}
    told = {a.seat for a in hand.awards}
    main = [a for a in hand.awards if a.pot == 0 and a.amount]
    sviten = hand.config.game == "sviten"
    return {
        seat: {
            way: sorted({a.seat for a in main if a.half in (way, "whole")})
            for way in (
                ("omaha", "draw") if sviten else (hand.players[seat].declaration or "high",)
            )
        }
        for seat in hand.live()
        if seat not in told
    }


HALVES = {"high": "high half", "low": "low half", "omaha": "Omaha half", "draw": "five-card half"}


def got_back(document: dict, result: dict) -> set[int]:
    """The seats of a finished hand (its ``document`` and ``result``) that won chips and
    ended with the stack they began with: they won only their own back."""
    began = {s["seat"]: s["stack"] for s in document["seats"]}
    ended = result.get("stacks", {})  # (none for a voided hand: nothing won)
    won = {a["seat"] for a in result.get("awards", []) if a["amount"]}
    return {seat for seat in won if ended.get(str(seat)) == began.get(seat)}


def winning(seat: int | None, back: Collection[int]) -> str:
    """How a seat's winnings are said: "gets back" for a seat in ``back`` (``got_back``:
    it won only its own chips back), otherwise "wins"."""
    return "gets back" if seat in back else "wins"


def paid(award: dict) -> bool:
    """Whether an award is a winner's: chips, or a tied winner's share of a pot too small
    to split, which the odd chip left at 0 (a failed Both declarer's is nobody's)."""
    return bool(award.get("amount")) or award.get("half") not in (None, "none")


def where_won(award: dict) -> list[str]:
    """Where an award (or an award event of the log) was won, in words: its pot (RULES.md
    §1: each award names it) and its half: ["Side pot 1", "low half"], ["Main pot"]."""
    return ([award["pot"]] if award.get("pot") else []) + (
        [HALVES[award["half"]]] if award.get("half") in HALVES else []
    )


def won_halves(awards: list[dict]) -> dict[int, str]:
    """Which half of a split pot each seat won, as the middle says it: " (high half)",
    " (Omaha half)", " (both halves)", and which pot where there are side pots: " (side pot
    1, low half)", " (main pot)"; for a seat that won parts of more than one pot, what it
    won of each, so that the sums add up: " (173 main pot, 36 side pot 1)" (the result
    below says which halves); nothing for a seat that won the only pot whole."""
    won: dict[int, set[str]] = {}
    pots: dict[int, dict[str, int]] = {}
    for award in awards:
        if award["amount"]:
            won.setdefault(award["seat"], set()).add(award["half"])
            of = pots.setdefault(award["seat"], {})
            of[award.get("pot", "")] = of.get(award.get("pot", ""), 0) + award["amount"]
    side_pots = len(set().union(*pots.values())) > 1 if pots else False
    said = {}
    for seat, halves in won.items():
        if len(pots[seat]) > 1:  # the main pot first, then the side pots in order
            each = sorted(pots[seat].items(), key=lambda p: (p[0] != "Main pot", p[0]))
            said[seat] = f" ({', '.join(f'{amount} {pot.lower()}' for pot, amount in each)})"
            continue
        pot = next(iter(pots[seat]))
        parts = [pot.lower()] if side_pots and pot else []
        if halves <= HALVES.keys():
            parts.append("both halves" if len(halves) > 1 else HALVES[next(iter(halves))])
        if parts:
            said[seat] = f" ({', '.join(parts)})"
    return said


def beaten_words(
    beaten: dict[int, dict[str, list[int]]], names: dict[int, str], short: bool = False
) -> dict[int, str]:
    """Why each hand in ``beaten`` (as ``beaten`` gives it) won nothing, in words:
    "beaten for low by Cat", "beaten for the Omaha half by Ann and for the five-card half
    by Ann and Bob", "beaten for both halves by Ann"; ``short``, for a seat (a phone's is
    narrow), names who beat its halves once each without which: "beaten by Ann and Bob"."""

    def by(seats: list[int]) -> str:
        return f" by {listed([names.get(s, '') for s in seats])}" if seats else ""

    def way(half: str, seats: list[int]) -> str:
        return (half if half in ("high", "low") else f"the {HALVES[half]}") + by(seats)

    def said(ways: dict[str, list[int]]) -> str:
        if len(ways) == 2 and len({frozenset(s) for s in ways.values()}) == 1:  # the same seats
            return "beaten for both halves" + by(next(iter(ways.values())))
        if short and len(ways) == 2:
            seats = [s for h in HALVES if h in ways for s in ways[h]]
            return "beaten" + by(list(dict.fromkeys(seats)))
        # the halves in one order, however they were kept (PostgreSQL's JSON sorts keys)
        return "beaten for " + " and for ".join(way(h, ways[h]) for h in HALVES if h in ways)

    return {seat: said(ways) for seat, ways in beaten.items()}


FAILED_BOTH = re.compile(r"(Both declarer (?:beaten|tied)) for (high|low)((?:: wins nothing)?)")


def lost_words(why: str) -> str:
    """A seat's own word for its hand shown that won nothing, from the reason the result
    gives whole: "Beaten for low by Cat"; a Both declarer's says that Both failed, which
    is why its other half won nothing too: "Both failed: tied for high with Ann"; a
    beaten hand's words come short (``beaten_words``): "Beaten by Ann and Bob"."""
    if why.startswith("Both declarer "):
        return "Both failed: " + why.removeprefix("Both declarer ").removesuffix(": wins nothing")
    return why[:1].upper() + why[1:]


def named_reason(award: dict, names: dict[int, str]) -> str:
    """An award's reason; a failed Both declarer's names who beat or tied it the way it
    failed: "Both declarer beaten for low by Cat: wins nothing"."""
    reason = award.get("reason", "")
    failed = FAILED_BOTH.fullmatch(reason)
    if not (failed and award.get("by")):
        return reason
    by = "with" if "tied" in failed[1] else "by"
    who = listed([names.get(s, f"seat {s}") for s in award["by"]])
    return f"{failed[1]} for {failed[2]} {by} {who}{failed[3]}"


STEP_WORDS = {
    "betting": {"fold": "Fold", "check": "Check", "call": "Call", "bet": "Bet {amount}",
                "raise": "Raise to {amount}"},
    "arrange": {"arranged": "Order set"},
    "replace": {"keep": "Kept", "replace": "Replaced"},
    "one-up": {"take": "Took it", "decline": "Declined"},
    "declare": {"declared": "Declared", "declare": "Declared {declaration}", "fold": "Fold"},
}  # fmt: skip
STEP_OPENERS = {"betting round", "reveal", "board", "deal", "one up", "declarations", "draw",
                "lock"}  # fmt: skip


def taken_for(log: list[dict], kinds: tuple[str, ...]) -> dict[int, str]:
    """The seats whose action of one of ``kinds`` (its fold, its draw) the host or the
    clock took for them, and which: {2: "host"}, so that the seat can say so."""
    return {e["seat"]: e["by"] for e in log
            if e["event"] in kinds and e.get("by") in ("host", "clock")}  # fmt: skip


def last_actions(log: list[dict], step: str) -> dict[int, str]:
    """Each seat's last action in the step being played, in a word or two (the draw is
    told by the seat's note, which stays), and who took it when the player did not: "Fold
    (host)", "Check (clock)"."""
    words = STEP_WORDS.get(step, {})
    said: dict[int, str] = {}
    for event in log:
        if event["event"] in STEP_OPENERS and event["event"] not in words:
            said = {}
        if event["event"] in words and event.get("seat") is not None:
            told = {"amount": "", **event, "declaration": event.get("declaration", "").title()}
            by = f" ({event['by']})" if event.get("by") in ("host", "clock") else ""
            said[event["seat"]] = words[event["event"]].format(**told) + by  # "Declared Low"
    return said
