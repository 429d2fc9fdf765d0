"""Declarations: High, Low or Both, and how a declare pot is resolved (RULES.md §1).

1. High contenders are the High and Both declarers; low contenders the Low and Both.
2. A Both declarer must be strictly best both ways to win, and then scoops the pot;
   beaten or tied either way, they win nothing and are removed.
3. The remaining High declarers contest the high half and the Low declarers the low half;
   a half nobody contests goes to the other half; ties split a half.
4. If nobody is left (all were failed Both declarers), the pot goes as if nobody had
   declared: half to the best high hand, half to the best low hand among them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from games.rules.errors import IllegalAction
from games.rules.pots import Award, Pot, award_best, halves
from games.rules.values import HandValue

HIGH, LOW, BOTH = "high", "low", "both"
DECLARATIONS = (HIGH, LOW, BOTH)


def read_declaration(text: object) -> str:
    """A declaration from what a player sent ("High", "low", "BOTH")."""
    if isinstance(text, str) and text.strip().lower() in DECLARATIONS:
        return text.strip().lower()
    raise IllegalAction(f"a declaration is High, Low or Both, not {text!r}")


def _strictly_best(seat: int, contenders: Sequence[int], values: Mapping[int, HandValue]) -> bool:
    return all(values[seat] > values[other] for other in contenders if other != seat)


def _both_failure(
    seat: int, contenders: Sequence[int], values: Mapping[int, HandValue]
) -> tuple[str, tuple[int, ...]]:
    """How a Both declarer failed one way, and who did it: ("beaten", the seats with a
    better hand) or ("tied", the seats with one as good)."""
    better = tuple(o for o in contenders if o != seat and values[o] > values[seat])
    if better:
        return "beaten", better
    return "tied", tuple(o for o in contenders if o != seat and values[o] == values[seat])


def resolve_declare_pot(
    pot_index: int,
    pot: Pot,
    declarations: Mapping[int, str],
    high: Mapping[int, HandValue],
    low: Mapping[int, HandValue],
    order: Sequence[int],
) -> list[Award]:
    """Awards for one pot among its eligible seats; ``order`` is clockwise from the button."""
    seats = [s for s in order if s in pot.eligible]
    high_contenders = [s for s in seats if declarations[s] in (HIGH, BOTH)]
    low_contenders = [s for s in seats if declarations[s] in (LOW, BOTH)]

    def wins_nothing(s: int) -> Award:  # a Both declarer not strictly best both ways
        way, rivals, values = (
            ("high", high_contenders, high) if not _strictly_best(s, high_contenders, high)
            else ("low", low_contenders, low)
        )  # fmt: skip
        verdict, by = _both_failure(s, rivals, values)
        reason = f"Both declarer {verdict} for {way}: wins nothing"
        hands = f"{high[s].name}; {low[s].name}"  # both, as declared (and as a scoop says)
        return Award(pot_index, pot.name, "none", s, 0, hands, reason, by)

    failed = [s for s in seats if declarations[s] == BOTH]
    for s in failed:
        if _strictly_best(s, high_contenders, high) and _strictly_best(s, low_contenders, low):
            hand = f"{high[s].name}; {low[s].name}"
            reason = "Both declarer, strictly best high and low: scoops the pot"
            scoop = Award(pot_index, pot.name, "whole", s, pot.amount, hand, reason)
            return [scoop, *(wins_nothing(other) for other in failed if other != s)]
    awards = [wins_nothing(s) for s in failed]

    highs = [s for s in high_contenders if s not in failed]
    lows = [s for s in low_contenders if s not in failed]
    high_of, low_of = high.__getitem__, low.__getitem__
    if highs and lows:
        high_half, low_half = halves(pot.amount)
        why_high, why_low = "best high among High declarers", "best low among Low declarers"
        awards += award_best(pot_index, pot, high_half, "high", highs, high_of, order, why_high)
        awards += award_best(pot_index, pot, low_half, "low", lows, low_of, order, why_low)
    elif highs:
        reason = "best high among High declarers; no Low declarer in this pot, so all of it"
        awards += award_best(pot_index, pot, pot.amount, "whole", highs, high_of, order, reason)
    elif lows:
        reason = "best low among Low declarers; no High declarer in this pot, so all of it"
        awards += award_best(pot_index, pot, pot.amount, "whole", lows, low_of, order, reason)
    else:  # (their lines do not say "wins nothing": each may win a half below)
        awards = [replace(a, reason=a.reason.removesuffix(": wins nothing")) for a in awards]
        high_half, low_half = halves(pot.amount)
        why = "every declarer failed at Both, so the pot goes as if nobody had declared: "
        awards += award_best(
            pot_index, pot, high_half, "high", failed, high_of, order, why + "best high"
        )
        awards += award_best(
            pot_index, pot, low_half, "low", failed, low_of, order, why + "best low"
        )
    return awards
