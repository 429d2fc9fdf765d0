"""The host's stack changes: money in or out leaves a player's result alone, a correction
changes it; either way the ledger balances and settle-up squares everyone."""

from __future__ import annotations

import csv
import io
import random

import pytest
from django.test import Client

from games import history, services
from games.models import LedgerEntry, Player, Table
from games.services import ServiceError
from tests.web.helpers import assert_chips_balance, make_table, play_current_hand, seat_players

pytestmark = pytest.mark.django_db


def played_table() -> Table:
    """Three players of 200 after one hand, no hand in play."""
    table = make_table()
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    play_current_hand(table, random.Random(2))  # every stack stays above 100
    services.set_dealing(table.pk, False)
    return table


def nets(table: Table) -> dict[str, int]:
    book = history.ledger(table)
    assert book.balance == 0 and book.entries_sum == 0
    return {row.player.name: row.net for row in book.rows}


def assert_settled(table: Table) -> None:
    """The payments bring every net, the bank's included (the host's), to zero."""
    book = history.ledger(table)
    owed = {row.player.name: row.net for row in book.rows}
    if book.bank_net:
        assert book.host == "the host"  # no host sits at these tables
        owed["the host"] = book.bank_net
    for payer, payee, chips in book.payments:
        owed[payer] += chips
        owed[payee] -= chips
    assert set(owed.values()) <= {0}


def test_a_correction_of_minus_5_lowers_the_players_net_by_5():
    table = played_table()
    ann = Player.objects.get(table=table, seat=1)
    before = nets(table)
    services.adjust_stack(table.pk, ann.pk, -5, kind="correction")
    after = nets(table)
    assert after == {**before, "P1": before["P1"] - 5}
    book = history.ledger(table)
    assert (book.corrected, book.bank_net) == (-5, 5)
    assert table.ledger.filter(kind="correction").count() == 2
    assert_chips_balance(table)
    assert_settled(table)


def test_a_removal_of_5_does_not_change_the_net():
    table = played_table()
    ann = Player.objects.get(table=table, seat=1)
    stack, before = ann.stack, nets(table)
    services.adjust_stack(table.pk, ann.pk, -5, kind="money")
    ann.refresh_from_db()
    assert ann.stack == stack - 5
    assert nets(table) == before
    row = next(r for r in history.ledger(table).rows if r.player == ann)
    assert (row.cashed_out, row.corrected) == (5, 0)
    assert history.ledger(table).bank_net == 0
    assert table.ledger.filter(player=ann, kind="removal").get().amount == -5
    assert_chips_balance(table)
    assert_settled(table)


def test_a_top_up_counts_as_money_in_and_does_not_change_the_net():
    table = played_table()
    ann = Player.objects.get(table=table, seat=1)
    before = nets(table)
    services.adjust_stack(table.pk, ann.pk, 40, kind="money")
    assert nets(table) == before
    row = next(r for r in history.ledger(table).rows if r.player == ann)
    assert row.bought == 240
    assert table.ledger.filter(player=ann, kind="top-up").get().amount == 40
    assert_settled(table)


def test_corrections_that_cancel_out_need_no_bank():
    table = played_table()
    ann, bob = (Player.objects.get(table=table, seat=s) for s in (1, 2))
    before = nets(table)
    services.adjust_stack(table.pk, ann.pk, -10, "pot went to the wrong seat", kind="correction")
    services.adjust_stack(table.pk, bob.pk, 10, "pot went to the wrong seat", kind="correction")
    assert nets(table) == {**before, "P1": before["P1"] - 10, "P2": before["P2"] + 10}
    book = history.ledger(table)
    assert book.bank_net == 0 and all(history.BANK not in p for p in book.payments)
    assert_settled(table)


def ledger_state(table: Table):
    table.refresh_from_db()
    return (
        table.version,
        list(Player.objects.filter(table=table).order_by("pk").values_list("stack", flat=True)),
        LedgerEntry.objects.filter(table=table).count(),
    )


