"""A hand's configuration: the game, the stakes and the betting settings of its table."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from games.rules.betting import STRUCTURES, BettingRules
from games.rules.catalog import GAMES
from games.rules.errors import BadSettings
from games.rules.values import LOW_VALUES

DECLARE_METHODS = ("chips", "vocal")


@dataclass(frozen=True)
class HandConfig:
    """Everything about a hand that is set before the deal.

    ``min_bet`` defaults to the big blind (or, with no blinds, twice the ante, at least 1).
    Fixed-limit uses ``small_bet`` (default ``min_bet``) and ``big_bet`` (default twice it).
    ``raise_cap``, ``low`` and ``declare`` default to the game's own (RULES.md §2-§4).
    """

    game: str
    structure: str = ""
    ante: int = 0
    small_blind: int = 0
    big_blind: int = 0
    min_bet: int = 0
    small_bet: int = 0
    big_bet: int = 0
    raise_cap: int | str | None = "default"
    cap_lifts_heads_up: bool = True
    stake_cap: int | None = None
    low: str = ""
    declare: str = "chips"
    table_size: int = 8

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise BadSettings(f"unknown game {self.game!r}: choose one of {', '.join(GAMES)}")
        info = GAMES[self.game]
        if self.raise_cap == "default":
            object.__setattr__(self, "raise_cap", info.default_raise_cap)
        if self.raise_cap is not None and (
            not isinstance(self.raise_cap, int) or isinstance(self.raise_cap, bool)
        ):
            raise BadSettings("the raise cap is a whole number of raises, or none")
        if not self.structure:
            object.__setattr__(self, "structure", info.default_structure)
        if self.structure not in STRUCTURES:
            raise BadSettings(f"betting structure must be one of {', '.join(STRUCTURES)}")
        if not self.low:
            object.__setattr__(self, "low", info.default_low or "ace-to-five")
        if self.low not in LOW_VALUES:
            raise BadSettings(f"low must be one of {', '.join(LOW_VALUES)}")
        if self.declare not in DECLARE_METHODS:
            raise BadSettings("declarations are by 'chips' (in fist) or 'vocal'")
        if self.game == "levys" and self.declare != "chips":
            raise BadSettings("Levy's Game is declared by chips in fist")
        for name in ("ante", "small_blind", "big_blind", "min_bet", "small_bet", "big_bet"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise BadSettings(f"{name.replace('_', ' ')} must be a whole number of chips")
        if self.small_blind > self.big_blind:
            raise BadSettings("the small blind cannot be larger than the big blind")
        if self.small_blind and not self.big_blind:
            raise BadSettings("a small blind needs a big blind")
        if not self.ante and not self.big_blind:
            raise BadSettings("a table needs an ante or blinds")
        if not 2 <= self.table_size <= 10:
            raise BadSettings("a table has 2 to 10 seats")
        self.betting_rules()  # checks caps and fixed-limit sizes

    @property
    def opening_bet(self) -> int:
        return self.min_bet or self.big_blind or max(1, 2 * self.ante)

    def betting_rules(self) -> BettingRules:
        small = self.small_bet or self.opening_bet
        big = self.big_bet or 2 * small
        if self.structure == "fixed-limit":
            return BettingRules(
                "fixed-limit",
                small,
                small,
                big,
                self.raise_cap,
                self.cap_lifts_heads_up,
                self.stake_cap,
            )
        return BettingRules(
            self.structure,
            self.opening_bet,
            small,
            big,
            self.raise_cap,
            self.cap_lifts_heads_up,
            self.stake_cap,
        )

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> HandConfig:
        if not isinstance(data, dict):
            raise BadSettings("a hand's config is an object")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise BadSettings(f"unknown config fields: {', '.join(sorted(unknown))}")
        if "game" not in data:
            raise BadSettings("a hand's config names its game")
        return cls(**data)
