"""Nobody acts for a present player: the host's act-for (and choose-for) needs the player
away (no socket for a while) or their clock run out (RULES.md §6)."""

from __future__ import annotations

import asyncio
import random
import time
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.utils import timezone

from games import owner, presence, presenter, services, state, views
from games.models import ChatLine, HandEvent, Player, Presence, Table
from games.screen import Screen
from tests.web.helpers import (
    all_here,
    gone_away,
    make_table,
    play_current_hand,
    seat_players,
    session_of,
)
from tests.web.test_socket import Seat, join

pytestmark = pytest.mark.django_db(transaction=True)


def dealt(**settings) -> Table:
    table = make_table("levys", **settings)
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    return Table.objects.get(pk=table.pk)


def to_act(table: Table) -> tuple[int, int]:
    hand = state.current_hand(table)
    return state.load_engine(hand).actors()[0], hand.sequence


def test_the_host_may_not_act_for_a_player_who_is_here():
    table = dealt()
    seat, sequence = to_act(table)
    presence.seen(table.pk, session_of(table, seat), timezone.now())
    version = Table.objects.get(pk=table.pk).version
    with pytest.raises(services.ServiceError, match="is at the table"):
        services.act_for_absent(table.pk, seat, sequence)
    assert Table.objects.get(pk=table.pk).version == version
    assert state.current_hand(table).sequence == sequence


def test_the_host_may_act_for_a_player_away_for_a_while():
    table = dealt()
    seat, sequence = to_act(table)
    presence.seen(table.pk, session_of(table, seat), timezone.now() - timedelta(seconds=31))
    told = services.act_for_absent(table.pk, seat, sequence)
    assert state.current_hand(table).sequence == sequence + 1
    assert told in (f"Checked for P{seat}.", f"Folded for P{seat}.")  # the host is told
    table = Table.objects.get(pk=table.pk)
    html = presenter.render_table(table, presenter.Viewer(None, False))  # and so is anyone
    mine = html.split(f'data-seat="{seat}"')[1].split('<div class="seat')[0]
    assert '<div class="said">Check (host)</div>' in mine  # ... the player back, too


def test_the_host_may_act_for_a_present_player_whose_clock_has_run_out():
    table = dealt(action_clock=20)
    seat, sequence = to_act(table)
    presence.seen(table.pk, session_of(table, seat), timezone.now())
    later = state.current_hand(table).deadline + timedelta(seconds=1)
    services.act_for_absent(table.pk, seat, sequence, now=later)
    assert state.current_hand(table).sequence == sequence + 1


def test_the_host_may_not_choose_the_game_for_a_chooser_who_is_here():
    table = make_table("dealers-choice")
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    chooser = state.upcoming_button(Table.objects.get(pk=table.pk))
    presence.seen(table.pk, f"s{chooser}", timezone.now())
    with pytest.raises(services.ServiceError, match="is at the table"):
        services.choose_for_absent(table.pk)
    assert state.current_hand(table) is None


def test_the_host_is_asked_to_pick_the_game_only_for_a_chooser_who_is_away():
    table = make_table("dealers-choice")
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    chooser = state.upcoming_button(Table.objects.get(pk=table.pk))

    def host_page() -> str:
        state.forget(table.pk)  # presence is read with the version: read it again
        shot = state.latest_snapshot(table.pk)
        return presenter.render_table(
            shot.table, presenter.viewer_of(shot.table, "s1", True, shot), shot
        )

    presence.seen(table.pk, f"s{chooser}", timezone.now())
    assert "picks the game" not in host_page()
    presence.seen(table.pk, f"s{chooser}", timezone.now() - timedelta(seconds=31))
    asks = host_page().split('<section class="host-asks"')[1].split("</section>")[0]
    assert f"P{chooser} is away and picks the game" in asks
    assert services.choose_for_absent(table.pk) == f"Levy's Game picked for P{chooser}."
    assert state.current_hand(table).game == "levys"


