import pytest

from games.rules.betting import BettingRound, BettingRules, Bettor, post
from games.rules.errors import AmountOutOfRange, BadSettings, IllegalAction, OutOfTurn


def blinds_round(structure="pot-limit", stacks=(100, 100, 100), **rules_kw):
    """Seats 1..n, seat 1 small blind 1, seat 2 big blind 2, seat 3 first to act."""
    rules = BettingRules(structure=structure, min_bet=2, **rules_kw)
    players = [Bettor(seat=i + 1, stack=s) for i, s in enumerate(stacks)]
    post(players[0], 1, rules)
    post(players[1], 2, rules)
    order = [*range(3, len(stacks) + 1), 1, 2]
    return BettingRound(rules, players, order=order, current_bet=2), players


def open_round(structure="no-limit", stacks=(100, 100, 100), min_bet=2, **rules_kw):
    rules = BettingRules(structure=structure, min_bet=min_bet, **rules_kw)
    players = [Bettor(seat=i + 1, stack=s) for i, s in enumerate(stacks)]
    return BettingRound(rules, players, order=[p.seat for p in players]), players


def state(round_, players):
    return (
        [(p.stack, p.bet, p.contributed, p.folded, p.acted) for p in players],
        round_.to_act,
        round_.current_bet,
        round_.raises,
    )


def test_pot_limit_first_raise_with_blinds_one_two_is_to_seven():
    round_, _ = blinds_round("pot-limit")
    legal = round_.legal_actions(3)
    assert (legal.call_amount, legal.min_to, legal.max_to) == (2, 4, 7)


def test_half_pot_limit_first_raise_with_blinds_one_two_is_to_four():
    round_, _ = blinds_round("half-pot-limit")
    assert round_.legal_actions(3).max_to == 4


def test_half_pot_rounds_down_to_a_whole_chip():
    round_, _ = blinds_round("half-pot-limit")
    round_.act(3, "call")
    # Small blind: pot 5, call 1 -> pot after call 6, half 3: raise to 2 + 3 = 5
    assert round_.legal_actions(1).max_to == 5
    round_.act(1, "call")
    # Big blind: pot 6, call 0, half 3: raise to 5
    assert round_.legal_actions(2).max_to == 5


def test_pot_limit_counts_every_chip_bet_this_round():
    round_, _ = blinds_round("pot-limit", stacks=(100, 100, 100, 100))
    round_.act(3, "raise", 7)
    # Seat 4 faces 7: pot 1+2+7 = 10, call 7 -> pot 17: raise to 7 + 17 = 24
    assert round_.legal_actions(4).max_to == 24


def test_minimum_raise_is_the_size_of_the_previous_bet_or_raise():
    round_, _ = open_round("no-limit", stacks=(200, 200, 200))
    assert round_.legal_actions(1).min_to == 2
    round_.act(1, "bet", 10)
    assert round_.legal_actions(2).min_to == 20
    round_.act(2, "raise", 35)
    assert round_.legal_actions(3).min_to == 60
    assert round_.legal_actions(3).max_to == 200


def test_when_the_pot_maximum_is_below_the_minimum_the_minimum_is_allowed():
    rules = BettingRules(structure="half-pot-limit", min_bet=10)
    players = [Bettor(seat=1, stack=100), Bettor(seat=2, stack=100)]
    round_ = BettingRound(rules, players, order=[1, 2])
    legal = round_.legal_actions(1)  # empty pot: half of 0 is 0, but a bet is at least 10
    assert (legal.min_to, legal.max_to) == (10, 10)


def test_no_limit_allows_the_whole_stack():
    round_, _ = blinds_round("no-limit", stacks=(100, 100, 57))
    assert round_.legal_actions(3).max_to == 57


def test_fixed_limit_bets_and_raises_by_the_round_bet_size():
    rules = BettingRules.fixed(4, raise_cap=3)
    players = [Bettor(seat=s, stack=100) for s in (1, 2, 3)]
    round_ = BettingRound(rules, players, order=[1, 2, 3], bet_size=8)
    legal = round_.legal_actions(1)
    assert (legal.raise_kind, legal.min_to, legal.max_to) == ("bet", 8, 8)
    round_.act(1, "bet", 8)
    legal = round_.legal_actions(2)
    assert (legal.raise_kind, legal.min_to, legal.max_to) == ("raise", 16, 16)


def test_raise_cap_stops_raising_after_n_raises():
    rules = BettingRules.fixed(2, raise_cap=2)
    round_ = BettingRound(rules, [Bettor(seat=s, stack=100) for s in (1, 2, 3)], order=[1, 2, 3])
    round_.act(1, "bet", 2)
    round_.act(2, "raise", 4)
    round_.act(3, "raise", 6)
    legal = round_.legal_actions(1)
    assert legal.raise_kind is None
    assert legal.call_amount == 4


