"""The new-table form on a phone: only the options that apply are shown, a game's house
rules fill it in one tap, and what is hidden is not sent."""

from __future__ import annotations

PHONE = {"width": 390, "height": 844}
DECLARE_OPTIONS = ".only[data-games]"


def values(page, *names: str) -> dict[str, str]:
    return {name: page.input_value(f"#new-table [name={name}]") for name in names}


def test_a_host_on_a_phone_sees_only_what_applies_and_starts_from_house_rules(
    request, running_server, chromium
):
    page = chromium.new_context(viewport=PHONE, has_touch=True).new_page()
    request.node.pages = {"host": page}
    page.goto(running_server.base + "/new/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for field in ("#set-name", "#set-game", "#set-ante", "#set-raise_cap"):
        box = page.locator(field).bounding_box()
        assert box["height"] >= 40 and box["width"] >= 0.75 * PHONE["width"], field

    page.fill("#set-seat_count", "8")  # Sviten seats 6: the form says it cut them
    page.select_option("select[name=game]", "sviten")
    assert page.input_value("#set-seat_count") == "6"
    assert page.inner_text("#seats-cut") == "Sviten Special seats 6 at most: the seats are now 6."
    page.select_option("select[name=game]", "high-low-declare")
    assert page.inner_text("#seats-cut") == ""
    assert page.locator(DECLARE_OPTIONS).is_visible()
    page.select_option("select[name=game]", "sviten")
    assert page.locator(DECLARE_OPTIONS).is_hidden()
    assert page.locator("#set-declare").is_disabled()

    page.tap("button:has-text('High-Low Declare, house rules')")
    assert page.locator(DECLARE_OPTIONS).is_visible()
    assert page.locator("#set-small_bet").is_visible()
    house = {
        "game": "high-low-declare", "structure": "fixed-limit", "ante": "1", "big_blind": "0",
        "raise_cap": "3", "declare": "chips", "low": "ace-to-six",
    }  # fmt: skip
    assert values(page, *house) == house
    # Sizes typed for fixed-limit that the big bet would refuse: hidden, they are not sent.
    page.fill("#set-small_bet", "6")
    page.fill("#set-big_bet", "5")

    page.tap("button:has-text('Sviten Special, house rules')")
    assert page.locator(DECLARE_OPTIONS).is_hidden()
    assert page.locator("#set-small_bet").is_hidden()
    house = {
        "game": "sviten", "structure": "pot-limit", "ante": "0", "small_blind": "1",
        "big_blind": "2", "raise_cap": "",
    }  # fmt: skip
    assert values(page, *house) == house
    assert "Filled in: Sviten Special, house rules" in page.inner_text("#house-starts")

    page.fill("#set-name", "Phone game")
    page.tap("button:has-text('Open the table')")
    page.wait_for_selector("#table")
    page.click("#host-settings summary")
    opened = {
        "game": "sviten", "structure": "pot-limit", "small_blind": "1", "big_blind": "2",
        "small_bet": "", "big_bet": "",
    }  # fmt: skip
    assert {field: page.input_value(f"#set-{field}") for field in opened} == opened
    # The host's own form at the table shows only what applies too, and follows a change.
    assert page.locator("#host-settings #set-small_bet").is_hidden()
    assert page.locator("#host-settings #set-declare").is_hidden()
    page.select_option("#host-settings select[name=structure]", "fixed-limit")
    assert page.locator("#host-settings #set-small_bet").is_visible()
    page.select_option("#host-settings select[name=game]", "dealers-choice")
    assert page.locator("#host-settings #set-declare").is_visible()


def test_a_host_changing_the_game_at_the_table_is_offered_its_house_betting(
    request, running_server, chromium
):
    from tests.e2e.test_browser import create_table

    page = chromium.new_context(viewport=PHONE).new_page()
    request.node.pages = {"host": page}
    create_table(page, running_server.base, "levys")  # half-pot-limit, no raise cap
    page.click("#host-settings summary")
    form = page.locator("#host-settings form")
    offer = form.locator(".use-house")
    assert offer.is_hidden()  # the table's own game: nothing to offer
    form.locator("select[name=game]").select_option("high-low-declare")
    form.locator("select[name=declare]").select_option("vocal")  # not betting: it stays
    assert offer.is_visible() and "The betting below stays as it is." in offer.inner_text()
    button = offer.locator("button")
    assert button.inner_text() == (
        "Use the house betting for High-Low Declare: fixed-limit, ante 1, raise cap 3"
    )
    button.click()
    assert offer.is_hidden()
    assert form.locator("select[name=structure]").input_value() == "fixed-limit"
    assert form.locator("input[name=raise_cap]").input_value() == "3"
    assert form.locator("select[name=declare]").input_value() == "vocal"
    form.locator("button:has-text('Save')").click()
    page.wait_for_selector("#notice:has-text('Saved')")
    assert "fixed-limit" in page.inner_text("#notice").lower()
    page.wait_for_function(  # the push: the table's game is now the one shown
        "document.querySelector('#host-settings form').dataset.game === 'high-low-declare'"
    )
    page.wait_for_function("!document.getElementById('host-settings').open")  # saved: folded
    page.evaluate("window.scrollTo(0, 0)")
    top = "document.getElementById('host-tools').getBoundingClientRect().top"
    assert page.evaluate(top) > PHONE["height"]  # on a phone the host's tools are far down:
    page.click(".tabs .to-host")  # a tap away
    page.wait_for_function(f"{top} >= 0 && {top} < innerHeight - 200")  # (in view)
    assert offer.is_hidden()


def test_the_hosts_settings_refused_stay_told_while_the_settings_are_open(
    request, running_server, chromium
):
    from tests.e2e.test_browser import LAPTOP, create_table

    page = chromium.new_context(viewport=LAPTOP).new_page()
    request.node.pages = {"host": page}
    create_table(page, running_server.base, "levys")
    page.click("#host-settings summary")
    page.fill("#host-settings #set-away_after", "5")  # the browser's own refusal: the field
    page.evaluate("scrollTo(0, 0)")  # is scrolled to, clear of the bar with Save
    page.click("#host-settings button:has-text('Save')")
    page.wait_for_function("document.activeElement.id === 'set-away_after'")
    page.wait_for_timeout(300)  # (scrolled)
    field = page.locator("#host-settings #set-away_after").bounding_box()
    assert (
        field["y"] + field["height"] <= page.locator("#host-settings .save-bar").bounding_box()["y"]
    )
    page.fill("#host-settings #set-away_after", "30")
    page.fill("#host-settings #set-stake_cap", "1")
    page.click("#host-settings button:has-text('Save')")
    told = page.locator("#notice.error")
    told.wait_for()
    assert (
        told.inner_text() == "The stake cap must be more than the ante (1): at 1 nobody could bet"
    )
    page.evaluate("document.getElementById('notice').dataset.shownAt = '1'")  # long read
    page.wait_for_timeout(700)  # (looked at every 300 ms)
    assert told.inner_text().startswith("The stake cap")  # kept: the settings are open
    page.click("#host-settings summary")  # closed: it goes
    page.wait_for_function("!document.getElementById('notice').textContent.trim()")
    assert not page.locator("#notice.error").count()