@pytest.mark.parametrize(
    ("amount", "kind", "message"),
    [
        (0, "money", "other than 0"),
        (0, "correction", "other than 0"),
        (None, "money", "other than 0"),
        ("5", "correction", "other than 0"),
        (True, "money", "other than 0"),
        (-201, "money", "take at most 200"),
        (-201, "correction", "take at most 200"),
        (5, "gift", "top-up or removal"),
        (5, "", "top-up or removal"),
    ],
)
def test_bad_stack_changes_are_refused_and_change_nothing(amount, kind, message):
    table = make_table()
    seat_players(table, 2)
    ann = Player.objects.get(table=table, seat=1)
    before = ledger_state(table)
    with pytest.raises(ServiceError, match=message):
        services.adjust_stack(table.pk, ann.pk, amount, kind=kind)
    assert ledger_state(table) == before


def test_stacks_change_between_hands_only():
    table = make_table()
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    ann = Player.objects.get(table=table, seat=1)
    before = ledger_state(table)
    with pytest.raises(ServiceError, match="between hands"):
        services.adjust_stack(table.pk, ann.pk, -5, kind="correction")
    assert ledger_state(table) == before


def test_old_adjustments_still_read_as_money_in_or_out():
    table = played_table()
    ann, bob = (Player.objects.get(table=table, seat=s) for s in (1, 2))
    before = nets(table)
    services.adjust_stack(table.pk, ann.pk, 30)
    services.adjust_stack(table.pk, bob.pk, -20)
    LedgerEntry.objects.filter(table=table, kind__in=["top-up", "removal"]).update(
        kind="adjustment"
    )
    assert nets(table) == before
    book = history.ledger(table)
    assert book.bank_net == 0
    assert [label for _, label in book.changes] == ["adjustment (booked as money)"] * 2
    assert_settled(table)


def host_with_players() -> tuple[Client, Table]:
    host = Client()
    form = {"name": "Friday", "game": "levys", "structure": "half-pot-limit", "ante": "1",
            "seat_count": "6", "min_buy_in": "100", "max_buy_in": "500"}  # fmt: skip
    assert host.post("/new/", form).status_code == 302
    table = Table.objects.latest("pk")
    seat_players(table, 2)
    return host, table


def test_the_host_panel_tells_money_from_a_correction():
    host, table = host_with_players()
    page = host.get(f"/t/{table.invite}/").content.decode()
    assert "Add or take chips" in page and "Correct the count" in page
    assert 'name="kind" value="money"' in page and 'name="kind" value="correction"' in page


def test_the_forms_book_the_kind_chosen_and_the_ledger_shows_it():
    host, table = host_with_players()
    ann, bob = (Player.objects.get(table=table, seat=s) for s in (1, 2))
    url = f"/t/{table.invite}/do/adjust/"
    host.post(url, {"player": ann.pk, "amount": "-5", "kind": "correction"})
    host.post(url, {"player": bob.pk, "amount": "-5", "kind": "money", "note": "cab fare"})
    kinds = set(table.ledger.filter(player__isnull=False).values_list("kind", flat=True))
    assert kinds == {"buy-in", "correction", "removal"}
    page = host.get(f"/t/{table.invite}/ledger/").content.decode()
    assert "the ledger balances" in page
    assert "<th>Corrections <small>(no money)</small></th>" in page  # one was made
    assert "correction (no money)" in page and "removal (money out)" in page
    assert "cab fare" in page
    assert "&minus; corrections (-5) = <strong>0</strong>" in page
    assert "P1 pays the host 5 chips" in page
    said = "The host settles for the bank (+5): the host is the bank of the corrections. +5 in all."
    assert said in page
    rows = list(csv.reader(io.StringIO(host.get(f"/t/{table.invite}/ledger.csv").content.decode())))
    assert {r[3] for r in rows[1:]} == {"buy-in", "correction", "removal"}
    assert sum(int(r[4]) for r in rows[1:]) == 0


@pytest.mark.parametrize(
    "form",
    [
        {"amount": "-5"},  # which kind is not said
        {"amount": "-5", "kind": "adjustment"},
        {"amount": "five", "kind": "money"},
        {"amount": "", "kind": "correction"},
        {"amount": "-500", "kind": "money"},
    ],
)
def test_the_adjust_form_refuses_what_is_unclear_and_changes_nothing(form):
    host, table = host_with_players()
    ann = Player.objects.get(table=table, seat=1)
    before = ledger_state(table)
    response = host.post(f"/t/{table.invite}/do/adjust/", {"player": ann.pk, **form})
    assert response.status_code == 400
    assert ledger_state(table) == before
