"""Django's PostgreSQL backend, with a health check that costs no round trip.

A connection kept between requests and socket messages is checked before its first use
in each (CONN_HEALTH_CHECKS): Django sends ``SELECT 1`` and waits for it, a round trip
of its own before every transaction. Here the connection's socket is looked at first:
a server that ends a connection (a restart, ``pg_terminate_backend``) says so on it and
closes it, and a connection at rest receives nothing else. Only a socket with something
to read is checked Django's way (and closed if it fails).
"""

from __future__ import annotations

import select

from django.db.backends.postgresql import base


class DatabaseWrapper(base.DatabaseWrapper):
    def close_if_health_check_failed(self) -> None:
        if (
            self.connection is not None
            and self.health_check_enabled
            and not self.health_check_done
            and not has_news(self.connection)
        ):
            self.health_check_done = True  # nothing came since its last use: as it was
            return
        super().close_if_health_check_failed()


def has_news(connection) -> bool:
    """Whether the server has sent anything on a connection at rest (or it is closed)."""
    if connection.closed or connection.broken:
        return True
    try:
        readable, _, _ = select.select([connection.fileno()], [], [], 0)
    except (OSError, ValueError):
        return True
    return bool(readable)
