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
            "Five-card draw, then a secret reveal order turned up one card at a time with a "
            "betting round after each, replace-one, and a hi-lo split declared with chips "
            "in fist. Both ways must scoop.",
        ),
        GameInfo(
            "high-low-declare",
            "High-Low Declare",
            2,
            7,
            "fixed-limit",
            "ace-to-six",
            "Five-card draw, high-low, with declarations by chips in fist or out loud.",
            default_raise_cap=3,
        ),
        GameInfo(
            "sviten",
            "Sviten Special",
            2,
            6,
            "pot-limit",
            None,
            "Pot-limit Omaha crossed with five-card draw: half the pot to the best Omaha "
            "hand, half to the best five cards held, with the one-up draw.",
        ),
    )
}
