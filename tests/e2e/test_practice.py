"""A person alone plays a whole hand of each game against bots, from the home page, in a
real browser; the hints are shown at every step they act in, and nothing on the felt
lies where it should not: no seat or bet on its middle (the step, the pot, the board), no
bet on a seat, no card outside its seat, at phone sizes and on a laptop."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.test_browser import (
    LAPTOP,
    NARROW,
    ON_ITS_SIDE,
    PHONE,
    Player,
    create_table,
)

BIG_ON_ITS_SIDE = {"width": 932, "height": 430}  # (wider than a laptop's layout starts)
SMALL_ON_ITS_SIDE = {"width": 667, "height": 375}  # (a small phone's)


@pytest.mark.parametrize(
    ("game", "screen"), [("levys", PHONE), ("high-low-declare", PHONE), ("sviten", PHONE),
                         ("sviten", LAPTOP), ("levys", NARROW), ("sviten", NARROW),
                         ("levys", ON_ITS_SIDE), ("high-low-declare", ON_ITS_SIDE),
                         ("sviten", BIG_ON_ITS_SIDE), ("levys", SMALL_ON_ITS_SIDE)],
)  # fmt: skip
def test_a_person_plays_a_hand_against_bots_from_the_home_page(
    running_server, chromium, game, screen
):
    side = screen in (ON_ITS_SIDE, BIG_ON_ITS_SIDE, SMALL_ON_ITS_SIDE)  # (touch: a phone's)
    page = chromium.new_context(viewport=screen, is_mobile=side, has_touch=side).new_page()
    page.goto(running_server.base + "/")
    page.click("a:has-text('Practice against bots')")
    deal = page.locator("button:has-text('Deal me in')").bounding_box()
    assert deal["y"] + deal["height"] <= screen["height"], deal  # in reach, not below
    page.check(f"input[name=game][value={game}]")
    page.fill("input[name=bots]", "2")
    page.fill("input[name=name]", "Pat")
    page.click("button:has-text('Deal me in')")
    page.wait_for_selector(".seat.me .card[data-card]")
    page.wait_for_load_state()  # (the cards can be parsed before the page's scripts run)
    assert page.locator(".seat .bot").count() == 2
    assert not crowding(page)
    page.wait_for_selector("#game-intro", state="visible", timeout=5_000)
    page.wait_for_function(SEAT_UNCOVERED, timeout=5_000)  # the intro pushed it down
    me = Player(page, first=True)
    hinted = []

    def take_the_turn() -> None:
        # what is asked, and why (on its side its first line, a tap showing it whole)
        hint = page.locator(".controls .hint-line")
        assert hint.inner_text() and hint.is_visible()
        if side:  # (tapped and measured in one go: a push may redraw the bar)
            assert page.evaluate(HINT_TAPPED_WHOLE), page.inner_text(".controls")
        assert page.locator(".controls .your-turn a:has-text('how this step works')").is_visible()
        hinted.append(True)
        assert not crowding(page), (crowding(page), page.inner_text(".felt .middle"))
        assert felt_in_view(page), page.inner_text(".felt .middle")
        assert page.evaluate(BUTTONS_IN_REACH), page.inner_text(".controls")
        me.step()

    for _ in range(20 if screen is not LAPTOP else 0):  # (a laptop's stays through this
        if page.locator(".controls").count():  # hand, and goes with it); on its side the
            take_the_turn()  # turn's bar covers the intro: it shows once the turn is taken
            continue
        if side:  # there it is in the column beside the table, on the screen
            intro, felt = (page.locator(s).bounding_box() for s in ("#game-intro", ".felt"))
            assert intro["y"] >= 0 and intro["y"] + intro["height"] <= screen["height"], intro
            assert intro["x"] >= felt["x"] + felt["width"], (intro, felt)
        try:
            page.click("#game-intro .got-it", timeout=3_000)  # read: it goes
        except PlaywrightTimeout:  # (a turn came as it was tapped: take it first)
            continue
        assert page.locator("#game-intro").is_hidden()
        break
    else:
        assert screen is LAPTOP, "the intro was never put away"
    for _ in range(400):
        if page.locator(".awards li").count():
            break
        # Act only on a turn looked at here: one that came just after the look went
        # uncounted, and when the bots folded to it the hand ended with no hint counted.
        if page.locator(".controls").count():
            take_the_turn()
        else:
            page.wait_for_timeout(200)
    else:
        raise AssertionError("the hand did not end")
    assert hinted and re.search(r" (wins|gets back) \d", page.inner_text(".awards"))
    page.wait_for_timeout(1500)
    assert page.locator(".awards li").count()  # the result waits for the person to deal
    if int(page.inner_text(".seat.me .chips").split()[0]) > 0:  # dealt in the next hand
        for _ in range(10):  # (the bots may fold to the person before their first turn)
            after = page.get_attribute(".deal-now input[name=after]", "value")
            page.click(".felt .middle button:has-text('Deal the next hand')")
            page.wait_for_function(DEALT, arg=after, timeout=60_000)
            if page.locator(".controls").count():
                break
        page.wait_for_timeout(300)
        assert felt_in_view(page)
        assert page.locator("#game-intro").is_hidden()  # only the first hand had it


HINT_TAPPED_WHOLE = """() => {  // a hint cut to its first lines grows when tapped
  const hint = document.querySelector('.controls .hint-line');
  if (hint.scrollHeight <= hint.clientHeight + 1) return true;  // (its first lines say all)
  const height = hint.getBoundingClientRect().height;
  hint.click();
  const grown = hint.getBoundingClientRect().height > height;
  hint.click();
  return grown;
}"""


BUTTONS_IN_REACH = """() => {  // the bar (fixed at the screen's foot or side) needs no scrolling
  const bar = document.querySelector('.controls');
  return bar.scrollHeight <= bar.clientHeight + 1;
}"""


DEALT = """after => document.querySelector('.controls') || Number((
  document.querySelector('.deal-now input[name=after]') || {}).value) > Number(after)"""


SEAT_UNCOVERED = """() => {
  const bar = document.querySelector('.controls, .act-ahead');
  const mine = document.querySelector('.felt .seat.me').getBoundingClientRect();
  if (bar && bar.getBoundingClientRect().top <= 0) {  // a bar at the screen's side
    return mine.bottom <= window.innerHeight + 1 && mine.right <= bar.getBoundingClientRect().left;
  }
  return mine.bottom <= window.innerHeight - (bar ? bar.offsetHeight : 0) + 1;
}"""


CROWDING = """() => {
  const box = el => el.getBoundingClientRect();
  const meet = (a, b) => Math.min(a.right, b.right) > Math.max(a.left, b.left) + 0.5
                      && Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top) + 0.5;
  const middle = box(document.querySelector('.felt .middle'));
  const seats = [...document.querySelectorAll('.felt .seat:not(.empty)')];
  const found = [];
  for (const seat of seats) {
    const name = 'seat ' + seat.dataset.seat;
    if (meet(box(seat), middle)) found.push(name + ' covers the middle');
    for (const card of seat.querySelectorAll('.cards .card')) {
      const c = box(card), s = box(seat);
      if (c.left < s.left - 0.5 || c.right > s.right + 0.5) found.push(name + "'s cards spill out");
    }
    const bet = seat.querySelector('.bet');
    if (!bet) continue;
    if (meet(box(bet), middle)) found.push(name + "'s bet covers the middle");
    const inside = getComputedStyle(bet).position === 'static';  // beside the stack, on a phone
    for (const other of seats) {
      if ((other !== seat || !inside) && meet(box(bet), box(other))) {
        found.push(name + "'s bet lies on seat " + other.dataset.seat);
      }
    }
  }
  return [...new Set(found)];
}"""


def felt_in_view(page) -> bool:
    """Whether the felt's middle (the step, the pot, the board) and the viewer's own seat
    are on the screen above the bar of controls; where the bar is at the screen's side (a
    phone on its side), the whole table is on the screen beside it."""
    return page.evaluate("""() => {
      const box = el => el.getBoundingClientRect();
      const middle = box(document.querySelector('.felt .middle'));
      const mine = box(document.querySelector('.felt .seat.me'));
      const bar = document.querySelector('.controls');
      if (bar && box(bar).top <= 0) {
        const seats = [...document.querySelectorAll('.felt .seat:not(.empty)')].map(box);
        return [middle, ...seats].every(b => b.top >= 0 && b.bottom <= window.innerHeight + 1
                                             && b.left >= 0 && b.right <= box(bar).left);
      }
      const free = window.innerHeight - (bar ? bar.offsetHeight : 0);
      return middle.top >= 0 && middle.bottom <= free && mine.bottom <= free + 1;
    }""")


def crowding(page) -> list[str]:
    """What lies where it should not on the felt: a seat or a bet on the middle (the step,
    the pot, the board), a bet on a seat (its own too, unless it sits beside the stack),
    a seat's cards spilling out of its box."""
    return page.evaluate(CROWDING)


