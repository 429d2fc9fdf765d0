"""A host who lets players in: a refused player finds their name still typed to ask
again, and a box whose request the server took empties, while one refused keeps its
number to mend (a rebuy asked for, a stack changed by the host); the host's answer to a
rebuy is told to the player on a phone at once, not only in the shut chat."""

from __future__ import annotations

import pytest

from tests.e2e.test_browser import (
    LAPTOP,
    PHONE,
    Player,
    create_table,
    dealt_to_ann_and_bob,
    play_until,
    sit,
)


def with_approval(request, running_server, chromium, screen: dict):
    """A host on ``screen`` opens a table whose seats need their approval, and Gus, on a
    phone, is about to ask for one: (host, gus, the invite link)."""
    host = chromium.new_context(viewport=screen).new_page()
    gus = chromium.new_context(viewport=PHONE).new_page()
    request.node.pages = {"host": host, "gus": gus}
    link = create_table(host, running_server.base, "levys")
    host.click("#host-settings summary")
    host.check("#set-approval_required")
    host.click("#host-settings button:has-text('Save')")
    host.wait_for_selector("#notice:has-text('Saved')")
    return host, gus, link


def ask_for_seat(page, link: str, name: str, seat: str, buy_in: str = "") -> None:
    """``name`` asks for ``seat`` at a table whose host approves seats (the form's buy-in,
    or ``buy_in``)."""
    page.goto(link)
    page.fill("#join-name", name)
    page.select_option("#join-seat", seat)
    if buy_in:
        page.fill("#join-buy-in", buy_in)
    page.click(".join button:has-text('Sit down')")


def test_a_refused_name_stays_and_a_box_the_server_took_empties(request, running_server, chromium):
    host, gus, link = with_approval(request, running_server, chromium, LAPTOP)
    corner = host.locator("#notice").bounding_box()  # on a laptop, clear of the top seat:
    assert corner["x"] > LAPTOP["width"] / 2 and corner["y"] < 20  # in the top right corner
    ask_for_seat(gus, link, "Gus", "3", "150")
    gus.wait_for_selector("text=Waiting for the host to approve your seat")
    host.click(".host-asks button:has-text('Refuse')")
    gus.wait_for_selector(".join .refused")
    gus.wait_for_function("() => document.getElementById('join-name').value === 'Gus'")
    assert (gus.input_value("#join-seat"), gus.input_value("#join-buy-in")) == ("3", "150")
    gus.click(".join button:has-text('Sit down')")
    host.click(".host-asks button:has-text('Let in')")
    gus.wait_for_selector(".mine h2:has-text('seat')")
    gus.fill("#rebuy-amount", "50")
    gus.click(".mine button:has-text('Rebuy')")
    gus.wait_for_selector("text=Rebuy of 50 waiting for the host")
    gus.wait_for_selector("#rebuy-amount", state="detached")  # one at a time: it waits
    assert "waits for the host's answer" in gus.inner_text("#notice")
    host.click(".host-asks button:has-text('Approve')")
    gus.wait_for_selector("#rebuy-waiting", state="detached")  # answered: the notice says
    assert gus.input_value("#rebuy-amount") == ""  # the box is back, empty  # so, at once
    gus.wait_for_selector("#notice:has-text(\"The host approved Gus's rebuy of 50\")",
                          timeout=2500)  # (not after the last notice's reading time)  # fmt: skip
    gus.wait_for_function("() => !document.getElementById('notice').textContent.trim()")
    host.click("#host-players summary")
    row = host.locator(".player-row", has_text="Gus")
    row.locator("summary").click()
    box = row.locator("input[id^=money-]")
    box.fill("-100000")
    row.locator("button:has-text('Add or take chips')").click()
    host.wait_for_selector("#notice.error")
    assert box.input_value() == "-100000"  # refused: the number stays to be mended
    box.fill("25")
    row.locator("button:has-text('Add or take chips')").click()
    host.wait_for_selector("#notice:not(.error):has-text('Gus')")
    host.wait_for_function("() => !document.querySelector('.player-row input[id^=money-]').value")
    host.fill("input[id^=correct-]", "-5")
    host.click(".player-row button:has-text('Correct')")
    host.wait_for_selector("#notice:not(.error):has-text('correction')")
    # On a phone the ledger is a card per player: every column is on screen, labelled.
    gus.goto(link.rstrip("/") + "/ledger/")
    cell = gus.locator("table.book tbody tr", has_text="Gus").locator("[data-label=Corrections]")
    assert cell.inner_text() == "\u22125"  # (a minus sign, as the nets have)
    box = cell.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert gus.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    label = cell.evaluate("el => getComputedStyle(el, '::before').content")
    assert label == '"Corrections "'  # (its column's head is out of sight)


