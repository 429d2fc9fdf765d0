"""The pages and forms: bad URLs, bad tokens, other tables' ids and missing CSRF change nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games import services, state
from games.models import LedgerEntry, Player, Table
from games.rules.seating import COMING_BACK
from tests.web.helpers import make_table, seat_players

pytestmark = pytest.mark.django_db

NEW_TABLE = {
    "name": "Friday", "game": "levys", "structure": "half-pot-limit", "ante": "1",
    "small_blind": "0", "big_blind": "0", "seat_count": "6", "min_buy_in": "100",
    "max_buy_in": "500", "declare": "chips", "low": "ace-to-six", "cap_lifts_heads_up": "1",
}  # fmt: skip


def host_client() -> tuple[Client, Table]:
    client = Client()
    response = client.post("/new/", NEW_TABLE)
    assert response.status_code == 302
    return client, Table.objects.latest("pk")


def test_an_invite_link_only_this_machine_can_open_says_so(settings):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.23"]  # HOST=0.0.0.0 adds it
    client, table = host_client()
    settings.ALLOWED_HOSTS += ["poker.localhost", "127.example.com", "[::ffff:127.0.0.1]"]
    for host, warned in (("127.0.0.1:8000", True), ("localhost", True), ("[::1]:8000", True),
                         ("LOCALHOST:8000", True), ("poker.localhost", True),
                         ("[::ffff:127.0.0.1]:8000", True), ("127.example.com", False),
                         ("testserver", False), ("192.168.1.23:8000", False)):  # fmt: skip
        page = client.get(f"/t/{table.invite}/", HTTP_HOST=host).content.decode()
        assert f'value="http://{host}/t/{table.invite}/"' in page
        assert ("Friends cannot open this link" in page) is warned, host


def test_a_host_opens_a_table_and_gets_the_invite_and_host_links():
    client, table = host_client()
    page = client.get(f"/t/{table.invite}/").content.decode()
    assert f"/t/{table.invite}/" in page
    assert f"/t/{table.invite}/host/{table.host_secret}/" in page
    assert "Start dealing" in page


def test_the_host_link_gives_host_controls_in_another_browser():
    _, table = host_client()
    other = Client()
    assert "Start dealing" not in other.get(f"/t/{table.invite}/").content.decode()
    other.get(f"/t/{table.invite}/host/{table.host_secret}/")
    assert "Start dealing" in other.get(f"/t/{table.invite}/").content.decode()


def test_a_player_page_never_shows_the_host_secret():
    _, table = host_client()
    page = Client().get(f"/t/{table.invite}/").content.decode()
    assert table.host_secret not in page


@pytest.mark.parametrize(
    "url",
    ["/t/nope/", "/t/nope/join/", "/t/{invite}/host/wrong-secret/", "/t/{invite}/do/launch/",
     "/t/{invite}/me/dance/", "/nothing/"],
)  # fmt: skip
def test_bad_urls_are_not_found(url):
    _, table = host_client()
    client = Client()
    client.get(f"/t/{table.invite}/")
    method = client.post if url.endswith(("join/", "launch/", "dance/")) else client.get
    assert method(url.format(invite=table.invite)).status_code == 404


def test_bad_table_settings_are_shown_back_with_the_reason():
    response = Client().post("/new/", {**NEW_TABLE, "seat_count": "12"})
    assert response.status_code == 400
    assert "2 to 8 seats" in response.content.decode()
    assert not Table.objects.exists()
    response = Client().post("/new/", {**NEW_TABLE, "ante": "lots"})
    assert "must be a whole number" in response.content.decode()


def test_only_the_host_may_use_host_controls():
    _, table = host_client()
    stranger = Client()
    stranger.get(f"/t/{table.invite}/")
    response = stranger.post(f"/t/{table.invite}/do/dealing/", {"on": "1"})
    assert "Only the host" in response.content.decode()
    table.refresh_from_db()
    assert not table.dealing


def test_a_player_of_another_table_cannot_be_touched_from_this_one():
    client, table = host_client()
    other = make_table()
    seat_players(other, 1)
    victim = Player.objects.get(table=other)
    response = client.post(f"/t/{table.invite}/do/remove/", {"player": victim.pk})
    assert "no such player" in response.content.decode()
    victim.refresh_from_db()
    assert victim.status == "seated"
    assert not LedgerEntry.objects.filter(kind="cash-out").exists()


def test_forms_without_csrf_are_refused():
    _, table = host_client()
    careful = Client(enforce_csrf_checks=True)
    careful.get(f"/t/{table.invite}/")
    response = careful.post(f"/t/{table.invite}/join/", {"seat": 1, "name": "Ann", "buy_in": 100})
    assert response.status_code == 403
    assert not Player.objects.exists()


def test_joining_and_the_player_controls_work_through_the_forms():
    _client, table = host_client()
    ann = Client()
    page = ann.get(f"/t/{table.invite}/").content.decode()
    offered = page.split('id="join-buy-in"')[1].split(">")[0]  # a stack to play with, as
    assert f'value="{table.max_buy_in}"' in offered  # a bot's (the least lasts a hand)
    response = ann.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Ann", "buy_in": 150})
    assert "you are in seat 2" in response.content.decode()
    bad = ann.post(f"/t/{table.invite}/me/rebuy/", {"amount": "many"})
    assert bad.status_code == 400 and "whole number" in bad.content.decode()
    told = ann.post(f"/t/{table.invite}/me/rebuy/", {"amount": "50"}).content.decode()
    assert "Rebuy of 50 added: your stack is 200." in told  # between hands: at once
    assert Player.objects.get(name="Ann").stack == 200
    ann.post(f"/t/{table.invite}/me/sit-out/", {"out": "1"})
    assert Player.objects.get(name="Ann").sitting_out
    response = ann.post(f"/t/{table.invite}/me/cash-out/")
    assert "cashed out 200 chips" in response.content.decode()
    assert Player.objects.get(name="Ann").status == "left"


def test_a_player_the_host_removed_finds_the_least_they_may_come_back_with():
    _client, table = host_client()
    ann = Client()
    ann.get(f"/t/{table.invite}/")
    ann.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Ann", "buy_in": 150})
    seated = Player.objects.get(name="Ann")
    assert "data-buy-in-least" not in ann.get(f"/t/{table.invite}/").content.decode()
    services.cash_out(table.pk, seated.pk)  # the host removes her: no answer reaches her
    notice = ann.get(f"/t/{table.invite}/").content.decode().split('id="notice"')[1][:200]
    left = LedgerEntry.objects.get(kind="cash-out", player=seated).created.timestamp()
    until = int(left) + 60 * COMING_BACK  # (table.js sets the form's least from it)
    assert f'data-buy-in-least="150" data-buy-in-until="{until}"' in notice
    page = ann.get(f"/t/{table.invite}/").content.decode()  # what became of her chips
    assert "You left this table lately with 150 chips" in page
    assert f'href="/t/{table.invite}/ledger/">the Ledger</a> says who pays whom' in page
    page = Client().get(f"/t/{table.invite}/").content.decode()
    assert "data-buy-in-least" not in page and "You left this table" not in page
    LedgerEntry.objects.filter(kind="cash-out").update(created=timezone.now() - timedelta(hours=2))
    page = ann.get(f"/t/{table.invite}/").content.decode()
    assert "data-buy-in-least" not in page and "You left this table" not in page


def test_a_player_who_cashed_out_comes_back_soon_with_at_least_that_stack():
    _client, table = host_client()
    ann = Client()
    ann.get(f"/t/{table.invite}/")
    ann.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Ann", "buy_in": 150})
    said = ann.post(f"/t/{table.invite}/me/cash-out/").content.decode()
    assert "cashed out 150 chips" in said and 'data-buy-in-least="150"' in said  # (table.js)
    assert "Coming back within 2 hours, you buy in for at least 150." in said
    short = ann.post(f"/t/{table.invite}/join/", {"seat": 3, "name": "Ann", "buy_in": 100})
    told = "You left with 150 chips just now: coming back within 2 hours, you buy in for"
    assert told in short.content.decode() and "at least 150" in short.content.decode()
    assert not Player.objects.filter(status="seated").exists()  # nothing changed
    bob = Client()  # another browser is somebody else
    bob.get(f"/t/{table.invite}/")
    said = bob.post(f"/t/{table.invite}/join/", {"seat": 3, "name": "Bob", "buy_in": 100})
    assert "you are in seat 3" in said.content.decode()
    said = ann.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Ann", "buy_in": 150})
    assert "you are in seat 2" in said.content.decode()
    ann.post(f"/t/{table.invite}/me/cash-out/")
    LedgerEntry.objects.filter(kind="cash-out").update(created=timezone.now() - timedelta(hours=2))
    said = ann.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Ann", "buy_in": 100})
    assert "you are in seat 2" in said.content.decode()  # two hours on: as anyone
    ann_id = Player.objects.get(name="Ann", status="seated").pk
    services.adjust_stack(table.pk, ann_id, 200, kind="money")
    ann.post(f"/t/{table.invite}/me/cash-out/")  # 300: she comes back with 300
    said = ann.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Ann", "buy_in": 300})
    ann_id = Player.objects.get(name="Ann", status="seated").pk
    services.adjust_stack(table.pk, ann_id, -300, kind="correction")  # and loses all of it
    said = ann.post(f"/t/{table.invite}/me/cash-out/").content.decode()
    assert 'data-buy-in-least="0"' in said and "at least" not in said  # nothing to bring back
    said = ann.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Ann", "buy_in": 100})
    assert "you are in seat 2" in said.content.decode()  # the last cash-out was used since


def test_a_player_in_the_hand_is_told_to_cash_out_when_it_ends():
    host, table = host_client()
    ann, bob = Client(), Client()
    for seat, (client, name) in enumerate([(ann, "Ann"), (bob, "Bob")], start=1):
        client.get(f"/t/{table.invite}/")
        client.post(f"/t/{table.invite}/join/", {"seat": seat, "name": name, "buy_in": 150})
    host.post(f"/t/{table.invite}/do/dealing/", {"on": "1"})
    page = ann.get(f"/t/{table.invite}/").content.decode()
    assert "/me/cash-out/" not in page  # no button that looks as if it would cash out later
    assert "You can cash out and leave once this hand ends." in page
    response = ann.post(f"/t/{table.invite}/me/cash-out/", HTTP_HX_REQUEST="true")
    assert "You are in the hand being played: cash out when it ends" in response.content.decode()
    assert Player.objects.get(name="Ann").status == "seated"
    told = ann.post(f"/t/{table.invite}/me/rebuy/", {"amount": "20"}).content.decode()
    assert "Rebuy of 20 asked for: it is added when this hand ends." in told


def test_a_browser_not_at_the_table_cannot_cash_anyone_out():
    _, table = host_client()
    seat_players(table, 2)
    stranger = Client()
    stranger.get(f"/t/{table.invite}/")
    response = stranger.post(f"/t/{table.invite}/me/cash-out/", HTTP_HX_REQUEST="true")
    assert "You are not at this table" in response.content.decode()
    assert Player.objects.filter(status="seated").count() == 2
    assert not LedgerEntry.objects.filter(kind="cash-out").exists()


def test_the_join_form_refuses_a_taken_seat_with_a_message():
    _, table = host_client()
    seat_players(table, 1)
    bob = Client()
    bob.get(f"/t/{table.invite}/")
    response = bob.post(
        f"/t/{table.invite}/join/", {"seat": 1, "name": "Bob", "buy_in": 100},
        HTTP_HX_REQUEST="true",
    )  # fmt: skip
    assert response.status_code == 200
    assert "Seat 1 is taken" in response.content.decode()
    assert Player.objects.count() == 1


def test_the_host_voids_a_hand_and_adjusts_a_stack_through_the_forms():
    client, table = host_client()
    seat_players(table, 2)
    client.post(f"/t/{table.invite}/do/dealing/", {"on": "1"})
    assert state.current_hand(table) is not None
    client.post(f"/t/{table.invite}/do/void/")
    assert state.current_hand(table) is None
    client.post(f"/t/{table.invite}/do/dealing/", {"on": "0"})
    ann = Player.objects.get(seat=1)
    adjust = {"player": ann.pk, "amount": "-20", "kind": "money"}
    client.post(f"/t/{table.invite}/do/adjust/", adjust)
    ann.refresh_from_db()
    assert ann.stack == 180
