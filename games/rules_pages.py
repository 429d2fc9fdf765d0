"""The rules pages: docs/rules.md, the players' rules, served as pages of the app.

One text for both: the file in the project is the page. ``/rules/`` shows it all;
``/rules/<game>/`` shows that game's section first, then what every game shares.
"""

from __future__ import annotations

from functools import lru_cache

import markdown
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe

from games.rules.catalog import GAMES

SECTIONS = {"levys": "Levy's Game", "high-low-declare": "High-Low Declare",
            "sviten": "Sviten Special", "dealers-choice": "Dealer's choice"}  # fmt: skip
COMMON = "Every game"


@lru_cache(maxsize=1)
def sections() -> tuple[str, dict[str, str]]:
    """The text's opening and its sections by their headings, as markdown."""
    text = (settings.BASE_DIR / "docs" / "rules.md").read_text(encoding="utf-8")
    opening, *parts = text.split("\n## ")
    return opening, {part.split("\n", 1)[0].strip(): "## " + part for part in parts}


# The steps of a hand as the rules name them (in bold), and the anchors the table links
# to from each step (games.controls).
STEP_ANCHORS = {"The draw": "draw", "Arrange": "arrange", "Reveal": "reveal",
                "Replace one": "replace", "One up": "one-up"}  # fmt: skip


ANCHOR_OF_STEP = {"betting": "betting", "draw": "draw", "lock": "draw", "arrange": "arrange",
                  "replace": "replace", "one-up": "one-up",
                  "declare": "declarations-levys-game-and-high-low-declare"}  # fmt: skip


def rules_link(game: str, step: str, revealed: bool = False) -> str:
    """The rules page of ``game``, at the step being played: a betting round of Levy's
    Game once cards are turned up, at the reveal (who bets first, and why)."""
    anchor = "reveal" if revealed and game == "levys" and step == "betting" else None
    anchor = anchor or ANCHOR_OF_STEP.get(step)
    return reverse("rules_game", args=[game]) + (f"#{anchor}" if anchor else "")


def _html(text: str) -> str:
    # Our own file, not user input: its HTML is the page's.
    html = markdown.markdown(text, extensions=["toc", "sane_lists"])
    for words, anchor in STEP_ANCHORS.items():
        bold = f"<strong>{words}</strong>"
        html = html.replace(f"<li>{bold}", f'<li id="{anchor}">{bold}')  # a numbered step
        html = html.replace(
            f"{bold}: a player", f'<strong id="{anchor}">{words}</strong>: a player'
        )
    return mark_safe(html)


def rules_page(request: HttpRequest, game: str | None = None) -> HttpResponse:
    opening, parts = sections()
    if game is None:
        body, title = opening + "\n" + "\n".join(parts.values()), "The rules"
    elif game in SECTIONS:
        name = SECTIONS[game]
        body = parts[name] + "\n" + parts[COMMON]
        title = f"{name}: the rules"
    else:
        raise Http404("no such game")
    games = [{"slug": slug, "name": GAMES[slug].name} for slug in GAMES]
    return render(request, "rules.html", {"title": title, "body": _html(body), "games": games,
                                          "game": game})  # fmt: skip
