"""The house's games: what each is, how many seats, and its defaults (RULES.md §2-§4)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: str
    min_seats: int
    max_seats: int
    default_structure: str
    default_low: str | None
    summary: str
    default_raise_cap: int | None = None

    def summary_at(self, declare: str) -> str:
        """The summary as a table that declares ``declare`` ("chips" or "vocal") plays it:
        High-Low Declare's "(secretly with chips, or out loud)" says only the one."""
        return self.summary.replace(EITHER_WAY, f"({DECLARE_WAYS[declare]})")


EITHER_WAY = "(secretly with chips, or out loud)"  # High-Low Declare's, at either setting
DECLARE_WAYS = {"chips": "secretly with chips", "vocal": "out loud"}


GAMES: dict[str, GameInfo] = {
    g.slug: g
    for g in (
        GameInfo(
            "levys",
            "Levy's Game",
            2,
            8,
            "half-pot-limit",
            "ace-to-five",
            "Five-card draw; then you turn up four cards one by one, in an order you set in "
            "secret, with a betting round after each, and may swap one. Last, everyone "
            "declares high, low or both with chips in a fist: the best high and the best low "
            "split the pot, and whoever declares both must win both ways.",
        ),
        GameInfo(
            "high-low-declare",
            "High-Low Declare",
            2,
            7,
            "fixed-limit",
            "ace-to-six",
            "Five-card draw with the pot split between the best high hand and the best "
            "low: after the last bet everyone declares high, low or both (secretly with "
            "chips, or out loud) and plays only for what they declared.",
            default_raise_cap=3,
        ),
        GameInfo(
            "sviten",
            "Sviten Special",
            2,
            6,
            "pot-limit",
            None,
            "Five-card draw crossed with Omaha: five shared cards come out on the board as "
            "you bet. Half the pot goes to the best five cards held, half to the best hand "
            "of two of yours and three of the board. If you draw exactly one card, it is "
            "shown to all: take it, or pass for the next one face down.",
        ),
    )
}

# Each game's usual forced bets at this house (ante, small blind, big blind).
FORCED_BETS = {"levys": (1, 0, 0), "high-low-declare": (1, 0, 0), "sviten": (0, 1, 2)}


def house_rules(game: str) -> dict:
    """A game's usual settings at this house: the game, its structure and forced bets,
    its caps and declarations, no more (the new-table form's one-tap starts)."""
    info = GAMES[game]
    ante, small_blind, big_blind = FORCED_BETS[game]
    return {
        "game": game, "structure": info.default_structure, "ante": ante,
        "small_blind": small_blind, "big_blind": big_blind, "small_bet": None, "big_bet": None,
        "raise_cap": info.default_raise_cap, "cap_lifts_heads_up": True, "stake_cap": None,
        "declare": "chips", "low": GAMES["high-low-declare"].default_low,
    }  # fmt: skip


def house_words(game: str) -> str:
    """A game's house betting in a few words: "fixed-limit, ante 1, raise cap 3"."""
    rules = house_rules(game)
    forced = (f"ante {rules['ante']}" if rules["ante"]
              else f"blinds {rules['small_blind']}/{rules['big_blind']}")  # fmt: skip
    cap = f", raise cap {rules['raise_cap']}" if rules["raise_cap"] else ""
    return f"{rules['structure']}, {forced}{cap}"
