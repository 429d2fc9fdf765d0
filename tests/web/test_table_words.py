"""What the table page says is true: pots, limits on the buttons, the step, who acted,
the settings of this hand and the next, a voided hand, a refused seat, dealer's choice."""

from __future__ import annotations

import random
import re
from datetime import timedelta
from decimal import Decimal
from html import unescape
from types import SimpleNamespace

import pytest
from django.test import Client
from django.utils import timezone

from games import history, presence, presenter, services, state, table_html
from games.models import ChatLine, Player, Table
from games.rules import history as rules_history
from games.rules.cards import faces
from games.rules.hand import Hand
from games.rules.hints import hand_in_words, low_in_words
from games.rules.view import beaten_words, named_reason
from games.screen import Screen
from games.templatetags.poker import chip_worth, won_net
from tests.web.helpers import gone_away, make_table, play_current_hand, seat_players, session_of
from tests.web.scripted import fold_around

pytestmark = pytest.mark.django_db


def page(table: Table, key: str | None, host: bool = False) -> str:
    shot = state.latest_snapshot(table.pk)
    viewer = presenter.viewer_of(shot.table, key, host, shot)
    return presenter.render_table(shot.table, viewer, shot)


def to_act(table: Table) -> tuple[str, int]:
    hand = state.current_hand(table)
    engine = state.load_engine(hand)
    return session_of(table, engine.actors()[0]), hand.sequence


def act(table: Table, kind: str, **more) -> None:
    key, sequence = to_act(table)
    services.act(table.pk, key, sequence, {"type": kind, **more})


def dealt(game: str, players: int = 3, buy_in: int = 200, **settings) -> Table:
    table = make_table(game, min_buy_in=1, **settings)
    seat_players(table, players, buy_in)
    services.set_dealing(table.pk, True)
    return Table.objects.get(pk=table.pk)


def test_a_call_still_to_come_shows_one_pot_not_a_side_pot():
    table = dealt("levys")
    act(table, "bet", to=2)
    act(table, "raise", to=4)
    html = page(table, None)
    assert "pot <strong" in html and "Side pot" not in html and "Main pot" not in html


def test_the_most_a_player_may_bet_is_named_by_what_stops_it():
    table = dealt("sviten", players=2, buy_in=50, structure="no-limit", stake_cap=20)
    key, _ = to_act(table)
    assert "Max 20 (stake cap)" in page(table, key)  # not "Max 50": the cap stops it
    table = dealt("sviten", players=2, structure="fixed-limit", stake_cap=5)
    act(table, "raise", to=4)  # (a full raise: the small bet is 2)
    key, _ = to_act(table)
    assert "Raise to 5 (stake cap)" in page(table, key)  # not a full raise: the cap says why
    table = dealt("sviten", players=2, buy_in=50, structure="pot-limit")
    key, _ = to_act(table)
    assert "Max 6 (pot)" in page(table, key)
    table = dealt("sviten", players=3, buy_in=50, structure="half-pot-limit")
    act(table, "raise", to=4)  # the small blind to call 3: the pot after it is 10
    key, _ = to_act(table)
    html = page(table, key)
    assert "Min 6" in html and "Max 9 (half pot)" in html and "Half pot 9" not in html
    assert "<label>Raise to <kbd>R</kbd>" in html
    table = dealt("levys", players=2, buy_in=50, structure="no-limit")
    key, _ = to_act(table)  # nobody has bet: a bet of so many, not "to" so many
    assert "<label>Bet <kbd>R</kbd>" in page(table, key)
    table = dealt("sviten", players=2, buy_in=5, structure="pot-limit")
    key, _ = to_act(table)
    html = page(table, key)
    assert "All-in 5" in html and "(pot)" not in html


def test_a_call_that_spends_every_chip_says_all_in_on_the_button_and_in_the_log():
    table = make_table("levys", structure="no-limit")
    services.request_seat(table.pk, "s1", 1, "P1", 200)
    services.request_seat(table.pk, "s2", 2, "P2", 50)
    services.set_dealing(table.pk, True)
    key, _ = to_act(table)
    shot = state.latest_snapshot(table.pk)
    bettor = next(s for s in shot.views[None]["seats"] if s["stack"] > 100)
    if session_of(table, bettor["seat"]) != key:
        act(table, "check")
    act(table, "bet", to=100)
    key, _ = to_act(table)
    assert "Call 49 (all-in)" in page(table, key)
    act(table, "call")
    assert "calls 49 and is all-in" in page(table, None)


def test_every_step_has_its_own_label_and_a_pat_draw_says_stood_pat():
    table = dealt("levys", players=2)
    assert "Betting before the draw" in page(table, None)
    act(table, "check")
    act(table, "check")
    html = page(table, None)
    assert "<strong>The draw</strong>" in html and "Before the draw" not in html.split("log")[0]
    act(table, "draw", discard=[])
    assert "stood pat" in page(table, None) and "drew 0" not in page(table, None)
    act(table, "draw", discard=[])
    assert "Arranging the reveal order" in page(table, None)


def test_the_draw_button_says_stand_pat_until_cards_are_tapped():
    table = dealt("high-low-declare", players=2)
    act(table, "check")
    act(table, "check")
    key, _ = to_act(table)
    html = page(table, key)
    assert 'data-some="Draw {n}"' in html and ">Stand pat</button>" in html
    assert "none selected" not in html


def test_the_clock_and_the_host_are_named_when_they_act_for_a_player():
    table = dealt("levys", players=2, action_clock=30)
    hand = state.current_hand(table)
    services.tick(table.pk, now=hand.deadline + timedelta(seconds=1))
    engine = state.load_engine(state.current_hand(table))
    seat = engine.actors()[0]
    gone_away(table, seat)
    services.act_for_absent(table.pk, seat, state.current_hand(table).sequence)
    html = page(table, None)
    assert "checks (clock)" in html
    name = f"P{seat}"
    assert f"{name} checks (by the host)" in html


def test_the_header_shows_this_hands_settings_and_the_next_hands_when_changed():
    table = dealt("high-low-declare", players=2, small_bet=5, big_bet=10)
    html = page(table, None)
    assert "High-Low Declare · Fixed-limit · ante 1 · bets 5/10 · 3 raises a round" in html
    assert "chips in fist · A-6 low" in html and "Next hand" not in html
    services.change_settings(table.pk, structure="pot-limit", raise_cap=None)
    html = page(Table.objects.get(pk=table.pk), None)
    assert "High-Low Declare · Fixed-limit" in html  # this hand is still fixed-limit
    assert "Next hand: High-Low Declare · Pot-limit · ante 1 · chips in fist" in html


def test_at_dealers_choice_the_next_game_is_no_change_of_the_settings():
    table = make_table("dealers-choice", min_buy_in=1)  # pot-limit, blinds 1/2
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    button = state.upcoming_button(table)
    services.choose_game(table.pk, session_of(table, button), "levys")
    html = page(Table.objects.get(pk=table.pk), None)
    assert "Levy&#x27;s Game · Pot-limit · blinds 1/2" in html and "Next hand" not in html
    services.change_settings(table.pk, ante=1)
    html = page(Table.objects.get(pk=table.pk), None)
    assert "Next hand: Dealer&#x27;s choice · Pot-limit · ante 1 · blinds 1/2" in html


def test_a_reached_raise_cap_is_said_where_the_raise_control_was():
    table = dealt("high-low-declare", players=3)
    act(table, "bet", to=2)
    act(table, "raise", to=4)
    act(table, "raise", to=6)
    act(table, "raise", to=8)
    key, _ = to_act(table)
    html = page(table, key)
    assert "Raises capped (3 of 3)" in html and 'class="raise"' not in html


def test_a_short_all_in_says_why_the_players_before_it_may_not_raise_again():
    table = make_table("levys", structure="no-limit", min_buy_in=1)
    seat_players(table, 3, 200)
    short = Player.objects.get(table=table, seat=state.upcoming_button(table))  # acts third
    services.adjust_stack(table.pk, short.pk, 16 - 200, kind="correction")
    services.set_dealing(table.pk, True)
    table = Table.objects.get(pk=table.pk)
    act(table, "bet", to=10)
    act(table, "call")
    key, _ = to_act(table)
    assert "No raise" not in page(table, key)  # (it may raise all-in: said only where not)
    act(table, "raise", to=15)  # all-in, 5 more: less than a full raise of 10
    key, _ = to_act(table)
    html = page(table, key)
    assert "No raise: a raise short of a full one (an all-in, or a stake cap) does not" in html
    assert 'class="raise"' not in html and ">Call 5" in html
    table = make_table("levys", structure="no-limit", min_buy_in=1)  # heads up, nobody is
    seat_players(table, 2, 200)  # left to answer a raise: that, not the short all-in, is
    short = Player.objects.get(table=table, seat=state.upcoming_button(table))  # why
    services.adjust_stack(table.pk, short.pk, 16 - 200, kind="correction")
    services.set_dealing(table.pk, True)
    table = Table.objects.get(pk=table.pk)
    act(table, "bet", to=10)
    act(table, "raise", to=15)
    key, _ = to_act(table)
    assert "No raise" not in page(table, key) and ">Call 5" in page(table, key)


