"""A bar at the foot of a phone's screen (the game to pick, a turn's controls) never
covers the player's own seat, nor the pill that hangs below it ("Wins 3, up 1")."""

from __future__ import annotations

from tests.e2e.test_browser import LAPTOP, PHONE, sit

OWN_SEAT_UNCOVERED = """() => {
  const bar = document.querySelector('.choose');
  const seat = document.querySelector('.felt .seat.me');
  const lowest = Math.max(...[seat, ...seat.querySelectorAll('.said')]
                              .map(el => el.getBoundingClientRect().bottom));
  const won = document.querySelector('.seat.me .said.won');
  return bar && won && lowest <= bar.getBoundingClientRect().top;
}"""


def test_the_pick_bar_leaves_the_choosers_winnings_in_view(request, running_server, chromium):
    host = chromium.new_context(viewport=LAPTOP).new_page()
    phones = [chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
              for _ in range(2)]  # fmt: skip
    request.node.pages = {"host": host, "ann": phones[0], "bob": phones[1]}
    host.goto(running_server.base + "/new/")
    host.fill("input[name=name]", "Foot bars")
    host.select_option("select[name=game]", "dealers-choice")
    host.select_option("select[name=structure]", "pot-limit")
    for field, value in (("big_blind", "2"), ("small_blind", "1"), ("ante", "0")):
        host.fill(f"input[name={field}]", value)
    host.click("button:has-text('Open the table')")
    link = host.input_value("input[aria-label='invite link']")
    sit(phones[0], link, "Ann", "1")
    sit(phones[1], link, "Bob", "2")
    host.wait_for_selector(".seat:has-text('Bob')")
    host.click("button:has-text('Start dealing')")
    for page in phones:  # one of them is on the button and picks the game
        page.wait_for_selector(".felt .seat.me")
    for _ in range(100):  # (its bar comes with the push that follows the start)
        on_button = next((page for page in phones if page.locator(".choose").count()), None)
        if on_button:
            break
        phones[0].wait_for_timeout(100)
    assert on_button, "nobody was asked to pick the game"
    on_button.click(".choose button:has-text('High-Low Declare')")
    # Heads up the button passes each hand: the player on it now folds, so that the
    # next chooser is the one who wins, with a pill below their seat.
    other = phones[1] if on_button is phones[0] else phones[0]
    on_button.wait_for_selector(".controls button:has-text('Fold')", timeout=10_000)
    on_button.click(".controls button:has-text('Fold')")
    other.wait_for_selector(".choose", timeout=10_000)
    other.wait_for_function(OWN_SEAT_UNCOVERED, timeout=5_000)
