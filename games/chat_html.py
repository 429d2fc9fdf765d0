"""The chat beside the felt, as HTML: its lines (the same for every viewer of a version)
and the viewer's own box to type in. Names and lines are what people typed: escaped."""

from __future__ import annotations

from collections import OrderedDict
from html import escape

from games.state import keep

_rendered: OrderedDict[tuple, str] = OrderedDict()


def speaker(name: str, by_host: bool) -> str:
    """Who said a line, as the chat shows it: 'Ann', 'Hal (host)', or 'Host'."""
    if not by_host:
        return name
    return f"{name} (host)" if name else "Host"


def lines(context: dict) -> str:
    """The drawer's handle and the latest lines, oldest first; ``data-line`` numbers them
    so that static/js/chat.js can count the ones not read yet."""
    chat = context["chat"]
    html = _rendered.get(chat)
    if html is None:
        said = "".join(_line(*line) for line in chat)
        empty = "" if chat else '<p class="hint">Nothing said yet.</p>'
        html = ('    <button type="button" class="chat-toggle" aria-controls="chat-body">Chat'
                ' <span class="unread"></span></button>\n'
                f'    <div class="chat-body" id="chat-body">\n    <ol class="chat-lines">{said}'
                f"</ol>{empty}\n")  # fmt: skip
        keep(_rendered, chat, html)
    return html


def _line(pk: int, name: str, by_host: bool, text: str, told: bool, about: int | None) -> str:
    """One line: a line said, after its speaker in bold; or the table's own news (``told``),
    set apart from speech as one sentence: "Ann is away: …", "The host changed: …"; news
    about a player names their seat (static/js/chat.js tells it to them)."""
    if not told:
        return f'<li data-line="{pk}"><b>{escape(speaker(name, by_host))}</b> {escape(text)}</li>'
    said = f"{name} {text}" if name and not by_host else text  # (in a player's name, or not)
    seat = f' data-about="{about}"' if about else ""
    return f'<li data-line="{pk}" class="told"{seat}>{escape(said)}</li>'


def say_box(context: dict) -> str:
    """The viewer's box to type in: a seated player's, the host's, or once the game has
    ended its players'; a muted player and a spectator are told why they have none."""
    viewer, me = context["viewer"], context["me"]
    muted = viewer.ended_muted or (me is not None and me.muted)
    if muted and not viewer.is_host:
        return '    <p class="hint">The host has muted you: you can read along.</p>\n'
    if viewer.seat is None and not viewer.is_host and not viewer.ended_player:
        if context["table"].ended:  # (nobody sits down at an ended game)
            return '    <p class="hint">The game has ended: its players talk it over here.</p>\n'
        return '    <p class="hint">Take a seat to chat; until then you can read along.</p>\n'
    return (f'    <form class="chat-say" hx-post="{escape(context["urls"]["chat"])}" '
            'hx-target="#notice" hx-swap="outerHTML"><input name="text" id="chat-text" '
            'data-keep maxlength="200" required autocomplete="off" placeholder="Say something"'
            ' aria-label="Say something to the table"><button>Send</button></form>\n')  # fmt: skip


def section(shared: str, own: str) -> str:
    """The chat: a drawer at the side on a phone (static/js/chat.js opens it)."""
    return (f'  <section class="chat" aria-label="chat">\n{shared}{own}    </div>\n'
            "  </section>\n")  # fmt: skip