@pytest.mark.asyncio
async def test_a_connected_socket_marks_its_player_here_and_a_sync_keeps_it_so():
    table = await database_sync_to_async(make_table)("levys")
    cookie = await database_sync_to_async(join)(table, 1, "Ann")
    key = await database_sync_to_async(lambda: Player.objects.get(table=table).session_key)()
    here = database_sync_to_async(presence.is_here)
    assert not await here(table, key, timezone.now())
    seat = Seat(1, cookie)
    await seat.connect(table)
    await seat.drain()
    assert await here(table, key, timezone.now())
    stale = timezone.now() - timedelta(seconds=60)
    await database_sync_to_async(Presence.objects.update)(seen_at=stale)
    assert not await here(table, key, timezone.now())
    await seat.send({"type": "sync", "version": -5})
    assert await here(table, key, timezone.now())
    await seat.comm.disconnect()


@pytest.mark.asyncio
async def test_an_open_socket_keeps_its_player_here_without_the_browsers_syncs(monkeypatch):
    monkeypatch.setattr(owner, "HERE_EVERY", 0.2)  # (15 s on a server)
    table = await database_sync_to_async(make_table)("levys")
    cookie = await database_sync_to_async(join)(table, 1, "Ann")
    key = await database_sync_to_async(lambda: Player.objects.get(table=table).session_key)()
    here = database_sync_to_async(presence.is_here)
    seat = Seat(1, cookie)
    await seat.connect(table)
    await seat.drain()
    stale = timezone.now() - timedelta(seconds=60)
    await database_sync_to_async(Presence.objects.update)(seen_at=stale)  # (a hidden tab's
    assert not await here(table, key, timezone.now())  # syncs slowed to a crawl)
    await asyncio.sleep(0.5)  # a beat of the table's process, with the socket open
    assert await here(table, key, timezone.now())
    await seat.comm.disconnect()


@pytest.mark.asyncio
async def test_a_player_whose_page_shuts_is_shown_away_after_the_tables_grace_period():
    table = await database_sync_to_async(make_table)("levys")
    seats = {}
    for number, name in ((1, "Ann"), (2, "Bob")):
        seats[number] = Seat(number, await database_sync_to_async(join)(table, number, name))
        await seats[number].connect(table)
        await seats[number].drain()
    grace = 2  # seconds (a host chooses 30 to 600: the form's floor is not this test's)
    await database_sync_to_async(services.change_settings)(table.pk, away_after=grace)
    await seats[1].comm.disconnect()  # Ann's phone locks
    await asyncio.sleep(grace - 0.8)
    assert '<span class="away">away</span>' not in "".join(await seats[2].drain())
    shown = await seats[2].drain(timeout=5)  # the grace period over (and the owner's 0.5 s)
    assert shown, "Ann's seat never showed away"
    ann = shown[-1].split('data-seat="1"')[1].split('<div class="seat')[0]
    assert '<span class="away">away</span>' in ann
    await seats[2].comm.disconnect()


def seat_html(table: Table, seat: int) -> str:
    from games import presenter, state

    shot = state.latest_snapshot(table.pk)
    html = presenter.render_table(
        shot.table, presenter.viewer_of(shot.table, None, False, shot), shot
    )
    return html.split(f'data-seat="{seat}"')[1].split('<div class="seat')[0]


def test_a_player_whose_browser_is_gone_is_shown_away_and_back_when_it_returns():
    table = dealt()
    now = timezone.now()
    presence.seen(table.pk, "s1", now)
    presence.seen(table.pk, "s2", now)
    services.note_presence(table.pk)
    assert "away" not in seat_html(table, 1)
    version = Table.objects.get(pk=table.pk).version
    services.note_presence(table.pk)  # nothing changed: no new version
    assert Table.objects.get(pk=table.pk).version == version
    presence.left(table.pk, "s1", now - presence.grace(table))  # its last socket closed long ago
    services.note_presence(table.pk)
    assert '<span class="away">away</span>' in seat_html(table, 1)
    assert "away" not in seat_html(table, 2)
    presence.seen(table.pk, "s1", timezone.now())
    services.note_presence(table.pk)
    assert "away" not in seat_html(table, 1)


def test_a_player_who_shuts_the_table_page_is_away_only_half_a_minute_later():
    table = dealt()
    now = timezone.now()
    presence.seen(table.pk, "s1", now - timedelta(seconds=20))  # their page's last sync
    presence.left(table.pk, "s1", now)  # they open the hands, say, on their turn
    players = list(Player.objects.filter(table=table))
    first = next(p.pk for p in players if p.session_key == "s1")
    assert first not in presence.away(table, players, now + timedelta(seconds=25))
    assert first in presence.away(table, players, now + presence.grace(table))


