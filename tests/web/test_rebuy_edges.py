"""Rebuys at the edges: a cash-out, the maximum buy-in, a voided hand."""

from __future__ import annotations

import pytest

from games import history, services
from games.models import ChatLine, Player
from games.rules.stacks import MOST_STACK
from games.services import ServiceError
from tests.web.helpers import assert_chips_balance, make_table
from tests.web.scripted import deal, fold_to

pytestmark = pytest.mark.django_db


def seated(table, *buy_ins: int) -> list[Player]:
    """Players P1, P2, ... in seats 1, 2, ... (let in by the host when seats need approval)."""
    for seat, buy_in in enumerate(buy_ins, start=1):
        player = services.request_seat(table.pk, f"s{seat}", seat, f"P{seat}", buy_in)
        if table.approval_required:
            services.answer_seat_request(table.pk, player.pk, True)
    return list(Player.objects.filter(table=table).order_by("seat"))


def assert_balances(table) -> None:
    assert_chips_balance(table)
    book = history.ledger(table)
    assert book.balance == 0 and book.entries_sum == 0


def test_cashing_out_cancels_a_pending_rebuy_and_a_late_approval_is_refused():
    table = make_table(approval_required=True)
    ann, _ = seated(table, 200, 200)
    services.request_rebuy(table.pk, "s1", 100)
    assert services.cash_out(table.pk, ann.pk) == 200
    ann.refresh_from_db()
    assert ann.rebuy_request is None
    with pytest.raises(ServiceError, match="P1"):
        services.answer_rebuy(table.pk, ann.pk, True)  # the Approve still on the host's page
    ann.refresh_from_db()
    assert (ann.stack, ann.status) == (0, Player.LEFT)
    assert not table.ledger.filter(kind="rebuy").exists()
    assert_balances(table)


def test_a_rebuy_asked_mid_hand_tops_the_stack_up_to_the_maximum_only():
    table = make_table(max_buy_in=500)
    ann, _ = seated(table, 400, 200)
    deal(table)
    services.request_rebuy(table.pk, "s1", 100)  # room for 100 when asked
    fold_to(table, winner=ann.seat)  # wins the other ante: 401
    ann.refresh_from_db()
    assert (ann.stack, ann.rebuy_request) == (500, None)
    rebuy = table.ledger.get(kind="rebuy", player=ann)
    assert rebuy.amount == 99 and "of 100 asked" in rebuy.note
    assert_balances(table)


def test_an_approval_after_the_stack_grew_adds_up_to_the_maximum_only():
    table = make_table(max_buy_in=500, approval_required=True)
    ann, _ = seated(table, 400, 200)
    services.request_rebuy(table.pk, "s1", 100)
    deal(table)
    fold_to(table, winner=ann.seat)  # 401, the request still waiting for the host
    services.answer_rebuy(table.pk, ann.pk, True)
    ann.refresh_from_db()
    assert (ann.stack, ann.rebuy_request) == (500, None)
    assert table.ledger.get(kind="rebuy", player=ann).amount == 99
    said = ChatLine.objects.filter(table=table).latest("pk").text  # Ann hears it too
    assert said == "The host approved P1's rebuy of 99: P1's stack is 500."
    assert_balances(table)


def test_a_rebuy_with_no_room_left_when_added_is_dropped_and_the_ledger_says_so():
    table = make_table(max_buy_in=500)
    ann, _ = seated(table, 499, 200)
    deal(table)
    services.request_rebuy(table.pk, "s1", 1)
    fold_to(table, winner=ann.seat)  # 500: no room left
    ann.refresh_from_db()
    assert (ann.stack, ann.rebuy_request) == (500, None)
    noted = table.ledger.get(kind="rebuy", player=ann)
    assert noted.amount == 0 and "dropped" in noted.note
    assert_balances(table)


