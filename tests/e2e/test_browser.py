"""A host and two players, each in their own browser, play a complete hand of each game
through the page: create the table, join from the link, act with the controls."""

from __future__ import annotations

import re

import pytest

PHONE = {"width": 390, "height": 844}
NARROW = {"width": 360, "height": 780}  # the narrowest phones in common use
TABLET = {"width": 768, "height": 1024}
ON_ITS_SIDE = {"width": 844, "height": 390}  # a phone turned on its side
LAPTOP = {"width": 1280, "height": 800}
SETTINGS = {
    "levys": {"structure": "half-pot-limit", "ante": "1"},
    "high-low-declare": {"structure": "fixed-limit", "ante": "1"},
    "sviten": {"structure": "pot-limit", "big_blind": "2", "small_blind": "1", "ante": "0"},
    "dealers-choice": {"structure": "pot-limit", "big_blind": "2", "small_blind": "1", "ante": "0"},
}


def version(page) -> int:
    return int(page.get_attribute("#table", "data-version"))


def act_and_wait(page, action) -> None:
    before = version(page)
    action()
    page.wait_for_function(
        "v => parseInt(document.getElementById('table').dataset.version) > v", arg=before
    )


def create_table(host, base: str, game: str) -> str:
    host.goto(base + "/new/")
    host.fill("input[name=name]", f"E2E {game}")
    host.select_option("select[name=game]", game)
    for field, value in SETTINGS[game].items():
        if field == "structure":
            host.select_option("select[name=structure]", value)
        else:
            host.fill(f"input[name={field}]", value)
    host.click("button:has-text('Open the table')")
    host.wait_for_selector("#table")
    return host.input_value("input[aria-label='invite link']")


def sit(page, link: str, name: str, seat: str) -> None:
    page.goto(link)
    page.wait_for_selector(".join form")
    page.fill(".join input[name=name]", name)
    page.select_option(".join select[name=seat]", seat)
    page.click(".join button:has-text('Sit down')")
    page.wait_for_selector(".mine h2:has-text('seat')")


def dealt_to_ann_and_bob(request, running_server, chromium, game: str):
    """The host on a laptop opens a table; Ann (a phone) and Bob (a laptop) sit in seats 1
    and 2, and the host starts dealing: (host, ann, bob), once Ann holds her cards."""
    host = chromium.new_context(viewport=LAPTOP).new_page()
    ann = chromium.new_context(viewport=PHONE).new_page()
    bob = chromium.new_context(viewport=LAPTOP).new_page()
    request.node.pages = {"host": host, "ann": ann, "bob": bob}
    link = create_table(host, running_server.base, game)
    sit(ann, link, "Ann", "1")
    sit(bob, link, "Bob", "2")
    host.wait_for_selector(".seat:has-text('Bob')")
    host.click("button:has-text('Start dealing')")
    ann.wait_for_selector(".seat.me .card[data-card]")
    return host, ann, bob


def assert_turn_is_shown(page) -> None:
    """The player to act sees every control of the step without scrolling, under a
    "Your turn" banner, and the tab's title says so."""
    page.wait_for_function("document.title.startsWith('\u25cf Your turn')")
    assert page.locator(".controls .your-turn").inner_text().startswith("Your turn")
    size = page.viewport_size
    for box in page.locator(
        ".controls button, .controls input:not([type=hidden]):not([type=checkbox])"
        ":not([type=radio]), .controls label.tap"
    ).evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())"):
        assert box["top"] >= 0 and box["bottom"] <= size["height"], box
        assert box["left"] >= 0 and box["right"] <= size["width"], box


def play_until(done, players: list[Player], tries: int = 200, between=None) -> None:
    """Until ``done()``, a round at a time: ``between()``, then the first player in the
    list whose page offers a turn takes it (or a short wait, if none does). Fails if
    ``tries`` rounds do not get there."""
    for _ in range(tries):
        if done():
            return
        if between:
            between()
        if not any(player.step() for player in players):
            players[0].page.wait_for_timeout(100)
    raise AssertionError("the players never got there")


MOUSE = "() => matchMedia('(hover: hover) and (pointer: fine)').matches"