def test_a_table_with_a_longer_grace_period_waits_that_long_for_a_player_who_left():
    table = dealt()
    now = timezone.now()
    presence.left(table.pk, "s1", now)  # their phone locked, say
    players = list(Player.objects.filter(table=table))
    first = next(p.pk for p in players if p.session_key == "s1")
    table.away_after = 120
    assert first not in presence.away(table, players, now + timedelta(seconds=90))
    assert presence.is_here(table, "s1", now + timedelta(seconds=90))
    assert first in presence.away(table, players, now + timedelta(seconds=120))
    assert not presence.is_here(table, "s1", now + timedelta(seconds=120))


def test_when_the_clock_runs_out_a_player_with_time_bank_gets_it_and_what_is_used_is_gone():
    table = dealt(action_clock=20, time_bank=30)
    seat, sequence = to_act(table)
    hand = state.current_hand(table)
    out = hand.deadline + timedelta(seconds=1)
    services.tick(table.pk, now=out)  # the bank starts instead of the clock's fold
    hand = state.current_hand(table)
    assert hand.sequence == sequence and hand.bank_from is not None
    assert hand.deadline == hand.bank_from + timedelta(seconds=30)
    assert "time bank" in seat_html(table, seat) or "time bank" in page_of(table)
    services.act(table.pk, session_of(table, seat), sequence, {"type": "check"},
                 now=hand.bank_from + timedelta(seconds=12))  # fmt: skip
    player = Player.objects.get(pk=hand.seat_players[str(seat)])
    assert player.bank_used == 12
    hand = state.current_hand(table)
    assert hand.bank_from is None and hand.sequence == sequence + 1


def test_a_spent_time_bank_does_not_start_again():
    table = dealt(action_clock=20, time_bank=10)
    seat, sequence = to_act(table)
    hand = state.current_hand(table)
    services.tick(table.pk, now=hand.deadline + timedelta(seconds=1))  # the bank starts
    hand = state.current_hand(table)
    services.tick(table.pk, now=hand.deadline + timedelta(seconds=1))  # and runs out
    player = Player.objects.get(pk=hand.seat_players[str(seat)])
    assert player.bank_used == 10
    hand = state.current_hand(table)
    assert hand.sequence == sequence + 1 and hand.bank_from is None
    while to_act(table)[0] != seat:  # the other player acts, until it is this one's turn
        other, at = to_act(table)
        engine = state.load_engine(state.current_hand(table))
        action = engine.absent_action(other)
        del action["seat"]
        services.act(table.pk, session_of(table, other), at, action)
    hand = state.current_hand(table)
    services.tick(table.pk, now=hand.deadline + timedelta(seconds=1))
    assert state.current_hand(table).sequence == hand.sequence + 1  # the clock, no bank


def page_of(table: Table) -> str:
    from games import presenter, state

    shot = state.latest_snapshot(table.pk)
    viewer = presenter.viewer_of(shot.table, None, False, shot)
    return presenter.render_table(shot.table, viewer, shot)


def test_a_process_holding_no_version_shows_who_is_away_with_a_new_version():
    from games import state

    table = dealt()
    presence.seen(table.pk, "s1", timezone.now())
    presence.seen(table.pk, "s2", timezone.now())
    services.note_presence(table.pk)
    presence.left(table.pk, "s1", timezone.now() - presence.grace(table))
    state._snapshots.clear()  # what the browsers were shown is another process's
    version = Table.objects.get(pk=table.pk).version
    services.note_presence(table.pk)
    assert Table.objects.get(pk=table.pk).version == version + 1
    assert '<span class="away">away</span>' in seat_html(table, 1)


