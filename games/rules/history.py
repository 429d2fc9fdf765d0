"""Hand history: what a reviewer may know of a finished hand, any step of it, its text log.

At every step a reviewer sees each card the table showed them by the hand's end, card by
dealt card, at every step the hand that held it held it: their own cards, a card face
up at some step in that hand, and a hand shown at the showdown; one not seen yet at that
step is marked ``later`` (drawn grey). A declaration shows as the live view showed it.
A card reshuffled and dealt again is a new card in the hand it comes to, so a folded
hand stays hidden wherever its cards go. With ``show_all`` (the host opened the history)
everything.

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

from collections.abc import Iterator

from games.rules.bots import choose, moment_rng
from games.rules.cards import Card, faces, faces_named, marked
from games.rules.catalog import GAMES
from games.rules.document import ReplayError, replay, start_hand
from games.rules.errors import RulesError
from games.rules.hand import Hand, Player
from games.rules.hints import low_in_words
from games.rules.names import listed
from games.rules.view import (
    beaten,
    beaten_words,
    got_back,
    lost_words,
    named_reason,
    paid,
    pot_parts,
    pots_now,
    shown_hands,
    spent,
    view,
    where_won,
    winning,
    won_halves,
)


def held_cards(player: Player) -> list[Card]:
    """The cards a seat holds, or the hand it folded (now in the muck)."""
    return player.mucked if player.folded else player.cards


def _replayed(document: dict) -> Iterator[Hand]:
    """The hand after 0, 1, ... n actions: one hand, replayed once, changed between yields."""
    hand = start_hand(document)
    yield hand
    for i, action in enumerate(document["actions"]):
        try:
            hand.apply(action)
        except RulesError as error:
            raise ReplayError(i, action, error) from error
        yield hand


class _Sightings:
    """Every dealt card, one by one: which hand held it from which step to which, when it
    was first face up there, and whether that hand showed it down."""

    def __init__(self) -> None:
        self.held: list[dict[int, list[tuple[Card, int]]]] = []  # (card, step it came)
        self.first_up: dict[tuple[int, Card, int], int] = {}
        self.shown_down: set[tuple[int, Card, int]] = set()
        self.showdown_at: int | None = None  # the step the hands were shown down at

    def note(self, hand: Hand) -> None:
        """Add the hand as it is after one more action (the deal first)."""
        k = len(self.held)
        before = self.held[-1] if self.held else {}
        now = {}
        for s, p in hand.players.items():
            came = dict(before.get(s, ()))
            now[s] = [(c, came.get(c, k)) for c in held_cards(p)]
            up = p.mucked_up if p.folded else p.up
            for instance, face_up in zip(now[s], up, strict=True):
                if face_up:
                    self.first_up.setdefault((s, *instance), k)
        self.held.append(now)
        if hand.showdown:
            live = [s for s, p in hand.players.items() if not p.folded]
            self.shown_down = {(s, *instance) for s in live for instance in now[s]}
            self.showdown_at = k if self.showdown_at is None else self.showdown_at

    def at(self, step: int, seat: int | None, show_all: bool) -> dict[int, list[str | None]]:
        """Each seat's cards after ``step`` actions as ``seat`` may see them (None: not),
        once every step of the hand has been noted: a card seen at any step shows at all."""
        return {
            s: [str(c) if show_all or self.seen_from((s, c, came), seat) is not None else None
                for c, came in cards]
            for s, cards in self.held[step].items()
        }  # fmt: skip

    def later(self, step: int, seat: int | None) -> dict[int, list[bool]]:
        """Each seat's cards after ``step`` actions: whether ``seat`` had not seen it yet
        then (not its own, not face up yet, not shown down yet), though ``at`` may show it."""

        def unseen(instance: tuple[int, Card, int]) -> bool:
            seen = self.seen_from(instance, seat)
            return seen is None or seen > step

        return {
            s: [unseen((s, c, came)) for c, came in cards] for s, cards in self.held[step].items()
        }

    def seen_from(self, instance: tuple[int, Card, int], seat: int | None) -> int | None:
        """The step from which ``seat`` saw a card in a hand (``instance``: that seat, the
        card, the step it came): its own as it came, or once face up, or at the showdown;
        None if never."""
        steps = [self.first_up.get(instance)]
        steps += [instance[2]] if instance[0] == seat else []
        steps += [self.showdown_at] if instance in self.shown_down else []
        return min((k for k in steps if k is not None), default=None)


def shown_cards(
    document: dict, seat: int | None, step: int, show_all: bool = False
) -> dict[int, list[str | None]]:
    """After ``step`` actions, each seat's cards (the hand it folded, once folded) as
    ``seat`` (None: a spectator) may see them then; None for a card it may not.

    Each dealt card is judged on its own: that card in the hand that holds it, from the
    moment it came until it leaves (a card reshuffled and dealt again is another). The
    reviewer sees it all along if it is their own, if it was face up in that hand at any
    step (replaced later, say), or if that hand shows it at the showdown; every card with
    ``show_all``.
    """
    seen = _Sightings()
    for hand in _replayed(document):
        seen.note(hand)
    return seen.at(step, seat, show_all)


def names_of(document: dict) -> dict[int, str]:
    return {s["seat"]: s.get("name") or f"Seat {s['seat']}" for s in document["seats"]}


STAND_IN = {"clock": " (clock)", "host": " (by the host)"}


def describe_action(
    action: dict, before: Hand, names: dict[int, str], private: bool = False
) -> str:
    """One action in words, with its limits at the time for a bet or raise; marked when
    the clock or the host acted for an absent player. ``private``: the reviewer may see
    what the action hid (their own, or every card once the history is open): the
    discards, the reveal order, the card replaced, the declaration."""
    who = names.get(action["seat"], f"Seat {action['seat']}")
    stand_in = STAND_IN.get(action.get("by") or "", "")
    return _action_words(action, before, who, private) + stand_in


def _action_words(action: dict, before: Hand, who: str, private: bool) -> str:
    kind = action["type"]
    if kind in ("bet", "raise", "call", "check", "fold") and before.step == "betting":
        legal = before.legal_actions(action["seat"])
        structure = before.config.structure
        pot = "" if structure == "fixed-limit" else f" (the pot was {legal['pot']})"
        if kind in ("bet", "raise"):  # with the limits it bet within, where it had a choice
            least, most = legal["min_to"], legal["max_to"]
            to = "to " if kind == "raise" else ""  # "raises to 9", "bets 4"
            if action["to"] == legal["all_in_to"]:
                return f"{who} {kind}s {to}{action['to']}, all-in{pot}"
            if structure != "fixed-limit":  # ("2 up to an all-in of 8": the stack stops it)
                stack = most == legal["all_in_to"] and structure != "no-limit"
                top = f"an all-in of {most}" if stack else str(most)
                allowed = f"{least} up to {top}" if stack else f"{least} to {most}"
                allowed = allowed if least != most else f"only {top}"
                capped = most == legal["cap_to"] and most < legal["all_in_to"]
                rule = f"{structure} and the stake cap" if capped else structure
                pot = f"{pot[:-1]}; {rule} allowed {allowed})"
            return f"{who} {kind}s {to}{action['to']}{pot}"
        if kind == "call":
            all_in = ", all-in" if legal["call"] == legal["stack"] else ""
            return f"{who} calls {legal['call']}{all_in}{pot}"
        return f"{who} {'checks' if kind == 'check' else 'folds'}"
    if kind == "draw":
        discards = action.get("discard", [])
        if not discards:
            return f"{who} stands pat"
        if before.step == "lock":  # Sviten: the new cards come later, between the one-ups
            shown = f": {' '.join(discards)}" if private else ""
            return f"{who} throws away {len(discards)}{shown}"
        shown = f": discards {' '.join(discards)}" if private else ""
        return f"{who} draws {len(discards)}{shown}"
    if private and kind == "arrange":
        return f"{who} sets a reveal order: {' '.join(action.get('order', []))}"
    if private and kind == "replace":
        return f"{who} replaces {action.get('card')}"
    if kind == "declare" and (private or before.config.declare == "vocal"):  # vocal: public
        return f"{who} declares {str(action.get('declaration', '')).title()}"
    texts = {
        "fold": f"{who} folds",
        "arrange": f"{who} sets a reveal order",
        "replace": f"{who} replaces the hole card: the new one comes down",  # (an up card's
        # replacing is told as it comes up)
        "keep": f"{who} keeps all five",
        "take": f"{who} takes the {before.one_up}",
        "decline": f"{who} declines the {before.one_up}: it is dead",
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


def award_text(award: dict, name: str, wins: str = "wins") -> str:
    """One award in words: "Bob wins 22 (Main pot): everyone else folded"; ``wins``: the
    verb, "gets back" for a seat that won only its own chips."""
    if not paid(award):
        return f"{name}: {award['reason']}"
    where = where_won(award)
    text = f"{name} {wins} {award['amount']}"
    text += f" ({', '.join(where)})" if where else ""
    text += f" with {low_in_words(award['hand'])}" if award.get("hand") else ""
    return f"{text}: {award['reason']}" if award.get("reason") else text


def _named(award: dict, names: dict[int, str]) -> dict:
    """The award with its reason naming who beat a failed Both declarer (view.named_reason)."""
    return {**award, "reason": named_reason(award, names)}


def _shown(award: dict) -> dict:
    """The award with its hand's cards as the review draws them ("J♠ 10♠", not "Js Ts")."""
    return {**award, "hand": faces(award["hand"])} if award.get("hand") else award