def deal_me_in(page, base: str, game: str = "", bots: str = "") -> None:
    """Pat opens a practice table from its form (``game`` with ``bots``, or the form's
    own choices) and is dealt a hand."""
    page.goto(base + "/practice/")
    if game:
        page.check(f"input[name=game][value={game}]")
    if bots:
        page.fill("input[name=bots]", bots)
    page.fill("input[name=name]", "Pat")
    page.click("button:has-text('Deal me in')")
    page.wait_for_selector(".seat.me .card[data-card]")


def test_a_notice_shows_at_the_top_of_the_screen_wherever_the_page_is_scrolled(
    running_server, chromium
):
    page = chromium.new_context(viewport=NARROW).new_page()
    deal_me_in(page, running_server.base)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.evaluate("document.querySelector('.host button.primary').click()")  # Pause dealing
    page.wait_for_selector("#notice:not(:empty)")
    top = page.evaluate("document.getElementById('notice').getBoundingClientRect().top")
    assert page.evaluate("window.scrollY") > 0 and 0 <= top < 50


def test_the_practice_form_holds_the_bots_to_what_the_game_seats(running_server, chromium):
    page = chromium.new_context(viewport=PHONE).new_page()
    page.goto(running_server.base + "/practice/")
    bots = page.locator("input[name=bots]")
    page.check("input[name=game][value=levys]")
    bots.fill("7")
    page.check("input[name=game][value=sviten]")  # six seats: five bots beside you
    assert (bots.get_attribute("max"), bots.input_value()) == ("5", "5")
    page.check("input[name=game][value=levys]")
    assert (bots.get_attribute("max"), bots.input_value()) == ("7", "5")


