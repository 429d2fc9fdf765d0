import random

import pytest

from games.rules.cards import (
    FULL_DECK,
    Card,
    Deck,
    format_cards,
    parse_card,
    parse_cards,
    read_deck_order,
    shuffled_deck,
)
from games.rules.errors import BadCard, BadSettings, DuplicateCard


def test_cards_read_and_print_in_the_usual_notation():
    assert format_cards(parse_cards("As Kd 7h")) == "As Kd 7h"
    assert parse_cards("AsKd7h") == parse_cards("As, Kd, 7h")
    assert parse_card("10h") == parse_card("Th")
    assert parse_card("as") == parse_card("As")
    assert repr(parse_card("Qc")) == "Card('Qc')"


def test_each_card_has_a_rank_and_a_suit_and_fifty_two_are_distinct():
    assert len({str(c) for c in FULL_DECK}) == 52
    ace = parse_card("As")
    assert (ace.rank, ace.suit) == (14, "s")
    assert parse_card("2c").rank == 2


@pytest.mark.parametrize("text", ["Zz", "1h", "Ax", "", "A", "Asd", "10", "Kk"])
def test_malformed_cards_are_refused_with_a_message(text):
    with pytest.raises(BadCard, match="is not a card"):
        parse_card(text)


@pytest.mark.parametrize("text", ["As K", "As Kd Zz", "AsKdQ"])
def test_malformed_card_lists_are_refused_with_a_message(text):
    with pytest.raises(BadCard, match="not a"):
        parse_cards(text)


def test_non_text_is_not_a_card():
    with pytest.raises(BadCard):
        parse_card(51)  # type: ignore[arg-type]


def test_duplicate_cards_are_refused():
    with pytest.raises(DuplicateCard, match="As appears twice"):
        parse_cards("As Kd As")


def test_a_deck_deals_from_the_top():
    order = list(FULL_DECK)
    deck = Deck(order)
    assert deck.deal(3) == order[:3]
    assert deck.deal(2) == order[3:5]
    assert len(deck.stub) == 47


def test_shuffle_uses_the_injected_generator_and_is_a_permutation():
    a = shuffled_deck(random.Random(7))
    b = shuffled_deck(random.Random(7))
    assert a == b
    assert sorted(a) == sorted(FULL_DECK)
    assert a != list(FULL_DECK)


def test_stored_deck_orders_must_be_one_whole_deck():
    order = [str(c) for c in shuffled_deck(random.Random(1))]
    assert [str(c) for c in read_deck_order(order)] == order
    with pytest.raises(BadSettings, match="52 cards"):
        read_deck_order(order[:51])
    with pytest.raises(DuplicateCard):
        read_deck_order([*order[:51], order[0]])


def test_reshuffle_never_returns_the_cards_just_discarded_by_the_player_served():
    order = list(FULL_DECK)
    deck = Deck(order, reshuffle_order=list(reversed(order)))
    deck.deal(50)
    earlier = parse_cards("2c 2d 2h")
    just_discarded = parse_cards("3c 3d")
    deck.to_muck(earlier)
    deck.to_muck(just_discarded)
    dealt = deck.deal(5, held_out=just_discarded)
    # The two stub cards first, then the muck in reshuffle order, without 3c 3d.
    assert dealt[:2] == order[50:]
    assert set(dealt[2:]) == set(earlier)
    assert not set(dealt) & set(just_discarded)
    assert deck.reshuffles == 1
    assert set(deck.muck) == set(just_discarded)


def test_reshuffle_order_comes_from_the_stored_permutation():
    order = list(FULL_DECK)
    rest = list(reversed(order))
    deck = Deck(order, reshuffle_order=rest)
    deck.deal(52)
    deck.to_muck(parse_cards("2c 9s 5h Kd"))
    assert format_cards(deck.deal(4)) == "Kd 9s 5h 2c"


def test_a_deck_that_cannot_supply_says_so():
    deck = Deck(list(FULL_DECK))
    deck.deal(50)
    deck.to_muck([Card(0)])
    with pytest.raises(BadSettings, match="cannot supply"):
        deck.deal(4)
