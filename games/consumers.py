"""The table's WebSocket: who you are comes from your session, never from the message.

A message is parsed, checked and handed to a service; on every change of the table each
connection renders its own viewer's fragment and sends it (DESIGN.md principles 6, 7).
What the process holds of the table between messages is its owner's (games.owner).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.db import DatabaseError
from django.template.loader import render_to_string
from django.utils import timezone

from games import presence, queued_actions, services, watchers
from games.forms import TOKEN
from games.models import Table
from games.owner import owner_of
from games.presenter import receive_parts, render_table, viewer_of
from games.services import ServiceError, StaleAction
from games.state import TableSnapshot, choice_due

logger = logging.getLogger(__name__)
HAND_ACTIONS = {"fold", "check", "call", "bet", "raise", "draw", "arrange", "replace", "keep",
                "take", "decline", "declare"}  # fmt: skip


class BadMessage(Exception):
    pass


def nesting(text: str) -> int:
    """How deep the JSON in ``text`` nests its arrays and objects (brackets inside strings
    are not counted), read before parsing: the parser recurses once per level."""
    deepest = depth = 0
    quoted = escaped = False
    for char in text:
        if quoted:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                quoted = False
        elif char == '"':
            quoted = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _text(value: object, field: str) -> str:
    if isinstance(value, list) and len(value) == 1:
        value = value[0]
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise BadMessage(f"'{field}' must be text")
    return str(value)


def _number(value: object, field: str) -> int:
    text = _text(value, field).strip()
    if not text.lstrip("-").isdigit() or len(text) > 9:
        raise BadMessage(f"'{field}' must be a whole number")
    return int(text)


def _card_list(value: object, field: str) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, str):
        items = [v for v in value.replace(",", " ").split() if v]
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        items = value
    else:
        raise BadMessage(f"'{field}' must be a list of cards")
    if len(items) > 5:
        raise BadMessage(f"'{field}' has more than five cards")
    return items


def parse_action(message: dict) -> tuple[int, dict]:
    """(sequence, action) from a browser's message; raises BadMessage when malformed."""
    kind = _text(message.get("type"), "type")
    if "seq" not in message:
        raise BadMessage("an action carries the hand sequence it was chosen at ('seq')")
    sequence = _number(message["seq"], "seq")
    action: dict = {"type": kind}
    if kind in ("bet", "raise"):
        action["to"] = _number(message.get("to"), "to")
    elif kind == "draw":
        action["discard"] = _card_list(message.get("discard"), "discard")
    elif kind == "arrange":
        action["order"] = _card_list(message.get("order"), "order")
    elif kind == "replace":
        action["card"] = _text(message.get("card"), "card")
    elif kind == "declare":
        action["declaration"] = _text(message.get("declaration"), "declaration")
    return sequence, action


def notice_html(message: str, error: bool = True) -> str:
    return render_to_string("table/notice.html", {"message": message, "error": error, "oob": True})


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


async def _presence_changed(table_id: int) -> None:
    """Show the table anew if who is away has changed (games.presence)."""
    try:
        await services.changed(services.note_presence, table_id)
    except Exception:  # a table deleted meanwhile, or the database away: shown at the next change
        logger.warning("could not note who is at table %s", table_id, exc_info=True)