class Player:
    """Plays from what the page shows, tapping cards and buttons like a person."""

    def __init__(self, page, first: bool) -> None:
        self.page = page
        self.first = first
        self.raised = False
        self.one_ups = 0
        self.done: set[str] = set()

    def step(self) -> bool:
        page = self.page
        controls = page.locator(".controls")
        if controls.count() == 0:
            return False
        assert_turn_is_shown(page)
        if controls.locator("form.raise").count() and not self.raised and self.first:
            self.raised = True
            form = controls.locator("form.raise")
            presets = form.locator(".presets button")
            if presets.count():  # none where the least and the most are one amount
                assert presets.first.inner_text().startswith("Min ")
                presets.first.click()  # the Min preset fills the amount
            amount = form.locator("input[name=to]")
            if amount.get_attribute("type") == "hidden":  # one size: the button says it
                words = form.locator("button.primary").inner_text().split()
                assert amount.input_value() in words
            else:
                assert amount.input_value() == amount.get_attribute("min")
            act_and_wait(page, lambda: form.locator("button.primary").click())
            self.done.add("raise")
            return True
        for label in ("Check", "Call"):
            button = controls.locator(f"button:has-text('{label}')")
            if button.count():
                act_and_wait(page, lambda b=button: b.first.click())
                self.done.add(label.lower())
                return True
        if controls.locator("form.pick input[name=discard]").count():
            if page.locator(".board").count() and self.first:  # Sviten: one card for one up
                controls.locator("label.tap").first.click()
            act_and_wait(page, lambda: controls.locator(".draw-button").click())
            self.done.add("draw")
            return True
        if controls.locator("form.arrange").count():
            order = controls.locator("input[name=order]")
            for _ in range(3):  # a tap made as a push redraws the bar can be lost: a person
                # reads the order line and taps what it lacks
                picked = set(filter(None, order.input_value().split(",")))
                for card in controls.locator(".arrange-card").all():
                    name = card.get_attribute("data-card")
                    if len(picked) < 4 and name not in picked:  # (the 5th goes last)
                        card.click()
                        picked.add(name)
                if len(order.input_value().split(",")) == 5:
                    break
            assert len(order.input_value().split(",")) == 5
            act_and_wait(page, lambda: controls.locator(".confirm-order").click())
            self.done.add("arrange")
            return True
        if controls.locator("input[name=card]").count():
            if self.first:
                replace = controls.locator(".replace-button")
                assert replace.is_disabled() and replace.inner_text() == "Replace it"  # untapped
                tapped = controls.locator("label.tap").first
                tapped.click()
                assert replace.is_enabled()  # and names the card: "Replace the 7♦"
                assert (
                    replace.inner_text() == "Replace the " + tapped.locator(".card").text_content()
                )
                act_and_wait(page, lambda: replace.click())
            else:
                act_and_wait(page, lambda: controls.locator("button:has-text('Keep all')").click())
            self.done.add("replace")
            return True
        if controls.locator("button:has-text('Take the')").count():
            label = "Take the" if self.one_ups == 0 else "Decline"
            self.one_ups += 1
            act_and_wait(page, lambda: controls.locator(f"button:has-text('{label}')").click())
            self.done.add("one-up")
            return True
        declaration = "High" if self.first else "Low"
        act_and_wait(page, lambda: controls.locator(f"button:has-text('{declaration}')").click())
        self.done.add("declare")
        return True


@pytest.mark.parametrize("game", ["levys", "high-low-declare", "sviten"])
def test_a_host_and_two_players_play_a_complete_hand(request, running_server, chromium, game):
    host, ann, bob = dealt_to_ann_and_bob(request, running_server, chromium, game)
    for page in (ann, bob):
        page.wait_for_selector(".seat.me .card[data-card]")
        assert page.locator(".seat:not(.me) .card[data-card]").count() == 0  # no hidden card
        free = page.locator(".seat.empty .free:visible")  # seats 3 to 6 (of 6), tagged
        assert free.all_inner_texts() == ["3 free", "4 free", "5 free", "6 free"]
        assert page.locator(".sit-here:visible").count() == 0  # a seated player sits once
    players = [Player(ann, first=True), Player(bob, first=False)]

    def both_shown() -> bool:
        return bool(ann.locator(".awards").count() and bob.locator(".awards").count())

    play_until(both_shown, players, 120)
    for page in (ann, bob, host):
        page.wait_for_selector(".awards li")
    assert "raise" in players[0].done or "check" in players[0].done
    if game == "levys":
        assert {"arrange", "replace", "declare"} <= players[0].done
    if game == "sviten":
        assert "draw" in players[0].done
    text = host.inner_text(".awards")
    assert " wins " in text or " gets back " in text  # (a split of even stakes: one's own)
    if request.config.getoption("verbose") > 1:
        for name, page in request.node.pages.items():
            page.screenshot(path=f"/tmp/e2e-{game}-{name}.png", full_page=True)


