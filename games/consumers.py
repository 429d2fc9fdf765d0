"""The table's WebSocket: who you are comes from your session, never from the message.

A socket is checked (its browser's sockets, its messages' size and rate) and then served
by its table's owner: here, through a screen of its own (games.screen), or on the
process that owns the table, which this one forwards it to (games.forwarding).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.utils import timezone

from games import forwarding, notices, presence, watchers
from games.forms import TOKEN
from games.models import Table
from games.owner import owner_of
from games.screen import Screen, notice_html

logger = logging.getLogger(__name__)


class NoDatabaseHopConsumer(AsyncWebsocketConsumer):
    """Channels closes stale database connections before every handler, with a hop to its
    one database thread: under load each push then waits behind other tables' database
    work. These handlers reach the database only through ``database_sync_to_async``, which
    closes stale connections itself, so they skip that hop."""

    async def dispatch(self, message: dict) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"no handler for message type {message['type']}")
        await handler(message)


class TableConsumer(NoDatabaseHopConsumer):
    # A socket has no channel of its own in the layer: its event loop's relay listens
    # for the tables of all its sockets (games.watchers).
    channel_layer_alias = None

    async def connect(self) -> None:
        self.invite = invite = self.scope["url_route"]["kwargs"]["invite"]
        self.counted = False
        self.table_id = None
        if TOKEN.fullmatch(invite):  # (PostgreSQL refuses to even look up a NUL byte)
            self.table_id = await database_sync_to_async(self._table_id)(invite)
        if self.table_id is None:
            await self.close(code=4404)
            return
        session = self.scope.get("session")
        self.session_key = session.session_key if session is not None else None
        # A browser has a session from the table's page on; a socket without one (a
        # script's, a benchmark's) shows the table to nobody in particular: not counted.
        self.owner = owner_of(self.table_id, invite)
        if (
            self.session_key
            and self.owner.sockets_of(self.session_key) >= settings.SOCKETS_PER_SESSION
        ):
            await self.accept()
            await self.send_error(
                f"this browser has the table open {settings.SOCKETS_PER_SESSION} times "
                "already: use one of those tabs"
            )
            await self.close(code=4429)
            return
        self.owner.arrive(self.session_key or "")
        self.counted = True
        try:
            await self._open()
        except BaseException:
            self._uncount()
            raise

    async def _open(self) -> None:
        # Becoming host means opening the host link, which reloads the page: read it once.
        self.is_host = await database_sync_to_async(self._arrive)()
        self.sent_at: deque[float] = deque()
        self.screen: Screen | None = None  # None: forwarded to the table's owner
        self.screen_id: str | None = None  # its id, forwarded (games.forwarding)
        self.moving: asyncio.Future | None = None  # done once served again (``move``)
        await self.accept()
        self.relay = await watchers.relay_here(get_channel_layer())
        await self._serve(await self.owner.claim())

    async def _serve(self, holder: str | None) -> None:
        """Serve this socket here (``holder`` None: this process serves the table), or
        forward it to the process that does (served here if the layer is away)."""
        if holder is not None:
            if await forwarding.forward(self.relay, self, holder):
                return
            self.owner.serve_here()
        await self._serve_here(fresh=True)

    async def _serve_here(self, fresh: bool = False) -> None:
        """Serve this socket with a screen of its own here (``fresh``: shown the table as
        the database has it). Told of every version from here on; kept told of this
        process's own ones if the layer is away (games.watchers.watch)."""
        self.screen = Screen(self.owner, self.session_key, self.is_host, self.send_text)
        self.owner.sockets.add(self)
        await watchers.watch(self.table_id, self.screen, self.relay.layer, keep=True)
        if fresh:
            await self.screen.send_table(fresh=True)
            if self.session_key:  # a player shown away is back
                self.owner.note_presence()

    def move(self) -> None:
        """The process that serves this socket's table is gone, or no longer serves it
        (this one too, once another has taken the table): serve it wherever the table
        is claimed anew. The browser's messages wait until it is served."""
        if self.moving is None:
            self.moving = asyncio.get_running_loop().create_future()
            notices.in_background(self._rehome())

    async def _rehome(self) -> None:
        try:
            await self._unserve()
            holder = await self.owner.claim(again=True)
            if self.counted:
                await self._serve(holder)
        finally:
            moving, self.moving = self.moving, None
            moving.set_result(None)

    def _arrive(self) -> bool:
        """Note that this browser is at the table (games.presence); whether it is the
        host's."""
        presence.seen(self.table_id, self.session_key, timezone.now())
        if not self.session_key:
            return False
        return self.table_id in SessionStore(self.session_key).get("host_tables", [])

    @staticmethod
    def _table_id(invite: str) -> int | None:
        return Table.objects.filter(invite=invite).values_list("pk", flat=True).first()

    def _uncount(self) -> bool:
        """Stop counting this socket; whether it was its browser's last one here."""
        if not self.counted:
            return False
        self.counted = False
        return self.owner.leave(self.session_key or "")

    async def _unserve(self) -> None:
        """Stop serving this socket here, if it is: its screen goes."""
        if self.screen is not None:
            screen, self.screen = self.screen, None
            self.owner.sockets.discard(self)
            await watchers.unwatch(self.table_id, screen)

    async def disconnect(self, code: int) -> None:
        if getattr(self, "counted", False):
            last = self._uncount()
            served_here = self.screen is not None
            if served_here:
                await self._unserve()
            elif hasattr(self, "relay"):
                await forwarding.unforward(self.relay, self)  # (never raises)
            if last and self.session_key:  # gone, unless a socket of it shows up again
                await database_sync_to_async(presence.left)(
                    self.table_id, self.session_key, timezone.now()
                )
                if served_here:  # (else the table's process looks)
                    self.owner.note_presence(went=True)

    async def send_text(self, text: str) -> None:
        await self.send(text_data=text)

    async def send_error(self, message: str) -> None:
        await self.send(text_data=notice_html(message))

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self._within_rate():
            await self.send_error("too many messages: slow down")
            return
        if text_data is None or len(text_data.encode()) > settings.SOCKET_MAX_BYTES:
            await self.send_error("that message is too large or not text")
            return
        if self.moving is not None:
            await asyncio.shield(self.moving)
        if self.screen is None:
            if await forwarding.send_on(self.relay, self, text_data):
                return
            self.owner.serve_here()  # the layer is away: the version fences any overlap
            await self._serve_here()
        await self.screen.receive(text_data)

    def _within_rate(self) -> bool:
        limit, window = settings.SOCKET_RATE_LIMIT
        now = time.monotonic()
        while self.sent_at and now - self.sent_at[0] > window:
            self.sent_at.popleft()
        self.sent_at.append(now)
        return len(self.sent_at) <= limit
