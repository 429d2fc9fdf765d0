"""The new-table form: grouped, a hint under every option, each game's house rules in one
tap, and only what the server reads deciding the table."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from games.forms import NewTableForm, TableSettingsForm
from games.models import Table

pytestmark = pytest.mark.django_db

GROUPS = ["Game", "Betting", "Stakes and buy-ins", "Table"]
HOUSE_RULES = {
    "levys": {"structure": "half-pot-limit", "ante": 1, "small_blind": 0, "big_blind": 0,
              "raise_cap": None},
    "high-low-declare": {"structure": "fixed-limit", "ante": 1, "small_blind": 0,
                         "big_blind": 0, "raise_cap": 3, "declare": "chips", "low": "ace-to-six"},
    "sviten": {"structure": "pot-limit", "ante": 0, "small_blind": 1, "big_blind": 2,
               "raise_cap": None},
}  # fmt: skip


class Form(HTMLParser):
    """A form's fields as a browser sees them: each with its group, its hint, and the
    value a browser would send for it. With no ``form_id``, every field fed in."""

    def __init__(self, form_id: str | None) -> None:
        super().__init__()
        self.form_id, self.inside = form_id, form_id is None
        self.legends: list[str] = []
        self.fields: dict[str, dict] = {}
        self.in_field: list[dict] | None = None
        self.divs: list[dict] = []  # the open divs' attributes, innermost last
        self.in_legend = self.in_hint = False
        self.select: dict | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and self.form_id is not None:
            self.inside = a.get("id") == self.form_id
        if not self.inside:
            return
        if tag == "legend":
            self.in_legend = True
            self.legends.append("")
        elif tag == "div":
            self.divs.append(a)
            if "field" in a.get("class", "").split():
                self.in_field = []
        elif tag == "small" and a.get("class") == "hint" and self.in_field is not None:
            self.in_hint = True
        elif tag in ("input", "select") and a.get("type") != "hidden":
            group = self.legends[-1] if self.legends else None
            only = next((d for d in reversed(self.divs) if d.get("class") == "only"), {})
            entry = {
                "group": group, "hint": "", "id": a.get("id"), "value": a.get("value", ""),
                "games": only.get("data-games"), "structures": only.get("data-structures"),
            }  # fmt: skip
            if a.get("type") == "checkbox":
                entry["value"] = a["value"] if "checked" in a else None
            if tag == "select":
                entry["value"], self.select = None, entry
            self.fields[a["name"]] = entry
            if self.in_field is not None:
                self.in_field.append(entry)
        elif tag == "option" and self.select and (self.select["value"] is None or "selected" in a):
            self.select["value"] = a["value"]

    def handle_endtag(self, tag):
        if tag == "form" and self.form_id is not None:
            self.inside = False
        elif tag == "legend":
            self.in_legend = False
        elif tag == "small":
            self.in_hint = False
        elif tag == "select":
            self.select = None
        elif tag == "div" and self.inside:
            self.divs.pop()
            self.in_field = None

    def handle_data(self, data):
        if self.in_legend:
            self.legends[-1] += data.strip()
        elif self.in_hint:
            for entry in self.in_field:
                entry["hint"] += data

    def sent(self) -> dict[str, str]:
        """What pressing the form's button sends."""
        return {name: f["value"] for name, f in self.fields.items() if f["value"] is not None}


def form_of(page: str, form_id: str = "new-table") -> Form:
    form = Form(form_id)
    form.feed(page)
    return form


def test_it_groups_every_option_with_a_hint_under_it():
    form = form_of(Client().get("/new/").content.decode())
    assert form.legends == GROUPS
    assert set(form.fields) == set(NewTableForm.base_fields)
    for name, field in form.fields.items():
        assert field["group"] in GROUPS, name
        assert len(field["hint"].strip()) > 10, f"{name} has no hint"
        assert field["id"] == f"set-{name}"


def test_the_hints_say_what_the_caps_do():
    form = form_of(Client().get("/new/").content.decode())
    assert "raises after the opening bet" in form.fields["raise_cap"]["hint"]
    assert "chips from one player in a hand" in form.fields["stake_cap"]["hint"]
    assert "only two players are left" in form.fields["cap_lifts_heads_up"]["hint"]


def test_declarations_and_low_are_for_high_low_declare_and_dealers_choice():
    page = Client().get("/new/").content.decode()
    form = form_of(page)
    for name in ("declare", "low"):
        assert form.fields[name]["games"].split() == ["high-low-declare", "dealers-choice"]
    assert "For High-Low Declare, and for its hands at dealer's choice." in page.replace(
        "&#x27;", "'"
    )