def short_stacked(players: int, *stacks: int) -> Table:
    """A fixed-limit table (bets of 2, ante 1) dealt with ``stacks`` for the first seats
    to act, in turn."""
    table = make_table("high-low-declare", min_buy_in=1)
    seat_players(table, players, 200)
    seat = state.upcoming_button(table) % players + 1
    for stack in stacks:
        short = Player.objects.get(table=table, seat=seat)
        services.adjust_stack(table.pk, short.pk, stack - 200, kind="correction")
        seat = seat % players + 1
    services.set_dealing(table.pk, True)
    return Table.objects.get(pk=table.pk)


def test_a_raise_over_a_short_all_in_says_it_goes_a_full_raise_above_it():
    table = short_stacked(3, 2)  # the first to act has 1 chip after the ante
    key, _ = to_act(table)
    assert "Bet 1 (all-in)" in page(table, key)
    assert "short of a full" not in page(table, key)  # (nothing bet yet)
    act(table, "bet", to=1)
    key, _ = to_act(table)
    said = "All-in for 1, short of a full bet of 2: call 1, or raise a full 2 on top, to 3"
    assert said in page(table, key) and "Raise to 3 <kbd>" in page(table, key)
    table = short_stacked(4, 2, 3)  # and the second has 2
    act(table, "bet", to=1)
    key, _ = to_act(table)
    html = page(table, key)  # the second's only raise is its own all-in, short too
    assert "Raise to 2 (all-in)" in html and "short of a full" not in html
    act(table, "raise", to=2)
    key, _ = to_act(table)
    html = page(table, key)
    said = "All-in raise to 2, short of a full raise: call 2, or raise a full 2 on top, to 4"
    assert said in html and "Raise to 4 <kbd>" in html
    act(table, "raise", to=4)
    key, _ = to_act(table)
    assert "short of a full" not in page(table, key)  # a full raise: the usual controls


def test_every_seat_is_told_when_the_host_voids_a_hand():
    table = dealt("levys", players=2)
    number = state.current_hand(table).number
    services.void_hand(table.pk)
    for key in (None, "s1", "s2"):
        assert f"The host voided hand {number}; every bet was returned." in page(table, key)
    assert f'data-after-void="{number}"' in page(table, "s1")  # the intro's (table.js)
    services.tick(table.pk, timezone.now() + timedelta(seconds=30))  # the next hand too
    assert state.current_hand(table).number == number + 1
    assert f'data-after-void="{number}"' in page(table, "s1")
    said = ChatLine.objects.filter(table=table, told=True).latest("pk")  # kept in the chat
    assert said.by_host and said.text == f"Hand {number} voided: every bet is returned."
    hands = Client().get(f"/t/{table.invite}/hands/").content.decode()
    row = hands.split(f"Hand&nbsp;{number}</a>")[1].split("</tr>")[0]
    assert "<td>&mdash;</td>" in row and "voided by the host: every bet returned" in row


def test_a_refused_seat_request_is_told_plainly():
    table = make_table("levys", approval_required=True)
    player = services.request_seat(table.pk, "s9", 2, "Zed", 100)
    assert "Waiting for the host" in page(table, "s9")
    services.answer_seat_request(table.pk, player.pk, False)
    html = page(table, "s9")
    assert "The host did not give you a seat" in html
    assert "The host did not give you a seat" not in page(table, "someone else")


@pytest.mark.parametrize("read", [False, True], ids=["as changed", "as read"])
def test_a_player_once_refused_who_got_in_and_left_is_not_told_they_were_refused(read):
    table = make_table("levys", approval_required=True)
    player = services.request_seat(table.pk, "s9", 2, "Zed", 100)
    services.answer_seat_request(table.pk, player.pk, False)
    player = services.request_seat(table.pk, "s9", 2, "Zed", 100)
    assert "The host did not give you a seat" not in page(table, "s9")  # asking again
    services.answer_seat_request(table.pk, player.pk, True)
    services.leave(table.pk, "s9")
    if read:
        state.forget(table.pk)  # read from the database
    html = page(table, "s9")
    assert "Take a seat" in html and "The host did not give you a seat" not in html


def test_dealers_choice_badges_the_chooser_and_the_clock_picks_the_last_game():
    table = make_table("dealers-choice", action_clock=20)
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    shot = state.latest_snapshot(table.pk)
    chooser = shot.button_next
    html = page(table, None)
    seat_html = html.split(f'data-seat="{chooser}"')[1].split("</div>\n    </div>")[0]
    assert '<span class="badge" title="dealer button">D</span>' in seat_html
    assert '<span class="clock" data-deadline=' in html
    table = Table.objects.get(pk=table.pk)
    services.tick(table.pk, now=timezone.now() + timedelta(seconds=5))
    assert state.current_hand(table) is None  # the chooser still has time
    services.tick(table.pk, now=timezone.now() + timedelta(seconds=21))
    hand = state.current_hand(table)
    assert hand is not None and hand.game == "levys"  # no game played yet: the first
    said = f"Dealer's choice: the clock picks Levy's Game for P{chooser}"
    assert said in unescape(page(table, None))  # the live log, and the review's text
    assert said in history.hand_text(hand, None, show_all=False)
    middle = page(table, None).split('<p class="step">')[1]
    assert middle.startswith("Hand 1 (Levy&#x27;s Game): <strong>")  # (header scrolled away)
    one_game = dealt("levys")
    assert page(one_game, None).split('<p class="step">')[1].startswith("Hand 1: <strong>")


def test_a_bot_on_the_button_picks_the_game_as_the_deal_comes_due_not_at_the_clock():
    table = make_table("dealers-choice", action_clock=30)
    seat_players(table, 1)
    for seat in (2, 3):
        services.sit_bot(table.pk, seat)
    services.set_dealing(table.pk, True)
    played = []
    for _ in range(3):  # a hand for each seat on the button
        shot = state.latest_snapshot(table.pk)
        chooser, table = shot.button_next, shot.table
        due, deal = Screen._due(shot), table.next_deal_at
        if chooser == 1:  # the person has the action clock to pick
            assert due == state.choice_due(shot).timestamp() == deal.timestamp() + 30
            assert '<span class="clock" data-deadline=' in page(table, None)
            services.choose_game(table.pk, "s1", "high-low-declare", now=deal)
        else:  # a bot picks as the deal comes due: no clock to wait for
            assert state.choice_due(shot) is None and due == deal.timestamp()
            assert '<span class="clock" data-deadline=' not in page(table, None)
            services.tick(table.pk, now=deal)
        hand = state.current_hand(table)
        assert hand is not None and hand.document["button"] == chooser
        played.append(chooser)
        fold_around(table)
    assert sorted(played) == [1, 2, 3]


def picked(game: str) -> tuple[Table, int]:
    """A dealer's-choice table of three, dealing, with its first chooser's pick made."""
    table = make_table("dealers-choice")
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    first = state.latest_snapshot(table.pk).button_next
    services.choose_game(table.pk, session_of(table, first), game)
    return table, first


def test_a_voided_hand_is_dealt_again_by_the_same_player_at_dealers_choice_the_same_game():
    table, first = picked("high-low-declare")
    fold_around(table)  # the button moves on
    services.tick(table.pk, now=timezone.now() + timedelta(seconds=20))
    shot = state.latest_snapshot(table.pk)
    second = shot.button_next
    assert second != first
    services.choose_game(table.pk, session_of(table, second), "sviten", now=shot.table.next_deal_at)
    for number in (2, 3):  # voided, and the deal again voided too
        services.void_hand(table.pk)
        shot = state.latest_snapshot(table.pk)
        assert shot.button_next == second and shot.table.chosen_game == "sviten"
        assert "Dealer&#x27;s choice: Sviten Special is picked." in page(shot.table, None)
        services.tick(table.pk, now=shot.table.next_deal_at)
        hand = state.current_hand(table)
        assert (hand.number, hand.game, hand.document["button"]) == (number + 1, "sviten", second)


