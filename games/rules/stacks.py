"""Chips between hands: rebuys, the host's changes to a stack, and cashing out.

Each rule takes a player's chips as plain values and returns them as they become with the
ledger transfer to record, or raises Refused and changes nothing. games.services reads the
player, applies the rule and writes what it returns.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from games.rules.errors import Refused

REQUESTED, SEATED, LEFT, REFUSED = "requested", "seated", "left", "refused"  # at the table
MOST_STACK = 1_000_000_000  # chips in one stack: well inside the database's integer columns
STACK_CHANGES = ("money", "correction")  # a host's change: money moves, or a count was wrong


@dataclass(frozen=True)
class Stack:
    """A player's chips as these rules see them."""

    name: str
    chips: int
    status: str  # REQUESTED (a seat, not yet given), SEATED, LEFT or REFUSED (a seat)
    in_hand: bool = False  # dealt into the hand being played
    rebuy_asked: int | None = None  # a rebuy asked for and not yet added

    @property
    def seated(self) -> bool:
        return self.status == SEATED


@dataclass(frozen=True)
class Transfer:
    """A ledger entry: chips onto the stack (negative: off it), its kind and its note."""

    kind: str
    amount: int
    note: str


Moved = tuple[Stack, Transfer | None]


def _whole(amount) -> bool:
    return isinstance(amount, int) and not isinstance(amount, bool)


def ask_rebuy(stack: Stack, amount: int, most: int, approval: bool, host: bool) -> Moved:
    """A seated player asks for ``amount`` more chips, up to ``most`` in the stack. Added at
    once (between hands) unless the host approves rebuys; the host's own needs no approval."""
    room = most - stack.chips
    if room < 1:
        raise Refused(f"you have {stack.chips}: the most a stack may be topped up to is {most}")
    if not _whole(amount) or not 1 <= amount <= room:
        raise Refused(f"a rebuy is 1 to {room} chips: a stack may be topped up to {most}")
    if host and approval and stack.in_hand:
        raise Refused("you are in the hand: rebuy when it is over")  # none to approve it
    asked = replace(stack, rebuy_asked=amount)
    return add_rebuy(asked, most) if host or not approval else (asked, None)


def add_rebuy(stack: Stack, most: int) -> Moved:
    """The rebuy asked for, added if the player is seated and not in a hand (else it waits
    for the hand's end). ``most`` is checked again as it is added (the stack may have grown
    since the request): only what keeps the stack within it, and nothing, with the request
    dropped, when there is no room left."""
    asked = stack.rebuy_asked
    if not asked or not stack.seated or stack.in_hand:
        return stack, None
    amount = min(asked, most - stack.chips)
    if amount < 1:
        note = (f"{stack.name}'s rebuy of {asked} dropped: the stack of {stack.chips} "
                f"is at the maximum of {most}")  # fmt: skip
        return replace(stack, rebuy_asked=None), Transfer("rebuy", 0, note)
    note = f"{stack.name} rebuys {amount}"
    if amount < asked:
        note += f" of {asked} asked: the most a stack may be topped up to is {most}"
    return replace(stack, chips=stack.chips + amount, rebuy_asked=None), Transfer(
        "rebuy", amount, note
    )


def answer_rebuy(stack: Stack, approve: bool, most: int) -> Moved:
    """The host approves (added now, between hands) or refuses a rebuy asked for."""
    if not stack.seated:
        raise Refused(f"{stack.name} is not seated: there is no rebuy to answer")
    if not stack.rebuy_asked:
        raise Refused(f"{stack.name} has not asked for a rebuy")
    if not approve:
        return replace(stack, rebuy_asked=None), None
    if stack.in_hand:
        raise Refused(f"{stack.name} is in a hand: approve the rebuy after it")
    return add_rebuy(stack, most)


def change_stack(stack: Stack, amount: int, kind: str = "money", note: str = "") -> Moved:
    """The host adds or takes chips between hands. ``kind`` "money": a top-up or a removal,
    paid for or paid out like a rebuy or a cash-out (the player's net is unchanged);
    "correction": the count was wrong and no money moves (the player's net changes)."""
    if kind not in STACK_CHANGES:
        raise Refused("choose a top-up or removal (money), or a correction (no money)")
    if not stack.seated:
        raise Refused(f"{stack.name} is not seated")
    if stack.in_hand:
        raise Refused("adjust stacks between hands")
    if not _whole(amount) or amount == 0:
        raise Refused(f"give a number of chips other than 0, at least -{stack.chips}")
    if stack.chips + amount < 0:
        raise Refused(f"{stack.name} has {stack.chips}: take at most {stack.chips}")
    if stack.chips + amount > MOST_STACK:
        raise Refused(f"a stack holds at most {MOST_STACK:,} chips")
    if kind == "correction":
        booked, said = "correction", f"{stack.name}'s count corrected by {amount:+d}"
    elif amount > 0:
        booked, said = "top-up", f"{stack.name} tops up {amount}"
    else:
        booked, said = "removal", f"{stack.name} takes {-amount} out"
    return replace(stack, chips=stack.chips + amount), Transfer(booked, amount, note or said)


def take_seat(stack: Stack, buy_in: int, approve: bool = True) -> Moved:
    """A player waiting for a seat sits down with their buy-in (or, not approved by the
    host, is refused the seat)."""
    if stack.status != REQUESTED:
        raise Refused(f"{stack.name} is not waiting for a seat")
    if not approve:
        return replace(stack, status=REFUSED), None
    seated = replace(stack, chips=stack.chips + buy_in, status=SEATED)
    return seated, Transfer("buy-in", buy_in, f"{stack.name} buys in")


def cash_out(stack: Stack, how: str = "cashes out") -> Moved:
    """The player leaves with their stack; a rebuy waiting for the host leaves with them.
    The ledger's note says ``how``: "cashes out", "is removed by the host"."""
    if stack.status not in (SEATED, REQUESTED):
        raise Refused(f"{stack.name} is not at the table")
    if stack.in_hand:
        raise Refused(f"{stack.name} is in the hand being played: cash out after it")
    amount = stack.chips  # none, for a player who was never seated
    left = replace(stack, chips=0, rebuy_asked=None, status=LEFT)
    return left, Transfer("cash-out", -amount, f"{stack.name} {how}") if amount else None
