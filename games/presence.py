"""Who is at the table: a browser with a socket open at the table, or whose socket has
connected or synced lately, is here.

The process a socket is open to notes its browser here every 15 s (games.owner), and the
browser syncs every 15 s while its page is open; one unseen for the table's grace period
(``Table.away_after``, 30 s unless the host chose longer) is away. Only then, or once
their clock has run out, does the clock or the host act for a player (RULES.md §6). A
browser that closes its last socket of the table is seen then, and so is away a grace
period later unless a socket of it shows up again (here or in another process): a player
who opens the hands or the ledger on their turn is not stood in for at once.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from games.models import Presence, Table


def seen(table_id: int, session_key: str | None, now: datetime) -> None:
    """Note that ``session_key``'s browser is at the table now."""
    if session_key:
        Presence.objects.update_or_create(
            table_id=table_id, session_key=session_key, defaults={"seen_at": now}
        )


def still_here(table_id: int, session_keys: list[str], now: datetime) -> None:
    """Note that the browsers of ``session_keys``, each with a socket open, are here now."""
    Presence.objects.filter(table_id=table_id, session_key__in=session_keys).update(seen_at=now)


def is_here(table: Table, session_key: str, now: datetime) -> bool:
    """Whether the browser showed itself at the table within its grace period."""
    return Presence.objects.filter(
        table_id=table.pk, session_key=session_key, seen_at__gt=now - grace(table)
    ).exists()


def left(table_id: int, session_key: str | None, now: datetime) -> None:
    """The browser closed its last socket of the table here: it was here until ``now``."""
    seen(table_id, session_key, now)


def seen_since(table: Table, session_key: str, since: datetime) -> bool:
    """Whether the browser showed itself at the table after ``since``."""
    return Presence.objects.filter(
        table_id=table.pk, session_key=session_key, seen_at__gt=since
    ).exists()


def grace_of(table_id: int) -> float:
    """The seconds a browser of the table may be unseen before it is away."""
    seconds = Table.objects.filter(pk=table_id).values_list("away_after", flat=True).first()
    return float(seconds or DEFAULT_GRACE)


DEFAULT_GRACE = Table._meta.get_field("away_after").default


def grace(table: Table) -> timedelta:
    return timedelta(seconds=table.away_after)


def away(table: Table, players, now: datetime) -> frozenset[int]:
    """The seated ``players`` (ids) whose browsers are not at the table now (a bot is
    always here)."""
    here = set(
        Presence.objects.filter(table_id=table.pk, seen_at__gt=now - grace(table)).values_list(
            "session_key", flat=True
        )
    )
    return frozenset(
        p.pk for p in players if p.status == "seated" and not p.bot and p.session_key not in here
    )