@pytest.mark.parametrize("how", ["leaves", "is removed", "sits out"])
def test_a_dealers_choice_goes_with_a_chooser_who_goes_before_the_deal(how):
    table = make_table("dealers-choice")
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    chooser = state.latest_snapshot(table.pk).button_next
    key = session_of(table, chooser)
    services.choose_game(table.pk, key, "sviten")
    services.void_hand(table.pk)  # the same player is to deal it again: Sviten Special
    assert Table.objects.get(pk=table.pk).chosen_game == "sviten"
    player = Player.objects.get(table=table, session_key=key)
    if how == "leaves":
        services.leave(table.pk, key)
    elif how == "is removed":
        services.cash_out(table.pk, player.pk)
    else:
        services.set_sitting_out(table.pk, player.pk, True)
    shot = state.latest_snapshot(table.pk)
    assert shot.table.chosen_game == "" and shot.button_next not in (None, chooser)
    assert "to pick the game" in page(shot.table, None)  # the new button's player picks
    named = f'waiting for <span class="named" data-named="{shot.button_next}">'  # ("you", to
    assert named in page(shot.table, None)  # the picker: static/js/table.js)


def test_between_hands_at_dealers_choice_only_the_chooser_has_the_button():
    table = make_table("dealers-choice")
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    gone_away(table, state.upcoming_button(table))
    services.choose_for_absent(table.pk)
    play_current_hand(table, random.Random(5))
    shot = state.latest_snapshot(table.pk)
    assert shot.hand is None and shot.last is not None  # the last hand is still shown
    html = page(table, None)
    badge = '<span class="badge" title="dealer button">D</span>'
    assert html.count(badge) == 1
    assert badge in html.split(f'data-seat="{shot.button_next}"')[1].split('<div class="seat')[0]
    middle = html.split('<div class="middle">')[1].split("</div>")[0]
    assert f"Hand {shot.last.number}: <strong>" in middle and " wins " in middle  # still told
    assert "Dealer's choice: waiting for " in middle


def test_a_game_picked_before_the_next_deal_is_said_and_no_longer_asked():
    table = make_table("dealers-choice")
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    gone_away(table, state.upcoming_button(table))
    services.choose_for_absent(table.pk)
    play_current_hand(table, random.Random(5))
    chooser = state.latest_snapshot(table.pk).button_next
    before = unescape(page(table, session_of(table, chooser)))
    assert "pick the game" in before and "Next hand: Dealer's choice" in before
    services.choose_game(table.pk, session_of(table, chooser), "sviten")  # in the pause
    html = unescape(page(table, session_of(table, chooser)))
    middle = html.split('<div class="middle">')[1].split("</div>")[0]
    assert 'Dealer\'s choice: Sviten Special is picked. <span class="next-deal"' in middle
    assert "pick the game" not in html
    assert '<p class="stakes">Next hand: Sviten Special · ' in html  # not the last hand's game


def test_the_chooser_cannot_press_a_game_that_does_not_seat_everyone():
    table = make_table("dealers-choice", seat_count=8)
    seat_players(table, 7)
    services.set_dealing(table.pk, True)
    gone_away(table, state.upcoming_button(table))
    services.choose_for_absent(table.pk)
    while state.current_hand(table) is not None:  # all fold to one: seven still have chips
        act(table, "fold")
    chooser = state.latest_snapshot(table.pk).button_next
    html = unescape(page(table, session_of(table, chooser)))
    bar = html.split('<section class="choose">')[1].split("</section>")[0]
    assert '<button class="primary" disabled>Sviten Special <small>(for 2 to 6 players)' in bar
    assert '<button class="primary">Levy\'s Game</button>' in bar


def test_after_a_long_pause_the_button_still_gets_the_whole_clock_to_choose():
    table = make_table("dealers-choice", action_clock=20)
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    services.set_dealing(table.pk, False)  # the host pauses while the button chooses
    resumed = timezone.now() + timedelta(minutes=10)
    services.set_dealing(table.pk, True, now=resumed)
    assert state.current_hand(table) is None
    assert "waiting for <span" in page(table, None)  # the button is asked, not passed over
    services.tick(table.pk, now=resumed + timedelta(seconds=15))
    assert state.current_hand(table) is None
    services.tick(table.pk, now=resumed + timedelta(seconds=21))
    assert state.current_hand(table) is not None


def test_a_clock_turned_on_while_the_button_chooses_gives_it_the_whole_clock():
    table = make_table("dealers-choice")
    seat_players(table, 2)
    services.set_dealing(table.pk, True)  # the button chooses, with no clock: it waits
    waited = timezone.now() - timedelta(minutes=1)
    Table.objects.filter(pk=table.pk).update(next_deal_at=waited)
    state.forget(table.pk)
    services.change_settings(table.pk, action_clock=20)
    services.tick(table.pk, now=timezone.now() + timedelta(seconds=5))
    assert state.current_hand(table) is None  # not picked for them at once
    services.tick(table.pk, now=timezone.now() + timedelta(seconds=25))
    assert state.current_hand(table) is not None  # the clock's time out: the last game


def test_the_host_may_choose_for_the_button_and_nobody_else_can_when_none_is_waiting():
    table = make_table("dealers-choice")
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    chooser = state.upcoming_button(Table.objects.get(pk=table.pk))
    presence.seen(table.pk, f"s{chooser}", timezone.now() - timedelta(seconds=31))
    state.forget(table.pk)  # presence is read with the version: read it again
    assert "Pick the game last played" in page(table, None, host=True)
    services.choose_for_absent(table.pk)
    hand = state.current_hand(table)
    assert hand is not None
    assert "Dealer's choice: the host picks Levy's Game for P" in unescape(page(table, None))
    version = Table.objects.get(pk=table.pk).version
    with pytest.raises(services.ServiceError):
        services.choose_for_absent(table.pk)
    assert Table.objects.get(pk=table.pk).version == version


@pytest.mark.parametrize(
    ("approval", "said"), [(True, "rebuy 50 asked"), (False, "rebuy 50 next hand")]
)
def test_a_rebuy_waiting_shows_at_its_seat_to_everyone(approval, said):
    table = make_table("levys", min_buy_in=1, approval_required=approval)
    seat_players(table, 3)
    for asked in Player.objects.filter(table=table, status=Player.REQUESTED):
        services.answer_seat_request(table.pk, asked.pk, True)
    services.set_dealing(table.pk, True)
    services.request_rebuy(table.pk, "s2", 50)  # in the hand: it waits for its end (or host)
    assert Player.objects.get(table=table, seat=2).rebuy_request == 50
    for key in ("s1", "s2", None):
        felt = page(table, key).split('class="felt')[1].split("</section>")[0]
        seats = {s.split('"')[0]: s for s in felt.split('data-seat="')[1:]}
        assert set(seats) == {"1", "2", "3", "4", "5", "6"}
        assert [n for n, html in seats.items() if said in html] == ["2"]  # at seat 2 only


def test_the_host_may_mute_the_others_in_the_chat_but_is_not_offered_themselves():
    table = make_table("levys")
    services.request_seat(table.pk, "host", 1, "Hostess", 100, host=True)
    services.request_seat(table.pk, "s2", 2, "Guest", 100)
    players = unescape(page(table, "host", host=True)).split('id="host-players"')[1]
    rows = players.split('id="host-settings"')[0].split('<div class="row player-row">')[1:]
    assert [("Mute in the chat" in row) for row in rows] == [False, True]
    assert "<strong>Hostess</strong>" in rows[0] and "<strong>Guest</strong>" in rows[1]


def test_the_host_is_never_asked_to_approve_their_own_rebuy():
    table = make_table("levys", approval_required=True)
    services.request_seat(table.pk, "host", 1, "Hostess", 100, host=True)
    services.request_rebuy(table.pk, "host", 50, host=True)
    player = Player.objects.get(table=table, session_key="host")
    assert (player.stack, player.rebuy_request) == (150, None)
    services.request_seat(table.pk, "s2", 2, "Guest", 100)
    services.answer_seat_request(table.pk, Player.objects.get(session_key="s2").pk, True)
    services.set_dealing(table.pk, True)
    with pytest.raises(services.ServiceError):
        services.request_rebuy(table.pk, "host", 50, host=True)
    assert Player.objects.get(pk=player.pk).rebuy_request is None


def test_an_open_history_is_announced_on_the_table():
    table = make_table("levys", history_open=True)
    assert "The host has opened the full hand history" in page(table, None)
    assert "The host has opened" not in page(make_table("levys"), None)


def test_the_player_to_act_is_told_what_is_asked_and_the_others_what_the_table_waits_for():
    table = dealt("levys", players=2)
    act(table, "check")
    act(table, "check")
    act(table, "draw", discard=[])
    act(table, "draw", discard=[])  # both now arrange their reveal order
    html = page(table, "s1")
    tap = '<span class="touch">Tap</span><span class="mouse">Click</span>'  # (by the screen)
    assert f"{tap} your cards in the order you will turn them up" in html
    assert "are choosing the order the cards will be turned up" in page(table, None)
    assert "Your hand: " in html and "Your hand" not in page(table, None)