def test_what_a_person_types_or_opens_survives_a_push(running_server, chromium):
    host = chromium.new_context(viewport=LAPTOP).new_page()
    link = create_table(host, running_server.base, "levys")
    host.click("summary:has-text('Players')")
    ann = chromium.new_context(viewport=PHONE).new_page()
    ann.goto(link)
    ann.wait_for_selector(".join form")
    ann.fill(".join input[name=name]", "Ann")
    ann.fill(".join input[name=buy_in]", "150")
    before = version(ann)
    sit(chromium.new_context(viewport=PHONE).new_page(), link, "Bob", "3")
    ann.wait_for_function(
        "v => parseInt(document.getElementById('table').dataset.version) > v", arg=before
    )
    assert ann.input_value(".join input[name=name]") == "Ann"
    assert ann.input_value(".join input[name=buy_in]") == "150"
    host.wait_for_selector(".seat:has-text('Bob')")
    assert host.locator("#host-players").get_attribute("open") is not None


def sit_and_cash_out(page, buy_in: str) -> None:
    """Sits down with ``buy_in`` chips and cashes out at once, told to come back with as
    many (the table's least buy-in being less)."""
    page.fill(".join input[name=buy_in]", buy_in)
    page.click(".join button:has-text('Sit down')")
    page.wait_for_selector(".mine h2:has-text('seat')")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("button:has-text('Cash out and leave')")
    page.wait_for_selector(f"#notice:has-text('you buy in for at least {buy_in}')")


def test_the_join_form_asks_a_player_back_soon_for_what_they_left_with(running_server, chromium):
    host = chromium.new_context(viewport=LAPTOP).new_page()
    link = create_table(host, running_server.base, "levys")
    cat = chromium.new_context(viewport=PHONE).new_page()
    cat.goto(link)
    cat.fill(".join input[name=name]", "Cat")
    sit_and_cash_out(cat, "300")
    for _ in range(2):  # at once, and on the page opened again
        box = cat.locator("#join-buy-in")
        box.wait_for()
        assert box.get_attribute("min") == "300" and box.input_value() == "500"
        hint = cat.inner_text(".join label:has(#join-buy-in) .hint")
        assert hint.startswith("300 to 500 chips: you left the table lately, so you come back "
                               "with at least 300 until ")  # fmt: skip
        assert re.search(r" until [0-2]\d:[0-5]\d$", hint), hint  # 24-hour, as the hands list
        box.fill("150")  # the browser asks for more before the server is asked
        assert box.evaluate("el => el.validity.rangeUnderflow")
        cat.goto(link)
    sit_and_cash_out(cat, "500")
    hint = cat.inner_text(".join label:has(#join-buy-in) .hint")  # the most is the least
    assert hint.startswith("500 chips: you left the table lately, so you come back with no less")
    cat.click(".join button:has-text('Sit down')")
    cat.wait_for_selector(".mine h2:has-text('seat')")
    host.click("#host-players summary")  # the host removes her: she is told, and her
    host.once("dialog", lambda dialog: dialog.accept())  # page asks no less of her
    host.locator(".player-row", has_text="Cat").locator("button:has-text('Remove')").click()
    cat.wait_for_selector("#notice:has-text('The host removed Cat from the table')")
    cat.evaluate("localStorage.clear(); sessionStorage.clear()")  # (a page opened anew)
    cat.goto(link)
    hint = cat.inner_text(".join label:has(#join-buy-in) .hint")
    assert hint.startswith("500 chips: you left the table lately, so you come back with no less")


