"""The service layer: every write is one transaction, refused writes change nothing."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services, state
from games.forms import BadInput, NewTableForm, TableSettingsForm, as_sent, cleaned
from games.models import ChatLine, Hand, HandEvent, LedgerEntry, Player, Table
from games.rules.catalog import house_rules
from games.services import ServiceError, StaleAction
from tests.web.helpers import (
    all_here,
    assert_chips_balance,
    check_or_fold_around,
    gone_away,
    make_table,
    play_current_hand,
    seat_players,
    session_of,
)
from tests.web.scripted import fold_around

pytestmark = pytest.mark.django_db


def snapshot(table):
    table.refresh_from_db()
    return (
        table.version,
        list(Player.objects.filter(table=table).values_list("status", "stack", "seat")),
        Hand.objects.filter(table=table).count(),
        HandEvent.objects.filter(hand__table=table).count(),
        LedgerEntry.objects.filter(table=table).count(),
    )


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"seat_count": 9}, "2 to 8 seats"),
        ({"game": "sviten", "seat_count": 7}, "2 to 6 seats"),
        ({"min_buy_in": 600}, r"minimum buy-in \(600\) is above the maximum \(500\)"),
        ({"min_buy_in": 0}, "minimum buy-in must be a whole number from 1 to"),
        ({"game": "sviten", "stake_cap": 2}, r"stake cap must be more than the big blind \(2\)"),
        ({"ante": 3, "stake_cap": 3}, r"more than the ante \(3\): at 3 nobody could bet"),
        (
            {"game": "sviten", "ante": 1, "min_buy_in": 1, "max_buy_in": 3},
            r"maximum buy-in must be more than the ante and the big blind together \(3\)",
        ),
        ({"small_bet": 4, "big_bet": 2, "structure": "fixed-limit"}, "no smaller than it"),
        ({"name": "  "}, "name"),
        ({"ante": 0}, "ante or blinds"),
        ({"action_clock": 2}, "action clock"),
        ({"structure": "spread-limit"}, "structure"),
    ],
)
def test_bad_table_settings_are_refused(overrides, message):
    with pytest.raises(ServiceError, match=message):
        make_table(**overrides)
    assert not Table.objects.exists()


def test_every_bad_setting_is_told_at_once_each_by_its_field():
    sent = {"name": "Saturday", "game": "levys", "structure": "fixed-limit", "ante": "0",
            "small_blind": "5", "big_blind": "2", "min_buy_in": "500", "max_buy_in": "100",
            "stake_cap": "1", "seat_count": "6"}  # fmt: skip
    with pytest.raises(BadInput) as refused:
        cleaned(NewTableForm(sent))
    assert set(refused.value.errors) == {"min_buy_in", "stake_cap", "small_blind"}
    said = str(refused.value)
    for words in ("above the maximum", "stake cap", "small blind cannot be larger"):
        assert words in said
    with pytest.raises(BadInput) as refused:  # a field wrong alone, and the buy-ins together
        cleaned(NewTableForm({**sent, "small_blind": "1", "stake_cap": "", "action_clock": "2"}))
    assert set(refused.value.errors) == {"action_clock", "min_buy_in"}
    with pytest.raises(BadInput) as refused:  # left empty: that field, not the other
        cleaned(NewTableForm({**sent, "small_blind": "1", "stake_cap": "", "max_buy_in": ""}))
    assert refused.value.errors == {"max_buy_in": ["the maximum buy-in must be at least 1 chip"]}
    with pytest.raises(BadInput) as refused:  # one mistake, told once
        cleaned(NewTableForm({**sent, "small_blind": "1", "stake_cap": "", "max_buy_in": "900",
                              "small_bet": "4", "big_bet": "2"}))  # fmt: skip
    assert list(refused.value.errors) == ["big_bet"] and len(refused.value.errors["big_bet"]) == 1


def test_a_player_sits_with_a_buy_in_recorded_in_the_ledger():
    table = make_table()
    seat_players(table, 1, buy_in=120)
    player = Player.objects.get(table=table)
    assert (player.status, player.stack, player.seat) == ("seated", 120, 1)
    assert list(table.ledger.values_list("kind", "amount")) == [("buy-in", 120), ("buy-in", -120)]
    assert_chips_balance(table)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("s9", 1, "Zed", 100), "seat 1 is taken"),
        (("s9", 7, "Zed", 100), "seat from 1 to 6"),
        (("s9", 2, "", 100), "name"),
        (("s9", 2, "p1", 100), "already called"),
        (("s9", 2, "Zed", 10), "buy-in is 50 to 500"),
        (("s1", 2, "Again", 100), "already have a seat"),
    ],
)
def test_bad_seat_requests_are_refused_and_change_nothing(args, message):
    table = make_table()
    seat_players(table, 1)
    before = snapshot(table)
    with pytest.raises(ServiceError, match=message):
        services.request_seat(table.pk, *args)
    assert snapshot(table) == before


def test_with_approval_a_seat_waits_for_the_host():
    table = make_table(approval_required=True)
    services.request_seat(table.pk, "s1", 1, "Ann", 100)
    player = Player.objects.get(table=table)
    assert player.status == "requested" and not table.ledger.exists()
    services.answer_seat_request(table.pk, player.pk, approve=True)
    player.refresh_from_db()
    assert player.status == "seated" and player.stack == 100
    services.request_seat(table.pk, "s2", 2, "Bob", 100)
    bob = Player.objects.get(name="Bob")
    services.answer_seat_request(table.pk, bob.pk, approve=False)
    bob.refresh_from_db()
    assert bob.status == "refused"
    with pytest.raises(ServiceError, match="not waiting"):
        services.answer_seat_request(table.pk, bob.pk, approve=True)
    told = services.request_rebuy(table.pk, "s1", 40)
    assert told == "Rebuy of 40 asked for: it waits for the host's answer."
    assert Player.objects.get(name="Ann").stack == 100  # until the host approves


def test_dealing_starts_a_hand_once_two_players_sit():
    table = make_table()
    services.set_dealing(table.pk, True)
    assert state.current_hand(table) is None
    seat_players(table, 2)
    hand = state.current_hand(table)
    assert hand is not None and hand.number == 1 and hand.game == "levys"
    assert len(hand.document["deck"]) == 52


def test_actions_carry_the_sequence_and_a_stale_or_duplicate_one_is_refused():
    table = make_table()
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    hand = state.current_hand(table)
    engine = state.load_engine(hand)
    first = engine.to_act
    services.act(table.pk, session_of(table, first), 0, {"type": "check"})
    before = snapshot(table)
    with pytest.raises(StaleAction):
        services.act(table.pk, session_of(table, first), 0, {"type": "check"})  # duplicate
    second = state.load_engine(state.current_hand(table)).to_act
    with pytest.raises(StaleAction):
        services.act(table.pk, session_of(table, second), 0, {"type": "check"})  # stale
    assert snapshot(table) == before


def test_the_seat_comes_from_the_session_never_from_the_message():
    table = make_table()
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    hand = state.current_hand(table)
    to_act = state.load_engine(hand).to_act
    other = next(s for s in (1, 2, 3) if s != to_act)
    before = snapshot(table)
    told = f"it is not P{other}'s turn: waiting for P{to_act}"  # (by name, not by seat)
    with pytest.raises(ServiceError, match=told):
        services.act(table.pk, session_of(table, other), 0, {"type": "check", "seat": to_act})
    with pytest.raises(ServiceError, match="not seated"):
        services.act(table.pk, "stranger", 0, {"type": "check", "seat": to_act})
    assert snapshot(table) == before


@pytest.mark.parametrize("game", ["levys", "high-low-declare", "sviten"])
def test_hands_played_through_the_services_conserve_chips(game):
    table = make_table(game)
    seat_players(table, 4)
    services.set_dealing(table.pk, True)
    rng = random.Random(7)
    played = 0
    while played < 3 and state.current_hand(table) is not None:
        play_current_hand(table, rng)
        played += 1
        hand = table.hands.get(number=played)
        assert hand.finished and hand.result["awards"]
        assert hand.events.count() == hand.sequence
        assert_chips_balance(table)
        later = timezone.now() + services.SHOWDOWN_PAUSE + timedelta(seconds=1)
        services.tick(table.pk, later)
    assert played >= 1


def test_the_next_hand_waits_for_the_pause_then_the_button_moves():
    table = make_table()
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    first = state.current_hand(table)
    check_or_fold_around(table)
    assert services.tick(table.pk, timezone.now()) is services.UNCHANGED
    assert services.tick(table.pk, timezone.now() + timedelta(seconds=6)) is True
    second = state.current_hand(table)
    assert second.number == 2
    assert second.document["button"] != first.document["button"]


def test_a_showdown_is_left_up_longer_than_a_hand_won_by_folds():
    table = make_table()
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    rng = random.Random(11)
    pauses: dict[bool, set] = {True: set(), False: set()}
    for number in range(1, 40):
        play_current_hand(table, rng)
        hand = table.hands.get(number=number)
        shown_down = state.load_engine(hand).showdown
        next_deal = Table.objects.get(pk=table.pk).next_deal_at
        pauses[shown_down].add(next_deal - hand.ended)
        if all(pauses.values()):
            break
        for broke in Player.objects.filter(table=table, stack=0):  # random play: keep 3 in
            services.adjust_stack(table.pk, broke.pk, 200)
        services.tick(table.pk, timezone.now() + services.SHOWDOWN_PAUSE)
    assert pauses == {True: {services.SHOWDOWN_PAUSE}, False: {services.DEAL_PAUSE}}


def test_action_clock_acts_for_the_player_when_time_runs_out():
    table = make_table(action_clock=30)
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    hand = state.current_hand(table)
    assert hand.deadline is not None
    all_here(table)  # (else the clock acts for them at once: they are away)
    assert services.tick(table.pk, timezone.now()) is services.UNCHANGED
    assert services.tick(table.pk, hand.deadline + timedelta(seconds=1)) is True
    event = HandEvent.objects.get(hand=hand)
    assert (event.by, event.action["type"]) == ("clock", "check")


def test_the_host_may_only_check_or_fold_for_an_absent_player():
    table = make_table()
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    hand = state.current_hand(table)
    engine = state.load_engine(hand)
    seat = engine.to_act
    services.act(table.pk, session_of(table, seat), 0, {"type": "bet", "to": 2})
    nxt = state.load_engine(state.current_hand(table)).to_act
    gone_away(table, nxt)
    gone_away(table, seat)  # (away too, but not to act)
    with pytest.raises(ServiceError, match="not to act"):
        services.act_for_absent(table.pk, seat, 1)
    services.act_for_absent(table.pk, nxt, 1)
    event = HandEvent.objects.filter(hand=hand).last()
    assert (event.by, event.action["type"]) == ("host", "fold")


def test_voiding_a_hand_returns_every_contribution():
    table = make_table()
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    hand = state.current_hand(table)
    seat = state.load_engine(hand).to_act
    services.act(table.pk, session_of(table, seat), 0, {"type": "bet", "to": 2})
    services.void_hand(table.pk)
    hand.refresh_from_db()
    assert hand.voided and hand.finished
    assert sorted(Player.objects.filter(table=table).values_list("stack", flat=True)) == [200] * 3
    assert table.ledger.filter(kind="void").count() == 3
    assert_chips_balance(table)


def test_rebuy_adjustment_sit_out_and_cash_out_keep_the_ledger_balanced():
    table = make_table()
    seat_players(table, 3)
    ann = Player.objects.get(seat=1)
    services.request_rebuy(table.pk, "s1", 100)
    services.adjust_stack(table.pk, ann.pk, -50, "paid for pizza")
    ann.refresh_from_db()
    assert ann.stack == 250
    with pytest.raises(ServiceError, match="a rebuy is 1 to 250 chips: a stack may be"):
        services.request_rebuy(table.pk, "s1", 300)
    services.set_sitting_out(table.pk, ann.pk, True)
    services.set_dealing(table.pk, True)
    hand = state.current_hand(table)
    assert str(ann.pk) not in {str(v) for v in hand.seat_players.values()}
    assert services.cash_out(table.pk, ann.pk) == 250
    told = ChatLine.objects.filter(table=table).latest("pk")  # the table hears it
    removed = "The host removed P1 from the table, with 250 chips."
    assert (told.by_host, told.text) == (True, removed)
    bob = Player.objects.get(seat=2)
    with pytest.raises(ServiceError, match="P2 is in this hand: remove them once it ends"):
        services.cash_out(table.pk, bob.pk)
    assert_chips_balance(table)


def test_a_player_who_sits_or_leaves_is_heard_in_the_chat():
    table = make_table()
    seat_players(table, 2)
    heard = ChatLine.objects.filter(table=table)
    sat = [(line.name, line.by_host, line.text) for line in heard.order_by("pk")]
    assert sat == [("P1", False, "sits down in seat 1, with 200 chips."),
                   ("P2", False, "sits down in seat 2, with 200 chips.")]  # fmt: skip
    Table.objects.filter(pk=table.pk).update(approval_required=True)
    services.request_seat(table.pk, "s9", 5, "Zed", 100)
    assert heard.count() == 2  # asked, not seated: not yet
    assert services.leave(table.pk, "s9") == 0  # a request withdrawn: nobody sat
    assert heard.count() == 2
    services.request_seat(table.pk, "s8", 4, "Yves", 80)
    services.answer_seat_request(table.pk, Player.objects.get(name="Yves").pk, True)
    assert heard.latest("pk").text == "sits down in seat 4, with 80 chips."  # let in
    assert services.leave(table.pk, "s2") == 200
    told = heard.latest("pk")
    assert (told.name, told.by_host, told.text) == (
        "P2",
        False,
        "leaves the table, with 200 chips.",
    )


def test_a_rebuy_asked_for_during_a_hand_is_added_after_it():
    table = make_table()
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    services.request_rebuy(table.pk, "s1", 50)
    assert Player.objects.get(seat=1).rebuy_request == 50
    play_current_hand(table, random.Random(2))
    ann = Player.objects.get(seat=1)
    assert ann.rebuy_request is None
    assert table.ledger.filter(kind="rebuy", player=ann).get().amount == 50
    said = ChatLine.objects.filter(table=table, player=ann, told=True).latest("pk").text
    assert said == f"rebuys 50, for a stack of {ann.stack}."  # the table hears it
    assert_chips_balance(table)


def test_dealers_choice_waits_for_the_button_to_pick():
    table = make_table("dealers-choice")
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    assert state.current_hand(table) is None
    button = state.upcoming_button(table)
    other = next(s for s in (1, 2, 3) if s != button)
    with pytest.raises(ServiceError, match="picks the game"):
        services.choose_game(table.pk, session_of(table, other), "sviten")
    with pytest.raises(ServiceError, match="unknown game"):
        services.choose_game(table.pk, session_of(table, button), "omaha")
    services.choose_game(table.pk, session_of(table, button), "sviten")
    hand = state.current_hand(table)
    assert hand.game == "sviten" and hand.document["button"] == button


def test_new_stakes_apply_from_the_next_hand():
    table = make_table()
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    services.change_settings(table.pk, game="high-low-declare", structure="no-limit", ante=5)
    assert state.current_hand(table).game == "levys"
    check_or_fold_around(table)
    services.tick(table.pk, timezone.now() + timedelta(seconds=6))
    hand = state.current_hand(table)
    assert hand.game == "high-low-declare" and hand.document["config"]["ante"] == 5
    refused = TableSettingsForm(as_sent({"game": "levys", "structure": "pot-limit"}), table)
    with pytest.raises(BadInput, match="ante or blinds"):
        cleaned(refused)


def test_a_raise_cap_of_0_is_no_raise_not_no_cap():
    assert make_table("high-low-declare", raise_cap=0).raise_cap == 0
    assert make_table("high-low-declare", raise_cap=None).raise_cap is None


def test_new_settings_are_checked_against_the_tables_seats():
    table = make_table("dealers-choice", seat_count=8)
    sviten = as_sent({"game": "sviten", "structure": "pot-limit", "small_blind": 1,
                      "big_blind": 2})  # fmt: skip
    assert cleaned(TableSettingsForm(sviten, table))["seat_count"] == 6  # none sit beyond
    services.request_seat(table.pk, "s7", 7, "P7", 100)
    with pytest.raises(BadInput, match="Sviten Special seats 6 at most, and seat 7 is taken"):
        cleaned(TableSettingsForm(sviten, table))
    assert cleaned(TableSettingsForm(sviten, make_table("sviten")))["game"] == "sviten"


def test_a_table_cut_to_fewer_seats_moves_the_button_on_as_clockwise_as_before():
    table = make_table("levys", seat_count=8)
    for seat in (1, 3, 8):
        services.request_seat(table.pk, f"s{seat}", seat, f"P{seat}", 100)
    services.set_dealing(table.pk, True)
    later = timezone.now()
    for _ in range(4):  # play hands until the button is on seat 8
        if Table.objects.get(pk=table.pk).button == 8:
            break
        fold_around(table)
        later += timedelta(seconds=30)
        services.tick(table.pk, later)
    assert Table.objects.get(pk=table.pk).button == 8
    services.set_dealing(table.pk, False)
    fold_around(table)
    services.leave(table.pk, "s8")
    settings = cleaned(TableSettingsForm(as_sent(house_rules("sviten")), table=table))
    services.change_settings(table.pk, **settings)
    table.refresh_from_db()
    assert (table.seat_count, table.button) == (6, 6)
    services.set_dealing(table.pk, True)
    services.tick(table.pk, later + timedelta(seconds=60))
    assert state.current_hand(table).document["button"] == 1  # next clockwise from seat 8
