from __future__ import annotations

import re
from datetime import UTC
from decimal import Decimal
from functools import lru_cache

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

register = template.Library()


@register.filter
def get_item(mapping: dict, key: object) -> object:
    return mapping.get(key, "") if mapping else ""


@register.filter
def get_item_at(items: list, index: int) -> object:
    return items[index] if items and 0 <= index < len(items) else None


@register.filter
def money_of(book, chips: int) -> object:
    return book.money(chips)


@register.filter
def plain_number(value: Decimal | str | None) -> str:
    """A decimal as a person writes it: 0.05, not 0.0500 (and 100, not 1E+2); text (a
    form shown back as it was sent) as it is."""
    if value is None:
        return ""
    return format(value.normalize(), "f") if isinstance(value, Decimal) else str(value)


@register.filter
def chip_worth(value: Decimal | None) -> str:
    """A chip's value as money is written, to the cent at least: 0.10, 2.00, 0.0025 ("" for
    a table that counts chips only)."""
    if value is None:
        return ""
    cents = value.quantize(Decimal("0.01"))
    return format(cents if cents == value else value.normalize(), "f")


@register.filter
def signed(value: int | Decimal) -> str:
    """A net win or loss as the ledger shows it: "+19", "-7" with a minus sign, "0"."""
    if not value:
        return str(abs(value))  # (money may round a loss to -0.00)
    return f"+{value}" if value > 0 else str(value).replace("-", "\u2212")


@register.filter
def left_mark(row) -> str:
    """A ledger row's label, marked if its player left: "Cat (left)", and "Bot Ada (the
    host's bot, left)" rather than two brackets (only a bracket the ledger added: a name
    of its own, "Dan (DJ)", keeps its own)."""
    label, player = row.label, row.player
    if player is None or player.status != "left":
        return label
    added = label != player.name and label.endswith(")")
    return f"{label[:-1]}, left)" if added else f"{label} (left)"


@register.filter
def won_net(won: int, net: int) -> str:
    """What a seat won and, beside it, what the hand left it up or down: "Wins 3, up 2",
    "Wins 24, down 1"; "Gets back 1" for a seat that won only its own chips."""
    if net == 0:
        return f"Gets back {won}"
    return f"Wins {won}, {'up' if net > 0 else 'down'} {abs(net)}"


CARD_RUN = re.compile(r"\b(?:10|[2-9AKQJ])(?:-(?:10|[2-9AKQJ])){4}\b")


@register.filter
def runs_whole(text: str) -> str:
    """A shown hand's words (escaped here), each low's run of cards ("9-6-5-2-A") kept on
    one line where the words wrap."""
    return mark_safe(CARD_RUN.sub(lambda m: f'<span class="run">{m[0]}</span>', escape(text)))


SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
RANK_NAMES = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "Ten", "9": "Nine",
              "8": "Eight", "7": "Seven", "6": "Six", "5": "Five", "4": "Four", "3": "Three",
              "2": "Two"}  # fmt: skip


HISTORY_OPEN = {  # by whether the table is a practice table, which opens it to teach
    False: "The host has opened the full hand history: every card of every finished hand "
    "is shown to all.",
    True: "At this practice table each finished hand's review shows every card, the bots' "
    "folded ones too.",
}


@register.simple_tag
def history_note(table) -> str:
    """What a table whose history is open says on every page (HISTORY_OPEN)."""
    return HISTORY_OPEN[table.practice]


@register.simple_tag
def card(name: str | None, up: bool = False, new: bool = False, later: bool = False,
         thrown: bool = False) -> str:  # fmt: skip
    """One card as HTML: its face if ``name`` is given, else its back (face down); ``new``
    marks a card of its holder's latest draw, replacement or one-up; ``later`` (in a
    review) a card shown that the reviewer had not seen yet at that step; ``thrown`` one
    its holder has thrown away, its replacement still to come."""
    return _card_html(name or "", bool(up), bool(new), bool(later), bool(thrown))


@lru_cache(maxsize=512)
def _card_html(name: str, up: bool, new: bool = False, later: bool = False,
               thrown: bool = False) -> str:  # fmt: skip
    # Built here rather than by including a template: a table shows up to 50 cards per
    # push, and a name is two fixed characters from the engine, never free text.
    up_class = " up" if up else ""
    if not name:
        return mark_safe(
            f'<span class="card back{up_class}" role="img" aria-label="face-down card"></span>'
        )
    rank, suit = name[0], name[1]
    red = " red" if suit in "dh" else ""
    face = f"{'10' if rank == 'T' else escape(rank)}<small>{SUITS.get(suit, '')}</small>"
    said = f"{RANK_NAMES.get(rank, '')} of {SUIT_NAMES.get(suit, '')}"  # "Queen of hearts"
    said += ", face up" if up else ""  # seen by all, not only by colour
    said += ", new to you" if new else ""
    said += ", not seen yet at this step" if later else ""
    said += ", thrown away" if thrown else ""
    new_class = " new" if new else ""
    new_class += " later" if later else ""
    new_class += " thrown" if thrown else ""
    return mark_safe(f'<span class="card{red}{up_class}{new_class}" data-card="{escape(name)}" '
                     f'role="img" aria-label="{said}">{face}</span>')  # fmt: skip


@register.filter
def local_time(moment) -> str:
    """A moment as a ``<time>`` that static/js/times.js shows in the browser's own time
    zone (with the day, unless it is today); without the script, in UTC, said so."""
    if not moment:
        return ""
    utc = moment.astimezone(UTC)
    return mark_safe(f'<time datetime="{utc.isoformat()}" data-local>'
                     f'{utc.day} {utc:%b, %H:%M} UTC</time>')  # fmt: skip


@register.simple_tag
def invalid(errors: dict | None, field: str) -> str:
    """A refused form's field: marked invalid, and described by its message."""
    if not errors or field not in errors:
        return ""
    return mark_safe(f' aria-invalid="true" aria-describedby="set-{field}-error"')


@register.simple_tag
def field_error(errors: dict | None, field: str) -> str:
    """A refused form's message for one field, under it."""
    if not errors or field not in errors:
        return ""
    said = " ".join(m[:1].upper() + m[1:] + ("" if m.endswith(".") else ".") for m in errors[field])
    return mark_safe(f'<small class="field-error" id="set-{field}-error">{escape(said)}</small>')