def bot_reason(document: dict, step: int) -> str | None:
    """Why a bot in the seat that took action number ``step`` (from 1) chose it, in its
    own words, from the cards it held then (so: only for a reviewer who may see them; the
    caller knows which seats bots played); None if a bot would not have chosen it."""
    if not 1 <= step <= len(document["actions"]):
        return None
    taken = document["actions"][step - 1]
    before = replay(document, upto=step - 1)
    seen = view(before, taken["seat"])
    if not seen.get("legal"):
        return None
    decision = choose(seen, moment_rng(document["deck"], step - 1, taken["seat"]))
    done = {k: v for k, v in taken.items() if k not in ("seat", "by")}
    return decision.why if decision.action == done else None


def review(document: dict, step: int, seat: int | None, show_all: bool = False) -> dict:
    """The hand after ``step`` actions, as the reviewer may see it; ``street`` names the
    part of the hand that step's action was taken in, and ``action`` says it and what
    the table saw come of it (cards turned up, the fists opened). For the seats' last
    words (games.history.reviewed), ``playing`` and ``log`` are the step the action was
    taken in and the public log up to the action's own event; ``actor`` took it, and
    ``closed`` says whether it ended its round (the felt shows the next). At step 0 they
    are the hand's step and log as dealt."""
    total = len(document["actions"])
    step = max(0, min(step, total))
    names = names_of(document)
    marks = marked(names)  # in the action's words, where faces() must not reach
    seen = _Sightings()
    action, street, logged, held = None, "", 0, {}
    for k, hand in enumerate(_replayed(document)):
        seen.note(hand)
        if k == step - 1:
            taken = document["actions"][k]
            private = show_all or taken["seat"] == seat
            action = describe_action(taken, hand, marks, private)
            street, logged, acted_in = part_of_hand(hand), len(hand.log), hand.step
            held = {s: {str(c) for c in p.cards} for s, p in hand.players.items()}
        if k == step:
            at_step = _review_step(hand, seat, show_all, names)
            street = street or part_of_hand(hand)
            chosen = next((e for e in hand.log if e["event"] == "chosen"), None)
            if not step and chosen:  # "the deal (Dealer's choice: Dan picks Sviten Special)"
                action = f"the deal ({choice_text(chosen, names)})"
            if step:
                events = hand.log[logged:]  # with the reviewer's own new cards, named
                dealt = _dealt_down(held, hand, events, _told_seats(hand, seat, show_all))
                line = _and_then(action, taken, events, marks, dealt)
                action = faces_named(line, names)  # a player called "As" stays "As"
                own = next(i for i, e in enumerate(hand.log[logged:], logged)
                           if e["event"] != "reshuffle")  # (one may come first)  # fmt: skip
                at_step.update(playing=acted_in, log=hand.log[: own + 1], actor=taken["seat"],
                               closed=part_of_hand(hand) != street or hand.finished)  # fmt: skip
    shown, later = seen.at(step, seat, show_all), seen.later(step, seat)
    for entry in at_step["seats"]:  # (a card shown that was not seen yet: ``later``)
        cards = entry["cards"] = shown[entry["seat"]]
        entry["later"] = [bool(c) and u for c, u in zip(cards, later[entry["seat"]], strict=True)]
    return {"step": step, "total": total, "street": street, "action": action, **at_step}


