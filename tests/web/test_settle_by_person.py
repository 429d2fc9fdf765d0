"""Settle-up and the ledger go by the person (their browser), never by the name they
typed; names at a table are told apart the way people read them."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from games import history, services
from games.models import Player
from games.services import ServiceError
from tests.web.helpers import assert_chips_balance, make_table
from tests.web.scripted import pay

pytestmark = pytest.mark.django_db


def heads_up(names=("P1", "P2")):
    table = make_table(structure="no-limit")
    for seat, name in enumerate(names, start=1):
        services.request_seat(table.pk, f"s{seat}", seat, name, 200)
    return table


def leave(table, session_key: str) -> None:
    player = Player.objects.get(table=table, session_key=session_key, status=Player.SEATED)
    services.cash_out(table.pk, player.pk)


def nets_by_label(book) -> dict[str, int]:
    return {row.label: row.net for row in book.rows}


def test_a_newcomer_who_takes_a_leavers_name_pays_their_own_loss():
    table = heads_up()
    pay(table, loser=1, winner=2, chips=61)
    leave(table, "s2")  # P2 goes home 61 up
    services.request_seat(table.pk, "s3", 3, "P2", 200)  # someone else, also called P2
    pay(table, loser=3, winner=1, chips=21)
    book = history.ledger(table)
    assert book.balance == 0
    assert sorted(book.payments) == [("P1", "P2 (seat 2)", 40), ("P2 (seat 3)", "P2 (seat 2)", 21)]
    assert nets_by_label(book) == {"P1": -40, "P2 (seat 2)": 61, "P2 (seat 3)": -21}
    assert_chips_balance(table)


def test_the_same_browser_that_leaves_and_sits_again_is_one_person():
    table = heads_up()
    pay(table, loser=1, winner=2, chips=30)
    leave(table, "s1")
    services.request_seat(table.pk, "s1", 3, "Ann", 200)  # P1 again, under a new name
    pay(table, loser=3, winner=2, chips=10)
    book = history.ledger(table)
    assert book.payments == [("Ann", "P2", 40)]
    assert nets_by_label(book) == {"Ann": -40, "P2": 40}


def test_two_people_in_one_seat_with_one_name_are_told_apart():
    table = heads_up()
    pay(table, loser=1, winner=2, chips=61)
    leave(table, "s2")
    services.request_seat(table.pk, "s3", 2, "p2", 200)  # the same seat, the name in lower case
    pay(table, loser=2, winner=1, chips=21)
    book = history.ledger(table)
    assert sorted(book.payments) == [
        ("P1", "P2 (seat 2) #1", 40),
        ("p2 (seat 2) #2", "P2 (seat 2) #1", 21),
    ]
    assert nets_by_label(book) == {"P1": -40, "P2 (seat 2) #1": 61, "p2 (seat 2) #2": -21}


def test_the_ledger_page_and_its_csv_tell_two_people_of_one_name_apart():
    table = heads_up()
    pay(table, loser=1, winner=2, chips=61)
    leave(table, "s2")
    services.request_seat(table.pk, "s3", 3, "P2", 200)
    pay(table, loser=3, winner=1, chips=21)
    page = Client().get(f"/t/{table.invite}/ledger/").content.decode()
    assert "P1 pays P2 (seat 2) 40 chips" in page
    assert "P2 (seat 3) pays P2 (seat 2) 21 chips" in page
    text = Client().get(f"/t/{table.invite}/ledger.csv").content.decode()
    accounts = {row["account"] for row in csv.DictReader(io.StringIO(text))}
    assert accounts == {"P1", "P2 (seat 2)", "P2 (seat 3)", "cashier"}


@pytest.mark.parametrize(
    "lookalike",
    ["p1", "P1\u200b", "\u200dP1", "\uff301", "P\u00ad1", " P1 ", "P1\ufe0f", "\u2060P1\u2060"],
)
def test_a_name_that_only_looks_different_is_taken(lookalike):
    table = heads_up(("P1",))
    with pytest.raises(ServiceError, match="already called"):
        services.request_seat(table.pk, "s2", 2, lookalike, 200)
    assert not Player.objects.filter(table=table, session_key="s2").exists()


def test_names_that_differ_only_in_spacing_are_the_same_name():
    table = heads_up(("Big Al",))
    with pytest.raises(ServiceError, match="already called"):
        services.request_seat(table.pk, "s2", 2, "big \u00a0 al", 200)


@pytest.mark.parametrize(
    "reserved", ["cashier", "Cashier", "the bank", "THE  BANK", "the\u00a0bank\u200b", "The Host"]
)
def test_the_ledgers_own_parties_are_not_names(reserved):
    table = make_table()
    with pytest.raises(ServiceError, match="the ledger"):
        services.request_seat(table.pk, "s1", 1, reserved, 200)
    assert not Player.objects.filter(table=table).exists()


def test_control_and_format_characters_are_taken_out_of_a_name_as_typed():
    table = make_table()
    services.request_seat(table.pk, "s1", 1, "An\u0007n\u200b\u202e", 200)
    assert Player.objects.get(table=table).name == "Ann"


def test_a_name_of_only_invisible_characters_is_refused():
    table = make_table()
    with pytest.raises(ServiceError, match="choose a name"):
        services.request_seat(table.pk, "s1", 1, "\u200b\u200d\u0007 ", 200)


def test_a_leavers_name_is_free_for_someone_else():
    table = heads_up()
    leave(table, "s2")
    services.request_seat(table.pk, "s3", 2, "P2", 200)
    assert Player.objects.get(table=table, session_key="s3").status == Player.SEATED
