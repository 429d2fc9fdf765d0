"""The table's chat: who may talk, what a line may hold, how fast, and who reads it."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import chat, presenter, services, state
from games.models import ChatLine, Player, Table
from tests.web.helpers import play_current_hand
from tests.web.test_socket import open_table

pytestmark = pytest.mark.django_db

NEW_TABLE = {"name": "Friday", "game": "levys", "structure": "half-pot-limit", "ante": "1",
             "seat_count": "6", "min_buy_in": "100", "max_buy_in": "500",
             "history_open": "1"}  # fmt: skip


def host_table() -> tuple[Client, Table]:
    host = Client()
    assert host.post("/new/", NEW_TABLE).status_code == 302
    return host, Table.objects.get()


def sit(table: Table, seat: int, name: str) -> Client:
    player = Client()
    player.get(f"/t/{table.invite}/")
    response = player.post(f"/t/{table.invite}/join/", {"seat": seat, "name": name, "buy_in": 100})
    assert "you are in seat" in response.content.decode()
    return player


def say(client: Client, table: Table, text: str) -> str:
    """What the notice says back (empty when the line was said)."""
    response = client.post(f"/t/{table.invite}/chat/", {"text": text}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


def page(client: Client, table: Table) -> str:
    return client.get(f"/t/{table.invite}/").content.decode()


def lines_of(table: Table) -> list[str]:
    said = ChatLine.objects.filter(table=table, told=False)  # typed, not the table's news
    return list(said.order_by("id").values_list("text", flat=True))


def test_a_line_reaches_players_the_host_and_spectators_as_text_not_html():
    host, table = host_table()
    ann = sit(table, 1, "Ann")
    watcher = Client()
    assert 'class="notice"' in say(ann, table, "  <script>alert(1)</script> & <b>hi</b>  ")
    assert lines_of(table) == ["<script>alert(1)</script> & <b>hi</b>"]  # stripped, kept as said
    for viewer in (ann, host, watcher):
        html = page(viewer, table)
        said = "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;hi&lt;/b&gt;"
        assert f"<b>Ann</b> {said}</li>" in html
        assert "<script>alert" not in html and "<b>hi</b>" not in html


def test_a_name_with_markup_is_escaped_in_the_chat():
    _, table = host_table()
    services.request_seat(table.pk, "s1", 1, "<i>Ivy</i>", 100)
    chat.say(table.pk, "s1", "hello")
    shot = state.latest_snapshot(table.pk)
    html = presenter.shared_parts(shot)["chat"]
    assert "<b>&lt;i&gt;Ivy&lt;/i&gt;</b> hello" in html and "<i>" not in html


def test_a_line_of_200_characters_is_said_and_one_of_201_is_refused():
    _, table = host_table()
    ann = sit(table, 1, "Ann")
    assert "error" not in say(ann, table, "x" * 200)
    refused = say(ann, table, "y" * 201)
    assert "error" in refused and "1 to 200 characters" in refused
    assert lines_of(table) == ["x" * 200]


def test_an_empty_line_or_one_with_control_characters_is_refused():
    _, table = host_table()
    ann = sit(table, 1, "Ann")
    assert "1 to 200 characters" in say(ann, table, "   ")
    assert "no control characters" in say(ann, table, "ring\x07the bell")
    assert "no control characters" in say(ann, table, "two\nlines")
    assert lines_of(table) == []


def test_a_spectator_reads_the_chat_but_cannot_post():
    _, table = host_table()
    sit(table, 1, "Ann")
    watcher = Client()
    html = page(watcher, table)
    assert "Take a seat to chat" in html and 'id="chat-text"' not in html
    assert "Take a seat to chat" in say(watcher, table, "hello")
    assert lines_of(table) == []


def test_a_player_waiting_for_the_hosts_approval_cannot_post_yet():
    _, table = host_table()
    table.approval_required = True
    table.save()
    waiting = Client()
    waiting.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Wes", "buy_in": 100})
    assert Player.objects.get(name="Wes").status == Player.REQUESTED
    assert "Take a seat to chat" in say(waiting, table, "let me in")


def test_the_host_without_a_seat_speaks_as_host_and_seated_as_their_name_and_host():
    host, table = host_table()
    ann = sit(table, 1, "Ann")
    say(host, table, "welcome")
    host.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Hal", "buy_in": 100})
    say(host, table, "dealing now")
    html = page(ann, table)
    assert "<b>Host</b> welcome" in html and "<b>Hal (host)</b> dealing now" in html
    assert 'id="chat-text"' in page(host, table)


def test_a_muted_player_is_refused_until_the_host_unmutes_them():
    host, table = host_table()
    ann = sit(table, 1, "Ann")
    player = Player.objects.get(name="Ann")
    answer = host.post(f"/t/{table.invite}/do/mute/", {"player": player.pk, "on": "1"})
    assert "Ann is muted." in answer.content.decode()
    assert "The host has muted you" in say(ann, table, "but wait")
    html = page(ann, table)
    assert "The host has muted you" in html and 'id="chat-text"' not in html
    assert "Unmute in the chat" in page(host, table)
    host.post(f"/t/{table.invite}/do/mute/", {"player": player.pk, "on": "0"})
    assert "error" not in say(ann, table, "thanks")
    assert lines_of(table) == ["thanks"]


def test_only_the_host_can_mute():
    _, table = host_table()
    ann = sit(table, 1, "Ann")
    sit(table, 2, "Bob")
    bob = Player.objects.get(name="Bob")
    answer = ann.post(f"/t/{table.invite}/do/mute/", {"player": bob.pk, "on": "1"})
    assert "Only the host" in answer.content.decode()
    assert not Player.objects.get(name="Bob").muted


def test_a_player_may_say_five_lines_in_ten_seconds_and_then_must_wait():
    _, table = host_table()
    services.request_seat(table.pk, "s1", 1, "Ann", 100)
    services.request_seat(table.pk, "s2", 2, "Bob", 100)
    start = timezone.now()
    for n in range(5):
        chat.say(table.pk, "s1", f"line {n}", now=start + timedelta(seconds=n))
    with pytest.raises(services.ServiceError, match="at most 5 lines in 10 seconds"):
        chat.say(table.pk, "s1", "one too many", now=start + timedelta(seconds=5))
    chat.say(table.pk, "s2", "Bob is not held back", now=start + timedelta(seconds=5))
    chat.say(table.pk, "s1", "and now I may", now=start + timedelta(seconds=10.5))
    assert len(lines_of(table)) == 7


def test_the_tables_news_does_not_count_against_the_hosts_lines():
    _, table = host_table()
    services.request_seat(table.pk, "s1", 1, "Ann", 100)
    ann = Player.objects.get(name="Ann")
    for _ in range(5):  # five stack changes: five lines of news from the host
        services.adjust_stack(table.pk, ann.pk, 1)
    assert ChatLine.objects.filter(table=table, by_host=True, told=True).count() == 5
    chat.say(table.pk, "host-session", "my own line", is_host=True)  # not held back
    for n in range(4):
        chat.say(table.pk, "host-session", f"line {n}", is_host=True)
    with pytest.raises(services.ServiceError, match="at most 5 lines in 10 seconds"):
        chat.say(table.pk, "host-session", "one too many", is_host=True)


@pytest.mark.django_db(transaction=True)  # each version committed: this process keeps it
def test_each_line_is_a_new_version_of_the_table_and_the_snapshot_shows_the_latest_30():
    _, table = host_table()
    start = timezone.now() - timedelta(minutes=10)
    services.request_seat(table.pk, "s1", 1, "Ann", 100, now=start - timedelta(seconds=1))
    before = Table.objects.get(pk=table.pk).version
    for n in range(35):
        chat.say(table.pk, "s1", f"line {n}", now=start + timedelta(seconds=3 * n))
    assert Table.objects.get(pk=table.pk).version == before + 35
    held = state.held_snapshot(table.pk)
    assert [line[3] for line in held.chat] == [f"line {n}" for n in range(5, 35)]  # (Ann's
    # sitting down, the first line, among the five gone)
    assert held.chat == state.chat_lines(table.pk)  # made from the held one, as read


@pytest.mark.django_db(transaction=True)  # each version committed: play goes on from it
def test_the_chat_stays_in_the_snapshot_through_the_play_that_follows():
    _, table = host_table()
    for seat in (1, 2):
        services.request_seat(table.pk, f"s{seat}", seat, f"P{seat}", 100)
    chat.say(table.pk, "s1", "good luck")
    services.set_dealing(table.pk, True)
    with CaptureQueriesContext(connection) as queries:
        play_current_hand(table, random.Random(3))
    assert not [q for q in queries if "chatline" in q["sql"]]  # kept, not read again
    held = state.held_snapshot(table.pk)
    assert [line[3] for line in held.chat] == [
        "sits down in seat 1, with 100 chips.",
        "sits down in seat 2, with 100 chips.",
        "good luck",
    ]  # (the table's news, then what was said)
    assert "good luck" in presenter.shared_parts(held)["chat"]


def test_no_hand_history_export_holds_a_chat_line():
    host, table = host_table()
    ann = sit(table, 1, "Ann")
    sit(table, 2, "Bob")
    say(ann, table, "SECRET-CHAT-LINE nice hand")
    host.post(f"/t/{table.invite}/do/dealing/", {"on": "1"})
    play_current_hand(table, random.Random(5))
    say(ann, table, "SECRET-CHAT-LINE after it")
    number = table.hands.get().number
    exports = [f"/t/{table.invite}/hands/{number}/hand.txt",
               f"/t/{table.invite}/hands/{number}/hand.json",
               f"/t/{table.invite}/session.txt", f"/t/{table.invite}/session.json",
               f"/t/{table.invite}/hands/{number}/", f"/t/{table.invite}/hands/"]  # fmt: skip
    for url in exports:
        response = ann.get(url)
        assert response.status_code == 200, url
        assert b"SECRET-CHAT-LINE" not in response.content, url


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_line_is_pushed_to_every_socket_at_the_table():
    table, seats, spectator = await open_table("levys", 2)
    ann = await database_sync_to_async(lambda: Player.objects.get(table=table, seat=1))()
    await database_sync_to_async(chat.say)(table.pk, ann.session_key, "coffee, anyone?")
    for viewer in [*seats.values(), spectator]:
        pushed = "".join(await viewer.drain())
        assert "<b>P1</b> coffee, anyone?</li>" in pushed
        await viewer.comm.disconnect()
