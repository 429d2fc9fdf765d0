"""Fixed-limit bet sizes are the host's: set at a new table or between hands, checked,
and dealt into every hand; left at 0 they are the opening bet and twice it."""

from __future__ import annotations

import pytest
from django.test import Client

from games import controls, presenter, services, state
from games.models import Table
from games.services import ServiceError
from tests.web.helpers import make_table, seat_players, session_of

pytestmark = pytest.mark.django_db


def first_bet(table: Table) -> tuple[int, int]:
    """The exact bet the first player may make, and the big bet, of a hand dealt now."""
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    engine = state.load_engine(state.current_hand(table))
    legal = engine.legal_actions(engine.actors()[0])
    assert legal["min_to"] == legal["max_to"]
    return legal["min_to"], engine.rules.big_bet


def test_an_ante_table_bets_the_small_bet_the_host_set():
    table = make_table("high-low-declare", ante=1, small_bet=5, big_bet=10)
    assert first_bet(table) == (5, 10)


def test_the_one_size_a_fixed_limit_bet_may_be_is_one_button():
    table = make_table("high-low-declare", ante=1, small_bet=5, big_bet=10)
    first_bet(table)
    shot = state.latest_snapshot(table.pk)
    actor = session_of(table, shot.views[None]["actors"][0])
    bar = presenter.render_table(table, presenter.viewer_of(table, actor, False, shot), shot)
    assert '<input type="hidden" name="to" value="5">' in bar
    assert 'data-key="r">Bet 5 <kbd>R</kbd>' in bar and 'type="number" name="to"' not in bar


def test_without_sizes_fixed_limit_bets_twice_the_ante_and_doubles_after():
    table = make_table("high-low-declare", ante=1)
    assert first_bet(table) == (2, 4)


def test_a_small_bet_alone_doubles_for_the_big_bet():
    table = make_table("high-low-declare", ante=1, small_bet=3)
    assert first_bet(table) == (3, 6)


def test_other_structures_keep_the_sizes_out_of_their_hands():
    table = make_table("levys", small_bet=5, big_bet=10)
    config = services.hand_config(table, "levys")
    assert (config.small_bet, config.big_bet) == (0, 0)


@pytest.mark.parametrize("sizes", [{"small_bet": 10, "big_bet": 5}, {"small_bet": 0, "big_bet": 1}])
def test_a_big_bet_smaller_than_the_small_bet_is_refused(sizes):
    with pytest.raises(ServiceError, match="big bet"):
        make_table("high-low-declare", ante=1, **sizes)


NEW_TABLE = {
    "name": "Friday", "game": "high-low-declare", "structure": "fixed-limit", "ante": "1",
    "small_blind": "0", "big_blind": "0", "seat_count": "6", "min_buy_in": "100",
    "max_buy_in": "500", "declare": "chips", "low": "ace-to-six", "cap_lifts_heads_up": "1",
}  # fmt: skip


def test_the_new_table_and_settings_forms_set_the_sizes():
    host = Client()
    page = host.get("/new/").content.decode()
    assert 'name="small_bet"' in page and 'name="big_bet"' in page and "Fixed-limit" in page
    host.post("/new/", {**NEW_TABLE, "small_bet": "4", "big_bet": "8"})
    table = Table.objects.get()
    assert (table.small_bet, table.big_bet) == (4, 8)
    url = f"/t/{table.invite}/do/settings/"
    told = host.post(url, {**NEW_TABLE, "small_bet": "", "big_bet": "12"}).content.decode()
    assert "Saved: from the next hand, " in told and "bets 4/8 \u2192 2/12" in told  # and was
    assert "Saved." in host.post(url, {**NEW_TABLE, "big_bet": "12"}).content.decode()
    table.refresh_from_db()
    assert (table.small_bet, table.big_bet) == (0, 12)
    assert (
        'id="set-big_bet" data-keep min="0" value="12"'
        in host.get(f"/t/{table.invite}/").content.decode()
    )


@pytest.mark.parametrize(
    ("sizes", "message"),
    [
        ({"small_bet": "-1"}, "cannot be negative"),
        ({"big_bet": "two"}, "whole number"),
        ({"small_bet": "6", "big_bet": "5"}, "big bet no smaller than it"),
    ],
)
def test_bad_sizes_are_refused_and_change_nothing(sizes, message):
    host = Client()
    response = host.post("/new/", {**NEW_TABLE, **sizes})
    assert response.status_code == 400 and message in response.content.decode()
    host.post("/new/", NEW_TABLE)
    table = Table.objects.get()
    version = table.version
    response = host.post(f"/t/{table.invite}/do/settings/", {**NEW_TABLE, **sizes})
    assert response.status_code == 400 and message in response.content.decode()
    table.refresh_from_db()
    assert (table.small_bet, table.big_bet, table.version) == (0, 0, version)


def test_a_one_size_raise_of_the_whole_stack_says_all_in():
    legal = {"kinds": ["fold", "call"], "call": 2, "bet_already": 0, "raise_kind": "raise",
             "min_to": 37, "max_to": 37, "all_in_to": 37}  # fmt: skip
    assert ">Raise to 37 (all-in) <kbd>R</kbd>" in controls._betting(legal, 5, [])
    short = {**legal, "min_to": 36, "max_to": 36}
    assert ">Raise to 36 <kbd>R</kbd>" in controls._betting(short, 5, [])
