"""Telling a table's sockets of a committed change, from wherever the change was made.

A service (games.services) hands each new version to ``notify`` once it has committed.
From the event loop (``changed``: a socket's request), the notices are sent on the loop
once the service returns; from a page's thread they are handed to the loop the server's
sockets are on; with no server (a test, a command) they are sent at once. A notice carries
the parts of the version every viewer shares, rendered once here, so that another process
need not render them (games.watchers.publish delivers it). ``in_background`` starts such
work without waiting for it; the rest of the live path starts its own background work
(clocks, forwarding, leases) with it too.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer

from games import watchers
from games.presenter import parts_message, shared_parts
from games.state import TableSnapshot

logger = logging.getLogger(__name__)


def notify(table_id: int, version: int, shot: TableSnapshot | None = None) -> None:
    """Tell every connection of the table, after the commit. The change is already safe in
    the database: if the channel layer is down, browsers catch up when they next sync.
    ``shot``'s public parts spare another process rendering them (only sent to others).
    Called by ``changed`` (from the event loop), the notice is sent from the loop once the
    service returns. Called from synchronous code on a server's thread (a page), it is
    handed to the loop the server's sockets are on, and sent there in a context of its
    own: the page does not wait, and nothing the sockets start keeps the page's thread.
    Called with no server running (a test, a command), it is sent now."""
    waiting = getattr(_published_here, "notices", None)
    if waiting is not None:
        waiting.append((table_id, version, shot))
        return
    loop = watchers.serving_loop()
    if loop is not None:
        loop.call_soon_threadsafe(in_background, _send_notice(table_id, version, shot))
    else:
        async_to_sync(_send_notice)(table_id, version, shot)


_published_here = threading.local()  # the notices of the service ``changed`` is running


async def changed(service: Callable, *args):
    """``service(*args)`` from the event loop: it runs on the database thread, and the
    notices of what it changed are sent from the loop, in order, once it returns (the
    sockets they tell then render on the loop, and may use the database thread again).
    They are sent even if the caller is cancelled meanwhile (its socket closed)."""
    calling = asyncio.ensure_future(database_sync_to_async(_collecting)(service, args))
    calling.add_done_callback(_send_collected)
    result, _ = await asyncio.shield(calling)
    if isinstance(result, _Raised):
        raise result.error
    return result


def _send_collected(calling: asyncio.Future) -> None:
    if not calling.cancelled() and calling.exception() is None:
        for notice in calling.result()[1]:
            in_background(_send_notice(*notice))


@dataclass
class _Raised:
    error: Exception


def _collecting(service: Callable, args: tuple) -> tuple[object, list[tuple]]:
    """On the database thread: what ``service(*args)`` returned (or raised), and the
    notices of the changes it committed."""
    _published_here.notices = notices = []
    try:
        return service(*args), notices
    except Exception as error:  # raised on the loop, once the notices are on their way
        return _Raised(error), notices
    finally:
        _published_here.notices = None


async def _send_notice(table_id: int, version: int, shot: TableSnapshot | None) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "table.changed", "version": version}
    shot = None if isinstance(layer, InMemoryChannelLayer) else shot  # one process: no one
    await _send_quietly(layer, table_id, message, shot)


_background: set[asyncio.Task] = set()


def in_background(work) -> None:
    """Run a coroutine on the running event loop without waiting for it, in a context of
    its own (what it starts outlives its caller: a page's request, say), kept referenced
    until it is done so that it cannot be collected half-way."""
    task = asyncio.get_running_loop().create_task(work, context=contextvars.Context())
    _background.add(task)
    task.add_done_callback(_background.discard)


async def _send_quietly(layer, table_id: int, message: dict, shot=None) -> None:
    """The notice to every socket of the table (games.watchers.publish): this loop's are
    told directly, every other loop's through its relay."""
    if shot is not None:  # rendered here, on the event loop, where this process's sockets
        try:  # will use them too; without them the other process renders its own
            message["parts"] = parts_message(shared_parts(shot))
        except Exception:
            logger.warning("could not render table %s for the notice", table_id, exc_info=True)
    try:
        await watchers.publish(layer, table_id, message)
    except Exception:  # any failure of the layer must not undo a commit
        logger.warning(
            "could not notify table %s of version %s", table_id, message["version"], exc_info=True
        )
