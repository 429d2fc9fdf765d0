"""A full practice table (the most bots each game seats) at every screen size, bets out:
the felt's middle stays clear and no seat's cards spill out of it. Its own module: each
opens a table, and one client address may open only so many an hour in one server
(settings.TABLES_PER_ADDRESS)."""

from __future__ import annotations

import pytest

from tests.e2e.test_browser import LAPTOP, NARROW, ON_ITS_SIDE, PHONE, TABLET, Player
from tests.e2e.test_practice import crowding, deal_me_in

SMALL_TABLET = {"width": 600, "height": 960}  # (between a phone's layout and a laptop's)


@pytest.mark.parametrize("screen", [PHONE, NARROW, SMALL_TABLET, TABLET, LAPTOP, ON_ITS_SIDE])
@pytest.mark.parametrize(("game", "bots"), [("levys", 7), ("high-low-declare", 6), ("sviten", 5)])
def test_a_full_table_leaves_the_middle_clear_with_bets_out(
    running_server, chromium, game, bots, screen
):
    side = screen is ON_ITS_SIDE  # (a touch screen: its layout is a phone's, not a laptop's)
    page = chromium.new_context(viewport=screen, is_mobile=side, has_touch=side).new_page()
    deal_me_in(page, running_server.base, game, str(bots))
    assert page.locator(".felt .seat:not(.empty)").count() == bots + 1
    assert not crowding(page), (crowding(page), page.inner_text(".felt .middle"))
    me = Player(page, first=True)
    for _ in range(200):  # until a seat has a bet in front of it (antes are not bets)
        if page.locator(".felt .bet").count():
            break
        if side and page.locator(".controls").count():  # the turn's bar is beside the table
            assert page.evaluate(BESIDE_THE_BAR), page.inner_text(".controls")
        if not me.step():
            page.wait_for_timeout(200)
    else:
        raise AssertionError("nobody bet")
    assert not crowding(page), (crowding(page), page.inner_text(".felt .middle"))


BESIDE_THE_BAR = """() => {  // a phone on its side: the bar at the right, the felt left of it
  const box = el => el.getBoundingClientRect();
  const bar = box(document.querySelector('.controls'));
  const felt = [box(document.querySelector('.felt .middle')),
                box(document.querySelector('.felt .seat.me'))];
  return bar.top <= 0 && bar.bottom >= window.innerHeight - 1
      && felt.every(b => b.right <= bar.left && b.top >= 0 && b.bottom <= window.innerHeight);
}"""
