"""What each browser does on its own: its settings (sound, a four-colour deck, hints)
work where it refuses its storage outright (as some do in a private window), and times
show in its own time zone."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from tests.e2e.test_browser import LAPTOP, PHONE, create_table, sit

REFUSED = """Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("storage refused", "SecurityError"); },
});"""


def test_settings_work_where_the_browser_refuses_storage(request, running_server, chromium):
    host = chromium.new_context(viewport=LAPTOP).new_page()
    ann = chromium.new_context(viewport=PHONE).new_page()
    request.node.pages = {"host": host, "ann": ann}
    link = create_table(host, running_server.base, "levys")
    ann.add_init_script(REFUSED)
    errors = []
    ann.on("pageerror", lambda error: errors.append(str(error)))
    ann.goto(link)
    ann.click(".prefs summary")
    ann.check("#pref-four")
    ann.wait_for_function("() => document.body.classList.contains('four-colours')")
    ann.check("#pref-no-hints")
    ann.wait_for_function("() => document.body.classList.contains('no-hints')")
    ann.check("#pref-mute")
    ann.fill("#join-name", "Ann")
    ann.select_option("#join-seat", "2")
    ann.click(".join button:has-text('Sit down')")
    ann.wait_for_selector(".mine h2:has-text('seat')")
    assert errors == []


def test_the_ledger_says_when_in_the_readers_own_time_zone(request, running_server, chromium):
    host = chromium.new_context(viewport=LAPTOP).new_page()
    far = "Pacific/Kiritimati"  # UTC+14: most of the day, another day than UTC's
    reader = chromium.new_context(viewport=PHONE, timezone_id=far, locale="en-GB").new_page()
    request.node.pages = {"host": host, "reader": reader}
    link = create_table(host, running_server.base, "levys")
    sit(reader, link, "Ann", "2")
    host.click("#host-players summary")  # a stack change by the host: the ledger times it
    row = host.locator(".player-row", has_text="Ann")
    row.locator("summary").click()
    row.locator("input[id^=money-]").fill("25")
    row.locator("button:has-text('Add or take chips')").click()
    host.wait_for_selector("#notice:not(.error):has-text('Ann')")
    reader.goto(link.rstrip("/") + "/ledger/")
    when = reader.locator("time[data-local]").first
    reader.wait_for_function("() => !document.querySelector('time[data-local]')"
                             ".textContent.includes('UTC')")  # fmt: skip
    there = datetime.fromisoformat(when.get_attribute("datetime")).astimezone(ZoneInfo(far))
    shown = when.inner_text()
    assert there.strftime("%H:%M") in shown, shown
    today = datetime.now(ZoneInfo(far)).date()
    assert (there.strftime("%b") in shown) == (there.date() != today), shown  # the day, if
    # not today's