SEEN_AFTER = ("reveal", "board", "one up", "replace", "declarations", "reshuffle", "uncalled")


def _and_then(
    words: str, taken: dict, events: list[dict], names: dict[int, str], dealt: dict
) -> str:
    """An action's words and what the table saw come of it, from its public log: "Ann
    sets a reveal order. Card 1 up: Ann 8c, Bob 4d", "Bob calls 4. The turn: Tc". The
    last fist opens them all: its declaration is told with the others', not before.
    ``dealt``: the reviewer's own new cards face down, told where they were dealt ("Bob
    declines the Jd: it is dead. Cat is dealt Th 7s. The turn: Qd")."""
    told = []
    for e in events:
        if e["event"] in SEEN_AFTER:
            told.append(f"The {e['name'].lower()}: {' '.join(e['cards'])}"
                        if e["event"] == "board" else _event_line(e, names))  # fmt: skip
        if e["event"] in DEALING and e.get("seat") in dealt:
            seat = e["seat"]
            told.append(f"{names[seat]} is dealt {' '.join(dealt.pop(seat))}")
    told = [f"{names[s]} is dealt {' '.join(cards)}" for s, cards in dealt.items()] + told
    told = [line for line in told if line]
    if taken["type"] == "declare" and any(e["event"] == "declarations" for e in events):
        words = f"{names[taken['seat']]} declares"
    if taken["type"] == "replace" and any(e.get("face_up") for e in events):
        return ". ".join(told)  # "Sam replaces the Q♥: Q♦ comes up" says it all
    return ". ".join([words, *told])