@pytest.mark.parametrize("game", ["high-low-declare", "sviten"])
def test_the_result_says_who_beat_each_hand_shown_that_won_nothing(game):
    table, clock = dealt(game, players=3), timezone.now()
    for _ in range(10):  # hands of three to the showdown until one leaves a seat out (a tie
        while (hand := state.current_hand(table)) is not None:  # may give all three a share)
            engine = state.load_engine(hand)
            legal = engine.legal_actions(engine.actors()[0])
            if legal["step"] == "declare":  # the first two to declare say low, the third high
                lows = sum(1 for p in engine.players.values() if p.declaration == "low")
                act(table, "declare", declaration="low" if lows < 2 else "high")
            elif legal["step"] in ("draw", "lock"):
                act(table, "draw", discard=[])
            elif legal["step"] == "one-up":
                act(table, "take")
            else:
                act(table, "check" if "check" in legal["kinds"] else "call")
        awards = table.hands.filter(finished=True).latest("number").result["awards"]
        left_out = Player.objects.filter(table=table).exclude(seat__in={a["seat"] for a in awards})
        if left_out:
            break
        clock += timedelta(seconds=30)
        services.tick(table.pk, clock)  # the next hand
    else:
        raise AssertionError("ten hands of three and every seat won a share")
    result = unescape(page(table, None).split('<section class="awards">')[1].split("</section>")[0])
    winners = {Player.objects.get(table=table, seat=a["seat"]).name for a in awards if a["amount"]}
    said = {}
    for player in left_out:
        line = next(li for li in result.split("<li>") if li.startswith(f"<strong>{player.name}<"))
        beaten_by = line.split("beaten for ", 1)[1]
        named = {name for name in ("P1", "P2", "P3") if name in beaten_by}
        assert named and named <= winners, line  # only those who took the pot from it
        said[player.name] = "beaten for " + beaten_by.split("</em>")[0]
    # The review's last step says it alike.
    document = history.full_document(table.hands.filter(finished=True).latest("number"))
    end = history.reviewed(document, len(document["actions"]), None, show_all=False)
    told = {a["text"].split(" · ")[0]: a["text"] for a in end["awards"] if "beaten" in a["text"]}
    assert told.keys() == said.keys()
    assert all(text.endswith(f" · {said[name]}") for name, text in told.items()), told
    # The next hand is dealt: until its first action the result stays, and says as much.
    services.tick(table.pk, clock + timedelta(seconds=30))
    assert state.current_hand(table).sequence == 0
    number = table.hands.filter(finished=True).latest("number").number
    kept = unescape(page(table, None).split('<section class="awards">')[1].split("</section>")[0])
    assert f"Review hand {number}" in kept
    assert [li for li in kept.split("<li>") if "beaten for" in li] == [
        li for li in result.split("<li>") if "beaten for" in li
    ]


def test_the_last_hands_result_names_who_played_it_after_the_seat_changes_hands():
    table, clock = dealt("high-low-declare", players=3), timezone.now()
    play_current_hand(table, random.Random(7))
    awards = table.hands.get(number=1).result["awards"]
    seat = next(a["seat"] for a in awards if a["amount"])
    gone = Player.objects.get(table=table, seat=seat, status=Player.SEATED)
    services.leave(table.pk, gone.session_key)
    services.request_seat(table.pk, "zed-session", seat, "Zed", 200)
    services.tick(table.pk, clock + timedelta(seconds=30))  # the next hand, Zed in it
    assert state.current_hand(table).sequence == 0
    kept = page(table, None).split('<section class="awards">')[1].split("</section>")[0]
    assert f"<strong>{gone.name}</strong> wins" in kept and "Zed" not in kept


def test_the_kept_result_says_who_beat_a_hand_by_their_names_in_it():
    from types import SimpleNamespace

    last = SimpleNamespace(result={"beaten": [[3, {"high": [1]}, "Pair of fours"]]},
                           document={"seats": [{"seat": 1, "name": "Ann"},
                                               {"seat": 3, "name": "Cat"}]})  # fmt: skip
    dealt_next = SimpleNamespace(sequence=0)  # (Ann may have left seat 1 since)
    assert presenter._last_beaten(dealt_next, last) == [
        (3, "beaten for high by Ann", "Pair of fours")
    ]


def test_a_seat_beaten_for_both_halves_by_different_seats_says_it_short():
    """The pill below a seat stays short on a phone; the result below names the seats."""
    table = dealt("sviten", players=3)
    play_current_hand(table, random.Random(3))
    shot = state.latest_snapshot(table.pk)
    context = presenter.table_context(shot.table, presenter.Viewer(None, False), shot)
    names = {1: "P1", 2: "Bo and Jo", 3: "P3", 4: "P4"}  # (a name with "and" in it)
    beaten = {3: {"omaha": [1], "draw": [2]}}
    context["winnings"], context["nothing_won"] = {}, {}
    context["beaten_short"] = beaten_words(beaten, names, short=True)
    three = next(s for s in context["seats"] if s["number"] == 3)
    said = '<div class="said lost">Beaten by P1 and Bo and Jo</div>'
    assert said in table_html.seat(three, context)
    assert beaten_words(beaten, names)[3] == (  # the result below says which half
        "beaten for the Omaha half by P1 and for the five-card half by Bo and Jo"
    )
    beaten = {3: {"omaha": [1, 4], "draw": [2, 4, 1]}}
    context["beaten_short"] = beaten_words(beaten, names, short=True)
    said = '<div class="said lost">Beaten by P1, P4 and Bo and Jo</div>'  # each named once
    assert said in table_html.seat(three, context)
    context["beaten_short"] = {3: "beaten for both halves by P1"}  # one seat took both
    said = '<div class="said lost">Beaten for both halves by P1</div>'
    assert said in table_html.seat(three, context)


def test_why_a_hand_lost_is_said_by_halves_and_names():
    names = {1: "Ann", 2: "Bob", 3: "Cat", 4: "Dan"}
    assert beaten_words({3: {"low": [2]}, 4: {"omaha": [1], "draw": [1, 2]}}, names) == {
        3: "beaten for low by Bob",
        4: "beaten for the Omaha half by Ann and for the five-card half by Ann and Bob",
    }
    assert beaten_words({2: {"draw": [1], "omaha": [1]}}, names) == {
        2: "beaten for both halves by Ann"
    }


def test_a_failed_both_declarers_reason_names_who_beat_or_tied_it():
    names = {1: "Ann", 2: "Bob", 3: "Cat"}
    beaten = {"reason": "Both declarer beaten for low: wins nothing", "by": [3]}
    assert named_reason(beaten, names) == "Both declarer beaten for low by Cat: wins nothing"
    tied = {"reason": "Both declarer tied for high: wins nothing", "by": [1, 2]}
    assert named_reason(tied, names) == "Both declarer tied for high with Ann and Bob: wins nothing"
    three = {"reason": "Both declarer beaten for high: wins nothing", "by": [1, 2, 4]}
    said = "Both declarer beaten for high by Ann, Bob and seat 4: wins nothing"
    assert named_reason(three, names) == said
    everyone = {"reason": "Both declarer beaten for low", "by": [3]}  # (every declarer failed)
    assert named_reason(everyone, names) == "Both declarer beaten for low by Cat"
    kept = {"reason": "Both declarer beaten for low: wins nothing"}  # (kept before "by")
    assert named_reason(kept, names) == kept["reason"]
    won = {"reason": "best low among Low declarers", "by": [3]}
    assert named_reason(won, names) == won["reason"]


def test_a_seat_that_won_nothing_for_a_reason_says_why_by_the_seat():
    table = dealt("high-low-declare", players=2)
    while (hand := state.current_hand(table)) is not None:
        engine = state.load_engine(hand)
        legal = engine.legal_actions(engine.actors()[0])
        if legal["step"] == "declare":
            act(table, "declare", declaration="both")
        elif legal["step"] == "draw":
            act(table, "draw", discard=[])
        else:
            act(table, "check")
    awards = table.hands.get(number=1).result["awards"]
    won = {a["seat"] for a in awards if a["amount"]}
    html = page(table, None)
    for award in awards:
        if not award["amount"] and award["seat"] not in won:
            reason = award["reason"].removeprefix("Both declarer ")
            way = reason.removesuffix(": wins nothing")  # (the pill's look says so)
            rivals = " and ".join(f"P{s}" for s in award["by"])  # who beat it, or tied
            reason = f"Both failed: {way} {'with' if way.startswith('tied') else 'by'} {rivals}"
            assert f'<div class="said lost">{reason}</div>' in html
    hand = table.hands.get(number=1)
    started = {s["seat"]: s["stack"] for s in hand.document["seats"]}
    for seat in won:
        total = sum(a["amount"] for a in awards if a["seat"] == seat)
        net = hand.result["stacks"][str(seat)] - started[seat]  # what the hand left it up
        told = html.split(f'data-seat="{seat}"')[1].split('<div class="seat')[0]
        even = "" if net else " even"  # its own chips back: not a gold win
        assert f'<div class="said won{even}">{won_net(total, net)}</div>' in told


