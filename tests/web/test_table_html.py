"""The parts of the table built without templates: text that is not ours is escaped."""

from __future__ import annotations

import random
import re

import pytest

from games import presenter, services, state, table_html
from games.models import Table
from games.presenter import render_table, table_context
from tests.web.helpers import make_table
from tests.web.test_live_state import next_move

pytestmark = pytest.mark.django_db

HOSTILE = ["<script>x()</script>", '"><img src=x>', "Bo & 'Al'"]


def test_names_typed_by_players_and_the_host_are_escaped_in_every_part():
    table = make_table("dealers-choice", name='<b>Night</b> & "co"')
    for seat, name in enumerate(HOSTILE, start=1):
        services.request_seat(table.pk, f"s{seat}", seat, name, 100)
    services.set_dealing(table.pk, True)
    pages, rng = [], random.Random(4)
    for _ in range(400):
        table = Table.objects.get(pk=table.pk)
        shot = state.latest_snapshot(table.pk)
        for key in (None, "s1", "s2", "s3"):
            pages.append(render_table(table, presenter.viewer_of(table, key, False, shot), shot))
        if shot.hand is None and shot.last is not None:
            break
        if shot.hand is None:
            services.choose_game(table.pk, f"s{shot.button_next}", "high-low-declare")
            continue
        services.act(table.pk, *next_move(table, rng))
    html = "".join(pages)
    assert "<script" not in html and "<img" not in html and "<b>Night" not in html
    assert "&lt;b&gt;Night&lt;/b&gt; &amp; &quot;co&quot;" in html  # the status
    shown = {"seat": r'<div class="who"><strong>([^<]*)</strong>',
             "log": r"<li>([^<]*) (?:posts|folds|checks|calls|bets|raises|draws|stands)",
             "awards": r"<li><strong>([^<]*)</strong>"}  # fmt: skip
    escaped = {"&lt;script&gt;x()&lt;/script&gt;", "&quot;&gt;&lt;img src=x&gt;",
               "Bo &amp; &#x27;Al&#x27;"}  # fmt: skip
    for part, pattern in shown.items():
        assert set(re.findall(pattern, html)) & escaped, part
        assert set(re.findall(pattern, html)) <= escaped, part


def test_a_seat_shows_its_chips_bet_button_and_whose_turn_it_is():
    table = make_table("high-low-declare")
    for seat in (1, 2, 3):
        services.request_seat(table.pk, f"s{seat}", seat, f"P{seat}", 100)
    services.set_dealing(table.pk, True)
    table = Table.objects.get(pk=table.pk)
    shot = state.latest_snapshot(table.pk)
    context = table_context(table, presenter.viewer_of(table, "s1", False, shot), shot)
    seats = {seat["number"]: table_html.seat(seat, context) for seat in context["seats"]}
    actor = shot.views[None]["actors"][0]
    button = shot.views[None]["button"]
    assert 'class="seat me' in seats[1] and "me" not in seats[2].split('"')[1]
    assert "to-act" in seats[actor] and "<strong>to act</strong>" in seats[actor]
    assert all("to act" not in html for number, html in seats.items() if number != actor)
    assert '<span class="badge" title="dealer button">D</span>' in seats[button]
    assert seats[4] == '    <div class="seat empty" data-seat="4" style="--n:4">\n' + (
        '      <button type="button" class="sit-here" data-seat="4">Sit here'
        '<span class="hint"> (seat 4)</span></button>\n'
        '      <span class="free" title="seat 4 is free">4 free</span>\n    </div>\n'
    )  # the button for those who may sit; "4 free" for those seated (by the CSS)
    stack = shot.views[None]["seats"][1]["stack"]
    assert f'<div class="chips">{stack}</div>' in seats[1]  # the ante is in, no bet yet
    assert seats[1].count('<span class="card') == seats[2].count('<span class="card') == 5
    assert "data-card" in seats[1] and "data-card" not in seats[2]  # only my own cards


def test_an_award_names_its_cards_as_the_cards_show_them():
    award = {"name": "Ann", "amount": 6, "pot": "Main pot", "half": "Omaha", "reason": "best",
             "hand": "Straight, ace high: Js Ts with Ad Kd Qd from the board"}  # fmt: skip
    assert "Straight, ace high: J♠ 10♠ with A♦ K♦ Q♦ from the board" in table_html._award(award)


def test_the_middle_tells_a_side_pot_by_what_it_is_and_its_size():
    def pots(*amounts: int) -> str:
        names = ["Main pot"] + [f"Side pot {i}" for i in range(1, len(amounts))]
        parts = [{"name": n, "amount": a} for n, a in zip(names, amounts, strict=True)]
        return table_html._pots({"pot": sum(amounts), "pots": parts})

    assert pots(11) == 'pot <strong class="pot">11</strong>'
    assert pots(9, 2) == 'pot <strong class="pot">11</strong> (9 main, 2 side)'
    assert pots(9, 2, 6).endswith("(9 main, 2 and 6 side)")


def test_the_result_lists_who_won_first_and_a_failed_declarer_once():
    failed = {"seat": 2, "name": "Bob", "amount": 0, "half": "none",
              "reason": "Both declarer beaten for high by Cat: wins nothing"}  # fmt: skip
    cat = {"seat": 3, "name": "Cat", "half": "high"}
    awards = [dict(failed, pot="Main pot"), dict(cat, amount=10, pot="Main pot"),
              dict(failed, pot="Side pot 1"), dict(cat, amount=4, pot="Side pot 1")]  # fmt: skip
    listed = table_html._winners_first(awards)
    assert [(a["name"], a["amount"]) for a in listed] == [("Cat", 10), ("Cat", 4), ("Bob", 0)]
    assert "<strong>Bob</strong> &middot; Main pot and Side pot 1 &middot;" in table_html._award(
        listed[-1]
    )  # (he may have won another pot: which ones he won nothing of)
    other = dict(failed, pot="Side pot 1", reason="Both declarer tied for low with Dan")
    assert len(table_html._winners_first([*awards, other])) == 4  # other words: said too
    one_pot = [dict(failed, pot="Main pot"), dict(cat, amount=6, pot="Main pot")]
    alone = table_html._winners_first(one_pot)
    assert "Main pot" not in table_html._award(alone[-1])  # one pot: nothing to tell apart


def test_a_tied_winner_the_odd_chip_left_at_nothing_is_listed_with_the_winners():
    failed = {"seat": 2, "name": "Bob", "amount": 0, "half": "none", "pot": "Main pot",
              "reason": "Both declarer beaten for high by Cat"}  # fmt: skip
    tied = {"half": "low", "pot": "Main pot", "reason": "best low (tied, split)"}
    awards = [failed, dict(tied, seat=1, name="Ann", amount=1),
              dict(tied, seat=4, name="Dan", amount=0)]  # fmt: skip
    listed = table_html._winners_first(awards)
    assert [a["name"] for a in listed] == ["Ann", "Dan", "Bob"]
    assert "<strong>Dan</strong> wins 0 &middot; Main pot, low half" in table_html._award(listed[1])
    assert " wins " not in table_html._award(listed[2])