def test_the_host_is_offered_to_act_only_for_a_player_who_is_away():
    table = dealt()
    seat, _ = to_act(table)
    for player in Player.objects.filter(table=table):  # everyone here, the one to act too
        presence.seen(table.pk, player.session_key, timezone.now())
    state.forget(table.pk)  # presence is read with the version: read it again

    def host_page() -> str:
        shot = state.latest_snapshot(table.pk)
        return presenter.render_table(
            shot.table, presenter.viewer_of(shot.table, "s1", True, shot), shot
        )

    assert "is away and to act" not in host_page()
    presence.seen(table.pk, session_of(table, seat), timezone.now() - timedelta(seconds=31))
    state.forget(table.pk)
    name = Player.objects.get(table=table, session_key=session_of(table, seat)).name
    html = host_page()
    asks = html.split('<section class="host-asks"')[1].split("</section>")[0]  # under the felt
    assert f"{name} is away and to act" in asks and f">Act for {name}</button>" in asks
    assert "for them: check if they can, else fold" in asks


def test_a_draw_the_host_made_for_an_away_player_says_so_by_the_seat():
    table = dealt()
    for _ in range(2):  # both check: the draw comes
        seat, sequence = to_act(table)
        services.act(table.pk, session_of(table, seat), sequence, {"type": "check"})
    seat, sequence = to_act(table)
    assert state.load_engine(state.current_hand(table)).step == "draw"
    presence.seen(table.pk, session_of(table, seat), timezone.now() - timedelta(seconds=31))
    assert services.act_for_absent(table.pk, seat, sequence) == f"Stood pat for P{seat}."
    html = presenter.render_table(Table.objects.get(pk=table.pk), presenter.Viewer(None, False))
    notes = html.split(f'data-seat="{seat}"')[1].split('<div class="notes">')[1].split("</div>")[0]
    assert notes.startswith("stood pat (host)")
    step = state.current_hand(table).sequence  # (one action a step: the draw made for them)
    play_current_hand(table, random.Random(5))  # (the review opens once the hand is over)
    page = Client().get(f"/t/{table.invite}/hands/1/?step={step}").content.decode()
    assert '<div class="notes">stood pat (host)' in page.split(f'data-seat="{seat}"')[1]


def test_a_fold_the_host_made_says_so_by_the_seat_and_in_the_review():
    table = make_table("levys", history_open=True)
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    bettor, sequence = to_act(table)
    opening = state.load_engine(state.current_hand(table)).legal_actions(bettor)["min_to"]
    services.act(table.pk, session_of(table, bettor), sequence, {"type": "bet", "to": opening})
    away, sequence = to_act(table)
    presence.seen(table.pk, session_of(table, away), timezone.now() - timedelta(seconds=31))
    assert services.act_for_absent(table.pk, away, sequence) == f"Folded for P{away}."
    caller, sequence = to_act(table)
    services.act(table.pk, session_of(table, caller), sequence, {"type": "call"})
    assert state.load_engine(state.current_hand(table)).step == "draw"  # (its pill is gone)
    html = presenter.render_table(Table.objects.get(pk=table.pk), presenter.Viewer(None, False))
    notes = html.split(f'data-seat="{away}"')[1].split('<div class="notes">')[1].split("</div>")[0]
    assert notes.startswith("folded (host)")  # whoever looks: the player back, too
    play_current_hand(table, random.Random(5))  # (the review opens once the hand is over)
    page = Client().get(f"/t/{table.invite}/hands/1/?step=3").content.decode()
    seat = page.split(f'data-seat="{away}"')[1].split('<div class="seat')[0]
    assert '<div class="notes">folded (host)</div>' in seat  # and the morning after


def test_the_clock_acts_for_a_player_away_on_their_turn_with_no_action_clock():
    table = make_table("levys")  # (no action clock: only the away wait)
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    hand = state.current_hand(table)
    assert hand.deadline is None
    all_here(table)
    assert services.tick(table.pk, timezone.now()) is services.UNCHANGED  # all here: wait
    first, _ = to_act(table)
    long_ago = timezone.now() - timedelta(seconds=31)
    presence.seen(table.pk, session_of(table, first), long_ago)  # gone, on their turn
    state.forget(table.pk)
    assert services.tick(table.pk, timezone.now()) is True
    events = list(HandEvent.objects.filter(hand=hand).order_by("sequence"))
    assert [(e.action["seat"], e.by, e.action["type"]) for e in events] == [
        (first, "clock", "check")
    ]
    assert to_act(table)[0] != first  # the next player, here, is waited for
    assert services.tick(table.pk, timezone.now()) is services.UNCHANGED
    gone = Player.objects.get(table=table, seat=first)
    assert gone.sitting_out  # from the next hand, till they come back: no hands dealt to
    assert "sits out next hand" in seat_html(table, first)  # a player who has gone home
    said = ChatLine.objects.filter(table=table).order_by("id").last()
    assert (said.player, said.text) == (
        gone,
        "is away: the clock acts for them, and they sit "
        "out from the next hand until they are back.",
    )


