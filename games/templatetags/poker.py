from __future__ import annotations

from django import template

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