def test_cards_tapped_stay_tapped_through_pushes(request, running_server, chromium):
    """A chat line or another seat's action redraws the controls: the discards and the
    reveal order a player has half tapped stay as they were."""
    host, ann, bob = dealt_to_ann_and_bob(request, running_server, chromium, "levys")
    said = iter(range(1, 100))

    def push_from_the_host():
        line = f"line {next(said)}"
        act_and_wait(ann, lambda: (host.fill("#chat-text", line),
                                   host.press("#chat-text", "Enter")))  # fmt: skip
        ann.wait_for_selector(f".chat-lines li:has-text('{line}')", state="attached")

    players = [Player(ann, first=True), Player(bob, first=False)]
    at_the_draw = ann.locator(".controls input[name=discard]")  # Ann's
    play_until(at_the_draw.count, players[::-1], 60)
    taps = ann.locator(".controls label.tap")
    taps.nth(0).click()
    taps.nth(2).click()
    push_from_the_host()
    assert ann.locator(".controls input[name=discard]:checked").count() == 2
    assert ann.inner_text(".controls .draw-button") == "Draw 2"
    act_and_wait(ann, lambda: ann.click(".controls .draw-button"))

    at_the_order = ann.locator(".controls form.arrange")  # which both arrange at once
    play_until(at_the_order.count, players[::-1], 60)
    cards = ann.locator(".controls .arrange-card")
    first, second = cards.nth(3).get_attribute("data-card"), cards.nth(1).get_attribute("data-card")
    cards.nth(3).click()
    cards.nth(1).click()
    push_from_the_host()
    bob.wait_for_selector(".controls form.arrange")
    act_and_wait(ann, lambda: players[1].step())  # Bob locks his order: a new sequence
    assert ann.input_value(".controls input[name=order]") == f"{first},{second}"
    assert ann.locator(".controls .arrange-card.picked").count() == 2
    shown = [c.replace("T", "10")[:-1] for c in (first, second)]  # "K♠ up first, then 3♥"
    said = ann.inner_text(".controls .order-shown").split()
    assert [said[0][:-1], said[4][:-1]] == shown and said[1:4] == ["up", "first,", "then"]
    cards.nth(1).click()  # tapped again, the second card comes back
    assert ann.input_value(".controls input[name=order]") == first
    for k in (1, 0, 2):  # the fourth tapped leaves the hole card: the order is whole
        cards.nth(k).click()
    assert ann.locator(".controls .arrange-card.picked").count() == 5
    assert ann.is_enabled(".controls .confirm-order")
    said = ann.inner_text(".controls .order-shown")  # the hole card named last
    assert said.split()[4:] == ["up,", said.split()[5], "down"] and len(said.split()) == 7
    cards.nth(3).click()  # the first card back: all of them
    assert ann.input_value(".controls input[name=order]") == ""
    tap = "click" if ann.evaluate(MOUSE) else "tap"  # (a mouse here, unless touch is emulated)
    assert ann.inner_text(".controls .order-shown") == f"{tap} the first card to turn up"
    assert ann.inner_text(".controls form.arrange > p").startswith(f"{tap.title()} your cards")
    assert not ann.is_enabled(".controls .confirm-order")


AT_THE_FOOT = """() => {
  const bar = document.querySelector('.stepper').getBoundingClientRect();
  const mine = document.querySelector('.felt .seat.me').getBoundingClientRect();
  return Math.abs(bar.bottom - innerHeight) < 1 && mine.top >= 0 && mine.bottom <= bar.top;
}"""