def test_sitting_out_mid_hand_says_from_the_next_hand_and_so_does_coming_back():
    table = make_table("levys", min_buy_in=1)
    p2 = Client()  # in seat 2, through the page as a player would be
    p2.get(f"/t/{table.invite}/")
    p2.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "P2", "buy_in": 200})
    for seat in (1, 3):
        services.request_seat(table.pk, f"s{seat}", seat, f"P{seat}", 200)
    services.set_dealing(table.pk, True)

    def said(out: str) -> str:
        answer = p2.post(f"/t/{table.invite}/me/sit-out/", {"out": out}, HTTP_HX_REQUEST="true")
        return answer.content.decode().split('aria-live="polite">')[1].split("</div>")[0]

    def note() -> str:
        return page(table, None).split('data-seat="2"')[1].split('<div class="seat')[0]

    assert said("1") == "You sit out from the next hand."
    assert "sits out next hand" in note() and "sitting out" not in note()  # (plays this one)
    fold_around(table)
    services.tick(table.pk, timezone.now() + timedelta(minutes=1))  # dealt without P2
    assert state.current_hand(table) is not None and "sitting out" in note()
    assert said("0") == "You are dealt in from the next hand."  # (not in this one)
    assert said("1") == "You sit out from the next hand."
    fold_around(table)
    assert said("0") == "You are dealt in again."  # between hands


def test_a_both_declarer_who_wins_nothing_is_listed_with_both_its_hands():
    table = dealt("high-low-declare", players=3)
    for _hand in range(40):  # till seat 1 declares both ways and fails (most hands)
        while (hand := state.current_hand(table)) is not None:
            engine = state.load_engine(hand)
            seat = engine.actors()[0]
            step = engine.legal_actions(seat)["step"]
            if step == "declare":
                act(table, "declare", declaration={1: "both", 2: "high", 3: "low"}[seat])
            elif step == "draw":
                act(table, "draw", discard=[])
            else:
                act(table, "check")
        last = table.hands.latest("number")
        failed = [a for a in last.result["awards"] if a["seat"] == 1 and a["half"] == "none"]
        if failed:
            break
        services.tick(table.pk, timezone.now() + timedelta(minutes=_hand + 1))
    high, low = failed[0]["hand"].split("; ")
    awards = unescape(page(table, None).split('class="awards"')[1])
    line = awards.split("<strong>P1</strong>")[1].split("</li>")[0]
    assert high in line and low_in_words(low) in line and "wins nothing" in line


def test_the_last_hands_result_stays_until_the_next_hands_first_action():
    table = dealt("levys", players=2)
    act(table, "bet", to=2)
    act(table, "fold")  # hand 1 ends
    table = Table.objects.get(pk=table.pk)
    services.set_dealing(table.pk, True, now=timezone.now() + timedelta(minutes=1))
    assert state.current_hand(table).number == 2
    html = page(table, None)
    assert "Hand 1 result" in html and "Review last hand" in html
    act(table, "check")
    assert "Hand 1 result" not in page(table, None)


def defaults_until(table: Table, step: str) -> int:
    """Everyone takes the default (check, stand pat, the dealt order, ...) until the seat
    to act is at ``step``; that seat."""
    for _ in range(40):
        hand = state.current_hand(table)
        engine = state.load_engine(hand)
        seat = engine.actors()[0]
        if engine.legal_actions(seat)["step"] == step:
            return seat
        action = engine.absent_action(seat)
        action.pop("seat")
        services.act(table.pk, session_of(table, seat), hand.sequence, action)
    raise AssertionError(f"the hand never reached {step}")


def test_the_bar_marks_which_of_your_cards_are_face_up_when_you_replace_one():
    table = dealt("levys", players=2)
    seat = defaults_until(table, "replace")
    bar = page(table, session_of(table, seat)).split('<section class="controls')[1]
    assert bar.count('data-card="') == 5 and bar.count(' up" data-card="') == 4
    assert "Cards edged in gold are face up" in bar


def test_a_seat_that_stood_pat_and_then_replaced_one_says_both():
    table = dealt("levys", players=3)
    seat = defaults_until(table, "replace")
    hand = state.current_hand(table)
    hole = str(state.load_engine(hand).players[seat].cards[-1])  # (kept face down)
    services.act(table.pk, session_of(table, seat), hand.sequence,
                 {"type": "replace", "card": hole})  # fmt: skip
    seats = page(table, None).split('data-seat="')[1:]
    notes = {int(s.split('"')[0]): s.split('class="notes">')[1].split("</div>")[0] for s in seats
             if 'class="notes">' in s}  # fmt: skip
    assert notes[seat].startswith("stood pat, then replaced one"), notes
    hand = state.current_hand(table)
    keeper = state.load_engine(hand).actors()[0]  # the next keeps all five: said as done
    services.act(table.pk, session_of(table, keeper), hand.sequence, {"type": "keep"})
    said = page(table, None).split(f'data-seat="{keeper}"')[1].split('class="said">')
    assert said[1].startswith("Kept<"), said[1][:40]
    other = next(n for n in notes if n != seat)
    assert "replaced" not in notes[other]


def test_the_bar_says_what_a_gold_edge_means_once_a_card_of_yours_is_up():
    table = dealt("levys", players=2)
    seat = defaults_until(table, "betting")  # before the draw: nothing is up
    assert "edged in gold" not in page(table, session_of(table, seat))
    defaults_until(table, "arrange")
    defaults_until(table, "betting")  # the first card is up
    seat = state.load_engine(state.current_hand(table)).actors()[0]
    bar = page(table, session_of(table, seat)).split('<section class="controls')[1]
    assert bar.count(' up" data-card="') == 1
    assert "cards edged in gold are face up</span></p>" in bar
    assert 'href="/rules/levys/#reveal"' in bar  # who bets first, and why
    assert "Each round, the best hand showing acts first." in bar
    act(table, "bet", to=2)  # then the next to act faces a bet: that is no longer news
    seat = state.load_engine(state.current_hand(table)).actors()[0]
    assert "bets first" not in page(table, session_of(table, seat))


@pytest.mark.parametrize(("declare", "pill"), [("vocal", "Declared Low"), ("chips", "Declared")])
def test_a_seats_pill_says_a_vocal_declaration_and_keeps_a_fist_closed(declare, pill):
    table = dealt("high-low-declare", players=2, declare=declare)
    defaults_until(table, "declare")
    act(table, "declare", declaration="low")
    html = page(table, None)
    assert f'<div class="said">{pill}</div>' in html
    assert ("Low" in html.split('<div class="said">')[1][:20]) == (declare == "vocal")
    assert "declared Low" not in html  # said once, on the pill


def test_the_middle_names_who_it_waits_for_up_to_two_and_counts_more():
    table = dealt("levys", players=5)
    engine = state.load_engine(state.current_hand(table))
    act(table, "bet", to=engine.legal_actions(engine.actors()[0])["min_to"])
    for move in ("fold", "call", "call", "call"):
        act(table, move)
    defaults_until(table, "arrange")  # the four left arrange at once

    def waiting() -> str:
        step = page(table, None).split('<p class="step">')[1].split("</p>")[0]
        return unescape(re.sub(r"<[^>]+>", "", step)).split(" · ")[-1]

    said = []
    for _ in range(4):
        said.append(waiting())
        hand = state.current_hand(table)
        engine = state.load_engine(hand)
        seat = engine.actors()[0]
        services.act(table.pk, session_of(table, seat), hand.sequence,
                     {"type": "arrange", "order": engine.absent_action(seat)["order"]})  # fmt: skip
    assert said[:2] == ["waiting for all\xa04", "waiting for 3 players"]
    assert re.fullmatch(r"waiting for P\d and P\d", said[2]) and said[3].endswith("\xa0to\xa0act")
    assert said[3].split("\xa0")[0] in said[2]


def test_an_order_set_is_said_once_on_the_seats_pill():
    table = dealt("levys", players=3)
    seat = defaults_until(table, "arrange")
    hand = state.current_hand(table)
    order = state.load_engine(hand).absent_action(seat)["order"]
    services.act(
        table.pk, session_of(table, seat), hand.sequence, {"type": "arrange", "order": order}
    )
    html = page(table, None).split(f'data-seat="{seat}"')[1].split("data-seat=")[0]
    assert html.lower().count("order set") == 1 and '<div class="said">Order set</div>' in html