def test_the_clock_acts_for_each_away_player_in_turn_until_one_is_here():
    table = make_table("levys")
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    all_here(table)
    hand = state.current_hand(table)
    button = hand.document["button"]
    first, second, third = sorted((1, 2, 3), key=lambda s: (s - button - 1) % 3)  # in turn
    for seat in (first, second):
        presence.seen(table.pk, session_of(table, seat), timezone.now() - timedelta(seconds=31))
    state.forget(table.pk)
    assert services.tick(table.pk, timezone.now()) is True
    events = HandEvent.objects.filter(hand=hand).order_by("sequence")
    acted = [(e.action["seat"], e.by, e.action["type"]) for e in events]
    assert acted == [(first, "clock", "check"), (second, "clock", "check")]
    assert to_act(table)[0] == third  # it stopped at the player who is here


def sat_out_by_the_clock(players: int) -> tuple[Table, int]:
    """A Levy's table dealing, its first player to act away: the clock acts for them and
    sits them out from the next hand. (table, their seat)."""
    table = make_table("levys")
    seat_players(table, players)
    services.set_dealing(table.pk, True)
    all_here(table)
    first, _ = to_act(table)
    gone_away(table, first)
    services.tick(table.pk, timezone.now())
    return table, first


def test_a_player_the_clock_sat_out_is_dealt_in_again_once_their_page_is_back():
    table, first = sat_out_by_the_clock(3)
    gone = Player.objects.get(table=table, seat=first)
    assert gone.sitting_out and gone.away_since
    services.change_settings(table.pk, away_after=600)  # a longer grace: not back for it
    gone.refresh_from_db()
    assert gone.sitting_out and gone.away_since
    presence.seen(table.pk, gone.session_key, timezone.now())  # their phone unlocks
    services.note_presence(table.pk)
    gone.refresh_from_db()
    assert not gone.sitting_out and gone.away_since is None
    assert "sits out next hand" not in seat_html(table, first)
    said = ChatLine.objects.filter(table=table).order_by("id").last()
    assert (said.player, said.text) == (gone, "is back.")  # (still in this hand)
    chose = Player.objects.get(table=table, seat=to_act(table)[0])
    services.set_sitting_out(table.pk, chose.pk, True)  # their own choice: the page's
    gone_away(table, chose.seat)  # coming and going leaves it
    presence.seen(table.pk, chose.session_key, timezone.now())
    services.note_presence(table.pk)
    chose.refresh_from_db()
    assert chose.sitting_out and chose.away_since is None


def test_a_player_sat_out_while_away_is_welcomed_back_by_their_page():
    table = make_table("levys")
    clients = {}
    for seat, name in enumerate(("Ann", "Bob", "Cat"), start=1):
        clients[seat] = Client()
        clients[seat].get(f"/t/{table.invite}/")
        clients[seat].post(f"/t/{table.invite}/join/", {"seat": seat, "name": name,
                                                        "buy_in": 100})  # fmt: skip
    services.set_dealing(table.pk, True)
    all_here(table)
    first, _ = to_act(table)
    here = next(s for s in clients if s != first)
    assert views.BACK not in clients[first].get(f"/t/{table.invite}/").content.decode()
    gone_away(table, first)
    services.tick(table.pk, timezone.now())  # the clock acts, and sits them out
    assert views.BACK in clients[first].get(f"/t/{table.invite}/").content.decode()
    assert views.BACK not in clients[here].get(f"/t/{table.invite}/").content.decode()


def test_a_player_back_after_their_hand_is_told_when_they_are_dealt_in():
    table, first = sat_out_by_the_clock(3)
    play_current_hand(table, random.Random(2))
    services.tick(table.pk, timezone.now() + timedelta(minutes=1))  # the next deal's time
    hand = state.current_hand(table)
    assert hand.number == 2 and str(first) not in hand.seat_players  # dealt without them
    presence.seen(table.pk, session_of(table, first), timezone.now())
    services.note_presence(table.pk)
    said = ChatLine.objects.filter(table=table).order_by("id").last().text
    assert said == "is back, and is dealt in from the next hand."
    assert not Player.objects.get(table=table, seat=first).sitting_out


