from __future__ import annotations

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


SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


@register.simple_tag
def card(name: str | None, up: bool = False) -> str:
    """One card as HTML: its face if ``name`` is given, else its back (face down)."""
    return _card_html(name or "", bool(up))


@lru_cache(maxsize=256)
def _card_html(name: str, up: bool) -> str:
    # Built here rather than by including a template: a table shows up to 50 cards per
    # push, and a name is two fixed characters from the engine, never free text.
    up_class = " up" if up else ""
    if not name:
        return mark_safe(f'<span class="card back{up_class}" aria-label="face down card"></span>')
    rank, suit = name[0], name[1]
    red = " red" if suit in "dh" else ""
    face = f"{'10' if rank == 'T' else escape(rank)}<small>{SUITS.get(suit, '')}</small>"
    return mark_safe(f'<span class="card{red}{up_class}" data-card="{escape(name)}">{face}</span>')
