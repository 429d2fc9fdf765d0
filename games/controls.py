"""The player to act's controls, built as HTML here (like ``games.table_html``): one form
per legal action, each sending the hand's sequence number with it.

Rendered for the next player to act after every action, in the bar at the foot of the
screen. Everything shown comes from the engine's legal actions and the viewer's own
cards: kinds, amounts and card names, never free text (escaped all the same).
"""

from __future__ import annotations

from html import escape

from games.rules.cards import face
from games.templatetags.poker import card


def _hidden(name: str, value: object) -> str:
    return f'<input type="hidden" name="{name}" value="{escape(str(value))}">'


def _form(sequence: int, kind: str, button: str, more: str = "", css: str = "",
          key: str = "") -> str:  # fmt: skip
    """A one-button form: the action ``kind`` at ``sequence`` (``key``: its keyboard key,
    table.js)."""
    keyed = f' data-key="{key}"' if key else ""
    shown = f" <kbd>{key.upper()}</kbd>" if key else ""
    return (f"<form ws-send>{_hidden('seq', sequence)}{_hidden('type', kind)}{more}"
            f"<button{css}{keyed}>{button}{shown}</button></form>")  # fmt: skip


def _call_label(legal: dict) -> str:
    """'Call 24', and what the call leaves: '(all-in)' or '(stake cap)'."""
    call = legal["call"]
    after = legal["bet_already"] + call
    if after == legal.get("all_in_to"):
        return f"Call {call} (all-in)"
    if after == legal.get("cap_to"):
        return f"Call {call} (stake cap)"
    return f"Call {call}"


def _no_raise_reason(legal: dict) -> str:
    """Why a betting step has no bet or raise control, when a cap or a short raise is the
    reason (not when the call takes every chip the player has)."""
    cap, raises = legal.get("raise_cap"), legal.get("raises", 0)
    if cap is not None and raises >= cap:
        return f'    <p class="limits">Raises capped ({raises} of {cap})</p>\n'
    after_call = legal.get("bet_already", 0) + legal.get("call", 0)
    if (
        legal.get("short_raise")
        and after_call < legal.get("all_in_to", after_call)
        and after_call != legal.get("cap_to")
    ):
        return ('    <p class="limits">No raise: a raise short of a full one (an all-in, or a '
                "stake cap) does not reopen the betting</p>\n")  # fmt: skip
    return ""


def _short_reason(legal: dict) -> str:
    """Why the smallest raise goes a full raise past a short all-in (it is not made up to
    a full one): "All-in for 1, short of a full bet of 2: call 1, or raise a full 2 on
    top, to 3"."""
    short, low = legal.get("short"), legal.get("min_to")
    if not short or low != short["to"] + short["full"]:
        return ""  # (the raise is the player's last chips, or nothing is short)
    to, full = short["to"], short["full"]
    if short["of"] == "bet":
        what = f"All-in for {to}, short of a full bet of {full}"
    else:
        what = f"All-in raise to {to}, short of a full raise"
    call = f"call {legal['call']}, or " if legal.get("call") else ""
    return (f'    <p class="limits">{what}: {call}raise a full {full} on top, '
            f"to {low}</p>\n")  # fmt: skip