def test_a_rebuy_pending_when_the_hand_is_voided_is_added_before_the_next_deal():
    table = make_table()
    ann, _ = seated(table, 200, 200)
    deal(table)
    services.request_rebuy(table.pk, "s1", 50)
    services.void_hand(table.pk)
    ann.refresh_from_db()
    assert (ann.stack, ann.rebuy_request) == (250, None)
    assert table.ledger.get(kind="rebuy", player=ann).amount == 50
    assert_balances(table)


def test_a_rebuy_pending_at_a_void_waits_for_the_host_when_rebuys_need_approval():
    table = make_table(approval_required=True)
    ann, _ = seated(table, 200, 200)
    services.request_rebuy(table.pk, "s1", 50)
    deal(table)
    services.void_hand(table.pk)
    ann.refresh_from_db()
    assert (ann.stack, ann.rebuy_request) == (200, 50)
    services.answer_rebuy(table.pk, ann.pk, True)
    ann.refresh_from_db()
    assert (ann.stack, ann.rebuy_request) == (250, None)
    assert_balances(table)


def test_the_host_is_told_what_approving_a_rebuy_did():
    from tests.web.test_views import host_client

    client, table = host_client()
    table.approval_required = True
    table.save()
    ann = services.request_seat(table.pk, "s1", 1, "P1", 450)
    services.answer_seat_request(table.pk, ann.pk, True)
    services.request_rebuy(table.pk, "s1", 50)
    response = client.post(f"/t/{table.invite}/do/rebuy/", {"player": ann.pk, "approve": "1"})
    assert "P1 rebuys 50" in response.content.decode()


def test_a_stack_cannot_be_topped_up_past_what_the_database_holds():
    table = make_table()
    (ann,) = seated(table, 200)
    Player.objects.filter(pk=ann.pk).update(stack=MOST_STACK - 10)
    with pytest.raises(ServiceError, match="at most"):
        services.adjust_stack(table.pk, ann.pk, 11)
    assert Player.objects.get(pk=ann.pk).stack == MOST_STACK - 10


def test_a_refused_rebuy_is_said_to_the_player_in_the_chat():
    table = make_table(max_buy_in=500, approval_required=True)
    ann, _ = seated(table, 200, 200)
    services.request_rebuy(table.pk, "s1", 100)
    assert services.answer_rebuy(table.pk, ann.pk, False) == "P1's rebuy refused"
    said = ChatLine.objects.filter(table=table).latest("pk").text
    assert said == "The host refused P1's rebuy of 100."
    ann.refresh_from_db()
    assert (ann.stack, ann.rebuy_request) == (200, None)
    assert_balances(table)


def test_a_stack_at_the_maximum_is_told_so_instead_of_offered_a_rebuy():
    from tests.web.test_table_words import page as table_page

    table = make_table()
    full, short = seated(table, 500, 300)
    for player, offered in ((full, False), (short, True)):
        page = table_page(table, player.session_key)
        assert ('id="rebuy-amount"' in page) == offered
        said = "No rebuy: you have 500, and a stack may be topped up to 500 at most"
        assert (said in page) != offered


def test_a_rebuy_in_a_hand_is_sized_from_the_stack_the_hand_began_with():
    from tests.web.test_table_words import page as table_page

    table = make_table()
    first, _ = seated(table, 300, 300)
    services.set_dealing(table.pk, True)  # dealt in: the felt shows less, after the ante
    page = table_page(table, first.session_key)
    assert "up to 200, to a stack of 500 (from the 300 you began this hand with)" in page
    assert 'max="200"' in page


def test_a_rebuy_waiting_for_the_host_is_not_offered_again():
    from tests.web.test_table_words import page

    table = make_table(approval_required=True)
    seated(table, 200, 200)
    mine = page(table, "s1").split('<section class="mine">')[1].split("</section>")[0]
    assert 'name="amount"' in mine
    services.request_rebuy(table.pk, "s1", 50)
    mine = page(table, "s1").split('<section class="mine">')[1].split("</section>")[0]
    assert 'name="amount"' not in mine  # one at a time: the line says it waits
    assert '<p id="rebuy-waiting">Rebuy of 50 waiting for the host.</p>' in mine