def test_a_player_back_between_hands_has_a_moment_before_a_deal_takes_them_in():
    table, first = sat_out_by_the_clock(2)
    play_current_hand(table, random.Random(4))
    services.tick(table.pk, timezone.now() + timedelta(minutes=1))  # one player: no deal
    assert state.current_hand(table) is None
    came = timezone.now()
    presence.seen(table.pk, session_of(table, first), came)
    services.note_presence(table.pk, came)
    assert state.current_hand(table) is None  # not at once: they may sit out or cash out
    table.refresh_from_db()
    assert table.next_deal_at >= came + services.BACK_PAUSE
    services.tick(table.pk, table.next_deal_at)
    assert str(first) in state.current_hand(table).seat_players  # then dealt in


def test_a_table_shown_with_its_player_to_act_away_runs_its_clock_now():
    table = make_table("levys", action_clock=60)
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    all_here(table)
    seat, _ = to_act(table)
    shot = state.latest_snapshot(table.pk)
    assert Screen._due(shot) == shot.hand.deadline.timestamp()  # here: the action clock
    presence.seen(table.pk, session_of(table, seat), timezone.now() - timedelta(seconds=31))
    services.note_presence(table.pk)
    shot = state.latest_snapshot(table.pk)
    assert Screen._due(shot) <= time.time()  # away on their turn: the clock runs at once


def test_the_clock_picks_the_game_for_a_chooser_who_is_away_as_the_deal_comes_due():
    table = make_table("dealers-choice")
    seat_players(table, 3)
    chooser = state.upcoming_button(table)
    gone_away(table, chooser)
    services.set_dealing(table.pk, True)  # the deal is due at once
    hand = state.current_hand(table)
    assert hand is not None and hand.document["chosen"] == {"seat": chooser, "by": "clock"}


def test_a_clock_run_for_a_player_shown_away_but_back_shows_them_here_and_waits_again():
    table = make_table("levys", action_clock=60)
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    seat, _ = to_act(table)
    gone_away(table, seat)
    services.note_presence(table.pk)  # shown away: the clock is to run at once
    presence.seen(table.pk, session_of(table, seat), timezone.now())  # ... but they synced
    assert services.tick(table.pk, timezone.now()) is not services.UNCHANGED  # a new version
    assert not HandEvent.objects.filter(hand=state.current_hand(table)).exists()  # no act
    shot = state.latest_snapshot(table.pk)
    assert Screen._due(shot) == shot.hand.deadline.timestamp()  # its clock runs to time again


def test_a_player_out_of_time_and_away_sits_out_and_one_here_does_not():
    table = make_table("levys", action_clock=20)
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    hand = state.current_hand(table)
    here, _ = to_act(table)
    services.tick(table.pk, hand.deadline + timedelta(seconds=1))  # out of time, but here
    assert not Player.objects.get(table=table, seat=here).sitting_out
    gone, _ = to_act(table)
    gone_away(table, gone)  # (the clock, at 20 s, comes before the half minute's look)
    services.tick(table.pk, state.current_hand(table).deadline + timedelta(seconds=1))
    assert Player.objects.get(table=table, seat=gone).sitting_out


def test_a_hand_voided_after_the_clock_sat_out_its_chooser_leaves_the_pick_to_the_button():
    table = make_table("dealers-choice")
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    chooser = state.upcoming_button(table)
    services.choose_game(table.pk, session_of(table, chooser), "sviten")
    while (seat := to_act(table)[0]) != chooser:  # on to the chooser's turn
        services.act(table.pk, session_of(table, seat), to_act(table)[1], {"type": "call"})
    gone_away(table, chooser)
    services.tick(table.pk, timezone.now())  # the clock acts for them: they sit out
    assert Player.objects.get(table=table, seat=chooser).sitting_out
    services.void_hand(table.pk)
    shot = state.latest_snapshot(table.pk)
    assert shot.table.chosen_game == "" and shot.button_next != chooser  # not theirs to give