def _review_step(hand: Hand, seat: int | None, show_all: bool, names: dict[int, str]) -> dict:
    """The hand now as the reviewer may see it, but for the cards in the hands."""
    declarations = _declarations(hand, seat, show_all)
    awards = hand.result()["awards"] if hand.finished else []
    won = {a["seat"]: 0 for a in awards}
    for award in awards:
        won[award["seat"]] += award["amount"]
    lost = {a["seat"]: named_reason(a, names) for a in awards if a["half"] == "none"}
    lost |= beaten_words(beaten(hand), names, short=True)  # (a hand shown that won nothing)
    shown = shown_hands(hand)  # at the showdown, what each live hand makes: public then
    halves = won_halves(awards)  # who won which half, as the table's middle says it
    put_in = {s: p.contributed for s, p in hand.players.items()}
    back = {s for s in won if won[s] and won[s] == put_in[s]}  # as view.got_back, by now
    # All or nothing: each winner's part, else "won by Ann and Bob"; so too with side pots,
    # too long for a phone's felt (unlike the table's middle: the showdown below tells each).
    side_pots = len({a.get("pot") for a in awards if a["amount"]}) > 1
    if side_pots or set(halves) != {s for s in won if won[s]}:
        halves = {}
    return {
        "game_name": GAMES[hand.config.game].name,
        "board": [str(c) for c in hand.board],
        "pot": 0 if hand.finished else hand.pot,  # once it is won, it is in the stacks
        "pot_parts": "" if hand.finished else pot_parts(pots_now(hand)),  # " (9 main, 2 side)"
        "won": hand.pot if hand.finished else 0,
        "winners": listed([names[s] for s in won if won[s]]),  # "Ann and Cat", in award order
        "split": ", ".join(
            f"{names[s]} {winning(s, back)} {won[s]}{halves[s]}" for s in won if s in halves
        ),
        "one_up": str(hand.one_up) if hand.one_up is not None else None,
        "one_up_for": names.get(hand.to_act) if hand.one_up is not None else None,
        "seats": [
            {
                "seat": s,
                "name": names[s],
                "stack": p.stack,
                "bet": p.bet,
                "folded": p.folded,
                **spent(hand, s),  # all-in, or at the stake cap
                "drew": p.drew,  # how many it drew (0: stood pat), or None before its draw
                "awaits_cards": hand.awaits_cards(s),  # (Sviten: thrown, the new ones to come)
                "button": s == hand.button,
                "me": s == seat,
                "to_act": s in hand.actors(),
                "cards": [],
                "up": list(p.mucked_up if p.folded else p.up),
                "declaration": declarations[s],
                "won": won.get(s, 0),
                "net": won.get(s, 0) - p.contributed,
                "lost": lost_words(lost[s]) if s in lost else "",
                "shown": shown.get(s, ""),
            }
            for s, p in sorted(hand.players.items())
        ],
        "awards": [
            {
                **a,
                "text": award_text(
                    _shown(_named(a, names)),
                    names[a["seat"]],
                    winning(a["seat"], back),
                ),
            }
            for a in sorted(awards, key=lambda a: not paid(a))  # who won first, as live
        ]
        + _beaten_lines(hand, names),
        "showdown": hand.showdown,
        "finished": hand.finished,
        "playing": hand.step,  # the step the hand is at, and its public log so far
        "log": list(hand.log),
    }


