"""The host's own seat and the host's list of players."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.test import Client

from games import services
from games.forms import TableSettingsForm, as_sent, cleaned
from games.models import ChatLine, Player, Table
from games.rules.catalog import house_rules
from games.table_html import LOW_NAMES

pytestmark = pytest.mark.django_db

NEW_TABLE = {"name": "Friday", "game": "levys", "structure": "half-pot-limit", "ante": "1",
             "seat_count": "6", "min_buy_in": "100", "max_buy_in": "500"}  # fmt: skip


def host_table(**settings) -> tuple[Client, Table]:
    host = Client()
    assert host.post("/new/", {**NEW_TABLE, **settings}).status_code == 302
    return host, Table.objects.latest("pk")


def test_with_approval_on_the_host_sits_at_once_and_others_wait():
    host, table = host_table(approval_required="1")
    response = host.post(f"/t/{table.invite}/join/", {"seat": 1, "name": "Hal", "buy_in": 100})
    assert "you are in seat 1" in response.content.decode()
    guest = Client()
    guest.get(f"/t/{table.invite}/")
    response = guest.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Gus", "buy_in": 100})
    assert "you sit down once they let you in" in response.content.decode()
    statuses = dict(Player.objects.values_list("name", "status"))
    assert statuses == {"Hal": "seated", "Gus": "requested"}
    assert table.ledger.filter(player__name="Hal", kind="buy-in").exists()
    gus = Player.objects.get(name="Gus")
    services.answer_seat_request(table.pk, gus.pk, True)
    sat = ChatLine.objects.filter(text__startswith="sits down")  # the answer Gus waited for
    assert dict(sat.values_list("name", "about")) == {"Hal": None, "Gus": gus.pk}
    page = guest.get(f"/t/{table.invite}/").content.decode()
    assert 'class="told" data-about="2">Gus sits down in seat 2' in page


def test_the_host_removes_others_and_leaves_by_their_own_cash_out():
    host, table = host_table()
    host.post(f"/t/{table.invite}/join/", {"seat": 1, "name": "Hal", "buy_in": 100})
    guest = Client()
    guest.get(f"/t/{table.invite}/")
    guest.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Gus", "buy_in": 100})
    players = host.get(f"/t/{table.invite}/").content.decode().split('id="host-players"')[1]
    rows = dict(re.findall(r'player-row"><strong>(\w+)</strong>(.*?)</details>', players, re.S))
    assert "Remove from the table" in rows["Gus"]
    assert "Remove from the table" not in rows["Hal"]  # (their own bar has Cash out)


def test_the_hosts_player_list_shows_stacks_as_they_are_in_the_hand():
    host, table = host_table()
    for seat in (1, 2):
        services.request_seat(table.pk, f"s{seat}", seat, f"P{seat}", 200)
    page = host.get(f"/t/{table.invite}/").content.decode()
    assert "<strong>P1</strong> (200)" in page
    services.set_dealing(table.pk, True)  # Levy's Game: each antes 1 at the deal
    page = host.get(f"/t/{table.invite}/").content.decode()
    assert "<strong>P1</strong> (199)" in page and "<strong>P2</strong> (199)" in page


def test_pausing_mid_hand_says_the_hand_plays_on_and_offers_to_resume():
    host, table = host_table()
    page = host.get(f"/t/{table.invite}/").content.decode()
    assert "Nothing is dealt until you start" in page
    assert page.count("Start dealing</button>") == 1  # by the felt, not again under Host
    for seat in (1, 2):
        services.request_seat(table.pk, f"s{seat}", seat, f"P{seat}", 200)
    answer = host.post(f"/t/{table.invite}/do/dealing/", {"on": "1"}, HTTP_HX_REQUEST="true")
    assert "Dealing started." in answer.content.decode()
    answer = host.post(f"/t/{table.invite}/do/dealing/", {"on": "0"}, HTTP_HX_REQUEST="true")
    assert "Dealing paused: no new hand until you resume." in answer.content.decode()
    page = host.get(f"/t/{table.invite}/").content.decode()
    assert "this hand plays to its end" in page and page.count("Resume dealing</button>") == 2
    tools = page[page.index('id="host-tools"') :]  # where Pause was, as well as by the felt
    assert "Resume dealing</button>" in tools and "Pause dealing" not in tools
    assert "Start dealing" not in page and "Nothing is dealt until you start" not in page
    services.void_hand(table.pk)
    page = host.get(f"/t/{table.invite}/").content.decode()
    assert "no new hand is dealt until you resume" in page and "Resume dealing" in page
    answer = host.post(f"/t/{table.invite}/do/dealing/", {"on": "1"}, HTTP_HX_REQUEST="true")
    assert "Dealing resumed." in answer.content.decode()  # (not "started": it was before)
    said = list(ChatLine.objects.filter(table=table, by_host=True).values_list("text", flat=True))
    assert said == [  # the start shows itself; a pause and a resume are told to everyone
        "Dealing paused: no new hand is dealt until the host resumes.",
        "Hand 1 voided: every bet is returned.",
        "Dealing resumed.",
    ]
    services.set_dealing(table.pk, True)  # dealing already: nothing new to tell
    assert ChatLine.objects.filter(table=table, by_host=True).count() == 3


def test_the_invite_folds_away_once_hands_are_dealt():
    host, table = host_table()
    page = host.get(f"/t/{table.invite}/").content.decode()
    assert '<details class="invite" open data-fold-when-dealt>' in page  # to send, at first
    for seat in (1, 2):
        services.request_seat(table.pk, f"s{seat}", seat, f"P{seat}", 200)
    services.set_dealing(table.pk, True)
    page = host.get(f"/t/{table.invite}/").content.decode()
    assert '<details class="invite">' in page and 'id="invite-link"' in page  # a tap away:
    # the table comes first on a phone


def test_with_nobody_up_or_down_the_bank_still_pays_the_stacks_back():
    host, table = host_table(chip_value="0.5")
    for seat in (1, 2):
        services.request_seat(table.pk, f"s{seat}", seat, f"P{seat}", 120)
    page = host.get(f"/t/{table.invite}/ledger/").content.decode()
    settle = page.split("<h2>Settle up</h2>")[1]
    assert settle.index("If nobody has paid for chips yet") < settle.index("Nobody owes anybody")
    bank = settle.split('<ul class="bank-pays">')[1].split("</ul>")[0]
    assert bank == "<li>P1: 120 chips (60.00)</li><li>P2: 120 chips (60.00)</li>"


def test_money_per_chip_is_shown_as_written_and_the_ledger_puts_the_net_first():
    host, table = host_table(chip_value="0.05")
    services.request_seat(table.pk, "s1", 1, "P1", 200)
    page = host.get(f"/t/{table.invite}/").content.decode()
    assert 'id="set-chip_value" data-keep min="0" step="0.0001" value="0.05"' in page
    ledger = host.get(f"/t/{table.invite}/ledger/").content.decode()
    row = ledger.split("<tbody>")[1].split("</tr>")[0]
    stack = row.index('<td data-label="Stack">200</td>')
    assert row.index('<td class="net" data-label="Net">0</td>') < stack  # net, then stack
    host.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Hal", "buy_in": 150})
    told = host.post(f"/t/{table.invite}/me/cash-out/", HTTP_HX_REQUEST="true")
    assert "You cashed out 150 chips (worth 7.50)." in told.content.decode()
    host, table = host_table(chip_value="0")  # (0: the ledger counts chips only)
    host.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Hal", "buy_in": 150})
    told = host.post(f"/t/{table.invite}/me/cash-out/", HTTP_HX_REQUEST="true")
    assert "You cashed out 150 chips. " in told.content.decode()


def test_a_seat_or_rebuy_asked_for_waits_for_the_host_right_under_the_felt():
    host, table = host_table(approval_required="1")
    host.post(f"/t/{table.invite}/join/", {"seat": 1, "name": "Hal", "buy_in": 100})
    guest = Client()
    guest.get(f"/t/{table.invite}/")
    guest.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Gus", "buy_in": 120})
    page = host.get(f"/t/{table.invite}/").content.decode()
    asks = page.split('<section class="host-asks"')[1].split("</section>")[0]
    assert "Gus asks to sit in seat 2 with 120" in asks and "Let in" in asks
    assert page.index("host-asks") < page.index('<section class="host"')
    felt = page.index('<section class="felt')  # before the first deal, above the felt:
    assert page.index("host-asks") < felt and page.index(">Start dealing<") < felt  # (seen
    assert "host-asks" not in guest.get(f"/t/{table.invite}/").content.decode()
    gus = Player.objects.get(name="Gus")
    host.post(f"/t/{table.invite}/do/seat/", {"player": gus.pk, "approve": "1"})
    guest.post(f"/t/{table.invite}/me/rebuy/", {"amount": "30"})
    page = host.get(f"/t/{table.invite}/").content.decode()
    asks = page.split('<section class="host-asks"')[1].split("</section>")[0]
    assert "Gus asks to rebuy 30" in asks and "asks to sit" not in asks
    services.set_dealing(table.pk, True)  # on a laptop without scrolling); then under it
    page = host.get(f"/t/{table.invite}/").content.decode()
    assert page.index('<section class="felt') < page.index("host-asks")
    services.set_dealing(table.pk, False)
    page = host.get(f"/t/{table.invite}/").content.decode()
    assert page.index('<section class="felt') < page.index(">Resume dealing<")


def test_the_chat_tells_everyone_of_new_stakes_and_of_a_stack_the_host_changed():
    _host, table = host_table()
    services.request_seat(table.pk, "s1", 1, "Ann", 200)
    services.change_settings(table.pk, ante=2, action_clock=30)
    services.change_settings(table.pk, ante=2)  # nothing new: nothing said
    ann = Player.objects.get(name="Ann")
    services.adjust_stack(table.pk, ann.pk, 50, "paid in cash")
    services.adjust_stack(table.pk, ann.pk, -5, kind="correction")
    said = list(ChatLine.objects.filter(table=table).order_by("id").values_list("text", "by_host"))
    assert said == [
        ("sits down in seat 1, with 200 chips.", False),  # (in Ann's name)
        ("The host changed: action clock off \u2192 30 seconds; and from the next hand, ante"
         " 1 \u2192 2.", True),  # (what changed: not the rest of the line)
        ("Ann's stack +50 (money in: paid in cash), now 250.", True),
        ("Ann's stack -5 (a correction, no money), now 245.", True),
    ]  # fmt: skip
    page = Client().get(f"/t/{table.invite}/").content.decode()
    pk = ChatLine.objects.get(text__startswith="Ann's stack +50").pk
    said = f'<li data-line="{pk}" class="told" data-about="1">Ann&#x27;s stack +50'  # the
    assert said in page  # table's news, about Ann in seat 1 (static/js/chat.js tells her)
    assert 'class="told">Ann sits down in seat 1' in page  # (in her name: she saw it)
    assert 'class="told">The host changed: action clock' in page  # (about nobody)
    assert ChatLine.objects.get(pk=pk).about == ann


def test_many_changes_at_once_are_told_whole_over_several_chat_lines():
    _host, table = host_table()
    services.change_settings(table.pk, seat_count=4, action_clock=30, time_bank=60,
                             chip_value=Decimal("0.25"), min_buy_in=50, max_buy_in=400,
                             approval_required=True, history_open=True, ante=2,
                             game="high-low-declare", structure="pot-limit")  # fmt: skip
    said = list(ChatLine.objects.filter(table=table).order_by("id").values_list("text", flat=True))
    assert len(said) > 1 and all(len(line) <= 200 for line in said)
    assert said[0].startswith("The host changed: the table has 6 \u2192 4 seats;")
    assert said[0].endswith(";")
    assert said[1].startswith("\u2026 ") and said[-1].endswith(" low.")  # the stakes, whole
    assert "from the next hand, Levy's Game \u2192 High-Low Declare" in said[-1]
    assert "Half-pot-limit \u2192 Pot-limit \u00b7 ante 1 \u2192 2" in said[-1]
    whole = " ".join(line.removeprefix("\u2026 ") for line in said)
    parts = ("action clock off \u2192 30 seconds, time bank 60 seconds", "a chip is worth 0.25;",
             "buy-ins of 100 to 500 \u2192 50 to 400 chips", "wait for the host",
             "open to everyone")  # fmt: skip
    assert all(part in whole for part in parts)


def test_a_change_says_what_it_was_before():
    _host, table = host_table(chip_value="0.25")
    told = services.change_settings(table.pk, chip_value=Decimal("0.1"), seat_count=4)
    assert told == "Saved: the table has 6 \u2192 4 seats; a chip is worth 0.25 \u2192 0.10."
    told = services.change_settings(table.pk, chip_value=Decimal(0), action_clock=20)
    assert "the ledger counts chips only (a chip was worth 0.10)" in told
    assert services.change_settings(table.pk, action_clock=20, time_bank=30) == (
        "Saved: time bank off \u2192 30 seconds."
    )
    services.change_settings(table.pk, action_clock=None, time_bank=30)
    assert services.change_settings(table.pk, time_bank=60) == "Saved."  # no clock to bank for
    was = "Levy's Game · Half-pot-limit · ante 1 · 3 raises a round · stake cap 40"
    now = "Sviten Special · Pot-limit · blinds 1/2 · 4 raises a round · stake cap 40"
    assert services._stakes_change(was, now) == (
        "Levy's Game \u2192 Sviten Special · Half-pot-limit \u2192 Pot-limit · blinds 1/2 · "
        "3 \u2192 4 raises a round · stake cap 40 (no longer ante 1)"
    )
    was, now = (
        "High-Low Declare · Pot-limit · chips in fist",
        "High-Low Declare · Pot-limit · vocal declarations",
    )
    assert services._stakes_change(was + " · A-5 low", now + " · A-6 low") == (
        "chips in fist \u2192 vocal declarations · A-5 \u2192 A-6 low"
    )  # the game stays: only what changed
    assert services._stakes_change(was + " · stake cap 40", was) == "no longer stake cap 40"
    levys = "Levy's Game · Half-pot-limit · ante 1 · chips in fist · A-5 low"
    sviten = "Sviten Special · Pot-limit · blinds 1/2"  # (the declaring is kept for its turn)
    assert services._stakes_change(levys, sviten).endswith("blinds 1/2 (no longer ante 1)")
    assert services._stakes_change(was, was + " · stake cap 40") == "stake cap 40"
    choice = services._stakes_change(was + " · A-5 low · ante 1", "Dealer's choice · Pot-limit")
    assert choice.endswith("(no longer ante 1)")  # High-Low Declare's own, kept for its turn


def test_opening_the_hand_history_says_it_opens_every_hand_at_once():
    host, table = host_table()
    page = host.get(f"/t/{table.invite}/").content.decode()
    assert "open to everyone: at once, the hands already played too." in page
    told = services.change_settings(table.pk, history_open=True)
    opened = "every finished hand's cards, folded ones too, are open to everyone"
    assert told.startswith(f"Saved: {opened}")
    told = services.change_settings(table.pk, history_open=False)
    assert told == "Saved: the hand history shows each player only the cards they saw."
    said = list(ChatLine.objects.filter(table=table).order_by("id").values_list("text", flat=True))
    assert [line.split(":")[1].strip()[:20] for line in said] == [
        opened[:20],
        "the hand history sho",
    ]


def test_each_of_the_hosts_actions_says_what_it_did():
    host, table = host_table(approval_required="1")
    guest = Client()
    guest.get(f"/t/{table.invite}/")
    guest.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Gus", "buy_in": 100})
    gus = Player.objects.get(name="Gus")

    def told(what: str, **form) -> str:
        response = host.post(f"/t/{table.invite}/do/{what}/", form, HTTP_HX_REQUEST="true")
        return response.content.decode().split('aria-live="polite">')[1].split("</div>")[0]

    assert told("seat", player=gus.pk, approve="1") == "Gus is let in."
    assert told("sit-out", player=gus.pk, out="1") == "Gus sits out from the next hand."
    assert told("sit-out", player=gus.pk, out="0") == "Gus is dealt in again."
    said = told("adjust", player=gus.pk, amount="50", kind="money")
    assert said == "Gus&#x27;s stack +50 (money in), now 150."
    assert told("bot", seat=3) == "Bot Ada sits in seat 3 with 500 chips (yours, in the ledger)."
    assert told("dealing", on="1") == "Dealing started."
    said = told("void")
    assert said == "Hand voided: every bet is returned, and the same player deals again."
    assert told("dealing", on="0").startswith("Dealing paused")
    said = told("remove", player=gus.pk)
    assert said == "Gus has left the table, with 150 chips cashed out."
    ada = Player.objects.get(name="Bot Ada")
    assert told("remove", player=ada.pk) == "Bot Ada has left the table, with 500 chips cashed out."
    late = Client()
    late.get(f"/t/{table.invite}/")
    late.post(f"/t/{table.invite}/join/", {"seat": 4, "name": "Lou", "buy_in": 100})
    lou = Player.objects.get(name="Lou")
    assert told("seat", player=lou.pk, approve="0") == "Lou is not given a seat."
    guest = Client()
    guest.get(f"/t/{table.invite}/")
    guest.post(f"/t/{table.invite}/join/", {"seat": 5, "name": "Kim", "buy_in": 100})
    kim = Player.objects.get(name="Kim")
    assert told("remove", player=kim.pk) == "Kim has left the table."  # (only asked to sit)


def test_the_join_form_says_what_a_chip_is_worth_and_that_the_host_lets_you_in():
    _host, table = host_table(approval_required="1", chip_value="0.25")
    guest = Client()
    page = guest.get(f"/t/{table.invite}/").content.decode()
    assert "100 to 500 chips, each worth 0.25" in page and "The host lets you in." in page
    assert '<small class="hint" data-worth="0.25">' in page  # (kept when table.js rewrites it)
    guest.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Gus", "buy_in": 100})
    services.answer_seat_request(table.pk, Player.objects.get(name="Gus").pk, True)
    page = guest.get(f"/t/{table.invite}/").content.decode()
    assert "up to 400, to a stack of 500" in page and 'max="400"' in page  # before it is refused
    _host, plain = host_table()
    page = Client().get(f"/t/{plain.invite}/").content.decode()
    assert "100 to 500 chips</small>" in page and "The host lets you in." not in page


def test_the_host_changes_the_buy_ins_and_approval_at_once_and_the_chat_says_so():
    host, table = host_table(approval_required="1")
    page = host.get(f"/t/{table.invite}/").content.decode()
    form = page.split('id="host-settings"')[1].split("</form>")[0]
    assert 'name="max_buy_in"' in form and 'name="approval_required" value="0"' in form
    sent = {**NEW_TABLE, "min_buy_in": "50", "max_buy_in": "1000", "approval_required": ["0"]}
    said = host.post(f"/t/{table.invite}/do/settings/", sent, HTTP_HX_REQUEST="true")
    told = "Saved: buy-ins of 100 to 500 \u2192 50 to 1000 chips; new seat and rebuy requests"
    assert told in said.content.decode()
    table.refresh_from_db()
    assert (table.min_buy_in, table.max_buy_in, table.approval_required) == (50, 1000, False)
    guest = Client()
    guest.get(f"/t/{table.invite}/")
    said = guest.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Gus", "buy_in": 1000})
    assert "you are in seat 2" in said.content.decode()  # at once, with the new most
    ticked = {**sent, "approval_required": ["0", "1"]}  # the hidden "0", then the box's "1"
    host.post(f"/t/{table.invite}/do/settings/", ticked, HTTP_HX_REQUEST="true")
    table.refresh_from_db()
    assert table.approval_required
    house = cleaned(TableSettingsForm(as_sent(house_rules("levys")), table=table))
    assert not {"min_buy_in", "max_buy_in", "approval_required"} & house.keys()  # not sent:
    services.change_settings(table.pk, **house)  # as they are
    table.refresh_from_db()
    assert (table.min_buy_in, table.max_buy_in, table.approval_required) == (50, 1000, True)
    said = host.post(f"/t/{table.invite}/do/settings/", {**sent, "min_buy_in": "2000"},
                     HTTP_HX_REQUEST="true")  # fmt: skip
    assert "The minimum buy-in (2000) is above the maximum (1000)" in said.content.decode()
    table.refresh_from_db()
    assert table.min_buy_in == 50


def test_a_lower_most_buy_in_says_who_keeps_a_bigger_stack():
    host, table = host_table()
    guest = Client()
    guest.get(f"/t/{table.invite}/")
    guest.post(f"/t/{table.invite}/join/", {"seat": 2, "name": "Gus", "buy_in": 500})
    sent = {**NEW_TABLE, "min_buy_in": "100", "max_buy_in": "300"}
    said = host.post(f"/t/{table.invite}/do/settings/", sent, HTTP_HX_REQUEST="true")
    assert (
        "buy-ins of 100 to 500 \u2192 100 to 300 chips (Gus keeps a bigger stack)"
        in said.content.decode()
    )
    assert Player.objects.get(name="Gus").stack == 500  # a most caps buying, not winnings
    said = host.post(f"/t/{table.invite}/do/settings/", {**sent, "max_buy_in": "500"},
                     HTTP_HX_REQUEST="true")  # fmt: skip
    assert (
        "Saved: buy-ins of 100 to 300 \u2192 100 to 500 chips.</div>" in said.content.decode()
    )  # none above


def test_settings_the_line_of_stakes_leaves_out_are_announced_too():
    host, table = host_table()  # Levy's Game: High-Low Declare's own settings wait unseen
    low = table.low

    def saved(**changed) -> str:
        sent = {**NEW_TABLE, "declare": "chips", "low": low, **changed}
        return host.post(
            f"/t/{table.invite}/do/settings/", sent, HTTP_HX_REQUEST="true"
        ).content.decode()

    said = saved(declare="vocal")
    told = (
        "from the next hand, High-Low Declare, when dealt, with chips in fist \u2192 vocal "
        "declarations and A-"
    )  # (what it was, too)
    assert told in said and told in ChatLine.objects.filter(table=table).latest("pk").text
    said = saved(declare="vocal", raise_cap="3", cap_lifts_heads_up="1")
    assert "3 raises a round" in said and "; the raise cap lifts heads up.</div>" in said
    assert "High-Low Declare, when" not in said  # (not changed this time)
    said = saved(declare="chips", raise_cap="3", game="high-low-declare")
    assert "from the next hand, Levy&#x27;s Game \u2192 High-Low Declare · " in said
    assert "chips in fist" in said
    assert "High-Low Declare, when" not in said  # (its line says it)
    assert "; the raise cap holds heads up.</div>" in said  # (the box left unticked)
    saved(game="levys")
    other = "ace-to-five" if low == "ace-to-six" else "ace-to-six"
    said = saved(low=other)  # the low alone: the fist as it is
    assert f"with chips in fist and {LOW_NAMES[low]} \u2192 {LOW_NAMES[other]}." in said


def test_options_the_form_hides_for_another_game_are_kept_not_reset():
    host, table = host_table(game="high-low-declare", declare="vocal", low="ace-to-five",
                             structure="fixed-limit", small_bet="2", big_bet="4")  # fmt: skip
    sent = {**NEW_TABLE, "game": "levys", "structure": "pot-limit"}  # (the form's script
    said = host.post(f"/t/{table.invite}/do/settings/", sent, HTTP_HX_REQUEST="true")  # sends
    assert "Saved" in said.content.decode()  # no hidden field)
    table.refresh_from_db()
    assert (table.game, table.structure) == ("levys", "pot-limit")
    kept = table.declare, table.low, table.small_bet, table.big_bet
    assert kept == ("vocal", "ace-to-five", 2, 4)
    sent = {**sent, "game": "high-low-declare", "declare": "chips"}  # shown again: as sent
    host.post(f"/t/{table.invite}/do/settings/", sent, HTTP_HX_REQUEST="true")
    table.refresh_from_db()
    assert (table.declare, table.low) == ("chips", "ace-to-five")  # (the low still unsent)


def test_the_host_gives_players_longer_before_they_count_as_away():
    host, table = host_table()
    page = host.get(f"/t/{table.invite}/").content.decode()
    form = page.split('id="host-settings"')[1].split("</form>")[0]
    assert 'name="away_after"' in form and 'value="30"' in form
    for refused in ("10", "601", "two minutes"):
        said = host.post(f"/t/{table.invite}/do/settings/", {**NEW_TABLE, "away_after": refused},
                         HTTP_HX_REQUEST="true")  # fmt: skip
        assert "A player counts as away after 30 to 600 seconds" in said.content.decode()
        table.refresh_from_db()
        assert table.away_after == 30
    said = host.post(f"/t/{table.invite}/do/settings/", {**NEW_TABLE, "away_after": "120"},
                     HTTP_HX_REQUEST="true")  # fmt: skip
    assert "Saved: a player counts as away after 30 \u2192 120 seconds" in said.content.decode()
    table.refresh_from_db()
    assert table.away_after == 120
    said = ChatLine.objects.filter(table=table).order_by("id").last().text
    assert said == (
        "The host changed: a player counts as away after 30 \u2192 120 seconds with their page"
        " shut."
    )
    page = host.get(f"/t/{table.invite}/").content.decode()
    assert 'id="set-away_after" data-keep min="30" max="600" value="120"' in page
    assert "away_after" not in NEW_TABLE  # a form from before it was a setting: kept
    host.post(f"/t/{table.invite}/do/settings/", NEW_TABLE, HTTP_HX_REQUEST="true")
    table.refresh_from_db()
    assert table.away_after == 120
