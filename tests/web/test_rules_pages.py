"""The players' rules (docs/rules.md) are pages of the app, linked where players are."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.web.helpers import make_table

pytestmark = pytest.mark.django_db


def test_the_rules_page_shows_every_game_and_the_shared_rules():
    page = Client().get("/rules/").content.decode()
    for heading in ("Every game", "Levy&#x27;s Game", "High-Low Declare", "Sviten Special"):
        assert heading in page or heading.replace("&#x27;", "'") in page
    assert "Both must scoop" in page and "<h2" in page


@pytest.mark.parametrize(
    ("game", "first", "shared"),
    [
        ("levys", "Sheriff play", "Both must scoop"),
        ("high-low-declare", "ace-to-six", "Both must scoop"),
        ("sviten", "One up", "Half-pot-limit"),
        ("dealers-choice", "picks the game", "Pot-limit"),
    ],
)
def test_each_game_has_its_page_with_what_every_game_shares(game, first, shared):
    page = Client().get(f"/rules/{game}/").content.decode()
    assert first in page and shared in page
    assert page.index(first) < page.index("Every game")


def test_an_unknown_game_has_no_rules_page():
    assert Client().get("/rules/poker-dice/").status_code == 404


def test_the_home_page_and_the_table_link_the_rules():
    assert 'href="/rules/levys/"' in Client().get("/").content.decode()
    table = make_table("sviten")
    assert 'href="/rules/sviten/"' in Client().get(f"/t/{table.invite}/").content.decode()


def test_the_player_to_act_can_open_the_rules_at_the_step_being_played():
    from games import state
    from tests.web.test_table_words import dealt, page, to_act

    table = dealt("sviten", players=2)
    key, _ = to_act(table)
    assert 'href="/rules/sviten/#betting"' in page(table, key)
    assert 'rel="noopener">how this step works</a>' in page(table, key)  # (not its name)
    rules = Client().get("/rules/sviten/").content.decode()
    assert 'id="betting"' in rules and 'id="one-up"' in rules and 'id="draw"' in rules
    assert state.current_hand(table) is not None
