"""The chat in two browsers: a line said in one is read in the other, as text."""

from __future__ import annotations

from tests.e2e.test_browser import (
    LAPTOP,
    PHONE,
    Player,
    create_table,
    dealt_to_ann_and_bob,
    sit,
)


def test_a_line_said_on_a_phone_is_read_at_the_other_seat(request, running_server, chromium):
    host = chromium.new_context(viewport=LAPTOP).new_page()
    ann = chromium.new_context(viewport=PHONE).new_page()
    bob = chromium.new_context(viewport=LAPTOP).new_page()
    request.node.pages = {"host": host, "ann": ann, "bob": bob}
    link = create_table(host, running_server.base, "levys")
    sit(ann, link, "Ann", "1")
    sit(bob, link, "Bob", "2")

    # On a phone the chat is a drawer, shut until its button opens it.
    assert not ann.locator(".chat-body").is_visible()
    ann.click(".chat-toggle")
    assert ann.locator(".chat-body").is_visible()
    bob.fill("#chat-text", "half a thought")  # Bob is typing as Ann's line comes in
    ann.fill("#chat-text", "<b>hi</b> Bob")
    ann.press("#chat-text", "Enter")

    bob.wait_for_selector(".chat-lines li:has-text('<b>hi</b> Bob')")
    assert bob.locator(".chat-lines li").last.inner_text() == "Ann <b>hi</b> Bob"
    line = bob.locator(".chat-lines li").last
    assert line.locator("b").count() == 1  # the name only: the line is text
    assert bob.input_value("#chat-text") == "half a thought"
    ann.wait_for_function("document.getElementById('chat-text').value === ''")

    # The button beside the open drawer says it shuts it; so does a tap beside it.
    assert ann.locator(".chat-toggle").inner_text().startswith("Close")
    ann.mouse.click(10, 400)
    assert not ann.locator(".chat-body").is_visible()
    assert ann.locator(".chat-toggle").inner_text().startswith("Chat")
    ann.click(".chat-toggle")

    # With the drawer shut, a new line is counted on its button.
    ann.click(".chat-toggle")
    assert not ann.locator(".chat-body").is_visible()
    bob.fill("#chat-text", "hello Ann")
    bob.press("#chat-text", "Enter")
    ann.wait_for_selector(".chat-toggle .unread:has-text('(1)')")
    ann.click(".chat-toggle")
    ann.wait_for_selector(".chat-lines li:has-text('hello Ann')")
    assert ann.locator(".chat-toggle .unread").inner_text() == ""


def test_on_a_touch_screen_opening_the_chat_does_not_call_up_the_keyboard(running_server, chromium):
    host = chromium.new_context(viewport=LAPTOP).new_page()
    link = create_table(host, running_server.base, "levys")
    for seat, touch, focused in (("1", True, False), ("2", False, True)):
        page = chromium.new_context(viewport=PHONE, has_touch=touch, is_mobile=touch).new_page()
        sit(page, link, f"P{seat}", seat)
        page.click(".chat-toggle")
        assert page.locator(".chat-body").is_visible()
        typing = page.evaluate("document.activeElement.id === 'chat-text'")
        assert typing is focused  # with a mouse or keys: ready to type at once


BOXES = """() => Object.fromEntries(['.felt', '.chat', '#chat-text', '.controls'].map((s) =>
    [s, document.querySelector(s) && document.querySelector(s).getBoundingClientRect().toJSON()]
))"""


def test_on_a_laptop_the_chat_is_a_column_beside_the_table(request, running_server, chromium):
    _, ann, bob = dealt_to_ann_and_bob(request, running_server, chromium, "levys")
    for _ in range(6):  # until it is Bob's turn, at his laptop
        if bob.locator(".controls").count():
            break
        Player(ann, first=True).step()
        bob.wait_for_timeout(300)
    bob.wait_for_selector(".controls")
    bob.wait_for_timeout(300)  # the bar's height is measured
    box = bob.evaluate(BOXES)
    felt, chat, say, bar = box[".felt"], box[".chat"], box["#chat-text"], box[".controls"]
    assert chat["left"] >= felt["right"]  # beside the felt, not over it or under it
    assert chat["top"] < felt["bottom"] and chat["bottom"] <= bar["top"]  # clear of the bar
    assert say["top"] >= chat["top"] and say["bottom"] <= bar["top"]  # the box to type in shows

    # Narrower than a laptop, the chat is in the page under the table.
    bob.set_viewport_size({"width": 1024, "height": 768})
    bob.wait_for_timeout(300)
    box = bob.evaluate(BOXES)
    assert box[".chat"]["top"] >= box[".felt"]["bottom"]
    named = bob.evaluate("getComputedStyle(document.querySelector('.chat'), '::before').content")
    assert named == '"Table chat"'  # (under the table too: named, as in the column)
    for screen in ({"width": 1024, "height": 768}, {"width": 768, "height": 1024}):
        bob.set_viewport_size(screen)  # (a tablet's too)
        bob.evaluate("window.scrollTo(0, 0); document.activeElement.blur()")
        bob.wait_for_timeout(300)
        bob.focus("#chat-text")  # tapped to type in: it comes into view above the turn's bar
        say, bar = (bob.evaluate(BOXES)[s] for s in ("#chat-text", ".controls"))
        assert say["top"] >= 0 and say["bottom"] <= bar["top"], (screen, say, bar)