def test_a_player_steps_through_a_hand_review(request, running_server, chromium):
    _, ann, bob = dealt_to_ann_and_bob(request, running_server, chromium, "high-low-declare")
    players = [Player(ann, first=True), Player(bob, first=False)]
    play_until(lambda: ann.locator(".awards").count(), players, 120)
    ann.click("nav.tabs a:has-text('Hands')")
    ann.click("table.hands a >> nth=0")
    ann.wait_for_selector(".stepper")
    assert ann.get_attribute(".stepper", "data-step") == "0"
    total = int(ann.get_attribute(".stepper", "data-total"))
    ann.keyboard.press("ArrowRight")
    ann.wait_for_selector(".stepper[data-step='1']")
    ann.keyboard.press("ArrowRight")
    ann.wait_for_selector(".stepper[data-step='2']")
    ann.keyboard.press("ArrowLeft")
    ann.wait_for_selector(".stepper[data-step='1']")
    ann.keyboard.press("ArrowRight")
    ann.wait_for_selector(".stepper[data-step='2']")
    # Bob's cards, shown at the showdown, are there from the deal, but plainly not yet
    # seen: on grey, not a card's white, whatever their suit's colour
    later, seen = ann.evaluate("""() => [
      '.seat:not(.me) .card.later', '.seat.me .card:not(.later)'].map(s => Array.from(
        document.querySelectorAll(s), c => getComputedStyle(c).backgroundColor))""")
    assert len(later) == 5 and set(seen) == {"rgb(255, 255, 255)"}, (later, seen)
    grey = [tuple(map(int, re.findall(r"\d+", c))) for c in later]  # opaque, as rgb() says
    assert all(len(c) == 3 and len(set(c)) == 1 and 0x80 < c[0] < 0xE0 for c in grey), later
    ann.locator(".slider input").fill(str(total))
    ann.wait_for_selector(f".stepper[data-step='{total}']")
    assert ann.locator(".awards li").count() >= 1
    assert ann.locator(".seat.me .card[data-card]").count() == 5
    assert ann.evaluate(AT_THE_FOOT)  # on a phone the steps are a bar at the screen's foot
    ann.evaluate("() => scrollTo(0, scrollY + document.querySelector('.step-taken')"
                 ".getBoundingClientRect().top)")  # fmt: skip
    felt_at = "() => document.querySelector('.felt').getBoundingClientRect().top"
    read_at = ann.evaluate(felt_at)
    assert ann.evaluate("() => scrollY") > 100  # (past the page's head)
    ann.click(".stepper #prev")
    ann.wait_for_selector(f".stepper[data-step='{total - 1}']")
    caption, end = ann.evaluate("""() => [
      document.querySelector('.step-taken').getBoundingClientRect().top,
      document.documentElement.scrollHeight - innerHeight - scrollY]""")
    # the next step opens with the felt where one had it (as far as the page goes), or with
    # its caption, if longer, in view
    assert abs(ann.evaluate(felt_at) - read_at) < 1 or abs(caption) < 1 or end < 1
    assert ann.evaluate("() => scrollY") > 0
    assert ann.evaluate(AT_THE_FOOT)  # and the felt, one's own seat too, is above the bar
    ann.evaluate("""() => {  // a key pressed before the page comes counts on from it (both
      document.querySelector('.stepper #prev').click();  // at once: a key pressed as one
      document.body.dispatchEvent(  // document gives way to the next is lost by the browser)
        new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    }""")
    ann.wait_for_selector(f".stepper[data-step='{total - 3}']")
    ann.set_viewport_size({"width": 1280, "height": 600})  # on a small laptop the steps stay
    ann.evaluate("() => scrollTo(0, document.documentElement.scrollHeight)")  # at the top of
    ann.wait_for_function(  # the screen as the page scrolls past the title above them
        "() => document.querySelector('.review-title').getBoundingClientRect().bottom < -20"
    )
    head = ann.evaluate("() => document.querySelector('.stepper').getBoundingClientRect().top")
    assert 0 <= head < 20, head
    review = ann.url.split("?")[0]
    ann.go_back()  # the steps are one place in the history: Back leaves the review
    ann.wait_for_selector("table.hands")

    side = chromium.new_context(viewport=ON_ITS_SIDE, has_touch=True, is_mobile=True)
    side.add_cookies(ann.context.cookies())  # on its side the steps are a column beside the
    phone = side.new_page()  # felt (not the table's column for its turns, empty here): Next
    phone.goto(review + "?step=2")  # and one's own seat on the screen at every step
    for step in range(3, 9):
        phone.wait_for_selector(".seat.me .card[data-card]")
        felt, head = (phone.locator(s).bounding_box() for s in (".felt", ".review-head"))
        assert felt["x"] + felt["width"] <= head["x"] and felt["width"] > 0.5 * head["x"]
        blank = phone.evaluate("() => getComputedStyle(document.body, '::after').width")
        assert blank in ("auto", "0px"), blank  # (the table's blank column: none)
        mine = phone.locator(".seat.me").bounding_box()
        assert mine["y"] + mine["height"] <= ON_ITS_SIDE["height"] + 1, mine  # (seen whole)
        nxt = phone.locator(".review-head #next").bounding_box()
        assert nxt["x"] >= head["x"] and nxt["y"] >= 0 and nxt["y"] + nxt["height"] <= 390
        phone.locator(".review-head #next").tap()
        phone.wait_for_selector(f".stepper[data-step='{step}']")
    side.close()