def _betting(legal: dict, sequence: int, presets: list) -> str:
    kinds = legal["kinds"]
    row = "".join((
        _form(sequence, "fold", "Fold", css=' class="fold"', key="f") if "fold" in kinds else "",
        _form(sequence, "check", "Check", key="c") if "check" in kinds else "",
        _form(sequence, "call", escape(_call_label(legal)), key="c") if "call" in kinds else "",
    ))  # fmt: skip
    html = f'    <div class="row">{row}</div>\n'
    kind = legal.get("raise_kind")
    if not kind:
        return html + _no_raise_reason(legal)
    low, high, named = legal["min_to"], legal["max_to"], escape(kind.title())
    html += _short_reason(legal)
    if low == high:  # one size (fixed-limit, or the whole stack): nothing to type
        sized = f"{named} {low}" if kind == "bet" else f"{named} to {low}"
        if low == legal.get("all_in_to"):
            sized += " (all-in)"  # as the call says it
        elif low == legal.get("cap_to"):
            sized += " (stake cap)"  # (a raise cut short by it: why it is not a full one)
        return html + (
            f'    <form ws-send class="raise">{_hidden("seq", sequence)}{_hidden("type", kind)}'
            f'{_hidden("to", low)}<button class="primary" data-key="r">{sized} <kbd>R</kbd>'
            "</button></form>\n"
        )  # fmt: skip
    buttons = "".join(f'<button type="button" data-amount="{amount}">{escape(text)}</button>'
                      for text, amount in presets)  # fmt: skip
    sized = named if kind == "bet" else f"{named} to"  # "Bet 4", "Raise to 9", as above
    return html + (
        f'    <form ws-send class="raise">{_hidden("seq", sequence)}{_hidden("type", kind)}\n'
        f'      <label>{sized} <kbd>R</kbd> <input type="number" name="to" '
        f'id="raise-to-{sequence}" '
        f'data-keep min="{low}" max="{high}" value="{low}" required inputmode="numeric">'
        f'</label>\n      <span class="limits">{low}&ndash;{high}</span>\n'
        f'      <div class="presets">{buttons}</div>\n'
        f'      <button class="primary">{named}</button>\n    </form>\n'
    )  # fmt: skip


def _face(c: dict) -> str:
    """One of the viewer's own cards: gold-edged if up, marked if just drawn, greyed if
    thrown away for one still to come."""
    return card(c["name"], c.get("up", False), c.get("new", False), thrown=c.get("thrown", False))


def _pick(css: str, sequence: int, kind: str, prompt: str, cards: list[dict], tap: str,
          after: str, more: str = "") -> str:  # fmt: skip
    """A form of the viewer's own cards to tap (``tap``: one card's HTML, with its
    ``{name}`` and ``{face}``), a prompt above them and ``after`` below."""
    taps = "".join(tap.format(name=escape(c["name"]), face=_face(c)) for c in cards)
    return (f'    <form ws-send class="{css}">{_hidden("seq", sequence)}{_hidden("type", kind)}'
            f"{more}\n      <p>{prompt}</p>\n"
            f'      <div class="cards">{taps}</div>\n{after}    </form>\n')  # fmt: skip


# "Tap" on a touch screen, "Click" with a mouse (the stylesheet shows the one that fits)
TAP = '<span class="touch">Tap</span><span class="mouse">Click</span>'
TAP_LOWER = '<span class="touch">tap</span><span class="mouse">click</span>'

DRAW_BUTTON = (  # table.js sets the text by the cards tapped
    '      <button class="primary draw-button" data-none="Stand pat" data-some="Draw {n}">'
    "Stand pat</button>\n"
)


def _draw(legal: dict, sequence: int, cards: list[dict]) -> str:
    one = " (one card: you are shown one up)" if legal["step"] == "lock" else ""
    return _pick("pick", sequence, "draw", f"{TAP} the cards to throw away{one}.", cards,
                 '<label class="tap"><input type="checkbox" name="discard" value="{name}">'
                 "{face}</label>",
                 DRAW_BUTTON)  # fmt: skip


def _arrange(sequence: int, cards: list[dict]) -> str:
    return _pick("arrange", sequence, "arrange",
                 f"{TAP} your cards in the order you will turn them up (the last stays down). "
                 f"{TAP} one again to take it back, with those after it.", cards,
                 '<button type="button" class="tap arrange-card" data-card="{name}">{face}'
                 "</button>",
                 f'      <p class="chosen">Your order: <span class="order-shown">{TAP_LOWER} the '
                 'first card to turn up</span></p>\n'
                 '      <button type="button" class="reset-order">Start again</button>\n'
                 '      <button class="primary confirm-order" disabled>Lock this order</button>\n',
                 more=_hidden("order", ""))  # fmt: skip


