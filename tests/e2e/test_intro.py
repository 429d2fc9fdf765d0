"""A game's three lines show through a browser's first hand of it, and only then: a
hand the host voids was no hand of the game, nor one only watched, so the next one dealt
shows them again."""

from __future__ import annotations

from tests.e2e.test_browser import (
    LAPTOP,
    PHONE,
    Player,
    create_table,
    dealt_to_ann_and_bob,
    play_until,
    sit,
)

SEEN = """() => {  // the intro's foot, her own seat's foot and the top of the bar below
  const bar = document.querySelector('.controls, .act-ahead');
  return {intro: document.getElementById('game-intro').getBoundingClientRect().bottom,
          seat: document.querySelector('.felt .seat.me').getBoundingClientRect().bottom,
          bar: bar ? bar.getBoundingClientRect().top : innerHeight};
}"""


def test_the_intro_stays_through_the_first_hand_played_and_goes_after_it(
    request, running_server, chromium
):
    host, ann, bob = dealt_to_ann_and_bob(request, running_server, chromium, "levys")
    intro = ann.locator("#game-intro")
    intro.wait_for(state="visible", timeout=5_000)  # (shown once the page's scripts run)
    host.wait_for_selector(".seat .card")  # hand 1 reached the host, who runs the table
    assert host.locator("#game-intro").is_hidden()  # without playing: no intro
    host.on("dialog", lambda dialog: dialog.accept())
    host.click("button:has-text('Void this hand')")
    ann.wait_for_selector(".awards.voided")
    ann.wait_for_function("document.getElementById('table').dataset.hand === '2'")
    ann.wait_for_selector(".seat.me .card[data-card]")
    intro.wait_for(state="visible", timeout=5_000)  # the voided hand did not use it up
    cat = chromium.new_context(viewport=PHONE).new_page()  # Cat watches hand 2, then sits
    request.node.pages["cat"] = cat
    sit(cat, ann.url, "Cat", "3")
    cat.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # reading down the page
    assert cat.evaluate("scrollY") > 0
    players = [Player(ann, first=True), Player(bob, first=False)]
    play_until(lambda: ann.locator(".awards li").count(), players)  # hand 2, to its end
    ann.wait_for_function("document.getElementById('table').dataset.hand === '3'")
    ann.wait_for_selector(".seat.me .card[data-card]")
    assert intro.is_hidden()  # hand 2 was the first played
    cat.wait_for_selector(".seat.me .card[data-card]")
    cat.locator("#game-intro").wait_for(state="visible", timeout=5_000)  # her first hand
    # Scrolled down as she was dealt in, she is shown the intro: the page goes up to it,
    # at her turn as far as her seat stays clear of the bar at the foot (her seat then
    # just above it, where a tall turn's bar leaves the intro's last line only).
    seen = f"(s => s.seat <= s.bar && (s.intro > 40 || s.bar - s.seat < 12))(({SEEN})())"
    cat.wait_for_function(seen, timeout=3_000)


def test_the_intro_going_at_the_next_hand_leaves_the_felt_in_view_for_a_turn(
    request, running_server, chromium
):
    _, ann, bob = dealt_to_ann_and_bob(request, running_server, chromium, "levys")
    play_until(lambda: ann.locator(".awards li").count(), [Player(ann, True), Player(bob, False)])
    for page in (ann, bob):  # each reads the result, under the felt, with the intro above
        page.wait_for_selector(".awards li")
        assert page.locator("#game-intro").is_visible()
        page.evaluate("document.querySelector('.awards').scrollIntoView({block: 'end'})")
    ann.wait_for_function("document.getElementById('table').dataset.hand === '2'")
    ann.wait_for_selector(".controls")  # Ann, on the phone, bets first in hand 2
    assert ann.locator("#game-intro").is_hidden()
    felt = ann.locator(".felt").bounding_box()
    assert felt["y"] >= -1, felt  # the intro went from above it, and took no felt away


def test_turning_hints_off_puts_the_intro_away_at_once(request, running_server, chromium):
    _, ann, _ = dealt_to_ann_and_bob(request, running_server, chromium, "sviten")
    intro = ann.locator("#game-intro")
    intro.wait_for(state="visible", timeout=5_000)  # (shown once the page's scripts run)
    ann.click(".prefs summary")
    ann.check("#pref-no-hints")
    assert intro.is_hidden()  # not only from the next push on


def test_the_intro_says_the_way_this_hand_declares(request, running_server, chromium):
    host = chromium.new_context(viewport=LAPTOP).new_page()
    ann = chromium.new_context(viewport=PHONE).new_page()
    bob = chromium.new_context(viewport=LAPTOP).new_page()
    request.node.pages = {"host": host, "ann": ann, "bob": bob}
    link = create_table(host, running_server.base, "high-low-declare")  # chips in fist
    sit(ann, link, "Ann", "1")  # Ann's page is open ...
    sit(bob, link, "Bob", "2")
    host.click("#host-settings summary")  # ... when the host makes it vocal
    host.select_option("#set-declare", "vocal")
    host.click("#host-settings button:has-text('Save')")
    host.wait_for_selector("#notice:has-text('Saved')")
    host.click("button:has-text('Start dealing')")
    ann.wait_for_selector(".seat.me .card[data-card]")
    intro = ann.locator("#game-intro")
    intro.wait_for(state="visible", timeout=5_000)
    shown = intro.locator("p:visible")
    assert shown.count() == 1  # of the two ways the host may choose, this hand's
    assert "(out loud)" in shown.inner_text() and "chips" not in shown.inner_text()