def test_the_draw_button_says_what_it_will_do_and_an_old_notice_goes(running_server, chromium):
    host = chromium.new_context(viewport=LAPTOP).new_page()
    ann = chromium.new_context(viewport=PHONE).new_page()
    bob = chromium.new_context(viewport=PHONE).new_page()
    link = create_table(host, running_server.base, "high-low-declare")
    sit(ann, link, "Ann", "1")
    sit(bob, link, "Bob", "2")
    host.wait_for_selector(".seat:has-text('Bob')")
    host.click("button:has-text('Start dealing')")
    host.wait_for_selector("#notice:has-text('Dealing started.')")
    host.wait_for_timeout(2500)  # the notice has been up a while when the table moves on
    players = {"ann": ann, "bob": bob}
    for page in players.values():
        page.wait_for_selector(".seat.me .card[data-card]")
    while not any(p.locator(".draw-button").count() for p in players.values()):
        page = next(p for p in players.values() if p.locator(".controls").count())
        act_and_wait(page, lambda pg=page: pg.locator(".controls button:has-text('Check')").click())
    assert host.inner_text("#notice").strip() == ""
    page = next(p for p in players.values() if p.locator(".draw-button").count())
    button = page.locator(".draw-button")
    assert button.inner_text() == "Stand pat"
    taps = page.locator(".controls label.tap")
    taps.nth(0).click()
    taps.nth(3).click()
    assert button.inner_text() == "Draw 2"
    taps.nth(0).click()
    assert button.inner_text() == "Draw 1"


def heads_up_on_phones(running_server, chromium, touch: bool = False):
    """The host on a laptop opens High-Low Declare; Ann and Bob sit on phones (``touch``:
    tapped, not clicked) and hold their cards: (host, {"Ann": page, "Bob": page})."""
    host = chromium.new_context(viewport=LAPTOP).new_page()
    pages = {name: chromium.new_context(viewport=PHONE, is_mobile=touch, has_touch=touch)
             .new_page() for name in ("Ann", "Bob")}  # fmt: skip
    link = create_table(host, running_server.base, "high-low-declare")
    sit(pages["Ann"], link, "Ann", "1")
    sit(pages["Bob"], link, "Bob", "2")
    host.wait_for_selector(".seat:has-text('Bob')")
    host.click("button:has-text('Start dealing')")
    for page in pages.values():
        page.wait_for_selector(".seat.me .card[data-card]")
    return host, pages


def test_a_double_click_acts_once_and_a_refusal_lets_the_player_try_again(running_server, chromium):
    """A laptop's double-click sends one action, not a second refused as stale; an action
    the server refuses (a forged size) leaves the controls for another try."""
    host, pages = heads_up_on_phones(running_server, chromium)
    name, page = next((n, p) for n, p in pages.items() if p.locator(".controls").count())
    page.evaluate("document.querySelector('.controls form.raise input[name=to]').value = 99")
    page.click(".controls form.raise button.primary")
    page.wait_for_selector("#notice.error")
    assert page.locator(".controls").count()
    act_and_wait(page, lambda: page.dblclick(".controls button:has-text('Check')"))
    host.wait_for_selector(f".log li:has-text('{name} checks')")
    page.wait_for_timeout(500)  # (a second check would be refused by now)
    assert "moved on" not in page.inner_text("#notice")
    assert host.locator(f".log li:has-text('{name} checks')").count() == 1


def test_a_check_fold_ticked_ahead_is_played_when_the_turn_comes(running_server, chromium):
    host, pages = heads_up_on_phones(running_server, chromium)
    first = next(n for n, p in pages.items() if p.locator(".controls").count())
    second = "Bob" if first == "Ann" else "Ann"
    waiting = pages[second]
    waiting.check("#ahead-check-fold")
    act_and_wait(pages[first], lambda: pages[first].click(".controls button:has-text('Check')"))
    # The waiting player's check goes by itself: the hand reaches the draw.
    host.wait_for_selector(f".log li:has-text('{second} checks')")
    assert (
        waiting.locator(".controls .draw-button").count()
        + pages[first].locator(".controls .draw-button").count()
        == 1
    )