def test_raise_cap_is_lifted_when_the_pot_is_heads_up_before_the_cap():
    rules = BettingRules.fixed(2, raise_cap=1)
    players = [Bettor(seat=s, stack=100) for s in (1, 2)]
    round_ = BettingRound(rules, players, order=[1, 2])
    round_.act(1, "bet", 2)
    round_.act(2, "raise", 4)
    round_.act(1, "raise", 6)
    assert round_.legal_actions(2).raise_kind == "raise"


def test_host_can_keep_the_raise_cap_heads_up():
    rules = BettingRules.fixed(2, raise_cap=1, cap_lifts_heads_up=False)
    players = [Bettor(seat=s, stack=100) for s in (1, 2)]
    round_ = BettingRound(rules, players, order=[1, 2])
    round_.act(1, "bet", 2)
    round_.act(2, "raise", 4)
    assert round_.legal_actions(1).raise_kind is None


def test_once_capped_a_fold_down_to_heads_up_does_not_uncap():
    rules = BettingRules.fixed(2, raise_cap=1)
    players = [Bettor(seat=s, stack=100) for s in (1, 2, 3)]
    round_ = BettingRound(rules, players, order=[1, 2, 3])
    round_.act(1, "bet", 2)
    round_.act(2, "raise", 4)  # capped
    round_.act(3, "fold")
    assert round_.legal_actions(1).raise_kind is None


def test_a_fold_to_heads_up_before_the_cap_lifts_it():
    rules = BettingRules.fixed(2, raise_cap=1)
    players = [Bettor(seat=s, stack=100) for s in (1, 2, 3)]
    round_ = BettingRound(rules, players, order=[1, 2, 3])
    round_.act(1, "bet", 2)
    round_.act(2, "fold")
    round_.act(3, "raise", 4)
    assert round_.legal_actions(1).raise_kind == "raise"


def test_short_all_in_does_not_reopen_the_betting_for_those_who_acted():
    round_, _ = open_round("no-limit", stacks=(200, 200, 25))
    round_.act(1, "bet", 20)
    round_.act(2, "call")
    round_.act(3, "raise", 25)  # all-in, a raise of 5: less than the full 20
    legal = round_.legal_actions(1)
    assert legal.call_amount == 5
    assert legal.raise_kind is None
    round_.act(1, "call")
    assert round_.legal_actions(2).raise_kind is None


def test_several_short_all_ins_that_add_up_to_a_full_raise_reopen():
    round_2, _ = open_round("no-limit", stacks=(200, 200, 14, 17))
    round_2.act(1, "bet", 10)
    round_2.act(2, "call")
    round_2.act(3, "raise", 14)  # +4
    round_2.act(4, "raise", 17)  # +3: seven in all, still short of 10
    assert round_2.legal_actions(1).raise_kind is None
    round_3, _ = open_round("no-limit", stacks=(200, 200, 16, 21))
    round_3.act(1, "bet", 10)
    round_3.act(2, "call")
    round_3.act(3, "raise", 16)  # +6
    round_3.act(4, "raise", 21)  # +5: eleven in all, a full raise over what seat 1 faced
    assert round_3.legal_actions(1).raise_kind == "raise"


def test_a_short_all_in_is_told_with_the_full_raise_still_owed_on_top_of_it():
    rules = BettingRules.fixed(2)
    players = [Bettor(seat=1, stack=1), Bettor(seat=2, stack=100), Bettor(seat=3, stack=100)]
    round_ = BettingRound(rules, players, order=[1, 2, 3])
    assert round_.short_of_full() is None
    round_.act(1, "bet", 1)  # all-in, short of the bet of 2: there is no completing it
    assert round_.short_of_full() == {"to": 1, "of": "bet", "full": 2}
    assert round_.legal_actions(2).min_to == 3
    round_.act(2, "raise", 3)
    assert round_.short_of_full() is None
    players = [Bettor(seat=s, stack=n) for s, n in ((1, 1), (2, 2), (3, 100), (4, 100))]
    round_ = BettingRound(rules, players, order=[1, 2, 3, 4])
    round_.act(1, "bet", 1)
    round_.act(2, "raise", 2)  # all-in, 1 more: a short raise over a short bet
    assert round_.short_of_full() == {"to": 2, "of": "raise", "full": 2}
    assert round_.legal_actions(3).min_to == 4
    round_, _ = open_round("no-limit", stacks=(200, 200, 25, 200))
    round_.act(1, "bet", 20)
    round_.act(2, "call")
    round_.act(3, "raise", 25)  # all-in, 5 more: short of a full raise of 20
    assert round_.short_of_full() == {"to": 25, "of": "raise", "full": 20}
    assert round_.legal_actions(4).min_to == 45