def test_a_player_left_with_no_chips_is_asked_to_rebuy_and_everyone_sees_why():
    table = dealt("levys", players=3)
    services.set_dealing(table.pk, False)
    services.void_hand(table.pk)
    broke = Player.objects.get(table=table, seat=1)
    services.adjust_stack(table.pk, broke.pk, -broke.stack, "lost it at the bar")
    mine = page(table, broke.session_key)
    assert 'class="broke"' in mine and "You are out of chips" in mine
    offered = re.search(r'id="broke-amount"[^>]* value="(\d+)"', mine)
    assert offered and offered.group(1) == "200"  # what they bought in for, not the most (500)
    assert mine.count('name="amount"') == 1  # asked once, in the bar, not again under "You"
    assert "out of chips" in page(table, None)  # on the seat, for all to see
    assert 'class="broke"' not in page(table, session_of(table, 2))
    services.request_rebuy(table.pk, broke.session_key, 50)
    assert "out of chips" not in page(table, broke.session_key)


def test_a_player_all_in_in_a_hand_is_not_out_of_chips():
    table = dealt("levys", players=2, buy_in=20, structure="no-limit")
    key, _ = to_act(table)
    act(table, "bet", to=19)  # all of it, after the ante
    html = page(table, key)
    assert "all-in" in html and "out of chips" not in html and 'class="broke"' not in html


def test_the_middle_says_who_won_until_the_next_deal_and_the_log_keeps_its_numbers():
    table = dealt("levys", players=3)
    play_current_hand(table, random.Random(3))
    html = page(table, None)
    total = len(state.latest_snapshot(table.pk).views[None]["log"])
    assert total > presenter.LOG_SHOWN  # a whole hand says more than the table shows
    shown = html.split('<section class="log">')[1].split("</section>")[0]
    assert f'start="{total - presenter.LOG_SHOWN + 1}"' in shown
    assert shown.count("<li>") == presenter.LOG_SHOWN
    middle = html.split('<div class="middle">')[1].split("</div>")[0]
    last = Table.objects.get(pk=table.pk).hands.get(finished=True)
    won = {a["seat"] for a in last.result["awards"] if a["amount"]}
    for seat in won:
        name = Player.objects.get(pk=last.seat_players[str(seat)]).name
        halves = {a["half"] for a in last.result["awards"] if a["seat"] == seat and a["amount"]}
        split = sorted(halves & {"high", "low"})
        amount = sum(a["amount"] for a in last.result["awards"] if a["seat"] == seat)
        told = f" ({' and '.join(split)})" if split else ""
        assert f"<strong>{name}</strong> wins {amount}{told}" in middle
    assert f"Hand {last.number}: " in middle and "Next hand coming up shortly." in middle
    due = int(Table.objects.get(pk=table.pk).next_deal_at.timestamp())
    assert f'<span class="next-deal" data-at="{due}">' in middle  # table.js counts down


def test_the_middle_says_whether_dealing_has_yet_to_start_or_is_paused():
    table = make_table("levys")
    seat_players(table, 2)
    middle = page(table, None).split('<div class="middle">')[1].split("</div>")[0]
    assert "The first hand is dealt when the host starts dealing." in middle
    services.set_dealing(table.pk, True)
    services.set_dealing(table.pk, False)  # paused during the first hand
    act(table, "bet", to=2)
    act(table, "fold")
    middle = page(table, None).split('<div class="middle">')[1].split("</div>")[0]
    assert "wins" in middle and "Dealing is paused until the host resumes it." in middle


def test_a_player_who_left_is_still_named_in_the_last_hands_lines():
    table = dealt("levys", players=3)
    services.set_dealing(table.pk, False)
    act(table, "bet", to=2)
    act(table, "fold")
    act(table, "fold")  # the bettor wins
    folder = next(s for s in range(1, 4) if f"P{s} folds" in page(table, None))
    leaver = Player.objects.get(table=table, seat=folder)
    services.cash_out(table.pk, leaver.pk)
    services.request_seat(table.pk, "s9", folder, "Newcomer", 200)
    html = page(table, None)
    log = html.split('<section class="log">')[1].split("</section>")[0]
    assert f"P{folder} folds" in log and f"seat {folder}" not in log
    assert "Newcomer" in html and "Newcomer calls" not in log


def test_the_middle_says_once_what_several_winners_won_alike():
    side = [{"seat": 1, "amount": 222, "half": "high", "pot": "Main pot"},
            {"seat": 2, "amount": 222, "half": "low", "pot": "Main pot"},
            {"seat": 1, "amount": 24, "half": "high", "pot": "Side pot 1"},
            {"seat": 2, "amount": 24, "half": "low", "pot": "Side pot 1"}]  # fmt: skip
    context = {"last_hand": SimpleNamespace(number=6), "winnings": {1: 246, 2: 246, 3: 0},
               "names": {1: "Ann", 2: "Bob", 3: "Cat"}, "awards": side,
               "put_in": {1: 127, 2: 127, 3: 120}}  # fmt: skip
    said = (
        "<strong>Ann</strong> and <strong>Bob</strong> win 246 each (222 main pot, 24 side pot 1)"
    )
    assert table_html._just_won(context) == f'<span class="just-won">Hand 6: {said}.</span><br>'
    context["put_in"] = {1: 246, 2: 246, 3: 0}  # (each won its own back)
    assert "<strong>Bob</strong> get back 246 each (" in table_html._just_won(context)
    halves = [{**a, "pot": ""} for a in side[:2]]  # one pot: each its half, said apart
    context |= {"awards": halves, "winnings": {1: 222, 2: 222}, "put_in": {}}
    said = "<strong>Ann</strong> wins 222 (high half), <strong>Bob</strong> wins 222 (low half)"
    assert said in table_html._just_won(context)


def test_a_win_says_what_the_hand_left_the_seat_up_or_down():
    assert won_net(3, 2) == "Wins 3, up 2"
    assert won_net(1, 0) == "Gets back 1"  # only its own chips: no win
    assert won_net(24, -1) == "Wins 24, down 1"  # half a pot it put more into


def test_the_middle_names_the_half_each_winner_took():
    awards = [{"seat": 1, "amount": 5, "half": "high"}, {"seat": 2, "amount": 5, "half": "low"},
              {"seat": 3, "amount": 4, "half": "whole"}, {"seat": 1, "amount": 2, "half": "low"},
              {"seat": 2, "amount": 0, "half": "high"}]  # fmt: skip
    assert table_html.won_halves(awards) == {1: " (both halves)", 2: " (low half)"}
    side = [{"seat": 1, "amount": 6, "half": "whole", "pot": "Side pot 1"},
            {"seat": 1, "amount": 5, "half": "high", "pot": "Main pot"},
            {"seat": 2, "amount": 2, "half": "low", "pot": "Main pot"},
            {"seat": 2, "amount": 3, "half": "low", "pot": "Side pot 2"}]  # fmt: skip
    assert table_html.won_halves(side) == {  # 11 is no half: what came from each pot
        1: " (5 main pot, 6 side pot 1)", 2: " (2 main pot, 3 side pot 2)"}  # fmt: skip
    three = [{"seat": 3, "amount": 12, "half": "high", "pot": "Main pot"},
             {"seat": 1, "amount": 12, "half": "low", "pot": "Main pot"},
             {"seat": 1, "amount": 6, "half": "whole", "pot": "Side pot 1"},
             {"seat": 2, "amount": 6, "half": "whole", "pot": "Side pot 2"}]  # fmt: skip
    said = {3: " (main pot, high half)", 2: " (side pot 2)", 1: " (12 main pot, 6 side pot 1)"}
    assert table_html.won_halves(three) == said
    sviten = [{"seat": 1, "amount": 5, "half": "draw"}, {"seat": 2, "amount": 5, "half": "omaha"},
              {"seat": 1, "amount": 2, "half": "omaha"}]  # fmt: skip
    assert table_html.won_halves(sviten) == {1: " (both halves)", 2: " (Omaha half)"}
    line = table_html._award({"name": "Ann", "amount": 5, "pot": "Main pot", "half": "omaha",
                              "hand": "", "reason": "best Omaha hand"})  # fmt: skip
    assert "Ann</strong> wins 5 &middot; Main pot, Omaha half &middot;" in line
    chose, served = ({"event": kind, "seat": 1, "count": 0} for kind in ("lock", "served"))
    said = [presenter.event_text(e, {1: "Ann"}) for e in (chose, served)]
    assert said == ["Ann will stand pat", "Ann stands pat"]  # Sviten's draw: not said twice
    won = {"event": "award", "seat": 1, "amount": 57, "pot": "Main pot", "half": "draw"}
    assert presenter.event_text(won, {1: "Ann"}) == "Ann wins 57 (Main pot, five-card half)"
    whole = {"event": "award", "seat": 1, "amount": 4, "pot": "Side pot 1", "half": "whole"}
    assert presenter.event_text(whole, {1: "Ann"}) == "Ann wins 4 (Side pot 1)"


