"""Hints: a line for each step of each game, for the player to act (what is asked, and
why) and for everyone else (what the table waits for), and a player's own cards in words.

Built from one seat's view only (games.rules.view), so a hint can tell nobody anything
their seat may not see.

>>> from games.rules.document import new_document, replay
>>> from games.rules.config import HandConfig
>>> from games.rules.view import view
>>> doc = new_document(HandConfig("levys", ante=1), [(1, "Ann", 100), (2, "Bo", 100)], 2)
>>> hint_for_others(view(replay(doc)))
''
"""

from __future__ import annotations

import re

from games.rules.cards import face, parse_card
from games.rules.hand import PROGRAMS
from games.rules.names import listed
from games.rules.values import LOW_VALUES, high_value, omaha_so_far

FOR_THE_ACTOR = {  # why, beside the controls' own what
    "draw": "You get as many new cards as you throw away; throw none away to stand pat.",
    "lock": "Your choice is locked once made; new cards come when everyone has chosen. If "
    "you throw away exactly one card, the next card is shown to all: you take it or get the "
    "one after it face down.",
    "arrange": "Your first card turns up as soon as everyone has locked an order; your "
    "last stays hidden until the showdown, so make it the card you most want hidden.",
    "replace": "An up card's replacement comes up; the hole card's comes down.",
    "one-up": "One up: this card is shown to all. Take it, or decline it and get the next "
    "card face down; the shown card is dead.",
}
BOTH_OR_NOTHING = (  # RULES.md §1, Declarations: a pot nobody is left in goes as undeclared
    "or win nothing (unless every declarer fails at Both: then as if nobody had declared)."
)
LOW_SPOILED = {  # the low the hand plays, at the choice it counts for
    "ace-to-six": " Ace-to-six low: a straight or a flush spoils a low.",
    "ace-to-five": " Ace-to-five low: straights and flushes do not count, so 5-4-3-2-A is best.",
}
DECLARE_FOR_THE_ACTOR = {  # (the buttons' line says chips in fist are secret till all chose)
    "chips": "Chips in fist: High, Low or Both.",
    "vocal": "Declare High, Low or Both, out loud: everyone hears it.",
}
BOTH_TO_WIN = f" Declaring Both, you must win both ways outright, {BOTH_OR_NOTHING}"
BETTING_FOR_THE_ACTOR = {  # the structure's rule, which the buttons' sizes follow
    "pot-limit": "Pot-limit: raise by at most the pot after your call.",
    "half-pot-limit": "Half-pot-limit: raise by at most half the pot after your call, "
    "rounded down.",
    "fixed-limit": "Fixed-limit: every bet and raise is {bet_size} this round.",
    "no-limit": "No-limit: bet up to your whole stack.",
}
OPENING_FOR_THE_ACTOR = {  # the same, with no bet to call yet
    **BETTING_FOR_THE_ACTOR,
    "pot-limit": "Pot-limit: bet at most the pot, or the minimum bet where that is more.",
    "half-pot-limit": "Half-pot-limit: bet at most half the pot, or the minimum bet where "
    "that is more.",
}
NOTHING_TO_SIZE = {  # no bet or raise open (a cap, or a short all-in): the buttons say why
    "call": "Only a call or a fold is open to you.",
    "check": "Only a check is open to you.",
    "capped": "The stake cap ({stake_cap} from a player in a hand) leaves you only a call or "
    "a fold.",
}
LEVYS_BETTING = "Each round, the best hand showing acts first."
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth"}
NEXT_WORDS = {  # a step of a game's program (games.rules.hand.PROGRAMS) in a learner's words
    "draw": "the draw",
    "arrange": "you set the order your cards turn up",
    "reveal": "everyone's {} card turns up",
    "replace": "each player may replace one card",
    "lock": "the draw (exchange 0 to 5 cards; exchange exactly one and the next card is "
    "shown to all)",
    "board": {"Flop": "the flop, three cards on the board", "Turn": "the turn",
              "River": "the river, the last board card"},
    "declare": "everyone declares",
    "showdown": "the showdown",
}  # fmt: skip


def hint_for_actor(seen: dict) -> str:
    """What the player to act is asked, and why, at this step (``seen``: their view)."""
    step = seen["step"]
    if step == "declare":
        way = DECLARE_FOR_THE_ACTOR[seen["stakes"]["declare"] or "chips"]
        low = LOW_SPOILED.get(seen["stakes"].get("low") or "", "")
        return way + low + BOTH_TO_WIN  # (the low first: a hint cut to its first lines has it)
    line = FOR_THE_ACTOR.get(step, "")
    if step == "betting":
        kinds = set(seen["legal"]["kinds"])
        rules = OPENING_FOR_THE_ACTOR if "bet" in kinds else BETTING_FOR_THE_ACTOR
        line = rules.get(seen["stakes"]["structure"], "").format(**seen["legal"])
        if not {"bet", "raise"} & kinds:
            line = NOTHING_TO_SIZE["call" if "call" in kinds else "check"]
            legal = seen["legal"]
            called = legal["bet_already"] + legal["call"]  # (a short stack's all-in is no cap)
            if "call" in kinds and called == legal["cap_to"] < legal["all_in_to"]:
                line = NOTHING_TO_SIZE["capped"].format(**seen["stakes"])  # (not the raises)
        if seen["stakes"]["stake_cap"] is not None and line.endswith("stack."):
            line = line.replace("stack.", "stack, or to the stake cap.")
    if (
        step == "betting"
        and seen["game"] == "levys"
        and any(card["up"] for s in seen["seats"] for card in s["cards"])
        and not any(s["bet"] for s in seen["seats"])  # (until someone bets)
    ):
        line = f"{LEVYS_BETTING} {line}".strip()
    return line