def test_the_bet_sizes_are_for_fixed_limit_and_the_rest_for_every_game():
    fields = form_of(Client().get("/new/").content.decode()).fields
    for name, field in fields.items():
        fixed = name in ("small_bet", "big_bet")
        assert field["structures"] == ("fixed-limit" if fixed else None), name
        assert field["games"] is None or name in ("declare", "low"), name


def test_it_offers_each_games_house_rules_in_one_tap():
    page = Client().get("/new/").content.decode()
    for game, name in [("levys", "Levy's Game"), ("high-low-declare", "High-Low Declare"),
                       ("sviten", "Sviten Special")]:  # fmt: skip
        assert f'<button name="start" value="{game}" type="submit">{name}, house rules' in (
            page.replace("&#x27;", "'")
        )
    script = re.search(r'<script id="new-table-data" type="application/json">(.*?)</script>', page)
    house = json.loads(script.group(1))["house"]
    for game, settings in HOUSE_RULES.items():
        assert house[game] | settings == house[game], game
    assert 'src="/static/js/new_table.js" defer' in page


@pytest.mark.parametrize("game", HOUSE_RULES)
def test_a_table_opened_with_a_games_house_rules_gets_them(game):
    host = Client()
    form = form_of(host.get(f"/new/?start={game}").content.decode())
    assert form.fields["game"]["value"] == game
    response = host.post("/new/", form.sent())
    assert response.status_code == 302
    table = Table.objects.get()
    assert table.game == game
    for field, value in HOUSE_RULES[game].items():
        assert getattr(table, field) == value, field
    assert table.cap_lifts_heads_up and table.stake_cap is None
    assert (table.small_bet, table.big_bet) == (0, 0)


def test_options_a_game_does_not_use_may_be_left_out():
    """The page does not send a hidden option: the server takes its default."""
    host = Client()
    sent = form_of(host.get("/new/?start=sviten").content.decode()).sent()
    for hidden in ("declare", "low", "small_bet", "big_bet"):
        del sent[hidden]
    assert host.post("/new/", sent).status_code == 302
    table = Table.objects.get()
    assert (table.declare, table.low, table.small_bet, table.big_bet) == (
        "chips", "ace-to-six", 0, 0,
    )  # fmt: skip


def test_a_refused_form_comes_back_with_what_the_host_sent():
    host = Client()
    sent = form_of(host.get("/new/?start=high-low-declare").content.decode()).sent()
    sent.update(name="Thursday", ante="0", small_blind="0", big_blind="0", raise_cap="4",
                declare="vocal", low="ace-to-five", seat_count="7")  # fmt: skip
    sent.pop("cap_lifts_heads_up")
    response = host.post("/new/", sent)
    assert response.status_code == 400 and "an ante or blinds" in response.content.decode()
    again = form_of(response.content.decode()).sent()
    assert again == sent
    assert not Table.objects.exists()


def test_every_problem_is_told_at_once_and_marked_at_its_field():
    host = Client()
    sent = form_of(host.get("/new/?start=sviten").content.decode()).sent()
    sent.update(small_blind="5", big_blind="2", min_buy_in="500", max_buy_in="100",
                stake_cap="1")  # fmt: skip
    page = host.post("/new/", sent).content.decode()
    banner = page.split('class="notice error problems"')[1].split("</div>")[0]
    assert "change these 3 things, marked below" in banner
    told = re.findall(r"<li>(.*?)</li>", banner)
    assert len(told) == 3 and all(line[0].isupper() for line in told)
    for field in ("small_blind", "min_buy_in", "stake_cap"):
        assert f'id="set-{field}" aria-invalid="true" aria-describedby="set-{field}-error"' in page
        assert f'<small class="field-error" id="set-{field}-error">' in page
    assert page.count('aria-invalid="true"') == 3
    assert not Table.objects.exists()


def test_an_unknown_house_rules_start_is_the_plain_form():
    form = form_of(Client().get("/new/?start=poker").content.decode())
    assert form.fields["game"]["value"] == "levys"


def test_the_hosts_settings_form_keeps_its_fields_groups_and_hints():
    host = Client()
    sent = form_of(host.get("/new/").content.decode()).sent()
    host.post("/new/", sent)
    table = Table.objects.get()
    page = host.get(f"/t/{table.invite}/").content.decode()
    settings = re.search(r'<details id="host-settings">(.*?)</details>', page, re.S).group(1)
    form = Form(None)
    form.feed(settings)
    assert form.legends == ["Game", "Betting", "Stakes and buy-ins", "Table"]
    assert set(form.fields) == set(TableSettingsForm.base_fields)
    assert all(f["hint"].strip() and f["id"] == f"set-{n}" for n, f in form.fields.items())