def _beaten_lines(hand: Hand, names: dict[int, str]) -> list[dict]:
    """At the showdown, each hand shown that won nothing, as the table said it: "Sam ·
    Q-8-7-2-A low, paired · beaten for low by Bob" (every live hand is public then)."""
    shown, why = shown_hands(hand), beaten_words(beaten(hand), names)
    return [{"seat": s, "amount": 0, "text": f"{names[s]} · {faces(shown[s])} · {why[s]}"}
            for s in why]  # fmt: skip


def _declarations(hand: Hand, seat: int | None, show_all: bool) -> dict[int, str | None]:
    """Each seat's declaration as the table showed it to ``seat`` then: a vocal one when
    made, one in the fist only once all are opened (never if the hand ended first), the
    reviewer's own from when they made it; every one made with ``show_all``."""
    if show_all:
        return {s: p.declaration for s, p in hand.players.items()}
    return {entry["seat"]: entry["declaration"] for entry in view(hand, seat)["seats"]}


def text_log(
    document: dict, seat: int | None, title: str = "", show_all: bool = False
) -> list[str]:
    """The hand in the usual hand-history style, one line per event, as the reviewer may
    see it: their own discards, draws and reveal order too (everyone's with ``show_all``)."""
    names = names_of(document)
    seen = _Sightings()
    replayed = _replayed(document)
    hand = next(replayed)
    seen.note(hand)
    order = list(hand.order)
    lines = [f"{title or 'Hand'}: {GAMES[hand.config.game].name}, {stakes_text(hand.config)}"]
    for s in sorted(hand.players):
        p = hand.players[s]
        button = " (button)" if s == hand.button else ""
        lines.append(f"Seat {s}: {names[s]} ({p.starting_stack} in chips){button}")
    log = _LogWriter(lines, names)
    deal_at = len(lines)
    for event in hand.log:
        if event["event"] == "deal":
            deal_at = len(lines)  # filled in at the end, once the showdown is known
        else:
            log.write(event)
    for action in document["actions"]:
        private = show_all or action["seat"] == seat
        said = describe_action(action, hand, names, private)
        logged = len(hand.log)
        held = {s: {str(c) for c in p.cards} for s, p in hand.players.items()}
        hand = next(replayed)
        seen.note(hand)
        if not (action["type"] == "replace" and any(e.get("face_up") for e in hand.log[logged:])):
            lines.append(said)  # (an up card replaced: its event line says it all)
        down = _dealt_down(held, hand, hand.log[logged:], _told_seats(hand, seat, show_all))
        dealt_to = {s: [f"Dealt to {names[s]}: {' '.join(cards)}"] for s, cards in down.items()}
        acted_at = len(lines)
        for event in hand.log[logged:]:  # new cards go where they were dealt, before what
            log.write(event)  # came of it (a one up for the next player, a street)
            if event["event"] in DEALING and event.get("seat") in dealt_to:
                lines += dealt_to.pop(event["seat"])
        lines[acted_at:acted_at] = [line for new in dealt_to.values() for line in new]
    dealt = seen.at(0, seat, show_all)
    lines[deal_at:deal_at] = [  # what the reviewer came to see of each deal, and no more
        f"Dealt to {names[s]}: {' '.join(shown)}" + _not_shown(len(dealt[s]) - len(shown))
        for s in order
        if (shown := [c for c in dealt[s] if c is not None])
    ]
    result = hand.result()
    back = got_back(document, result)  # ("gets back" its own chips, as the table says)
    lines += [award_text(_named(a, names), names[a["seat"]], winning(a["seat"], back))
              for a in result["awards"]]  # fmt: skip
    shown, why = shown_hands(hand), beaten_words(beaten(hand), names)
    lines += [f"{names[s]} wins nothing with {shown[s]}: {why[s]}" for s in why]
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


