"""Players' names: shown as typed, compared as people read them.

>>> shown_name(" Ann\\u200b ")
'Ann'
>>> name_key("\\uff21NN\\u200d") == name_key("ann")
True
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from games.rules.errors import Refused

CASHIER = "cashier"  # the other side of every ledger transfer
BANK = "the bank"  # the other side of corrections in settle-up
HOST = "the host"  # who settles for the host's bots and the bank
RESERVED = (CASHIER, BANK, HOST)
LONGEST = 24
INVISIBLE = ("Cc", "Cf")  # control and format characters: zero-width spaces, bidi marks
IGNORABLE = {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0,
             *range(0x180B, 0x1810), *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)}  # fmt: skip


class NameRefused(Refused):
    """A name that cannot be used at this table; the message says why."""


def _visible(text: str) -> str:
    """``text`` without the characters that show nothing (Unicode's default ignorables
    that are not already control or format characters included)."""
    return "".join(
        ch for ch in text if unicodedata.category(ch) not in INVISIBLE and ord(ch) not in IGNORABLE
    )


def shown_name(typed: str) -> str:
    """The name as typed, without invisible characters and outer spaces."""
    return _visible(typed).strip()


def name_key(name: str) -> str:
    """What two names must differ in to be two names: not case, width or compatibility
    forms (NFKC), invisible characters, nor the amount of space between words."""
    folded = unicodedata.normalize("NFKC", _visible(unicodedata.normalize("NFKC", name)))
    return " ".join(unicodedata.normalize("NFKC", folded.casefold()).split())


def checked_name(typed: str, taken: Iterable[str]) -> str:
    """The name to show for ``typed``, unless it is empty, too long, one of the ledger's
    own parties or, read as people read it, a name in ``taken``."""
    name = shown_name(typed)
    if not 1 <= len(name) <= LONGEST:
        raise NameRefused(f"choose a name of 1 to {LONGEST} characters")
    key = name_key(name)
    if key in {name_key(r) for r in RESERVED}:
        raise NameRefused(f"{name} is a name the ledger uses: choose another")
    if key in {name_key(t) for t in taken}:
        raise NameRefused(f"someone at this table is already called {name}")
    return name


def listed(names: list[str]) -> str:
    """Names (or seats) as said: "Ann", "Ann and Bo", "Ann, Bo and Cy".

    >>> listed(["Ann", "Bo", "Cy"])
    'Ann, Bo and Cy'
    """
    return ", ".join(names[:-1]) + " and " * (len(names) > 1) + (names[-1] if names else "")