def test_the_invite_folds_away_as_the_first_hand_is_dealt(request, running_server, chromium):
    host, ann, bob = dealt_to_ann_and_bob(request, running_server, chromium, "levys")
    invite = "document.querySelector('details.invite').open"
    host.wait_for_function(f"!{invite}")  # opened with the page, before any hand: folded
    host.click("details.invite > summary")  # the host opens it again: it stays open
    players = [Player(ann, first=True), Player(bob, first=False)]
    while not any(player.step() for player in players):  # the next push
        ann.wait_for_timeout(100)
    host.wait_for_function("document.getElementById('table').dataset.seq !== '0'")
    assert host.evaluate(invite)


def test_a_host_scrolled_away_is_shown_who_asks_and_taken_there(request, running_server, chromium):
    host, gus, link = with_approval(request, running_server, chromium, PHONE)
    host.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # reading the log, say
    ask_for_seat(gus, link, "Gus", "3", "150")
    pill = host.locator(".asks-pill")
    pill.wait_for(state="visible")
    assert pill.inner_text() == "Gus asks to sit in seat 3 with 150 \u2191"
    assert host.title().startswith("\u25cf Gus asks to sit in seat 3 with 150 \u2014 ")
    pill.click()
    pill.wait_for(state="hidden")  # the request is on the screen now
    host.locator(".host-asks button:has-text('Let in')").click()
    host.wait_for_function("() => !document.title.startsWith('\u25cf')")  # nothing waits


UNDER_THE_BAR = """() => {  // the request's row, where the host's turn's bar covers it
  const row = document.querySelector('.host-asks .row').getBoundingClientRect();
  return row.bottom > document.querySelector('.controls').getBoundingClientRect().top;
}"""


@pytest.mark.parametrize("screen", [LAPTOP, PHONE])
def test_a_request_under_the_hosts_turn_bar_is_shown_in_the_pill(
    request, running_server, chromium, screen
):
    """Seated, at his own turn, the host is told of a request his turn's bar covers."""
    host, gus, link = with_approval(request, running_server, chromium, screen)
    sit(host, link, "Hal", "1")
    ann = chromium.new_context(viewport=PHONE).new_page()
    request.node.pages["ann"] = ann
    ask_for_seat(ann, link, "Ann", "2")
    host.click(".host-asks button:has-text('Let in')")
    ann.wait_for_selector(".mine h2:has-text('seat')")
    host.click("button:has-text('Start dealing')")
    play_until(lambda: host.locator(".controls").count() > 0, [Player(ann, first=False)])
    ask_for_seat(gus, link, "Gus", "3")
    host.wait_for_selector(".host-asks .row")
    host.wait_for_timeout(300)  # (the pill follows the push)
    pill = host.locator(".asks-pill")
    assert not host.evaluate(UNDER_THE_BAR) or pill.is_visible()
    if pill.is_visible():
        assert pill.inner_text().startswith("Gus asks to sit in seat 3")
        told, mine = pill.bounding_box(), host.locator(".felt .seat.me").bounding_box()
        apart = (
            told["x"] >= mine["x"] + mine["width"]
            or mine["x"] >= told["x"] + told["width"]
            or told["y"] >= mine["y"] + mine["height"]
            or mine["y"] >= told["y"] + told["height"]
        )
        assert apart, (told, mine)  # (not over his own cards at his turn)
        pill.click()
        host.wait_for_function(f"!({UNDER_THE_BAR})()")  # taken above the bar


def test_the_host_ends_the_game_and_a_phone_is_shown_the_ledger(request, running_server, chromium):
    host, ann, bob = dealt_to_ann_and_bob(request, running_server, chromium, "levys")
    host.on("dialog", lambda dialog: dialog.accept())  # (its confirm: "End the game? …")
    host.click("#host-tools button:has-text('End the game')")  # mid-hand: it is the last
    ann.wait_for_selector(".felt .middle:has-text('Hand 1 (the last)')")
    assert not host.locator("button:has-text('Resume dealing')").count()
    players = [Player(ann, first=True), Player(bob, first=False)]
    play_until(lambda: ann.locator(".awards li").count(), players)
    ann.wait_for_selector(".felt .middle:has-text('The game has ended')")
    assert ann.locator("#game-intro").is_hidden()  # (the first hand's intro goes with her seat)
    assert not ann.locator(".seat.me").count() and not ann.locator(".sit-here").count()
    for page in (ann, host):  # the last hand stays on the felt, no free seat beside it
        page.wait_for_selector(".felt .seat:has-text('Bob')")
        assert page.locator(".felt .seat:not(.empty)").count() == 2
        assert not page.locator(".felt .seat.empty:visible").count()
    host.wait_for_selector(".felt .said.won")
    bob.fill("#chat-text", "I owe Ann")  # cashed out by the end, Bob still talks
    bob.press("#chat-text", "Enter")
    host.wait_for_selector(".chat-lines li:has-text('I owe Ann')")
    popped = "[...document.querySelectorAll('.felt .said.won')].every(w => w.matches('.popped'))"
    assert host.evaluate(popped)  # (a win pops up once, not again with each push)
    ann.click(".felt .middle a:has-text('the Ledger')")
    ann.wait_for_selector("h2:has-text('Settle up')")
    assert "these figures are final" in ann.inner_text("main")
    assert "(left)" not in ann.inner_text("table.ledger")  # (everyone left: none is marked)
