"""The sockets watching each table, and each event loop's one listener on the channel
layer for them: its relay.

A table's sockets do not join the table's group in the channel layer themselves. The
event loop they run on joins it once, with a channel of its own, while it has any of the
table's sockets. When a version is published (``publish``), the loop publishing it tells
its own sockets of the table directly, one after another in one task, and sends the
notice to the group; the relay of every other loop (another process's, through Redis)
receives it once and tells its own sockets the same way.

Joined one by one, every socket would be woken on its own for every notice (a receive
from the layer, a new task for its next receive) and, through Redis, would subscribe a
channel of its own and decode its own copy of each notice; one relay per loop does that
once (its effect is in bench/README.md).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from typing import Protocol

from channels.layers import BaseChannelLayer, InMemoryChannelLayer
from django.conf import settings

from games.lease import Leases

logger = logging.getLogger(__name__)


class Watcher(Protocol):
    async def table_changed(self, event: dict) -> None: ...


def group_of(table_id: int) -> str:
    """The table's group in the channel layer."""
    return f"table-{table_id}"


class Relay:
    """One event loop's sockets, by table, and its channel in the layer's groups of those
    tables (none without a layer); the channel names this process to the others (its
    leases, and the sockets forwarded between them: games.forwarding)."""

    def __init__(self, layer: BaseChannelLayer | None, channel: str | None) -> None:
        self.layer, self.channel = layer, channel
        self.sockets: dict[int, dict[Watcher, None]] = {}  # in the order they came
        self.joined: set[int] = set()  # the tables whose groups the channel is in
        self.joining = asyncio.Lock()  # one change of the relay's groups at a time
        self.listening: asyncio.Task | None = None
        shared = layer is not None and not isinstance(layer, InMemoryChannelLayer)
        url = getattr(settings, "REDIS_URL", "")  # the layer's Redis
        self.leases = Leases(channel, url, self._lost) if shared and url else None
        self.forwarded: dict[str, object] = {}  # sockets here served elsewhere, by id
        self.screens: dict[str, object] = {}  # screens here of sockets elsewhere, by id
        self.outboxes: dict[str, list] = {}  # what waits to go to another process, by its channel
        self.lapses: asyncio.Task | None = None  # watching the others' heartbeats
        self.rejoining: set[asyncio.Task] = set()  # joining groups again, the layer away
        self.moving: set[asyncio.Task] = set()  # tables another process has claimed

    def _lost(self, table_id: int, holder: str) -> None:
        """Another process (``holder``) has claimed a table this one served: the
        table's sockets that come from now on go there (games.forwarding)."""
        handler = HANDLERS.get("table.lost")
        if handler is not None:
            moving = asyncio.ensure_future(handler(self, {"table": table_id, "holder": holder}))
            self.moving.add(moving)
            moving.add_done_callback(self.moving.discard)


# What the relay does with a message to its own channel, by type, and with a table its
# leases lost ("table.lost"): games.forwarding. Notices to a table's group go to its
# sockets here.
HANDLERS: dict[str, Callable[[Relay, dict], Awaitable[None]]] = {}


_relays: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Future] = (
    weakref.WeakKeyDictionary()
)


async def relay_here(layer: BaseChannelLayer | None) -> Relay:
    """The running loop's relay, made (and listening) the first time it is asked for."""
    loop = asyncio.get_running_loop()
    making = _relays.get(loop)
    if making is None:
        making = _relays[loop] = asyncio.ensure_future(_make_relay(layer))
    try:
        return await asyncio.shield(making)
    except Exception:
        if _relays.get(loop) is making:
            del _relays[loop]  # e.g. the layer was down: the next socket tries again
        raise


async def _make_relay(layer: BaseChannelLayer | None) -> Relay:
    relay = Relay(layer, await layer.new_channel() if layer is not None else None)
    if layer is not None:
        relay.listening = asyncio.ensure_future(_listen(relay))
    return relay


async def _listen(relay: Relay) -> None:
    """Tell this loop's sockets of each notice another loop sends to their table's group."""
    while True:
        try:
            event = await relay.layer.receive(relay.channel)
            handler = HANDLERS.get(event.get("type"))
            if handler is not None:
                await handler(relay, event)
            elif event.get("origin") != relay.channel:  # this loop told its own already
                await tell(int(event["table"]), event)
        except asyncio.CancelledError:
            raise
        except Exception:  # the sockets sync again; the relay must go on
            logger.warning("the relay could not pass on a notice", exc_info=True)
            await asyncio.sleep(0.5)


