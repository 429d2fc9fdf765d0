"""A showdown at every table size, seen on phones and on a laptop: each seat's shown hand
and its words on the screen and clear of the other seats, of the middle and of the line
above the felt, and the whole felt on one screen, so a player reads who won and with
what without scrolling: as dealt, and again with long words on every seat."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.e2e.test_browser import LAPTOP, NARROW, PHONE
from tests.live.harness import Browser, open_table, play_until_result, seat_and_deal

LAYOUT = """() => {
  const box = el => el.getBoundingClientRect();
  const meet = (a, b) => Math.min(a.right, b.right) > Math.max(a.left, b.left) + 0.5
                      && Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top) + 0.5;
  const felt = document.querySelector('.felt');
  const seats = [...felt.querySelectorAll('.seat:not(.empty)')];
  const found = [];
  const middle = box(felt.querySelector('.middle'));
  const above = box(felt.previousElementSibling);
  let top = Infinity, bottom = -Infinity;
  for (const seat of seats) {
    const name = 'seat ' + seat.dataset.seat, s = box(seat);
    if (meet(s, middle)) found.push(name + ' covers the middle');
    if (s.top < above.bottom - 0.5) found.push(name + ' rises into the line above the felt');
    for (const other of seats) {
      const them = 'seat ' + other.dataset.seat;
      if (other !== seat && meet(s, box(other))) found.push(name + ' meets ' + them);
    }
    for (const part of seat.querySelectorAll('.said, .shown')) {
      const p = box(part);
      top = Math.min(top, p.top); bottom = Math.max(bottom, p.bottom);
      const off = p.left < -0.5 || p.right > window.innerWidth + 0.5;
      if (off) found.push(name + "'s words run off the screen");
      for (const other of seats) {
        const them = 'seat ' + other.dataset.seat;
        if (other !== seat && meet(p, box(other))) found.push(name + "'s words lie on " + them);
      }
    }
    top = Math.min(top, s.top); bottom = Math.max(bottom, s.bottom);
  }
  if (bottom - top > window.innerHeight) found.push('the seats take more than a screen');
  return [...new Set(found)];
}"""


TABLET = {"width": 768, "height": 1024}
SETTLED = """() => new Promise(done => {  // the felt fitted: its size unchanged three frames
  let last = null, still = 0;  // running (a fit may follow from the seats' resize observer)
  const look = () => {
    const felt = document.querySelector('.felt').getBoundingClientRect();
    const now = felt.top + ' ' + felt.height;
    still = now === last ? still + 1 : 0;
    last = now;
    if (still >= 3) done(); else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""
PRESENT = r"""() => {  // everyone still at the table, as at a showdown they are (this
  // test's players leave as the hand ends, and are marked away or not as time goes)
  for (const notes of document.querySelectorAll('.felt .seat .notes'))
    notes.innerHTML = notes.innerHTML.replace(/(\s*·\s*)?<span class="away">away<\/span>/, '');
}"""
LONGEST = """() => {  // long words: a full house, a Both declarer's two halves, a name
  for (const seat of document.querySelectorAll('.felt .seat:not(.empty)')) {
    const both = seat.textContent.includes('declared Both');
    const shown = seat.querySelector('.shown'), lost = seat.querySelector('.said.lost');
    shown.textContent = both ? 'Full house, tens full of sevens · 10-10-10-7-7 low'
                             : 'Full house, tens full of sevens';
    if (lost) lost.textContent = both ? 'Both failed: tied for high with Christopher'
                                      : 'Beaten for high by Christopher';
  }
}"""


async def _play(base: str, size: int) -> tuple[str, str]:
    """A Levy's Game hand at a full table of ``size``, played to its showdown with
    declarations of every kind; the invite and the session of the player in seat 1."""
    host = Browser(base)
    invite = open_table(host, "levys", seat_count=size, structure="half-pot-limit", ante=1)
    players = [Browser(base) for _ in range(size)]
    await seat_and_deal(host, invite, players)
    await play_until_result(players, declarations=("both", "high", "low"))
    host.post(f"/t/{invite}/do/dealing/", {"on": "0"}, referer=f"/t/{invite}/")  # (it stays)
    return invite, players[0].cookie("sessionid")


@pytest.mark.parametrize("size", range(2, 9))
def test_a_showdown_at_every_table_size_fits_the_screen(request, running_server, chromium, size):
    with ThreadPoolExecutor(1) as thread:  # (Playwright's own loop runs in this one)
        invite, session = thread.submit(asyncio.run, _play(running_server.base, size)).result()
    context = chromium.new_context(viewport=PHONE)
    context.add_cookies([{"name": "sessionid", "value": session, "url": running_server.base}])
    page = context.new_page()
    request.node.pages = {"seat 1": page}
    page.goto(f"{running_server.base}/t/{invite}/")
    page.wait_for_selector(".awards li")  # (the next hand is dealt some seconds later)
    assert page.locator(".felt .seat .shown").count() == size
    page.evaluate(PRESENT)
    assert not page.locator(".felt .seat .away").count()
    for words in ("as dealt", "long"):
        if words == "long":
            page.evaluate(LONGEST)
        for screen in (PHONE, NARROW, LAPTOP, TABLET):
            page.set_viewport_size(screen)
            page.evaluate(SETTLED)  # as the screen shows it: the felt fitted to its seats
            assert page.locator(".felt .seat .shown").count() == size  # (still the showdown)
            assert words == "as dealt" or "tens full" in page.inner_text(".felt")
            assert not page.evaluate(LAYOUT), (size, words, screen, page.evaluate(LAYOUT))
    _the_reviews_last_step_shows_ones_own_seat(page, running_server.base, invite, size)
    context.close()


WIDE_PILLS = """() => {  // on every seat, the widest a winner's pill says
  for (const seat of document.querySelectorAll('.felt .seat:not(.empty)')) {
    const pill = seat.querySelector('.said:not(.lost)') || document.createElement('div');
    pill.className = 'said won';
    pill.style.animation = 'none';  // (measured whole, not popping in)
    pill.textContent = 'Wins 136, down 1114';
    seat.append(pill);
  }
  window.dispatchEvent(new Event('resize'));  // (as new words come: static/js/felt.js fits)
}"""
OWN_SEAT = """() => {  // how far one's own seat hangs below the screen (a phone's: the top
  const seat = document.querySelector('.felt .seat.me').getBoundingClientRect();  // of the
  const bar = document.querySelector('.stepper');  // bar fixed at its foot)
  const fixed = getComputedStyle(bar).position === 'fixed';
  return seat.bottom - (fixed ? bar.getBoundingClientRect().top : innerHeight);
}"""


def _the_reviews_last_step_shows_ones_own_seat(page, base: str, invite: str, size: int) -> None:
    """The review's showdown on a laptop and a phone: one's own seat on the screen (on a
    phone, above the bar of steps at its foot), its caption too, and every seat's words
    on the screen, a winner's widest pill too."""
    page.goto(f"{base}/t/{invite}/hands/1/")
    last = page.get_attribute(".stepper", "data-total")
    for screen in (LAPTOP, PHONE):
        page.set_viewport_size(screen)
        page.goto(f"{base}/t/{invite}/hands/1/?step={last}")
        page.evaluate(SETTLED)
        assert page.locator(".felt .seat .shown").count() == size
        assert page.evaluate(OWN_SEAT) <= 0.5, (size, screen, page.evaluate(OWN_SEAT))
        assert page.locator(".step-taken").bounding_box()["y"] >= 0  # (its caption kept)
    page.evaluate(WIDE_PILLS)
    page.evaluate(SETTLED)
    assert not [f for f in page.evaluate(LAYOUT) if "run off" in f], (size, page.evaluate(LAYOUT))
