"""Input no database could hold (a NUL byte, a number past its column) is refused by the
forms with a clear message and changes nothing, on SQLite and on PostgreSQL alike."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import LedgerEntry, Player, Table
from tests.web.helpers import seat_players
from tests.web.test_views import NEW_TABLE, host_client

pytestmark = pytest.mark.django_db

# Past a 32-bit column (PostgreSQL's integer), past a 64-bit one, past SQLite's integers.
TOO_BIG = [str(2**31), str(2**63), "1" + "0" * 30]
NEW_TABLE_NUMBERS = ["ante", "small_blind", "big_blind", "small_bet", "big_bet", "raise_cap",
                     "stake_cap", "action_clock", "away_after", "seat_count", "min_buy_in",
                     "max_buy_in"]  # fmt: skip
NOT_PRINTABLE = ["Fri\x00day", "Fri\nday", "\x1b[31mFriday", "Fri\x7fday"]


def table_state(table: Table) -> tuple:
    table.refresh_from_db()
    players = list(Player.objects.order_by("pk").values_list("name", "status", "stack", "seat"))
    settings = (table.name, table.ante, table.small_blind, table.big_blind, table.stake_cap)
    return table.version, settings, players, LedgerEntry.objects.count()


@pytest.mark.parametrize("field", NEW_TABLE_NUMBERS)
@pytest.mark.parametrize("number", TOO_BIG)
def test_a_new_table_with_a_number_too_big_is_refused_with_the_limit(field, number):
    response = Client().post("/new/", {**NEW_TABLE, field: number})
    assert response.status_code == 400
    page = response.content.decode()
    assert "whole number from" in page or " to " in page, page
    assert not Table.objects.exists()


@pytest.mark.parametrize("name", NOT_PRINTABLE)
def test_a_table_name_with_a_control_character_is_refused(name):
    response = Client().post("/new/", {**NEW_TABLE, "name": name})
    assert response.status_code == 400
    assert "no control characters" in response.content.decode()
    assert not Table.objects.exists()


@pytest.mark.parametrize("name", NOT_PRINTABLE)
def test_a_player_name_with_a_control_character_is_refused(name):
    _, table = host_client()
    ann = Client()
    ann.get(f"/t/{table.invite}/")
    response = ann.post(f"/t/{table.invite}/join/", {"seat": 1, "name": name, "buy_in": 100})
    assert response.status_code == 400
    assert "no control characters" in response.content.decode()
    assert not Player.objects.exists()


@pytest.mark.parametrize("field", ["seat", "buy_in"])
def test_a_join_with_a_number_too_big_is_refused(field):
    _, table = host_client()
    ann = Client()
    ann.get(f"/t/{table.invite}/")
    form = {"seat": 1, "name": "Ann", "buy_in": 100, field: 10**30}
    response = ann.post(f"/t/{table.invite}/join/", form)
    assert response.status_code == 400
    assert "whole number from 1 to" in response.content.decode() or "from 0 to" in (
        response.content.decode()
    )
    assert not Player.objects.exists()


@pytest.mark.parametrize("number", TOO_BIG)
def test_a_stack_change_too_big_is_refused_and_changes_nothing(number):
    host, table = host_client()
    seat_players(table, 2)
    ann = Player.objects.get(seat=1)
    before = table_state(table)
    for kind in ("money", "correction"):
        form = {"player": ann.pk, "amount": number, "kind": kind}
        response = host.post(f"/t/{table.invite}/do/adjust/", form)
        assert response.status_code == 400
        assert "The number of chips must be a whole number from" in response.content.decode()
    assert table_state(table) == before


def test_a_stack_change_note_with_a_nul_byte_is_refused():
    host, table = host_client()
    seat_players(table, 1)
    form = {"player": Player.objects.get().pk, "amount": "5", "kind": "money", "note": "a\x00b"}
    before = table_state(table)
    response = host.post(f"/t/{table.invite}/do/adjust/", form)
    assert response.status_code == 400
    assert "no control characters" in response.content.decode()
    assert table_state(table) == before


@pytest.mark.parametrize("field", ["ante", "small_blind", "big_blind", "stake_cap", "raise_cap"])
@pytest.mark.parametrize("number", TOO_BIG)
def test_settings_with_a_number_too_big_are_refused_and_change_nothing(field, number):
    host, table = host_client()
    before = table_state(table)
    response = host.post(f"/t/{table.invite}/do/settings/", {**NEW_TABLE, field: number})
    assert response.status_code == 400
    assert "must be a whole number from" in response.content.decode()
    assert table_state(table) == before


@pytest.mark.parametrize("action", ["remove", "seat", "rebuy", "sit-out"])
def test_a_player_id_too_big_is_no_such_player(action):
    host, table = host_client()
    seat_players(table, 1)
    before = table_state(table)
    response = host.post(f"/t/{table.invite}/do/{action}/", {"player": 10**30, "approve": "1"})
    assert response.status_code == 400
    assert "no such player" in response.content.decode()
    assert table_state(table) == before


@pytest.mark.parametrize(
    "url",
    ["/t/abc%00def/", "/t/abc%00def/hands/", "/t/abc%00def/ledger.csv", "/t/{invite}%00/",
     "/t/{invite}/host/%00/", "/t/{invite}/host/caf%C3%A9/", "/t/{invite}/hands/" + "9" * 30 + "/"],
)  # fmt: skip
def test_links_no_table_could_have_are_not_found(url):
    _, table = host_client()
    viewer = Client()
    viewer.get(f"/t/{table.invite}/")
    assert viewer.get(url.format(invite=table.invite)).status_code == 404


def test_posts_to_links_no_table_could_have_are_not_found():
    host, table = host_client()
    before = table_state(table)
    for url in ("/t/abc%00def/join/", "/t/abc%00def/do/settings/", "/t/abc%00def/me/rebuy/"):
        assert host.post(url, {"seat": 1, "name": "Ann", "buy_in": 100}).status_code == 404
    assert table_state(table) == before
