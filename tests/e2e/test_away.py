"""A player who closes the table's page on their turn: half a minute later the clock acts
for them (RULES.md §6), everyone sees it marked, and they sit out from the next hand
until their page is back."""

from __future__ import annotations

from tests.e2e.test_browser import dealt_to_ann_and_bob

TURN = "document.title.startsWith('\u25cf Your turn')"


def test_the_clock_acts_for_a_player_gone_on_their_turn_who_sits_out_till_back(
    request, running_server, chromium
):
    host, ann, bob = dealt_to_ann_and_bob(request, running_server, chromium, "levys")
    for _ in range(100):  # whose turn it is
        gone = next((page for page in (ann, bob) if page.evaluate(TURN)), None)
        if gone is not None:
            break
        host.wait_for_timeout(100)
    name = "Ann" if gone is ann else "Bob"
    context, table = gone.context, host.url
    gone.close()  # the page is shut on their turn (a phone put away, a laptop closed)
    seat = host.locator(".felt .seat", has_text=name)
    seat.locator(".away").wait_for(timeout=45_000)  # half a minute on, away ...
    host.wait_for_function(  # ... and the clock has acted for them, and says so
        "() => /\\(clock\\)/.test(document.querySelector('.log').innerText)", timeout=15_000
    )
    assert "sits out next hand" in seat.inner_text()  # (a table they left stops dealing)
    back = context.new_page()  # they come back: dealt in again, and the table is told
    back.goto(table)
    back.wait_for_selector(".mine button:has-text('Sit out')")
    host.wait_for_selector(f".chat-lines li:has-text('{name} is back')")
    assert "sits out next hand" not in seat.inner_text()
