"""The sockets of this process watching each table, told of its new versions directly.

Told through the channel layer, each socket of a table wakes on its own for the notice:
a receive from the layer, Channels' wait for the first of the socket's two inputs, and
a new task for its next receive, six times for every action, and the six wakes queue
with every other table's work on the event loop. Told here, the sockets on the loop that
publishes a version are handed it one after another in one task, as soon as it commits,
and the channel layer carries it to any other (games.services._send_quietly). That is
with the layer of one process. Through Redis, the layer brings every socket its notice,
this process's too, so there these sockets are not told again.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

logger = logging.getLogger(__name__)


class Watcher(Protocol):
    channel_name: str

    async def table_changed(self, event: dict) -> None: ...


# table id -> channel name -> (the socket, the event loop it runs on)
_watching: dict[int, dict[str, tuple[Watcher, asyncio.AbstractEventLoop]]] = {}


def watch(table_id: int, watcher: Watcher) -> None:
    """``watcher`` (a socket, on the running event loop) is to be told of ``table_id``."""
    loop = asyncio.get_running_loop()
    _watching.setdefault(table_id, {})[watcher.channel_name] = (watcher, loop)


def unwatch(table_id: int, watcher: Watcher) -> None:
    sockets = _watching.get(table_id)
    if sockets is not None:
        sockets.pop(watcher.channel_name, None)
        if not sockets:
            del _watching[table_id]


def watching(table_id: int) -> int:
    """How many sockets of this process watch ``table_id`` (on any loop)."""
    return len(_watching.get(table_id, ()))


async def tell(table_id: int, event: dict) -> set[str]:
    """Hand ``event`` (a table's notice, read only) to each socket of ``table_id`` on the
    running loop, in turn; the channel names told. One socket's failure is logged and
    the others are still told."""
    loop = asyncio.get_running_loop()
    here = [w for w, at in _watching.get(table_id, {}).values() if at is loop]
    told = set()
    for watcher in here:
        told.add(watcher.channel_name)
        try:
            await watcher.table_changed(event)
        except Exception:  # the socket syncs again; the others must still be told
            logger.warning("could not tell a socket of table %s", table_id, exc_info=True)
    return told