def test_a_paired_low_is_said_alike_in_the_bar_on_the_seat_and_in_the_result():
    award = {
        "name": "Cat",
        "seat": 3,
        "amount": 4,
        "pot": "Main pot",
        "half": "low",
        "hand": "Pair of aces (A-A-9-8-2) low",
        "reason": "best low among Low declarers",
    }
    line = table_html._award(award)
    assert "Main pot, low half &middot; A-A-9-8-2 low, paired &middot;" in line
    review = "Cat wins 4 (Main pot, low half) with A-A-9-8-2 low, paired: best low among"
    assert rules_history.award_text(award, "Cat").startswith(review)
    cards = ["Ah", "Ad", "9c", "8s", "2d"]
    assert (
        hand_in_words(cards, [], "levys", "ace-to-five") == "Pair of aces · A-A-9-8-2 low, paired"
    )


def test_the_review_shows_each_seats_last_action_in_the_round_of_its_step():
    from tests.rules.test_history import HIGH_LOW, LEVYS

    def said(step: int) -> dict:
        return {s["name"]: s["said"] for s in history.reviewed(LEVYS, step, None, False)["seats"]}

    assert said(2) == {"Ann": "Bet 2", "Bob": "Call", "Cat": None}  # Cat to act
    assert said(3) == {"Ann": None, "Bob": None, "Cat": "Call"}  # the round closed
    assert said(14) == {"Ann": None, "Bob": "Bet 2", "Cat": "Call"}  # Ann to act
    seats = history.reviewed(HIGH_LOW, 12, None, False)["seats"]  # Ann checked, then a bet
    assert [(s["name"], s["said"]) for s in seats] == [
        ("Ann", None), ("Bob", "Bet 4"), ("Cat", "Raise to 8"), ("Dan", "Fold")
    ]  # her check is no longer her last word: she is to act  # fmt: skip
    last = history.reviewed(LEVYS, len(LEVYS["actions"]), None, False)["seats"]
    assert all(s["said"] is None for s in last)  # the result: the seats show what they won


def test_a_seat_to_act_again_wears_no_old_word():
    table = dealt("high-low-declare", players=2)
    first, _ = to_act(table)
    act(table, "check")
    assert '<div class="said">Check</div>' in page(table, None)
    act(table, "bet", to=2)  # the checker is to act again, facing the bet
    assert to_act(table)[0] == first
    html = page(table, None)
    assert '<div class="said">Check</div>' not in html and '<div class="said">Bet 2</div>' in html


def test_with_one_player_left_to_deal_in_the_middle_says_what_the_next_hand_waits_for():
    table = dealt("levys", players=2)
    play_current_hand(table, random.Random(3))
    assert "next-deal" in page(table, None)
    services.set_sitting_out(table.pk, Player.objects.get(table=table, seat=1).pk, True)
    html = page(Table.objects.get(pk=table.pk), None)
    assert "The next hand waits for two players who can be dealt in." in html
    assert "next-deal" not in html  # no countdown to a deal that is not coming


def test_a_switch_to_dealers_choice_mid_hand_is_a_change_for_the_next_hand():
    table = dealt("levys", players=2)
    services.change_settings(table.pk, game="dealers-choice")
    html = page(Table.objects.get(pk=table.pk), None)
    assert "Next hand: Dealer&#x27;s choice" in html


def test_a_player_named_like_a_card_keeps_their_name_in_the_log():
    names = {1: "As", 2: "Bob"}
    assert presenter.event_text({"event": "take", "seat": 1, "card": "Kd"}, names) == (
        "As takes the K♦"
    )
    revealed = {"event": "reveal", "number": 1, "cards": {"1": "Ah", "2": "Qs"}}
    assert presenter.event_text(revealed, names) == "Card 1 up: As A♥, Bob Q♠"
    assert presenter.event_text({"event": "check", "seat": 1, "by": "host"}, names) == (
        "As checks (by the host)"
    )


NEW = r'class="card[^"]*\bnew\b[^"]*" data-card="(\w\w)"'  # a card marked just drawn


def _seat_html(html: str, seat: int) -> str:
    return html.split(f'data-seat="{seat}"')[1].split('<div class="seat')[0]


def test_only_the_drawer_sees_their_new_cards_marked_and_their_folded_hand_greyed():
    table = dealt("high-low-declare")
    seat = defaults_until(table, "draw")
    held = state.load_engine(state.current_hand(table)).players[seat].cards
    act(table, "draw", discard=[str(c) for c in held[:2]])
    now = state.load_engine(state.current_hand(table)).players[seat].cards
    drawn = {str(c) for c in now} - {str(c) for c in held}
    mine = page(table, session_of(table, seat))
    assert set(re.findall(NEW, _seat_html(mine, seat))) == drawn
    others = [page(table, None)] + [page(table, session_of(table, s)) for s in (1, 2, 3)
                                    if s != seat]  # fmt: skip
    assert not any(re.search(NEW, html) for html in others)
    bet = False
    while (turn := defaults_until(table, "betting")) != seat or not bet:  # a bet to fold to
        if turn == seat:
            act(table, "check")
        elif not bet:
            engine = state.load_engine(state.current_hand(table))
            act(table, "bet", to=engine.legal_actions(turn)["min_to"])
            bet = True
        else:
            act(table, "call")
    bar = page(table, session_of(table, seat)).split('<section class="controls')[1]
    assert len(re.findall(NEW, bar)) == 2 and "blue dot: your latest cards" in bar
    act(table, "fold")
    mine = _seat_html(page(table, session_of(table, seat)), seat)
    assert '<div class="said">Fold</div>' in mine and "folded" not in mine  # (once)
    assert set(re.findall(r'data-card="(\w\w)"', mine)) == {str(c) for c in now}
    for html in [page(table, key) for key in (None, *(session_of(table, s) for s in (1, 2, 3)
                                                      if s != seat))]:  # fmt: skip
        assert 'data-card="' not in _seat_html(html, seat)


def test_the_middle_says_gets_back_where_the_seat_does():
    """Three antes and nothing bet: the only Low declarer takes the low half, its own ante
    back, and the middle says so as its seat does; the high half is a win."""
    table = dealt("high-low-declare", players=3)
    while (hand := state.current_hand(table)) is not None:
        engine = state.load_engine(hand)
        seat = engine.actors()[0]
        step = engine.legal_actions(seat)["step"]
        if step == "declare":
            act(table, "declare", declaration="low" if seat == 2 else "high")
        elif step == "draw":
            act(table, "draw", discard=[])
        else:
            act(table, "check")
    html = page(table, None)
    said = html.split('<span class="just-won">')[1].split("</span>")[0]
    assert "<strong>P2</strong> gets back 1 (low half)" in said
    result = html.split('<section class="awards">')[1].split("</section>")[0]
    assert "<strong>P2</strong> gets back 1 &middot; Main pot, low half" in result  # (alike)
    assert '<div class="said won even">Gets back 1</div>' in _seat_html(html, 2)
    assert "<li>P2 gets back 1 (Main pot, low half)</li>" in html  # the live log, alike
    told = rules_history.text_log(history.full_document(table.hands.get(number=1)), None)
    assert any(line.startswith("P2 gets back 1 (Main pot, low half)") for line in told)
    awards = table.hands.get(number=1).result["awards"]
    high = [a for a in awards if a["half"] == "high" and a["amount"]]
    if len(high) == 1:  # (not a tie for high, which would give each its own ante back)
        assert f"<strong>P{high[0]['seat']}</strong> wins 2 (high half)" in said
    assert won_net(5, 5 - 3) == "Wins 5, up 2"
    if len(high) == 1:  # the other High declarer's seat says who beat it
        lost = ({1, 3} - {high[0]["seat"]}).pop()
        told = f'<div class="said lost">Beaten for high by P{high[0]["seat"]}</div>'
        assert told in _seat_html(html, lost)
    for shown in re.findall(r'<div class="shown">(.*?)</div>', html):  # a low's run whole
        assert re.fullmatch(r'[^-]*(<span class="run">[^<]*</span>[^-]*)?', shown), shown
    services.tick(table.pk, timezone.now() + timedelta(seconds=30))  # the next deal: the
    assert state.current_hand(table).sequence == 0  # result stays, in the same words
    kept = page(table, None).split('<section class="awards">')[1].split("</section>")[0]
    assert "<strong>P2</strong> gets back 1 &middot; Main pot, low half" in kept
    listed = Client().get(f"/t/{table.invite}/hands/").content.decode()
    assert "P2 got back 1" in listed and "P2 1" not in listed  # the hands list: no win


