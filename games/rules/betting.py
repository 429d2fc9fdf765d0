"""Betting: the four structures, caps, and one betting round's legal actions.

A round is asked before it is told (DESIGN.md, principle 2): ``legal_actions(seat)``
gives what the seat may do with the exact limits, and ``act`` refuses anything else
without changing a chip.

>>> rules = BettingRules(structure="pot-limit", min_bet=2)
>>> players = [Bettor(seat=s, stack=100) for s in (1, 2, 3)]
>>> blinds = post(players[0], 1, rules), post(players[1], 2, rules)
>>> round_ = BettingRound(rules, players, order=[3, 1, 2], current_bet=2)
>>> round_.legal_actions(3).max_to
7
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.errors import AmountOutOfRange, BadSettings, IllegalAction, OutOfTurn

STRUCTURES = ("half-pot-limit", "pot-limit", "fixed-limit", "no-limit")
FOLD, CHECK, CALL, BET, RAISE = "fold", "check", "call", "bet", "raise"


@dataclass(frozen=True)
class BettingRules:
    """The table's betting settings. Amounts are whole chips.

    ``min_bet`` is the smallest opening bet (the big blind, or the table's minimum).
    Fixed-limit uses ``small_bet`` in the early rounds and ``big_bet`` in the later ones.
    """

    structure: str = "pot-limit"
    min_bet: int = 2
    small_bet: int = 0
    big_bet: int = 0
    raise_cap: int | None = None
    cap_lifts_heads_up: bool = True
    stake_cap: int | None = None

    def __post_init__(self) -> None:
        if self.structure not in STRUCTURES:
            raise BadSettings(f"betting structure must be one of {', '.join(STRUCTURES)}")
        if self.min_bet < 1:
            raise BadSettings("the minimum bet must be at least one chip")
        if self.structure == "fixed-limit" and not 0 < self.small_bet <= self.big_bet:
            raise BadSettings("fixed-limit needs a small bet and a big bet no smaller than it")
        if self.raise_cap is not None and self.raise_cap < 0:
            raise BadSettings("the raise cap cannot be negative")
        if self.stake_cap is not None and self.stake_cap < 1:
            raise BadSettings("the stake cap must be at least one chip")

    @staticmethod
    def fixed(small_bet: int, big_bet: int | None = None, **kwargs: object) -> BettingRules:
        big = big_bet if big_bet is not None else 2 * small_bet
        return BettingRules("fixed-limit", small_bet, small_bet, big, **kwargs)  # type: ignore[arg-type]


@dataclass
class Bettor:
    """One player's chips in the hand: behind (``stack``), in this round, in the hand."""

    seat: int
    stack: int
    contributed: int = 0
    bet: int = 0
    folded: bool = False
    acted: bool = False
    level_acted_at: int = 0

    def room(self, stake_cap: int | None) -> int:
        """Chips this player may still put in: the stack, or less under a stake cap."""
        if stake_cap is None:
            return self.stack
        return max(0, min(self.stack, stake_cap - self.contributed))

    def put(self, amount: int) -> None:
        self.stack -= amount
        self.bet += amount
        self.contributed += amount


def post(bettor: Bettor, amount: int, rules: BettingRules, into_round: bool = True) -> int:
    """Post a blind (``into_round``) or an ante; a short stack posts what it has."""
    paid = min(amount, bettor.room(rules.stake_cap))
    if into_round:
        bettor.put(paid)
    else:
        bettor.stack -= paid
        bettor.contributed += paid
    return paid


@dataclass(frozen=True)
class LegalActions:
    """What one seat may do now. ``min_to``/``max_to`` are round totals for a bet or raise."""

    seat: int
    can_fold: bool
    can_check: bool
    call_amount: int  # 0 when there is nothing to call
    raise_kind: str | None  # "bet", "raise" or None
    min_to: int = 0
    max_to: int = 0
    bet_already: int = 0

    @property
    def kinds(self) -> tuple[str, ...]:
        kinds = [FOLD] if self.can_fold else []
        kinds += [CHECK] if self.can_check else []
        kinds += [CALL] if self.call_amount else []
        kinds += [self.raise_kind] if self.raise_kind else []
        return tuple(kinds)


def pot_limit_max(structure: str, current_bet: int, to_call: int, pot: int) -> int | None:
    """The largest raise-to allowed by a pot structure; None where the pot sets no limit.

    ``pot`` counts every chip already in the hand, this round's bets included.
    Pot-limit: raise by the call plus the pot after the call. Half-pot: by the call plus
    half of that pot, rounded down.
    """
    if structure == "pot-limit":
        return current_bet + pot + to_call
    if structure == "half-pot-limit":
        return current_bet + (pot + to_call) // 2
    return None


class BettingRound:
    """One round of betting among ``bettors`` (everyone dealt in, folded ones included).

    ``order`` lists seats in the order they act, starting with the first to act.
    ``current_bet`` is the bet to match when the round opens (the big blind pre-flop).
    ``bet_size`` is the fixed-limit bet for this round (ignored by other structures).
    """

    def __init__(
        self,
        rules: BettingRules,
        bettors: Sequence[Bettor],
        order: Sequence[int],
        current_bet: int = 0,
        bet_size: int | None = None,
    ) -> None:
        self.rules = rules
        self.by_seat = {b.seat: b for b in bettors}
        self.order = [s for s in order if s in self.by_seat]
        fixed = rules.structure == "fixed-limit"
        self.bet_size = (bet_size or rules.min_bet) if fixed else rules.min_bet
        self.current_bet = current_bet
        self.full_level = current_bet  # where the last full bet or raise (or a blind) left it
        self.short_kind = BET  # what the last bet or raise short of a full one was
        self.opened = current_bet > 0
        self.full_raise = self.bet_size
        self.raises = 0
        self.capped = False
        self.cap_lifted = False
        for b in bettors:
            b.acted = False
            b.level_acted_at = 0
        self._check_heads_up()
        self.to_act: int | None = self._next_from(0)

    # -- asking ---------------------------------------------------------------
    @property
    def pot(self) -> int:
        return sum(b.contributed for b in self.by_seat.values())

    @property
    def is_complete(self) -> bool:
        return self.to_act is None

    def live(self) -> list[Bettor]:
        return [self.by_seat[s] for s in self.order if not self.by_seat[s].folded]

    def legal_actions(self, seat: int) -> LegalActions:
        if seat != self.to_act:
            who = "nobody" if self.to_act is None else f"seat {self.to_act}"
            raise OutOfTurn(f"it is not seat {seat}'s turn to bet: {who} is to act")
        me = self.by_seat[seat]
        room = me.room(self.rules.stake_cap)
        owed = self.current_bet - me.bet
        to_call = min(owed, room)
        kind, low, high = self._raise_range(me, room, owed)
        return LegalActions(seat, owed > 0, owed <= 0, to_call, kind, low, high, me.bet)

    def _raise_range(self, me: Bettor, room: int, owed: int) -> tuple[str | None, int, int]:
        if room <= max(owed, 0) or not self._may_raise(me):
            return None, 0, 0
        rules = self.rules
        if not self.opened:
            kind, low = BET, self.bet_size
        else:
            kind, low = RAISE, self.current_bet + self.full_raise
        if rules.structure == "fixed-limit":
            high = low
        elif rules.structure == "no-limit":
            high = me.bet + room
        else:
            pot_max = pot_limit_max(rules.structure, self.current_bet, max(owed, 0), self.pot)
            high = max(low, pot_max or low)
        everything = me.bet + room
        if everything <= low:
            return kind, everything, everything  # only all-in, a short raise
        return kind, low, min(high, everything)

    def _may_raise(self, me: Bettor) -> bool:
        others = [b for b in self.live() if b is not me and b.room(self.rules.stake_cap) > 0]
        if not others:
            return False  # nobody left who could answer a raise
        if self.opened and self._cap_reached():
            return False
        return self.reopened_for(me.seat)

    def reopened_for(self, seat: int) -> bool:
        """False where only a short all-in has raised since ``seat`` acted: it may call or
        fold, but not raise (a raise of less than a full raise does not reopen the betting)."""
        me = self.by_seat[seat]
        return not (me.acted and self.current_bet - me.level_acted_at < self.full_raise)

    def held_by_short_raise(self, seat: int) -> bool:
        """Whether a short raise is what stops ``seat`` raising: someone could answer a
        raise, but the betting was not reopened for it."""
        me = self.by_seat[seat]
        others = [b for b in self.live() if b is not me and b.room(self.rules.stake_cap) > 0]
        return bool(others) and not self.reopened_for(seat)

    def short_of_full(self) -> dict | None:
        """When the bet to match was set by a bet or raise short of a full one (an all-in,
        or a stake cap): its level, whether the last short one was the round's opening
        ``bet`` or a ``raise``, and the full raise the next raise goes above it."""
        if self.current_bet <= self.full_level:
            return None
        return {"to": self.current_bet, "of": self.short_kind, "full": self.full_raise}

    def _cap_reached(self) -> bool:
        cap = self.rules.raise_cap
        return cap is not None and not self.cap_lifted and self.raises >= cap

    # -- telling --------------------------------------------------------------
    def act(self, seat: int, kind: str, to: int | None = None) -> None:
        """Apply one action. ``to`` is the round total for a bet or raise."""
        legal = self.legal_actions(seat)
        if kind not in legal.kinds:
            allowed = ", ".join(legal.kinds)
            raise IllegalAction(f"seat {seat} cannot {kind} now; the choices are: {allowed}")
        me = self.by_seat[seat]
        if kind == FOLD:
            me.folded = True
            self._check_heads_up()
        elif kind == CALL:
            me.put(legal.call_amount)
        elif kind in (BET, RAISE):
            if not isinstance(to, int) or isinstance(to, bool):
                raise AmountOutOfRange(f"a {kind} needs a whole number of chips")
            if not legal.min_to <= to <= legal.max_to:
                raise AmountOutOfRange(
                    f"seat {seat} may {kind} to {legal.min_to}"
                    + (f" up to {legal.max_to}" if legal.max_to > legal.min_to else " only")
                    + f", not {to}"
                )
            self._raise_to(me, to)
        me.acted = True
        me.level_acted_at = self.current_bet
        self.to_act = self._next_after(seat)

    def _raise_to(self, me: Bettor, to: int) -> None:
        size = to - self.current_bet
        full = size >= self.full_raise if self.opened else to >= self.bet_size
        if full:
            if self.opened:
                self.raises += 1
            self.full_raise = max(size, self.full_raise) if self.opened else to
            if self.rules.structure == "fixed-limit":
                self.full_raise = self.bet_size
            self.full_level = to
        else:
            self.short_kind = RAISE if self.opened else BET
        me.put(to - me.bet)
        self.current_bet = max(self.current_bet, to)
        self.opened = True
        if self._cap_reached():
            self.capped = True

    def _check_heads_up(self) -> None:
        heads_up = len(self.live()) <= 2
        if heads_up and self.rules.cap_lifts_heads_up and not self.capped:
            self.cap_lifted = True

    def _needs_to_act(self, b: Bettor) -> bool:
        if b.folded or b.room(self.rules.stake_cap) == 0:
            return False
        if b.bet < self.current_bet:
            return True
        if b.acted:
            return False
        cap = self.rules.stake_cap
        return any(o is not b and o.room(cap) > 0 for o in self.live())

    def _next_from(self, index: int) -> int | None:
        if len(self.live()) <= 1:
            return None
        n = len(self.order)
        for step in range(n):
            b = self.by_seat[self.order[(index + step) % n]]
            if self._needs_to_act(b):
                return b.seat
        return None

    def _next_after(self, seat: int) -> int | None:
        return self._next_from(self.order.index(seat) + 1)

    def return_uncalled(self) -> tuple[int, int] | None:
        """At the round's end, give back the part of the top bet nobody matched."""
        bets = sorted((b.bet for b in self.by_seat.values()), reverse=True)
        if len(bets) < 2 or bets[0] == bets[1]:
            return None
        top = next(b for b in self.by_seat.values() if b.bet == bets[0])
        excess = bets[0] - bets[1]
        top.stack += excess
        top.bet -= excess
        top.contributed -= excess
        return top.seat, excess
