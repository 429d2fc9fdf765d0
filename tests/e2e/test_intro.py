"""A game's three lines show through a browser's first hand of it, and only then: a
hand the host voids was no hand of the game, so the next one shows them again."""

from __future__ import annotations

from tests.e2e.test_browser import Player, dealt_to_ann_and_bob


def test_the_intro_stays_through_the_first_hand_played_and_goes_after_it(
    request, running_server, chromium
):
    host, ann, bob = dealt_to_ann_and_bob(request, running_server, chromium, "levys")
    intro = ann.locator("#game-intro")
    assert intro.is_visible()
    host.on("dialog", lambda dialog: dialog.accept())
    host.click("button:has-text('Void this hand')")
    ann.wait_for_selector(".awards.voided")
    ann.wait_for_function("document.getElementById('table').dataset.hand === '2'")
    ann.wait_for_selector(".seat.me .card[data-card]")
    assert intro.is_visible()  # the voided hand did not use it up
    players = [Player(ann, first=True), Player(bob, first=False)]
    for _ in range(200):  # hand 2 is played to its end
        if ann.locator(".awards li").count():
            break
        if not any(player.step() for player in players):
            ann.wait_for_timeout(100)
    ann.wait_for_function("document.getElementById('table').dataset.hand === '3'")
    ann.wait_for_selector(".seat.me .card[data-card]")
    assert intro.is_hidden()  # hand 2 was the first played
