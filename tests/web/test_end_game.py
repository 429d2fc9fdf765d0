"""The host ends the game: dealing stops, everyone is cashed out, the ledger settles."""

from __future__ import annotations

import random

import pytest
from django.test import Client

from games import chat, presenter, services, state
from games.history import ledger
from games.models import ChatLine, Player, Table
from games.presenter import render_table
from games.services import ServiceError
from tests.web.helpers import assert_chips_balance, make_table, play_current_hand, seat_players

pytestmark = pytest.mark.django_db


def dealt_table() -> Table:
    table = make_table("levys")
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    return table


def test_mid_hand_the_hand_is_the_last_and_everyone_is_cashed_out_as_it_ends():
    table = dealt_table()
    hand = state.current_hand(table)
    told = services.end_game(table.pk)
    assert told == "This hand is the last: when it ends, everyone is cashed out."
    table.refresh_from_db()
    assert not table.dealing and table.ended
    assert state.current_hand(table).pk == hand.pk  # the hand goes on
    assert Player.objects.filter(table=table, status=Player.SEATED).count() == 3
    host = presenter.Viewer(player=None, is_host=True)
    assert "Hand 1 (the last):" in render_table(table, host)
    with pytest.raises(ServiceError, match="open the table again"):
        services.set_dealing(table.pk, True)  # (no resuming by mistake)
    play_current_hand(table, random.Random(3))
    assert state.current_hand(table) is None  # no hand after it

    table.refresh_from_db()
    assert table.ended and not table.dealing and table.next_deal_at is None
    page = render_table(Table.objects.get(pk=table.pk), host)  # (read anew, as a page is)
    assert "Next hand:" not in page  # (there is none)
    last = table.hands.get()
    for seat, stack in last.result["stacks"].items():  # the last hand stays on the felt,
        assert f"<strong>P{seat}</strong>" in page  # each seat with the stack it left with
        assert f'<div class="chips">{stack}</div>' in page
    assert page.count('class="said won') == len({a["seat"] for a in last.result["awards"]})
    assert 'class="seat empty closed"' in page and "free</span>" not in page  # none to take
    players = Player.objects.filter(table=table)
    assert set(players.values_list("status", flat=True)) == {Player.LEFT}
    assert all(p.stack == 0 for p in players)
    book = ledger(table)
    assert book.cashed_out == 3 * 200 and book.stacks == 0  # every chip went home
    assert_chips_balance(table)
    news = list(ChatLine.objects.filter(table=table).values_list("text", flat=True))
    assert any(line.startswith("The host is ending the game") for line in news)
    assert news[-1].startswith("The host ended the game")


def test_a_last_hand_voided_ends_the_game_too():
    table = dealt_table()
    services.end_game(table.pk)
    services.void_hand(table.pk)
    assert not Player.objects.filter(table=table, status=Player.SEATED).exists()
    assert_chips_balance(table)


def test_an_ended_game_seats_nobody_and_deals_nothing_until_opened_again():
    table = make_table("levys")
    seat_players(table, 2)
    services.end_game(table.pk)
    table.refresh_from_db()
    with pytest.raises(ServiceError, match="ended this game"):
        services.request_seat(table.pk, "s9", 3, "Late", 100)
    with pytest.raises(ServiceError, match="ended this game"):
        services.sit_bot(table.pk, 4)
    with pytest.raises(ServiceError, match="open the table again"):
        services.set_dealing(table.pk, True)
    with pytest.raises(ServiceError, match="already ended"):
        services.end_game(table.pk)
    assert Player.objects.filter(table=table, name="Late").count() == 0

    services.open_again(table.pk)
    table.refresh_from_db()
    assert not table.ended
    services.request_seat(table.pk, "s9", 3, "Late", 100)
    with pytest.raises(ServiceError, match="has not ended"):
        services.open_again(table.pk)


def test_a_practice_table_has_no_game_to_end():
    table = services.open_practice("me", "Pat", 2, game="levys", structure="half-pot-limit", ante=1)
    with pytest.raises(ServiceError, match="practice"):
        services.end_game(table.pk)