def what_next(seen: dict) -> str:
    """For the player to bet, where this round leads, read from the game's program up to
    its next round: "Next: the flop, three cards on the board."; else ""."""
    if seen["step"] != "betting":
        return ""
    program = PROGRAMS[seen["game"]]
    at = next(i for i, s in enumerate(program) if s[0] == "bet" and s[1] == seen["street"])
    said = []
    for step in program[at + 1 :]:
        if step[0] == "bet":
            break
        words = NEXT_WORDS.get(step[0], "")
        if step[0] == "reveal":
            words = words.format(ORDINALS[step[1]])
        elif step[0] == "board":
            words = words[step[2]]
        said += [words] if words else []
    return f"Next: {', then '.join(said)}." if said else ""


def hint_for_others(seen: dict, names: dict[int, str] | None = None) -> str:
    """What the table is waiting for, for everyone but the player to act."""
    names = names or {s["seat"]: s["name"] for s in seen["seats"]}
    actors = [names.get(s, f"seat {s}") for s in seen["actors"]]
    who = listed(actors)
    is_ = "is" if len(actors) == 1 else "are"
    step = seen["step"]
    if not actors or step == "betting":
        return ""  # the step line names who bets
    if step == "draw":
        return f"{who} {is_} choosing the cards to throw away."
    if step == "lock":
        return f"{who} {is_} choosing the cards to exchange; exactly one means a one-up."
    if step == "arrange":
        return f"{who} {is_} choosing the order the cards will be turned up; nobody sees it."
    if step == "replace":
        return f"{who} may replace one card: an up card's replacement comes up."
    if step == "one-up" and seen["one_up"]:
        return (f"{who} is shown the {face(seen['one_up']['card'])}: take it, or decline it "
                "for the next card face down.")  # fmt: skip
    if step == "declare":
        if seen["stakes"]["declare"] == "vocal":
            return f"{who} declares next, out loud."
        return "The fists open together once everyone has declared."  # (the seats yet
    return ""  # to declare say "to act")


def hand_in_words(cards: list[str], board: list[str], game: str, low: str | None) -> str:
    """What a player's five cards make now: the high hand and, in the split games, the
    low; in Sviten Special the five held (the draw half) and, once the board is out, the
    best Omaha hand with it (the Omaha half).

    >>> hand_in_words(["Kd", "Kh", "5c", "5s", "9d"], [], "levys", "ace-to-five")
    'Two pair, kings and fives · K-K-5-5-9 low, paired'
    >>> hand_in_words(["8c", "6d", "5h", "3s", "2c"], [], "high-low-declare", "ace-to-six")
    'Eight high · 8-6-5-3-2 low'
    >>> hand_in_words(["6c", "5d", "4h", "3s", "2c"], [], "high-low-declare", "ace-to-six")
    'Straight, six high · 6-5-4-3-2 low, a straight'
    """
    if len(cards) != 5 or None in cards:
        return ""
    held = [parse_card(c) for c in cards]
    high = high_value(held).name
    if game != "sviten":
        return f"{high} · {low_in_words(LOW_VALUES[low or 'ace-to-five'](held).name)}"
    shared = [parse_card(c) for c in board]  # each half by the name the results give it
    if len(shared) < 3:
        return f"five-card: {high}"
    return f"Omaha: {omaha_so_far(held, shared).name} · five-card: {high}"  # (as at a showdown)


SPOILT_LOW = re.compile(r"([A-Z][A-Za-z ,]*?) \(([0-9AKQJ-]+)\) low")


def low_in_words(text: str) -> str:
    """Each low named in ``text`` as every line at the table says a low: '8-6-5-3-2 low',
    'K-K-5-5-9 low, paired'.

    >>> low_in_words("Two pair, kings and fives (K-K-5-5-9) low")
    'K-K-5-5-9 low, paired'
    >>> low_in_words("Eight high; Pair of aces (A-A-9-8-2) low")
    'Eight high; A-A-9-8-2 low, paired'
    >>> low_in_words("Three tens (10-10-10-3-2) low")
    '10-10-10-3-2 low, three of a kind'
    """
    return SPOILT_LOW.sub(lambda m: f"{m[2]} low, {_spoilt_by(m[1])}", text)


def _spoilt_by(spoiler: str) -> str:
    """What spoils a low, in a word: its pairs (two pair, trips, a full house...) or its
    straight or flush, which count against a low in ace-to-six."""
    for kind in ("Straight flush", "Flush", "Straight", "Full house"):
        if spoiler.startswith(kind):
            return f"a {kind.lower()}"
    if spoiler.startswith(("Three ", "Four ")):  # "Three tens": 10-10-10-3-2 is no pair
        return f"{spoiler.split()[0].lower()} of a kind"
    return "paired"