def _replace(sequence: int, cards: list[dict]) -> str:
    form = _pick("pick", sequence, "replace",
                 f"{TAP} a card to replace it, or keep all five. Cards edged in gold are face "
                 "up.", cards,
                 '<label class="tap"><input type="radio" name="card" value="{name}" required>'
                 "{face}</label>",
                 '      <button class="primary replace-button" disabled>Replace it'
                 "</button>\n")  # fmt: skip
    return f"{form}    {_form(sequence, 'keep', 'Keep all five')}\n"


def _one_up(legal: dict, sequence: int, takes: str) -> str:
    thrown = face(legal["for"])
    take = _form(sequence, "take", f"Take the {face(legal['card'])} for your {thrown}",
                 css=' class="primary"')  # fmt: skip
    decline = _form(sequence, "decline", "Decline: next card face down")
    makes = (f'    <p class="takes">If you take the {face(legal["card"])}: {escape(takes)}</p>\n'
             if takes else "")  # fmt: skip
    return f'{makes}    <div class="row">{take}{decline}</div>\n'


def _declare(legal: dict, sequence: int, secret: bool) -> str:
    choices = "".join(
        _form(sequence, "declare", escape(choice.title()), _hidden("declaration", choice),
              css=' class="primary"')
        for choice in legal["choices"]
    )  # fmt: skip
    fold = _form(sequence, "fold", "Fold", css=' class="fold"')
    note = " (secret until everyone has declared)" if secret else ""
    ask = f'    <p class="declare-ask">Declare{note}:</p>\n'
    return f'{ask}    <div class="row">{choices}{fold}</div>\n'


def forms(legal: dict | None, sequence: int, game: str, declare: str, presets: list,
          cards: list[dict], stage: str = "", hint: str = "", hand: str = "",
          rules: str = "", takes: str = "") -> str:  # fmt: skip
    """The forms for ``legal`` (the viewer's legal actions; None: not this viewer's turn),
    in the bar at the foot of the screen, under a "Your turn" banner; ``takes``: what the
    viewer's cards would make with a one-up card taken."""
    if not legal:
        return ""
    step = legal["step"]
    shown = ""  # the viewer's cards, where the step's own form does not show them to tap
    if step in ("betting", "one-up", "declare") and cards:
        faces = "".join(_face(c) for c in cards)
        shown = f'    <div class="cards mine" aria-label="your cards">{faces}</div>\n'
    if step == "betting":
        body = _betting(legal, sequence, presets)
    elif step in ("draw", "lock"):
        body = _draw(legal, sequence, cards)
    elif step == "arrange":
        body = _arrange(sequence, cards)
    elif step == "replace":
        body = _replace(sequence, cards)
    elif step == "one-up":
        body = _one_up(legal, sequence, takes)
    elif step == "declare":
        body = _declare(legal, sequence, declare == "chips" or game == "levys")
    else:
        body = ""
    # (a phone hides the step's name: the link's words must not read as if they were it)
    link = (f' &middot; <a href="{escape(rules)}" target="_blank" rel="noopener">how this step '
            "works</a>" if rules else "")  # fmt: skip
    banner = (f'    <p class="your-turn"><strong>Your turn</strong><span class="stage"> &middot; '
              f"{escape(stage)}</span>{link}</p>\n")  # fmt: skip
    if hint:
        banner += f'    <p class="hint-line">{escape(hint)}</p>\n'
    if hand and step != "one-up":  # (there "If you take" says what the hand would make)
        up = any(c.get("up") for c in cards) and shown
        up = " &middot; cards edged in gold are face up" if up else ""
        new = " &middot; blue dot: your latest cards" if any(c.get("new") for c in cards) else ""
        legend = f'<span class="legend">{up}{new}</span>' if up or new else ""
        banner += f'    <p class="my-hand">Your hand: {escape(hand)}{legend}</p>\n'
    round_ = f' data-round="{escape(stage)}"' if step == "betting" else ""  # for act-ahead
    return (f'  <section class="controls" aria-label="your action"{round_}>\n{banner}{shown}'
            f"{body}  </section>\n")  # fmt: skip
