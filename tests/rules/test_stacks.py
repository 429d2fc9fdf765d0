"""Chips between hands (games/rules/stacks.py): every outcome's ledger transfer is the
stack's change, stacks stay within the table's maximum, and refusals change nothing."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules.stacks import (
    LEFT,
    MOST_STACK,
    REFUSED,
    REQUESTED,
    SEATED,
    Refused,
    Stack,
    add_rebuy,
    answer_rebuy,
    ask_rebuy,
    cash_out,
    change_stack,
    take_seat,
)

MOST = 500
MOVES = {(REQUESTED, SEATED), (REQUESTED, REFUSED), (REQUESTED, LEFT), (SEATED, LEFT)}
stacks = st.builds(
    Stack,
    name=st.just("Ann"),
    chips=st.integers(0, 600),
    status=st.sampled_from([REQUESTED, SEATED, LEFT, REFUSED]),
    in_hand=st.booleans(),
    rebuy_asked=st.one_of(st.none(), st.integers(1, 600)),
).filter(lambda stack: stack.seated or not stack.in_hand)  # only the seated are dealt in
requests = st.one_of(
    st.tuples(st.just(ask_rebuy), st.integers(-5, 600), st.just(MOST), st.booleans(),
              st.booleans()),
    st.tuples(st.just(add_rebuy), st.just(MOST)),
    st.tuples(st.just(answer_rebuy), st.booleans(), st.just(MOST)),
    st.tuples(st.just(change_stack), st.integers(-700, 700),
              st.sampled_from(["money", "correction", "gift"])),
    st.tuples(st.just(take_seat), st.integers(1, 500), st.booleans()),
    st.tuples(st.just(cash_out)),
)  # fmt: skip


@given(stacks, requests)
def test_the_ledger_records_exactly_the_stacks_change(stack, request):
    rule, *args = request
    try:
        after, transfer = rule(stack, *args)
    except Refused:
        return  # a frozen Stack: a refusal cannot have changed it
    moved = after.chips - stack.chips
    assert moved == (transfer.amount if transfer else 0)
    assert 0 <= after.chips <= MOST_STACK
    if transfer and transfer.kind == "rebuy":  # never past the maximum (a win may be)
        assert after.chips <= max(MOST, stack.chips) and not after.in_hand and after.seated
    assert after.status == stack.status or (stack.status, after.status) in MOVES
    if moved:
        assert not stack.in_hand, "chips moved during a hand"


def test_a_rebuy_in_a_hand_waits_and_is_capped_when_added():
    ann = Stack("Ann", 380, SEATED, in_hand=True)
    waiting, transfer = ask_rebuy(ann, 100, MOST, approval=False, host=False)
    assert (waiting.chips, waiting.rebuy_asked, transfer) == (380, 100, None)
    won = Stack("Ann", 450, SEATED, rebuy_asked=100)
    after, transfer = add_rebuy(won, MOST)
    assert (after.chips, after.rebuy_asked, transfer.amount) == (500, None, 50)
    full = Stack("Ann", 520, SEATED, rebuy_asked=100)
    after, transfer = add_rebuy(full, MOST)
    assert (after.chips, after.rebuy_asked, transfer.amount) == (520, None, 0)
    assert "dropped" in transfer.note


def test_the_host_answers_rebuys_and_changes_stacks_only_between_hands():
    asked = Stack("Bob", 100, SEATED, rebuy_asked=50)
    refused, transfer = answer_rebuy(asked, False, MOST)
    assert (refused.chips, refused.rebuy_asked, transfer) == (100, None, None)
    with pytest.raises(Refused, match="approve the rebuy after it"):
        answer_rebuy(Stack("Bob", 100, SEATED, in_hand=True, rebuy_asked=50), True, MOST)
    with pytest.raises(Refused, match="take at most 100"):
        change_stack(asked, -101)
    after, transfer = change_stack(asked, -40, "correction")
    assert (after.chips, transfer.kind) == (60, "correction")
    assert transfer.note == "Bob's count corrected by -40"


def test_cashing_out_leaves_with_the_stack_and_drops_a_waiting_rebuy():
    left, transfer = cash_out(Stack("Cat", 240, SEATED, rebuy_asked=20))
    assert (left.chips, left.rebuy_asked, left.status, transfer.amount) == (0, None, LEFT, -240)
    never_seated, transfer = cash_out(Stack("Dan", 0, REQUESTED))
    assert never_seated.status == LEFT and transfer is None
    with pytest.raises(Refused, match="cash out after it"):
        cash_out(Stack("Cat", 240, SEATED, in_hand=True))
    with pytest.raises(Refused, match="not at the table"):
        cash_out(left)
