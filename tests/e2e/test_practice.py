"""A person alone plays a whole hand of each game against bots, from the home page, in a
real browser; the hints are shown at every step they act in, and on a phone no seat
covers the middle of the felt (the step, the pot, the board)."""

from __future__ import annotations

import pytest

from tests.e2e.test_browser import LAPTOP, PHONE, Player


@pytest.mark.parametrize(
    ("game", "screen"), [("levys", PHONE), ("high-low-declare", PHONE), ("sviten", PHONE),
                         ("sviten", LAPTOP)],
)  # fmt: skip
def test_a_person_plays_a_hand_against_bots_from_the_home_page(
    running_server, chromium, game, screen
):
    page = chromium.new_context(viewport=screen).new_page()
    page.goto(running_server.base + "/")
    page.click("a:has-text('Practice against bots')")
    page.check(f"input[name=game][value={game}]")
    page.fill("input[name=bots]", "2")
    page.fill("input[name=name]", "Pat")
    page.click("button:has-text('Deal me in')")
    page.wait_for_selector(".seat.me .card[data-card]")
    assert page.locator(".seat .bot").count() == 2
    assert not covering_the_middle(page)
    page.click("#game-intro .got-it")  # read: it goes
    assert page.locator("#game-intro").is_hidden()
    me = Player(page, first=True)
    hinted = 0
    for _ in range(400):
        if page.locator(".awards li").count():
            break
        if page.locator(".controls").count():
            assert page.locator(".controls .hint-line").inner_text()  # what is asked, and why
            hinted += 1
            assert not covering_the_middle(page), page.inner_text(".felt .middle")
            assert felt_in_view(page), page.inner_text(".felt .middle")
        if not me.step():
            page.wait_for_timeout(200)
    else:
        raise AssertionError("the hand did not end")
    assert hinted >= 1 and "wins" in page.inner_text(".awards")


OVERLAPS = """() => {
  const middle = document.querySelector('.felt .middle').getBoundingClientRect();
  return [...document.querySelectorAll('.felt .seat:not(.empty)')].filter(seat => {
    const box = seat.getBoundingClientRect();
    return Math.min(middle.right, box.right) > Math.max(middle.left, box.left)
        && Math.min(middle.bottom, box.bottom) > Math.max(middle.top, box.top);
  }).map(seat => seat.dataset.seat);
}"""


def felt_in_view(page) -> bool:
    """Whether the felt's middle (the step, the pot, the board) is on the screen above
    the bar of controls."""
    return page.evaluate("""() => {
      const middle = document.querySelector('.felt .middle').getBoundingClientRect();
      const bar = document.querySelector('.controls');
      const free = window.innerHeight - (bar ? bar.offsetHeight : 0);
      return middle.top >= 0 && middle.bottom <= free;
    }""")


def covering_the_middle(page) -> list[str]:
    """The seats whose boxes overlap the middle of the felt."""
    return page.evaluate(OVERLAPS)


@pytest.mark.parametrize(("game", "bots"), [("levys", 7), ("high-low-declare", 6), ("sviten", 5)])
def test_a_full_table_on_a_phone_leaves_the_middle_clear(running_server, chromium, game, bots):
    page = chromium.new_context(viewport=PHONE).new_page()
    page.goto(running_server.base + "/practice/")
    page.check(f"input[name=game][value={game}]")
    page.fill("input[name=bots]", str(bots))
    page.fill("input[name=name]", "Pat")
    page.click("button:has-text('Deal me in')")
    page.wait_for_selector(".seat.me .card[data-card]")
    assert page.locator(".felt .seat:not(.empty)").count() == bots + 1
    assert not covering_the_middle(page), page.inner_text(".felt .middle")
