"""Every CSV the app writes is safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from games import services
from games.models import Player
from tests.web.helpers import make_table

pytestmark = pytest.mark.django_db


def test_csv_cells_that_a_spreadsheet_would_run_are_quoted():
    table = make_table()
    for seat, name in enumerate(("=HYPERLINK(1)", "@SUM(1)", "+1", "-2"), start=1):
        services.request_seat(table.pk, f"s{seat}", seat, name, 100)
    tab = Player.objects.get(table=table, seat=1)
    services.adjust_stack(table.pk, tab.pk, 5, "\tcmd", kind="correction")
    text = Client().get(f"/t/{table.invite}/ledger.csv").content.decode()
    rows = list(csv.reader(io.StringIO(text)))[1:]
    accounts = {r[2] for r in rows}
    assert accounts == {"'=HYPERLINK(1)", "'@SUM(1)", "'+1", "'-2", "cashier"}
    assert all(r[6][0] not in "=+-@\t\r" for r in rows)
    assert "'\tcmd" in {r[6] for r in rows}
    assert sum(int(r[4]) for r in rows) == 0  # amounts stay numbers, negative ones too


def test_the_csv_says_how_each_player_left():
    """A player who cashes out, one the host removes and those the game's end cashes out
    are told apart in the notes (all three are cash-outs: money paid out)."""
    table = make_table()
    for seat, name in enumerate(("Cat", "Dan", "Eve"), start=1):
        services.request_seat(table.pk, f"s{seat}", seat, name, 100)
    services.leave(table.pk, "s1")
    services.cash_out(table.pk, Player.objects.get(table=table, seat=2).pk)
    services.end_game(table.pk)
    text = Client().get(f"/t/{table.invite}/ledger.csv").content.decode()
    rows = csv.DictReader(io.StringIO(text))
    notes = [r["note"] for r in rows if r["kind"] == "cash-out" and r["account"] != "cashier"]
    assert notes == ["Cat cashes out", "Dan is removed by the host",
                     "Eve is cashed out as the game ends"]  # fmt: skip
