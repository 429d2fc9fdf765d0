"""One hand of Levy's Game, High-Low Declare or Sviten Special, from deal to last chip.

A hand is built from its config, its seats, its button and its deck order; every action
goes through ``apply``, which either changes the hand or raises a ``RulesError`` and
changes nothing. ``legal_actions(seat)`` says what a seat may do now. ``log`` holds only
public events; private cards stay in the players' state, and ``view.view`` decides what
each viewer may see.

>>> from games.rules.cards import FULL_DECK
>>> hand = Hand(HandConfig("sviten", small_blind=1, big_blind=2),
...             [(1, "Ann", 100), (2, "Bob", 100)], button=1, deck=FULL_DECK)
>>> hand.step, hand.to_act, hand.legal_actions(1)["max_to"]
('betting', 1, 6)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.rules.betting import BET, RAISE, BettingRound, Bettor, post
from games.rules.cards import Card, Deck, ensure_distinct, parse_card
from games.rules.catalog import GAMES
from games.rules.config import HandConfig
from games.rules.declare import read_declaration
from games.rules.errors import BadSettings, IllegalAction, OutOfTurn, RulesError, WrongStep
from games.rules.pots import Award, award_uncontested, build_pots, clockwise_from_button
from games.rules.showdown import declare_showdown, sviten_showdown
from games.rules.values import exposed_value

BETTING_KINDS = ("fold", "check", "call", BET, RAISE)
STEP_KINDS = {
    "betting": BETTING_KINDS,
    "draw": ("draw",),
    "arrange": ("arrange",),
    "replace": ("replace", "keep"),
    "lock": ("draw",),
    "one-up": ("take", "decline"),
    "declare": ("declare", "fold"),
}
STAND_INS = ("clock", "host")  # who may act for an absent player (RULES.md §6)
# What Hand.absent_action does at each step, in words (for the host before standing in).
ABSENT_WORDS = {
    "betting": "check if they can, else fold", "draw": "stand pat", "lock": "stand pat",
    "arrange": "keep the dealt order", "replace": "keep all five", "one-up": "take the card",
    "declare": "fold",
}  # fmt: skip

# Each game as the ordered steps of one hand. ("bet", name, bet size, who opens)
PROGRAMS: dict[str, list[tuple]] = {
    "levys": [
        ("deal",),
        ("bet", "Before the draw", "small", "position"),
        ("draw",),
        ("arrange",),
        ("reveal", 1),
        ("bet", "First card up", "small", "exposed"),
        ("reveal", 2),
        ("bet", "Second card up", "big", "exposed"),
        ("reveal", 3),
        ("bet", "Third card up", "big", "exposed"),
        ("reveal", 4),
        ("bet", "Fourth card up", "big", "exposed"),
        ("replace",),
        ("bet", "Final", "big", "exposed"),
        ("declare",),
        ("showdown",),
    ],
    "high-low-declare": [
        ("deal",),
        ("bet", "Before the draw", "small", "position"),
        ("draw",),
        ("bet", "After the draw", "big", "position"),
        ("declare",),
        ("showdown",),
    ],
    "sviten": [
        ("deal",),
        ("bet", "Pre-flop", "small", "position"),
        ("board", 3, "Flop"),
        ("bet", "Flop", "small", "position"),
        ("lock",),
        ("serve",),
        ("board", 1, "Turn"),
        ("bet", "Turn", "big", "position"),
        ("board", 1, "River"),
        ("bet", "River", "big", "position"),
        ("showdown",),
    ],
}


@dataclass
class Player(Bettor):
    """A seat in the hand: chips (from ``Bettor``), cards and what it has done this step."""

    name: str = ""
    starting_stack: int = 0
    cards: list[Card] = field(default_factory=list)
    up: list[bool] = field(default_factory=list)
    arranged: bool = False
    drew: int | None = None
    locked: list[Card] | None = None
    replaced: bool = False
    declaration: str | None = None
    declared: bool = False
    mucked: list[Card] = field(default_factory=list)  # the hand folded, now in the muck
    mucked_up: list[bool] = field(default_factory=list)
    mucked_at: int = 0  # the deck's reshuffles when it folded: any more may deal the hand
    fresh: list[Card] = field(default_factory=list)  # its latest draw, replacement or one-up


class Hand:
    def __init__(
        self,
        config: HandConfig,
        seats: Sequence[tuple[int, str, int]],
        button: int,
        deck: Sequence[Card],
        reshuffle: Sequence[Card] | None = None,
        folds_to_muck: bool = True,
        chosen: dict | None = None,
    ) -> None:
        self.config = config
        self.folds_to_muck = folds_to_muck  # False only to replay hands of format /1
        self._check_seats(seats, button)
        self.players = {
            s: Player(seat=s, stack=stack, name=name, starting_stack=stack)
            for s, name, stack in sorted(seats)
        }
        self.button = button
        self.order = clockwise_from_button(list(self.players), button, config.table_size)
        if len(deck) != 52:
            raise BadSettings(f"a deck order has 52 cards, not {len(deck)}")
        ensure_distinct(deck)
        self.deck = Deck(deck, reshuffle)
        self.rules = config.betting_rules()
        self.program = PROGRAMS[config.game]
        self.phase = 0
        self.step = ""
        self.street = ""
        self.board: list[Card] = []
        self.log: list[dict] = []
        self.actions: list[dict] = []
        self.round: BettingRound | None = None
        self.round_order: list[int] = []
        self.last_aggressor: int | None = None
        self.bets_made = 0
        self.serving = 0
        self.one_up: Card | None = None
        self.awards: list[Award] = []
        self.finished = False
        self.showdown = False
        if chosen is not None:
            self._log_choice(chosen)
        self._post_forced_bets()
        self._advance()

    # -- set-up ---------------------------------------------------------------
    def _check_seats(self, seats: Sequence[tuple[int, str, int]], button: int) -> None:
        info = GAMES[self.config.game]
        numbers = [s for s, _, _ in seats]
        if len(set(numbers)) != len(numbers):
            raise BadSettings("each seat can be dealt in only once")
        if not info.min_seats <= len(seats) <= info.max_seats:
            raise BadSettings(
                f"{info.name} is for {info.min_seats} to {info.max_seats} players, not {len(seats)}"
            )
        for s, _, stack in seats:
            if not isinstance(s, int) or not 1 <= s <= self.config.table_size:
                raise BadSettings(
                    f"seat {s!r} is not a seat at a {self.config.table_size}-seat table"
                )
            if not isinstance(stack, int) or isinstance(stack, bool) or stack < 1:
                raise BadSettings(f"seat {s} needs chips to be dealt in")
        if button not in numbers:
            raise BadSettings(f"the button must be at a seat that is dealt in, not {button!r}")

    def _log_choice(self, chosen: dict) -> None:
        """Dealer's choice: who picked this hand's game, and whether the clock or the host
        picked it for them (the default: the game last played)."""
        seat = chosen.get("seat") if isinstance(chosen, dict) else None
        if seat not in self.players:
            raise BadSettings("'chosen' names the seat that picked the game: a seat dealt in")
        by = chosen.get("by")
        if by not in (None, "clock", "host"):
            raise BadSettings("'chosen' is by the player, the clock or the host")
        self._emit("chosen", seat=seat, game=self.config.game, **({"by": by} if by else {}))

    def _post_forced_bets(self) -> None:
        cfg = self.config
        if cfg.ante:
            for s in self.order:
                paid = post(self.players[s], cfg.ante, self.rules, into_round=False)
                self._emit("ante", seat=s, amount=paid)
        if cfg.big_blind:
            small, big = self.blind_seats()
            if cfg.small_blind:
                paid = post(self.players[small], cfg.small_blind, self.rules)
                self._emit("small blind", seat=small, amount=paid)
            paid = post(self.players[big], cfg.big_blind, self.rules)
            self._emit("big blind", seat=big, amount=paid)

    def blind_seats(self) -> tuple[int, int]:
        """(small blind, big blind). Heads-up the button posts the small blind."""
        if len(self.order) == 2:
            return self.button, self.order[0]
        return self.order[0], self.order[1]

    # -- asking ---------------------------------------------------------------
    @property
    def sequence(self) -> int:
        return len(self.actions)

    def live(self) -> list[int]:
        return [s for s in self.order if not self.players[s].folded]

    @property
    def pot(self) -> int:
        return sum(p.contributed for p in self.players.values())

    def actors(self) -> list[int]:
        """The seats that may act now (several at once in a simultaneous step)."""
        if self.finished:
            return []
        if self.step == "arrange":
            return [s for s in self.live() if not self.players[s].arranged]
        if self.step == "declare" and self.config.declare == "chips":
            return [s for s in self.live() if not self.players[s].declared]
        to_act = self.to_act
        return [] if to_act is None else [to_act]

    @property
    def to_act(self) -> int | None:
        """The one seat whose turn it is, in a step taken in turn; otherwise None."""
        if self.finished:
            return None
        if self.step == "betting":
            return self.round.to_act if self.round else None
        if self.step in ("draw", "lock", "replace") or (
            self.step == "declare" and self.config.declare == "vocal"
        ):
            return self._next_in(self.round_order, self._step_done)
        if self.step == "one-up":
            return self._serve_order()[self.serving]
        return None

    def _step_done(self, seat: int) -> bool:
        p = self.players[seat]
        return {
            "draw": p.drew is not None,
            "lock": p.locked is not None,
            "replace": p.replaced,
            "declare": p.declared,
        }[self.step]

    def _next_in(self, order: Sequence[int], done) -> int | None:
        for s in order:
            if not self.players[s].folded and not done(s):
                return s
        return None

    def legal_actions(self, seat: int) -> dict:
        """What ``seat`` may do now, with exact limits; raises if it may do nothing."""
        if self.finished:
            raise WrongStep("the hand is over")
        if seat not in self.players:
            raise IllegalAction(f"seat {seat!r} is not dealt in this hand")
        if seat not in self.actors():
            if self.players[seat].folded:
                raise OutOfTurn(f"seat {seat} has folded")
            waiting = ", ".join(str(s) for s in self.actors())
            raise OutOfTurn(f"it is not seat {seat}'s turn: waiting for seat {waiting}")
        legal: dict = {"step": self.step, "seat": seat, "kinds": list(STEP_KINDS[self.step])}
        if self.step == "betting":
            assert self.round is not None
            bet = self.round.legal_actions(seat)
            legal.update(
                kinds=list(bet.kinds),
                call=bet.call_amount,
                raise_kind=bet.raise_kind,
                min_to=bet.min_to,
                max_to=bet.max_to,
                bet_already=bet.bet_already,
                pot=self.pot,
                **self._limits(seat),
            )
        elif self.step in ("draw", "lock"):
            legal["max_discard"] = 5
        elif self.step == "one-up":
            legal["card"] = str(self.one_up)
            legal["for"] = str(self.players[seat].locked[0])  # the card thrown for it
        elif self.step == "declare":
            legal["choices"] = ["high", "low", "both"]
        return legal

    def _limits(self, seat: int) -> dict:
        """What bounds a seat's betting now, for saying why a control stops where it does:
        its whole stack (``all_in_to``, a round total), the stake cap's room (``cap_to``,
        None without a cap), the raise cap (``raises`` made of ``raise_cap``; None when
        no cap holds this round), whether a short raise left it none (``short_raise``),
        the short all-in the smallest raise goes a full raise above (``short``, or None)
        and the round's fixed-limit bet (``bet_size``)."""
        assert self.round is not None
        p, cap = self.players[seat], self.rules.stake_cap
        round_ = self.round
        raise_cap = None if round_.cap_lifted else self.rules.raise_cap
        return {
            "stack": p.stack,
            "all_in_to": p.bet + p.stack,
            "cap_to": p.bet + p.room(cap) if cap is not None else None,
            "raises": round_.raises,
            "raise_cap": raise_cap,
            "short_raise": round_.held_by_short_raise(seat),
            "short": round_.short_of_full(),
            "bet_size": round_.bet_size,
        }

    def absent_action(self, seat: int) -> dict:
        """What an absent player does when the clock runs out or the host acts for them,
        as ``ABSENT_WORDS`` says it at each step."""
        legal = self.legal_actions(seat)
        if self.step == "betting":
            return {"seat": seat, "type": "check" if "check" in legal["kinds"] else "fold"}
        p = self.players[seat]
        return {
            "draw": {"seat": seat, "type": "draw", "discard": []},
            "lock": {"seat": seat, "type": "draw", "discard": []},
            "arrange": {"seat": seat, "type": "arrange", "order": [str(c) for c in p.cards]},
            "replace": {"seat": seat, "type": "keep"},
            "one-up": {"seat": seat, "type": "take"},
            "declare": {"seat": seat, "type": "fold"},
        }[self.step]

    # -- telling --------------------------------------------------------------
    def apply(self, action: dict) -> None:
        """Apply one action, a dict like ``{"seat": 3, "type": "raise", "to": 7}``."""
        if not isinstance(action, dict):
            raise IllegalAction("an action is an object with a seat and a type")
        seat, kind = action.get("seat"), action.get("type")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise IllegalAction("an action names its seat as a number")
        if not isinstance(kind, str):
            raise IllegalAction("an action names its type, e.g. 'call' or 'draw'")
        by = action.get("by")
        if by not in (None, *STAND_INS):
            raise IllegalAction(f"an action is made by the player, or by {' or '.join(STAND_INS)}")
        legal = self.legal_actions(seat)
        if kind not in STEP_KINDS[self.step]:
            raise WrongStep(f"'{kind}' is not an action of the {self.step} step")
        logged = len(self.log)
        record = getattr(self, "_on_" + self.step.replace("-", "_"))(seat, kind, action, legal)
        self.actions.append({"seat": seat, "type": kind, **record, **({"by": by} if by else {})})
        self._mark(seat, self.log[logged:], by)
        self._advance()

    def _mark(self, seat: int, entries: list[dict], by: str | None) -> None:
        """Say on the action's own log entries who made it (``by``: the clock or the host
        for an absent player) and whether its chips left the player all-in or capped."""
        p = self.players[seat]
        for entry in entries:
            if entry.get("seat") != seat or entry["event"] == "reshuffle":
                continue
            if by:
                entry["by"] = by
            if entry["event"] in ("call", "bet", "raise") and p.room(self.rules.stake_cap) == 0:
                entry["all_in" if p.stack == 0 else "capped"] = True

    def _on_betting(self, seat: int, kind: str, action: dict, legal: dict) -> dict:
        assert self.round is not None
        to = action.get("to")
        self.round.act(seat, kind, to)
        entry = {"to": to} if kind in (BET, RAISE) else {}
        if kind in (BET, RAISE):
            self.last_aggressor = seat
            self.bets_made += 1
        amount = legal["call"] if kind == "call" else to
        if kind == "fold":
            self._muck_hand(seat)
        self._emit(kind, seat=seat, **({"amount": amount} if amount is not None else {}))
        return entry

    def _muck_hand(self, seat: int) -> None:
        """A folded hand goes to the muck (RULES.md §1): a reshuffle may deal its cards."""
        p = self.players[seat]
        p.mucked, p.mucked_up, p.mucked_at = p.cards, p.up, self.deck.reshuffles
        p.cards, p.up = [], []
        if self.folds_to_muck:
            self.deck.to_muck(p.mucked)

    def _cards_from_hand(self, seat: int, names: object, at_most: int) -> list[Card]:
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise IllegalAction("name the cards as a list, e.g. ['As', 'Kd']")
        cards = [parse_card(n) for n in names]
        ensure_distinct(cards)
        if len(cards) > at_most:
            raise IllegalAction(f"at most {at_most} cards, not {len(cards)}")
        held = self.players[seat].cards
        for c in cards:
            if c not in held:
                raise IllegalAction(f"seat {seat} does not hold {c}")
        return cards

    def _on_draw(self, seat: int, kind: str, action: dict, legal: dict) -> dict:
        discards = self._cards_from_hand(seat, action.get("discard", []), 5)
        self._check_supply(discards, len(discards))
        self._replace(seat, discards, up=False)
        self.players[seat].drew = len(discards)
        self._emit("draw", seat=seat, count=len(discards))
        return {"discard": [str(c) for c in discards]}

    def _check_supply(self, held_out: list[Card], count: int) -> None:
        if not self.deck.can_supply(count, held_out):
            raise IllegalAction("the stub and the muck cannot supply that many cards")

    def _deal(self, count: int, held_out: Sequence[Card] = (), seat: int | None = None):
        """Cards off the stub; a reshuffle of the muck is logged (RULES.md §1)."""
        before = self.deck.reshuffles
        cards = self.deck.deal(count, held_out=held_out)
        if self.deck.reshuffles != before:
            self._emit(
                "reshuffle", seat=seat, held_out=len(held_out), stub_size=len(self.deck.stub)
            )
        return cards

    def _replace(self, seat: int, discards: list[Card], up: bool) -> None:
        """Replace ``discards`` in place, in their order; the player's own discards held out."""
        p = self.players[seat]
        self.deck.to_muck(discards)
        new = self._deal(len(discards), discards, seat)
        p.fresh = list(new)
        for old, card in zip(discards, new, strict=True):
            i = p.cards.index(old)
            p.cards[i] = card
            if up:
                p.up[i] = True

    def _on_arrange(self, seat: int, kind: str, action: dict, legal: dict) -> dict:
        order = self._cards_from_hand(seat, action.get("order"), 5)
        if len(order) != 5:
            raise IllegalAction("a reveal order puts all five cards in order")
        p = self.players[seat]
        p.cards = list(order)
        p.arranged = True
        self._emit("arranged", seat=seat)
        return {"order": [str(c) for c in order]}

    def _on_replace(self, seat: int, kind: str, action: dict, legal: dict) -> dict:
        p = self.players[seat]
        if kind == "keep":
            p.replaced = True
            self._emit("keep", seat=seat)
            return {}
        if not isinstance(action.get("card"), str):
            raise IllegalAction("name the one card to replace, or keep")
        (card,) = self._cards_from_hand(seat, [action["card"]], 1)
        self._check_supply([card], 1)
        i = p.cards.index(card)
        face_up = p.up[i]
        self._replace(seat, [card], up=face_up)
        p.replaced = True
        public = {"card": str(card), "new": str(p.cards[i])} if face_up else {}
        self._emit("replace", seat=seat, face_up=face_up, **public)
        return {"card": str(card)}

    def _on_lock(self, seat: int, kind: str, action: dict, legal: dict) -> dict:
        discards = self._cards_from_hand(seat, action.get("discard", []), 5)
        p = self.players[seat]
        p.locked = discards
        p.drew = len(discards)
        self._emit("lock", seat=seat, count=len(discards))
        return {"discard": [str(c) for c in discards]}

    def _on_one_up(self, seat: int, kind: str, action: dict, legal: dict) -> dict:
        p = self.players[seat]
        assert self.one_up is not None and p.locked is not None
        offered, (old,) = self.one_up, p.locked
        i = p.cards.index(old)
        if kind == "take":
            self.deck.to_muck([old])
            p.cards[i], p.up[i] = offered, True
            p.fresh = [offered]
        else:
            held = [old, offered]
            self._check_supply(held, 1)
            self.deck.to_muck(held)  # the declined card is dead
            (p.cards[i],) = self._deal(1, held, seat)
            p.fresh = [p.cards[i]]
        self._emit(kind, seat=seat, card=str(offered))
        self.one_up = None
        self.serving += 1
        return {}

    def _on_declare(self, seat: int, kind: str, action: dict, legal: dict) -> dict:
        if kind == "fold":
            self.players[seat].folded = True
            self._muck_hand(seat)
            self._emit("fold", seat=seat)
            return {}
        choice = read_declaration(action.get("declaration"))
        p = self.players[seat]
        p.declaration, p.declared = choice, True
        if self.config.declare == "vocal":
            self._emit("declare", seat=seat, declaration=choice)
        else:
            self._emit("declared", seat=seat)
        return {"declaration": choice}

    # -- the program ----------------------------------------------------------
    def _emit(self, kind: str, **data: object) -> None:
        self.log.append({"event": kind, **data})

    def _advance(self) -> None:
        while not self.finished:
            if len(self.live()) == 1:
                self._end_uncontested()
                return
            phase = self.program[self.phase]
            handler = getattr(self, "_phase_" + phase[0])
            if handler(*phase[1:]):
                return  # waiting for players
            self.phase += 1
            self.step = ""

    def _phase_deal(self) -> bool:
        for p in self.players.values():
            p.cards, p.up = [], []
        for _ in range(5):
            for s in self.order:
                (card,) = self._deal(1)
                self.players[s].cards.append(card)
                self.players[s].up.append(False)
        self._emit("deal", seats=list(self.order), cards=5)
        return False

    def _phase_bet(self, name: str, size: str, opener: str) -> bool:
        if self.round is None:
            first_round = not any(e["event"] == "betting round" for e in self.log)
            self.round_order = self._betting_order(first_round, opener)
            blinds_first = first_round and self.config.big_blind
            current = self.config.big_blind if blinds_first else 0
            bet_size = self.rules.small_bet if size == "small" else self.rules.big_bet
            self.round = BettingRound(
                self.rules, list(self.players.values()), self.round_order, current, bet_size
            )
            self.street, self.last_aggressor = name, None
            first = self.round.to_act
            skipped = {"skipped": self._why_no_betting()} if first is None else {}
            self._emit("betting round", name=name, first=first, **skipped)
        if not self.round.is_complete:
            self.step = "betting"
            return True
        self._close_round()
        return False

    def _why_no_betting(self) -> str:
        """Why a betting round opens with nobody to act."""
        cap = self.rules.stake_cap
        can_bet = [s for s in self.live() if self.players[s].room(cap) > 0]
        if any(self.players[s].stack for s in self.live() if s not in can_bet):
            held = "all-in or at the stake cap"
        else:
            held = "all-in"
        if not can_bet:
            return f"everyone is {held}"
        return f"everyone else is {held}"

    def _close_round(self) -> None:
        assert self.round is not None
        returned = self.round.return_uncalled()
        if returned:
            self._emit("uncalled", seat=returned[0], amount=returned[1])
        for p in self.players.values():
            p.bet = 0
        self.round = None

    def _betting_order(self, first_round: bool, opener: str) -> list[int]:
        order = list(self.order)
        if opener == "exposed":
            live = self.live()
            best = max(
                live, key=lambda s: (self.exposed(s), -order.index(s))
            )  # ties: first clockwise from the button
            start = order.index(best)
            return order[start:] + order[:start]
        if first_round and self.config.big_blind:
            big = self.blind_seats()[1]
            start = (order.index(big) + 1) % len(order)
            return order[start:] + order[:start]
        return order

    def exposed(self, seat: int):
        p = self.players[seat]
        return exposed_value([c for c, up in zip(p.cards, p.up, strict=True) if up])

    def _phase_draw(self) -> bool:
        return self._phase_in_turn("draw", opener_order=self.order)

    def _phase_lock(self) -> bool:
        return self._phase_in_turn("lock", opener_order=self.order)

    def _phase_replace(self) -> bool:
        # In the same order as the betting round before it: best exposed hand first.
        return self._phase_in_turn("replace", opener_order=self.round_order)

    def _phase_in_turn(self, step: str, opener_order: list[int]) -> bool:
        if self.step != step:
            self.step, self.round_order = step, list(opener_order)
        return self.to_act is not None

    def _phase_arrange(self) -> bool:
        self.step = "arrange"
        return bool(self.actors())

    def _phase_reveal(self, n: int) -> bool:
        shown = {}
        for s in self.live():
            p = self.players[s]
            p.up[n - 1] = True
            shown[str(s)] = str(p.cards[n - 1])
        self._emit("reveal", number=n, cards=shown)
        return False

    def _phase_board(self, count: int, name: str) -> bool:
        cards = self._deal(count)
        self.board += cards
        self._emit("board", name=name, cards=[str(c) for c in cards])
        return False

    def _serve_order(self) -> list[int]:
        return [s for s in self.order if not self.players[s].folded]

    def awaits_cards(self, seat: int) -> bool:
        """Whether the seat has thrown cards away (Sviten's lock) and is not dealt its new
        ones yet: they come in seat order, between the one-ups."""
        if not self.players[seat].locked or self.step not in ("lock", "one-up"):
            return False
        return seat in self._serve_order()[self.serving :]

    def _phase_serve(self) -> bool:
        order = self._serve_order()
        while self.serving < len(order):
            s = order[self.serving]
            p = self.players[s]
            assert p.locked is not None
            if len(p.locked) == 1:
                if self.one_up is None:
                    (self.one_up,) = self._deal(1, p.locked, s)
                    self._emit("one up", seat=s, card=str(self.one_up))
                self.step = "one-up"
                return True
            self._replace(s, p.locked, up=False)
            self._emit("served", seat=s, count=len(p.locked))
            self.serving += 1
        return False

    def _phase_declare(self) -> bool:
        if self.step != "declare":
            self.step = "declare"
            if self.config.declare == "vocal":
                first = self.last_aggressor if self.last_aggressor in self.live() else None
                order = list(self.order)
                start = order.index(first) if first is not None else 0
                self.round_order = order[start:] + order[:start]
        if self.actors():
            return True
        if self.config.declare == "chips":
            shown = {str(s): self.players[s].declaration for s in self.live()}
            self._emit("declarations", declarations=shown)
        return False

    def _phase_showdown(self) -> bool:
        live = self.live()
        hands = {s: list(self.players[s].cards) for s in live}
        self._emit("showdown", hands={str(s): [str(c) for c in hands[s]] for s in live})
        for p in self.players.values():
            p.up = [True] * len(p.up) if not p.folded else p.up
        pots = build_pots({s: p.contributed for s, p in self.players.items()}, self._folded())
        if self.config.game == "sviten":
            awards = sviten_showdown(pots, hands, self.board, self.order)
        else:
            declarations = {s: self.players[s].declaration or "high" for s in live}
            awards = declare_showdown(pots, hands, declarations, self.config.low, self.order)
        self.showdown = True
        self._finish(awards)
        return False

    def _folded(self) -> set[int]:
        return {s for s, p in self.players.items() if p.folded}

    def _end_uncontested(self) -> None:
        if self.round is not None:
            self._close_round()
        winner = self.live()[0]
        pots = build_pots({s: p.contributed for s, p in self.players.items()}, self._folded())
        self._finish(award_uncontested(pots, winner))

    def _finish(self, awards: list[Award]) -> None:
        self.awards = awards
        for a in awards:
            self.players[a.seat].stack += a.amount
        for a in awards:
            if a.amount:
                self._emit("award", seat=a.seat, amount=a.amount, pot=a.pot_name, half=a.half)
        self.step, self.street, self.finished = "complete", "", True

    # -- results ----------------------------------------------------------------
    def final_stacks(self) -> dict[int, int]:
        return {s: p.stack for s, p in self.players.items()}

    def result(self) -> dict:
        """Final stacks and awards, as replay_hand prints them."""
        return {
            "finished": self.finished,
            "stacks": {str(s): p.stack for s, p in self.players.items()},
            "awards": [
                {
                    "pot": a.pot_name,
                    "half": a.half,
                    "seat": a.seat,
                    "amount": a.amount,
                    "hand": a.hand,
                    "reason": a.reason,
                }
                | ({"by": list(a.by)} if a.by else {})  # who beat a failed Both declarer
                for a in self.awards
            ],
        }

    def state_key(self) -> tuple:
        """Everything that makes up the hand now, for checking that a refusal changed nothing."""
        players = tuple(repr(p) for p in self.players.values())
        round_ = None if self.round is None else repr(vars(self.round))
        return (
            players,
            round_,
            tuple(self.deck.stub),
            tuple(self.deck.muck),
            tuple(self.board),
            self.phase,
            self.step,
            len(self.log),
            len(self.actions),
            self.serving,
            self.one_up,
            self.finished,
        )


__all__ = ["PROGRAMS", "Hand", "HandConfig", "Player", "RulesError"]