def _check_presence(table_id: int) -> None:
    services.in_background(_presence_changed(table_id))


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
        self.version = -1
        self.sent_at: deque[float] = deque()
        await self.accept()
        # Told of every version from here on, then shown the one the database has now.
        await watchers.watch(self.table_id, self, get_channel_layer())
        await self.send_table(fresh=True)
        if self.session_key:  # a player shown away is back
            services.in_background(_presence_changed(self.table_id))

    def _arrive(self) -> bool:
        """Note that this browser is at the table (games.presence); whether it is the
        host's."""
        presence.seen(self.table_id, self.session_key, timezone.now())
        if not self.session_key:
            return False
        return self.table_id in SessionStore(self.session_key).get("host_tables", [])

    def _current_version(self) -> int:
        presence.seen(self.table_id, self.session_key, timezone.now())  # still here
        return Table.objects.values_list("version", flat=True).get(pk=self.table_id)

    @staticmethod
    def _table_id(invite: str) -> int | None:
        return Table.objects.filter(invite=invite).values_list("pk", flat=True).first()

    def _uncount(self) -> bool:
        """Stop counting this socket; whether it was its browser's last one here."""
        if not self.counted:
            return False
        self.counted = False
        return self.owner.leave(self.session_key or "")

    async def disconnect(self, code: int) -> None:
        if getattr(self, "counted", False):
            last = self._uncount()
            await watchers.unwatch(self.table_id, self)
            if last and self.session_key:  # gone, unless a socket of it shows up again
                await database_sync_to_async(presence.left)(
                    self.table_id, self.session_key, timezone.now()
                )
                loop = asyncio.get_running_loop()
                wait = presence.GRACE.total_seconds() + 0.5
                loop.call_later(wait, _check_presence, self.table_id)

    # -- sending ----------------------------------------------------------------
    @staticmethod
    def _due(shot: TableSnapshot) -> float | None:
        table = shot.table
        due = shot.hand.deadline if shot.hand else (table.next_deal_at if table.dealing else None)
        if shot.hand is None and shot.button_next is not None:
            due = choice_due(table) or due  # a dealer's choice waits for the button's player
        return due.timestamp() if due else None

    async def send_table(
        self, version: int = 0, fresh: bool = False, notice: dict | None = None
    ) -> None:
        """This viewer's render of the table at ``version`` or later (``fresh``: as the
        database has it now), unless the browser already shows that version. ``notice``:
        the notification of that version (what it carries spares work)."""
        shot = await self.owner.table_at(version, fresh)
        if shot.version <= self.version:
            return
        if notice:
            receive_parts(shot, notice)
        # Rendering reads no database: it runs here, leaving Channels' one database thread
        # to the actions.
        viewer = viewer_of(shot.table, self.session_key, self.is_host, shot)
        html = render_table(shot.table, viewer, shot)
        self.version = shot.version
        await self.send(text_data=html)
        self.owner.set_clock(shot.version, self._due(shot), shot.made_here)

    async def table_changed(self, event: dict) -> None:
        if event["version"] > self.version:
            await self.send_table(event["version"], notice=event)

    async def send_error(self, message: str) -> None:
        await self.send(text_data=notice_html(message))

    # -- receiving --------------------------------------------------------------
    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self._within_rate():
            await self.send_error("too many messages: slow down")
            return
        if text_data is None or len(text_data.encode()) > settings.SOCKET_MAX_BYTES:
            await self.send_error("that message is too large or not text")
            return
        try:
            most = settings.SOCKET_MAX_NESTING
            if nesting(text_data) > most:
                raise BadMessage(f"a message nests lists and objects at most {most} deep")
            message = json.loads(text_data)
            if not isinstance(message, dict):
                raise BadMessage("a message is a JSON object")
            await self.handle(message)
        except (ValueError, BadMessage) as error:
            await self.send_error(f"bad message: {error}")
        except StaleAction as error:
            await self.send_error(str(error))
            self.version = -1  # re-sync: the full table as it is now, whatever was sent
            await self.send_table(fresh=True)
        except ServiceError as error:
            await self.send_error(str(error))
        except DatabaseError:
            # e.g. the database restarted and cut this process's connection (the next call
            # opens a new one): say so, and show the table as it is.
            logger.warning("a database error on table %s", self.table_id, exc_info=True)
            await self.send_error(
                "the server lost its database connection for a moment: here is the table "
                "now; if your action is not in it, do it again"
            )
            self.version = -1
            await self.send_table(fresh=True)

    def _within_rate(self) -> bool:
        limit, window = settings.SOCKET_RATE_LIMIT
        now = time.monotonic()
        while self.sent_at and now - self.sent_at[0] > window:
            self.sent_at.popleft()
        self.sent_at.append(now)
        return len(self.sent_at) <= limit

    async def handle(self, message: dict) -> None:
        kind = message.get("type")
        if not isinstance(kind, str):
            raise BadMessage("a message names its type as text, e.g. 'call'")
        if kind == "sync":
            # The browser says which version it shows; a gap or a lost push gets a snapshot.
            # Sent every 15 s, it also says that this browser is still at the table.
            seen = message.get("version")
            current = await database_sync_to_async(self._current_version)()
            if seen != current:
                self.version = -1
                await self.send_table(fresh=True)
        elif kind == "choose":
            game = _text(message.get("game"), "game")
            shown = self.version
            await services.changed(services.choose_game, self.table_id, self.session_key, game)
            await self.send_table(shown + 1)  # the sender sees its change at once
        elif kind in HAND_ACTIONS:
            sequence, action = parse_action(message)
            shown = self.version  # the notice may have shown the change by the time it returns
            # with the other actions waiting for the database thread (games.queued_actions)
            await queued_actions.act(self.table_id, self.session_key or "", sequence, action)
            await self.send_table(shown + 1)
        else:
            raise BadMessage(f"unknown message type {kind!r}")