def test_the_name_given_once_is_offered_at_the_next_practice_and_the_next_table(
    running_server, chromium
):
    page = chromium.new_context(viewport=PHONE).new_page()
    page.goto(running_server.base + "/practice/")
    assert page.input_value("input[name=name]") == ""  # (a new browser knows no name)
    page.fill("input[name=name]", "Pat")
    page.click("button:has-text('Deal me in')")
    page.wait_for_selector(".seat.me .card[data-card]")
    page.goto(running_server.base + "/practice/")
    assert page.input_value("input[name=name]") == "Pat"
    page.goto(create_table(chromium.new_page(), running_server.base, "levys"))  # a friend's
    assert page.input_value("#join-name") == "Pat"


@pytest.mark.parametrize(
    ("screen", "touch", "word"), [(PHONE, True, "Tap"), (LAPTOP, False, "Click")]
)
def test_cards_are_tapped_on_a_touch_screen_and_clicked_with_a_mouse(
    running_server, chromium, screen, touch, word
):
    page = chromium.new_context(viewport=screen, has_touch=touch, is_mobile=touch).new_page()
    deal_me_in(page, running_server.base, "high-low-declare", "1")
    me = Player(page, first=False)
    for _ in range(300):  # to the draw (the bot may fold first: then the next hand)
        if page.locator(".controls form.pick").count():
            break
        deal = page.locator(".felt .middle button:has-text('Deal the next hand')")
        if deal.count():
            deal.click()
            deal.wait_for(state="detached")  # (dealt: not pressed again as it goes)
        elif not me.step():
            page.wait_for_timeout(200)
    else:
        raise AssertionError("no draw came")
    prompt = page.inner_text(".controls form.pick > p")
    assert prompt.startswith(f"{word} the cards to throw away"), prompt


def test_a_hint_tapped_whole_on_its_side_stays_whole_through_a_push(running_server, chromium):
    page = chromium.new_context(viewport=ON_ITS_SIDE, is_mobile=True, has_touch=True).new_page()
    deal_me_in(page, running_server.base, "levys", "2")
    me = Player(page, first=True)
    for _ in range(200):  # a turn whose hint is longer than its first lines
        if page.locator(".controls .hint-line").count() and page.evaluate(CUT_SHORT):
            break
        if not me.step():
            page.wait_for_timeout(200)
    else:
        raise AssertionError("no hint was cut short")
    page.tap(".controls .hint-line")
    assert "whole" in page.get_attribute(".controls .hint-line", "class")
    version = page.get_attribute("#table", "data-version")
    page.fill("#chat-text", "nice hand")  # a line in the chat: the table is pushed again
    page.press("#chat-text", "Enter")
    page.wait_for_function(
        "v => document.getElementById('table').dataset.version !== v", arg=version
    )
    assert "whole" in page.get_attribute(".controls .hint-line", "class")


CUT_SHORT = """() => {
  const hint = document.querySelector('.controls .hint-line');
  return hint.scrollHeight > hint.clientHeight + 1;
}"""