async def watch(
    table_id: int, watcher: Watcher, layer: BaseChannelLayer | None, keep: bool = False
) -> None:
    """``watcher`` (a socket, on the running event loop) is to be told of ``table_id``'s
    new versions, its own loop's and every other's (through ``layer``). If the layer is
    away, ``keep``: told of this loop's own versions until the table's group is joined
    again, which is tried every few seconds (else the error is raised)."""
    relay = await relay_here(layer)
    relay.sockets.setdefault(table_id, {})[watcher] = None
    try:
        await _settle(relay, table_id, refresh=True)
    except Exception:
        if not keep:
            _forget(relay, table_id, watcher)
            raise
        logger.warning("could not join table %s's group: trying again", table_id)
        joining = asyncio.ensure_future(_join_again(relay, table_id))
        relay.rejoining.add(joining)
        joining.add_done_callback(relay.rejoining.discard)
    except BaseException:
        _forget(relay, table_id, watcher)
        raise


async def _join_again(relay: Relay, table_id: int) -> None:
    while relay.sockets.get(table_id):
        await asyncio.sleep(2.0)
        try:
            await _settle(relay, table_id, refresh=True)
            return
        except Exception:
            continue


def serving_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop that this process's sockets are on (a server has one), if
    it is not the caller's own: None when no socket has been served."""
    try:
        here = asyncio.get_running_loop()
    except RuntimeError:
        here = None
    return next((loop for loop in list(_relays) if loop is not here and loop.is_running()
                 and not loop.is_closed()), None)  # fmt: skip


def _made_here() -> Relay | None:
    """The running loop's relay, if it is made."""
    making = _relays.get(asyncio.get_running_loop())
    if making is None or not making.done() or making.cancelled() or making.exception():
        return None
    return making.result()


async def unwatch(table_id: int, watcher: Watcher) -> None:
    relay = _made_here()
    if relay is not None and _forget(relay, table_id, watcher):
        await _settle(relay, table_id)


def _forget(relay: Relay, table_id: int, watcher: Watcher) -> bool:
    """Drop ``watcher``; whether it was the table's last socket on this loop."""
    sockets = relay.sockets.get(table_id)
    if sockets is None or watcher not in sockets:
        return False
    del sockets[watcher]
    if sockets:
        return False
    del relay.sockets[table_id]
    return True


async def _settle(relay: Relay, table_id: int, refresh: bool = False) -> None:
    """Have the relay in the table's group while this loop has sockets of the table, and
    out of it once it has none (decided when the change before is done: a socket that
    comes as the last one goes is never left out). ``refresh``: join again even if in
    (the layer of one process forgets a member after a day)."""
    if relay.layer is None:
        return
    async with relay.joining:
        if relay.sockets.get(table_id):
            if refresh or table_id not in relay.joined:
                await relay.layer.group_add(group_of(table_id), relay.channel)
                relay.joined.add(table_id)
        elif table_id in relay.joined:
            relay.joined.discard(table_id)
            await relay.layer.group_discard(group_of(table_id), relay.channel)


def watching(table_id: int) -> int:
    """How many sockets of this process watch ``table_id`` (on any loop)."""
    return sum(len(r.result().sockets.get(table_id, ())) for r in list(_relays.values())
               if r.done() and not r.cancelled() and r.exception() is None)  # fmt: skip


async def tell(table_id: int, event: dict) -> int:
    """Hand ``event`` (a table's notice, read only) to each socket of ``table_id`` on the
    running loop, in turn; the number told. One socket's failure is logged and the others
    are still told."""
    relay = _made_here()
    here = list(relay.sockets.get(table_id, ())) if relay is not None else []
    for watcher in here:
        try:
            await watcher.table_changed(event)
        except Exception:  # the socket syncs again; the others must still be told
            logger.warning("could not tell a socket of table %s", table_id, exc_info=True)
    return len(here)


async def publish(layer: BaseChannelLayer | None, table_id: int, event: dict) -> None:
    """Tell every socket of the table of ``event`` (a new version's notice): this loop's
    directly, every other loop's through its relay."""
    relay = _made_here()
    event = {**event, "table": table_id, "origin": relay.channel if relay else None}
    if layer is None:
        await tell(table_id, event)
        return
    # The notice is on its way to the other loops' relays (another process's, through
    # Redis) while these sockets are told (the task writes it before its first wait);
    # this loop's own relay drops it (its origin).
    sending = asyncio.ensure_future(layer.group_send(group_of(table_id), event))
    await asyncio.sleep(0)
    try:
        await tell(table_id, event)
    finally:
        await sending