DEALING = ("draw", "served", "take", "decline", "replace")  # events that deal their seat cards


def _told_seats(hand: Hand, seat: int | None, show_all: bool) -> list[int]:
    """The seats whose new cards the reviewer is told: their own, or all in an open history."""
    return list(hand.players) if show_all else [seat] if seat in hand.players else []


def _dealt_down(
    held: dict[int, set[str]], hand: Hand, events: list[dict], seats
) -> dict[int, list[str]]:
    """The cards each of ``seats`` was dealt face down by the action that logged
    ``events`` (what it did not hold before, less a one-up taken and a face-up
    replacement), however they lie now (a showdown in the same action turns them up)."""
    dealt_up = {(e["seat"], e["card"]) for e in events if e["event"] == "take"}
    dealt_up |= {(e["seat"], e["new"]) for e in events if e["event"] == "replace" and e["face_up"]}
    new = {}
    for s in seats:
        p = hand.players[s]
        cards = [str(c) for c in p.cards] if not p.folded else []
        down = [c for c in cards if c not in held.get(s, set()) and (s, c) not in dealt_up]
        if down:
            new[s] = down
    return new


def _not_shown(count: int) -> str:
    """The cards of a deal the reviewer never saw (thrown away at the draw), counted."""
    return f" and {count} card{'s' if count > 1 else ''} not shown" if count else ""


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


def choice_text(event: dict, names: dict[int, str]) -> str:
    """Who picked a dealer's-choice hand's game: the player, or the clock or the host for
    them, as the default (RULES.md section 6: a default is marked as such wherever it is
    shown)."""
    game, who = GAMES[event["game"]].name, names.get(event["seat"], f"seat {event['seat']}")
    if event.get("by"):
        return f"Dealer's choice: the {event['by']} picks {game} for {who}"
    return f"Dealer's choice: {who} picks {game}"


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
        return f"{names[event['seat']]} replaces the {event['card']}: {event['new']} comes up"
    if kind == "declarations":
        shown = ", ".join(f"{names[int(s)]} {d.title()}" for s, d in event["declarations"].items())
        return f"The fists open: {shown}"
    if kind == "showdown":
        return "*** SHOWDOWN *** " + "; ".join(
            f"{names[int(s)]} shows {' '.join(cards)}" for s, cards in event["hands"].items()
        )
    if kind == "chosen":
        return choice_text(event, names)
    if kind == "reshuffle":
        return "The stub ran out: the muck is reshuffled"
    if kind == "uncalled":
        return f"{event['amount']} uncalled returned to {names[event['seat']]}"
    return None