def test_player_short_of_a_full_raise_may_still_go_all_in():
    round_, _ = open_round("no-limit", stacks=(100, 15))
    round_.act(1, "bet", 10)
    legal = round_.legal_actions(2)
    assert (legal.min_to, legal.max_to) == (15, 15)


def test_stake_cap_limits_what_one_player_puts_in_the_hand():
    round_, players = blinds_round("no-limit", stacks=(100, 100, 100), stake_cap=30)
    assert round_.legal_actions(3).max_to == 30
    round_.act(3, "raise", 30)
    assert players[2].room(30) == 0  # treated as all-in for the rest of the hand
    legal = round_.legal_actions(1)  # the small blind may put in 29 more: a call, no raise
    assert (legal.call_amount, legal.raise_kind) == (29, None)


def test_stake_cap_counts_blinds_and_earlier_rounds():
    rules = BettingRules(structure="no-limit", min_bet=2, stake_cap=20)
    players = [Bettor(seat=1, stack=100, contributed=15), Bettor(seat=2, stack=100)]
    round_ = BettingRound(rules, players, order=[1, 2])
    assert round_.legal_actions(1).max_to == 5


def test_round_ends_when_everyone_has_acted_and_matched():
    round_, players = blinds_round("pot-limit")
    round_.act(3, "call")
    round_.act(1, "call")
    assert round_.to_act == 2  # the big blind has the option
    round_.act(2, "check")
    assert round_.is_complete
    assert sum(p.contributed for p in players) == 6


def test_round_ends_when_all_but_one_fold():
    round_, _players = blinds_round("pot-limit")
    round_.act(3, "fold")
    round_.act(1, "fold")
    assert round_.is_complete
    assert [p.seat for p in round_.live()] == [2]


def test_uncalled_bet_is_returned():
    round_, players = open_round("no-limit", stacks=(100, 100))
    round_.act(1, "bet", 40)
    round_.act(2, "fold")
    assert round_.return_uncalled() == (1, 40)
    assert players[0].stack == 100


def test_all_in_caller_leaves_the_excess_uncalled():
    round_, players = open_round("no-limit", stacks=(100, 30))
    round_.act(1, "bet", 60)
    round_.act(2, "call")
    assert round_.is_complete
    assert round_.return_uncalled() == (1, 30)
    assert players[0].contributed == 30


def test_no_betting_when_only_one_player_has_chips_left():
    rules = BettingRules(structure="no-limit", min_bet=2)
    players = [Bettor(seat=1, stack=0, contributed=50), Bettor(seat=2, stack=100, contributed=50)]
    round_ = BettingRound(rules, players, order=[1, 2])
    assert round_.is_complete


def test_acting_out_of_turn_is_refused_and_changes_nothing():
    round_, players = blinds_round()
    before = state(round_, players)
    with pytest.raises(OutOfTurn, match="seat 3 is to act"):
        round_.act(1, "call")
    assert state(round_, players) == before


@pytest.mark.parametrize("amount", [3, 8, 0, -5, None, "7", 4.5, True])
def test_amounts_outside_the_limits_are_refused_and_change_nothing(amount):
    round_, players = blinds_round("pot-limit")
    before = state(round_, players)
    with pytest.raises(AmountOutOfRange):
        round_.act(3, "raise", amount)
    assert state(round_, players) == before


@pytest.mark.parametrize("kind", ["check", "bet", "shove", ""])
def test_actions_not_on_offer_are_refused_and_change_nothing(kind):
    round_, players = blinds_round("pot-limit")
    before = state(round_, players)
    with pytest.raises(IllegalAction, match="cannot"):
        round_.act(3, kind, 4)
    assert state(round_, players) == before


def test_checking_when_no_bet_is_faced_and_folding_needs_a_bet():
    round_, _ = open_round("no-limit")
    legal = round_.legal_actions(1)
    assert legal.can_check and not legal.can_fold and legal.raise_kind == "bet"


@pytest.mark.parametrize(
    "kwargs",
    [
        {"structure": "spread-limit"},
        {"min_bet": 0},
        {"structure": "fixed-limit", "small_bet": 0, "big_bet": 4},
        {"structure": "fixed-limit", "small_bet": 4, "big_bet": 2},
        {"raise_cap": -1},
        {"stake_cap": 0},
    ],
)
def test_bad_betting_settings_are_refused(kwargs):
    with pytest.raises(BadSettings):
        BettingRules(**kwargs)