def test_call_any_calls_a_bet_and_check_fold_folds_to_one(running_server, chromium):
    host, pages = heads_up_on_phones(running_server, chromium)

    def bet_against(tick: str, answer: str) -> None:
        """The player waiting ticks ``tick``; the one to act bets; the ``answer`` is made
        for the one waiting when their turn comes."""
        first = next(n for n, p in pages.items() if p.locator(".controls").count())
        second = "Bob" if first == "Ann" else "Ann"
        pages[second].wait_for_timeout(800)  # (the boxes ignore taps just after one acts)
        pages[second].check(tick)
        bet = pages[first].locator(".controls form.raise button.primary")
        act_and_wait(pages[first], lambda: bet.click())
        host.wait_for_selector(f".log li:has-text('{second} {answer}')")

    bet_against("#ahead-call-any", "calls")  # before the draw
    for page in pages.values():  # both stand pat
        page.wait_for_selector(".controls .draw-button, .act-ahead")
    for _ in range(2):
        drawing = next(p for p in pages.values() if p.locator(".controls .draw-button").count())
        act_and_wait(drawing, lambda d=drawing: d.click(".controls .draw-button"))
    for page in pages.values():
        page.wait_for_selector(".controls[data-round], .act-ahead[data-round]")
    assert all(not p.locator("#ahead-call-any:checked").count() for p in pages.values())
    bet_against("#ahead-check-fold", "folds")  # after it: a new round, ticked anew


SECOND_TAP = """() => new MutationObserver((_, watching) => {
  const box = document.querySelector('.act-ahead label:has(#ahead-check-fold)');
  if (!box) return;
  watching.disconnect();
  box.click();
  window.secondTapLanded = true;
}).observe(document.body, { childList: true, subtree: true })"""


def test_a_raise_tapped_twice_does_not_also_tick_check_fold(running_server, chromium):
    """On a phone the boxes to act ahead come where the raise was: a second tap landing
    on them just after is ignored; a tap a moment later ticks, and shows it."""
    _host, pages = heads_up_on_phones(running_server, chromium, touch=True)
    page = next(p for p in pages.values() if p.locator(".controls").count())
    page.evaluate(SECOND_TAP)  # the double tap's second lands on the boxes as they come
    page.locator(".controls form.raise button.primary").tap()
    page.wait_for_function("window.secondTapLanded")
    box = page.locator(".act-ahead label:has(#ahead-check-fold)")
    assert not page.locator("#ahead-check-fold").is_checked()
    page.wait_for_timeout(800)
    box.tap()
    assert page.locator("#ahead-check-fold").is_checked()
    shade = box.evaluate("b => getComputedStyle(b).backgroundColor")
    assert shade == "rgb(255, 231, 163)"  # a choice made ahead stands out


@pytest.mark.parametrize("screen", [PHONE, ON_ITS_SIDE])
def test_the_player_on_the_button_picks_the_game_from_the_bar_on_a_phone(
    running_server, chromium, screen
):
    host = chromium.new_context(viewport=LAPTOP).new_page()
    side = screen is ON_ITS_SIDE  # (a phone's: touch)
    pages = {name: chromium.new_context(viewport=screen, has_touch=side, is_mobile=side)
             .new_page() for name in ("Ann", "Bob")}  # fmt: skip
    link = create_table(host, running_server.base, "dealers-choice")
    sit(pages["Ann"], link, "Ann", "1")
    sit(pages["Bob"], link, "Bob", "2")
    host.wait_for_selector(".seat:has-text('Bob')")
    host.click("button:has-text('Start dealing')")
    for _ in range(100):  # the player on the button is asked to pick the game
        asked = [p for p in pages.values() if p.locator(".choose button").count()]
        if asked:
            break
        host.wait_for_timeout(100)
    (chooser,) = asked
    chooser.wait_for_function("document.title.startsWith('\\u25cf Your turn')")
    other = next(p for p in pages.values() if p is not chooser)  # the middle, to each:
    assert "waiting for you to pick the game" in chooser.inner_text(".felt .middle")
    name = chooser.inner_text(".felt .seat.me .who strong")
    other.wait_for_selector(f".felt .middle:has-text('waiting for {name} to pick the game')")
    for box in chooser.locator(".choose button").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().toJSON())"
    ):
        assert box["top"] >= 0 and box["bottom"] <= screen["height"], box
    if side:  # the picker is the column at the side, clear of one's own seat
        seat = chooser.locator(".felt .seat.me").bounding_box()
        assert chooser.locator(".choose").bounding_box()["x"] >= seat["x"] + seat["width"]
    act_and_wait(chooser, lambda: chooser.click(".choose button:has-text('Sviten Special')"))
    chooser.wait_for_selector(".seat.me .card[data-card]")