def test_the_host_ends_the_game_from_the_page_and_everyone_reads_it():
    host = Client()
    response = host.post("/new/", {"name": "Friday", "game": "levys", "structure": "half-pot-limit",
                                   "ante": "1", "seat_count": "6", "min_buy_in": "100",
                                   "max_buy_in": "500"})  # fmt: skip
    assert response.status_code == 302
    table = Table.objects.latest("pk")
    host.post(f"/t/{table.invite}/join/", {"seat": 1, "name": "Hal", "buy_in": 100})
    guest = Client()
    guest.get(f"/t/{table.invite}/")
    guest.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Gus", "buy_in": 100})
    page = host.get(f"/t/{table.invite}/").content.decode()
    assert f'hx-post="/t/{table.invite}/do/end/"' in page and ">End the game</button>" in page
    assert ">End the game</button>" not in guest.get(f"/t/{table.invite}/").content.decode()

    refused = guest.post(f"/t/{table.invite}/do/end/").content.decode()  # not the host
    assert "Only the host" in refused
    table.refresh_from_db()
    assert not table.ended

    told = host.post(f"/t/{table.invite}/do/end/").content.decode()
    assert "The game has ended" in told
    ledger = f'href="/t/{table.invite}/ledger/"'
    for page in (host.get(f"/t/{table.invite}/").content.decode(),
                 guest.get(f"/t/{table.invite}/").content.decode(),
                 Client().get(f"/t/{table.invite}/").content.decode()):  # fmt: skip
        assert "The game has ended" in page and ledger in page
        assert "Sit here" not in page and "Sit down</button>" not in page
    page = host.get(f"/t/{table.invite}/").content.decode()
    assert f'hx-post="/t/{table.invite}/do/open/"' in page
    assert ">Open the table again</button>" in page and ">End the game</button>" not in page
    assert "Resume dealing" not in page and "Start dealing" not in page

    ledger_page = guest.get(f"/t/{table.invite}/ledger/").content.decode()
    assert "The host ended the game: everyone is cashed out, and these figures are final." in (
        ledger_page
    )
    assert "<td>Hal</td>" in ledger_page and "(left)" not in ledger_page  # everyone left: no mark
    host.post(f"/t/{table.invite}/do/open/")
    assert "<td>Hal (left)</td>" in guest.get(f"/t/{table.invite}/ledger/").content.decode()
    assert "Sit down</button>" in Client().get(f"/t/{table.invite}/").content.decode()


@pytest.mark.django_db(transaction=True)  # each version committed: this process keeps it
def test_the_players_of_an_ended_game_talk_it_over_in_the_chat():
    """Cashed out by the end, the players (one who left earlier too) may still chat, on
    the page and in each push; a spectator may not, nor anyone once the table is open
    again, nor a player the host muted."""
    table = make_table("levys")
    seat_players(table, 4)
    services.leave(table.pk, "s3")  # left before the end
    chat.mute(table.pk, Player.objects.get(table=table, seat=2).pk, True)
    services.leave(table.pk, "s4")  # sat again, and the host muted that seat
    services.request_seat(table.pk, "s4", 4, "P4", 200)
    chat.mute(table.pk, Player.objects.get(table=table, seat=4, status=Player.SEATED).pk, True)
    with pytest.raises(ServiceError, match="take a seat"):
        chat.say(table.pk, "s3", "bye all")
    services.end_game(table.pk)
    made = state.held_snapshot(table.pk)  # as the change made it (on PostgreSQL before its
    # cash-outs are written: statements sends them with the version, as one text)
    assert made.made_here and made.table.ended
    state.forget(table.pk)
    read = state.snapshot(Table.objects.get(pk=table.pk))  # as another process reads it
    for shot in (made, read):
        assert shot.ended_players == {"s1", "s3"}, shot  # (s2 and s4 are muted)
        assert presenter.viewer_of(shot.table, "s1", False, shot).ended_player
        html = render_table(shot.table, presenter.viewer_of(shot.table, "s1", False, shot), shot)
        assert 'id="chat-text"' in html
        spectator = presenter.viewer_of(shot.table, "nobody", False, shot)
        assert 'id="chat-text"' not in render_table(shot.table, spectator, shot)
    chat.say(table.pk, "s1", "Ann pays me 6")
    chat.say(table.pk, "s3", "I left early: do I owe?")
    for muted in ("s2", "s4"):
        with pytest.raises(ServiceError, match="muted"):
            chat.say(table.pk, muted, "hush")
    with pytest.raises(ServiceError, match="take a seat"):
        chat.say(table.pk, "nobody", "hi")
    said = ChatLine.objects.filter(table=table, told=False).values_list("player__name", "text")
    assert list(said) == [("P1", "Ann pays me 6"), ("P3", "I left early: do I owe?")]

    page = Client().get(f"/t/{table.invite}/").content.decode()
    assert 'id="chat-text"' not in page and "The game has ended: its players talk" in page

    host = presenter.Viewer(player=None, is_host=True)  # the host mutes and unmutes them
    listed = render_table(Table.objects.get(pk=table.pk), host).split('id="host-players"')[1]
    listed = listed.split("</details>")[0]
    assert 'value="None"' not in listed and "Remove from the table" not in listed
    assert [n for n in ("P1", "P2", "P3", "P4") if f"<strong>{n}</strong> (muted)" in listed] == [
        "P2", "P4"]  # fmt: skip
    ann = Player.objects.get(table=table, session_key="s1").pk
    assert chat.mute(table.pk, ann, True) == "P1 is muted."
    again = Player.objects.filter(table=table, session_key="s4").latest("pk").pk
    assert chat.mute(table.pk, again, False) == "P4 can chat again."
    made = state.held_snapshot(table.pk)
    state.forget(table.pk)
    for shot in (made, state.snapshot(Table.objects.get(pk=table.pk))):
        assert shot.ended_players == {"s3", "s4"}, shot
    with pytest.raises(ServiceError, match="muted"):
        chat.say(table.pk, "s1", "hush")
    chat.say(table.pk, "s4", "thanks")
    shot = state.snapshot(Table.objects.get(pk=table.pk))  # each is told where the box was
    for key, told in (("s1", "The host has muted you"), ("s4", 'id="chat-text"')):
        assert told in render_table(shot.table, presenter.viewer_of(shot.table, key, False, shot))
    services.open_again(table.pk)
    with pytest.raises(ServiceError, match="take a seat"):
        chat.say(table.pk, "s1", "again?")
