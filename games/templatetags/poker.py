from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def get_item(mapping: dict, key: object) -> object:
    return mapping.get(key, "") if mapping else ""