def test_the_waiting_bar_says_what_the_blue_dots_mean():
    table = dealt("high-low-declare", players=2)
    seat = defaults_until(table, "draw")
    held = state.load_engine(state.current_hand(table)).players[seat].cards
    act(table, "draw", discard=[str(held[0])])
    ahead = page(table, session_of(table, seat)).split('<section class="act-ahead')[1]
    assert "blue dot: your latest cards" in ahead.split("</section>")[0]


def test_a_sviten_seat_threw_away_its_cards_until_its_new_ones_are_dealt():
    table = dealt("sviten", players=3)
    for kind in ("call", "call", "check", "check", "check", "check"):  # pre-flop, the flop
        act(table, kind)
    for count in (2, 1, 1):  # the first is served at once; the others wait for one-ups
        seat = defaults_until(table, "lock")
        hand = state.current_hand(table)
        cards = [str(c) for c in state.load_engine(hand).players[seat].cards[:count]]
        services.act(table.pk, session_of(table, seat), hand.sequence,
                     {"type": "draw", "discard": cards})  # fmt: skip

    def notes() -> dict[int, str]:
        html = page(table, None)
        return {n: html.split(f'data-seat="{n}"')[1].split('class="notes">')[1].split("<")[0]
                for n in (1, 2, 3)}  # fmt: skip

    engine = state.load_engine(state.current_hand(table))
    assert engine.step == "one-up"
    waiting = {n for n in (1, 2, 3) if engine.awaits_cards(n)}
    assert 0 < len(waiting) < 3, waiting  # some dealt already, some not
    for n, note in notes().items():
        assert note.startswith("threw away" if n in waiting else "drew"), (n, note)
    defaults_until(table, "betting")  # the one-ups taken, every new card dealt
    assert all(note.startswith("drew") for note in notes().values()), notes()


def at_the_first_one_up() -> tuple[Table, Hand]:
    """A Sviten hand of three, each throwing one card away: the first one-up offered."""
    table = dealt("sviten", players=3)
    for kind in ("call", "call", "check", "check", "check", "check"):  # pre-flop, the flop
        act(table, kind)
    while (engine := state.load_engine(state.current_hand(table))).step != "one-up":
        seat = engine.actors()[0]
        act(table, "draw", discard=[str(engine.players[seat].cards[0])])
    return table, engine


def test_a_sviten_seat_that_declined_its_one_up_card_says_which():
    table, engine = at_the_first_one_up()
    seat, offered = engine.actors()[0], str(engine.one_up)
    act(table, "decline")
    note = page(table, None).split(f'data-seat="{seat}"')[1].split('class="notes">')[1]
    assert note.split("</div>")[0].startswith(f"drew 1, declined the {faces(offered)}")


def test_the_one_up_offer_says_what_taking_the_card_makes():
    table, engine = at_the_first_one_up()
    seat = engine.actors()[0]
    held = [str(c) for c in engine.players[seat].cards]
    thrown, offered = str(engine.players[seat].locked[0]), str(engine.one_up)
    taken = [offered if c == thrown else c for c in held]
    makes = hand_in_words(taken, [str(c) for c in engine.board], "sviten", None)
    assert makes.startswith("Omaha: ") and " · five-card: " in makes
    bar = unescape(page(table, session_of(table, seat)))
    assert f"If you take the {faces(offered)}: {makes}" in bar
    assert "Your hand:" not in bar  # (it would count the card thrown for it)
    assert "If you take" not in unescape(page(table, session_of(table, engine.actors()[0] % 3 + 1)))


def test_a_sviten_draw_greys_the_cards_thrown_until_the_new_ones_come():
    table = dealt("sviten", players=3)
    for kind in ("call", "call", "check", "check", "check", "check"):  # pre-flop, the flop
        act(table, kind)
    engine = state.load_engine(state.current_hand(table))
    seat = engine.actors()[0]
    thrown = [str(c) for c in engine.players[seat].cards[:2]]
    act(table, "draw", discard=thrown)  # locked: the others choose before anything is dealt
    mine = page(table, session_of(table, seat))
    own = mine.split(f'data-seat="{seat}"')[1].split('<div class="seat')[0]
    greyed = re.findall(r'class="card[^"]* thrown" data-card="(\w\w)"', own)
    assert sorted(greyed) == sorted(thrown) and own.count(', thrown away"') == 2  # (said too)
    assert "You threw away 2 (greyed): your new cards are dealt once everyone has" in mine
    assert "Your hand" not in mine  # (it would count the cards thrown)
    for other in (None, session_of(table, seat % 3 + 1)):
        assert " thrown" not in page(table, other)  # which cards went is the thrower's
    defaults_until(table, "betting")  # every new card dealt: nothing is greyed
    assert " thrown" not in page(table, session_of(table, seat))


def test_the_game_picker_and_the_intro_say_how_this_table_declares():
    table = make_table("dealers-choice", declare="vocal", low="ace-to-six")
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    chooser = state.latest_snapshot(table.pk).button_next
    html = page(Table.objects.get(pk=table.pk), session_of(table, chooser))
    assert "High-Low Declare <small>(vocal declarations, A-6 low)</small></button>" in html
    assert "Sviten Special</button>" in html  # (no declaring: nothing to say)
    intro = Client().get(f"/t/{table.invite}/").content.decode().split('id="game-intro"')[1]
    vocal = intro.split('data-game="high-low-declare" data-declare="vocal"')[1].split("</p>")[0]
    assert "declares high, low or both (out loud)" in vocal  # not "(secretly with chips, or"
    chips = intro.split('data-game="high-low-declare" data-declare="chips"')[1].split("</p>")[0]
    assert "(secretly with chips)" in chips  # (the host may change it: the page picks)
    services.choose_game(table.pk, session_of(table, chooser), "high-low-declare")
    html = page(Table.objects.get(pk=table.pk), session_of(table, chooser))
    assert 'data-game="high-low-declare" data-declare="vocal">' in html  # the hand's way


def test_a_player_back_in_the_deal_takes_the_button_and_the_pick_and_the_table_is_told():
    table, _ = picked("levys")
    play_current_hand(table, random.Random(3))  # the result shows: the next deal waits
    first = state.latest_snapshot(table.pk).button_next
    back = Player.objects.get(table=table, seat=first)
    services.set_sitting_out(table.pk, back.pk, True)  # the button passes to the next seat
    second = state.latest_snapshot(table.pk).button_next
    assert second != first
    services.choose_game(table.pk, session_of(table, second), "sviten")  # in the pause
    shot = state.latest_snapshot(table.pk)
    assert shot.hand is None and shot.table.chosen_game == "sviten"
    services.set_sitting_out(table.pk, back.pk, False)  # dealt in again, ahead of them
    shot = state.latest_snapshot(table.pk)
    assert shot.button_next == first and shot.hand is None
    assert shot.table.chosen_game == ""  # the pick went with the button: theirs to make
    said = ChatLine.objects.filter(table=table, told=True).latest("pk").text
    name = back.name
    assert said == f"{name} is in the deal now, so the button goes to {name}, who picks the game."
    assert "to pick the game" in page(shot.table, session_of(table, second))


def test_a_chips_worth_is_written_to_the_cent_at_least_and_is_blank_for_chips_only():
    worths = [Decimal("0.1"), Decimal("2"), Decimal("0.0025"), None]
    assert [chip_worth(w) for w in worths] == ["0.10", "2.00", "0.0025", ""]


def test_a_player_seated_during_a_hand_is_dealt_in_the_next():
    table = dealt("levys", players=2)
    services.request_seat(table.pk, "late", 3, "Lena", 200)  # (no approval: seated at once)
    seat = page(table, "late").split('data-seat="3"')[1].split("</div>\n  </div>")[0]
    assert "dealt in next hand" in seat
    assert "dealt in next hand" not in page(table, "late").split('data-seat="3"')[0]
    services.end_game(table.pk)  # this hand is the last: there is no next one for her
    assert "dealt in next hand" not in page(table, "late")
    services.open_again(table.pk)  # ("Don't end the game": dealing waits for the host)
    assert "dealt in next hand" in page(table, "late")
    services.set_dealing(table.pk, True)
    services.void_hand(table.pk)  # the next hand: she is in it, and the note goes
    services.tick(table.pk, timezone.now() + timedelta(seconds=30))
    assert "3" in state.current_hand(table).seat_players
    assert "dealt in next hand" not in page(table, "late")
