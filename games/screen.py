"""What one browser tab shows of a table, and what it asks of it: its screen.

A screen lives with the table's owner (games.owner): its socket is there
(games.consumers), or on another process that forwards it (games.forwarding). Who it is
comes from its session, never from a message. A message is parsed, checked and handed
to a service; on every change of the table the screen renders its viewer's fragment and
sends it (DESIGN.md principles 6, 7).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import DatabaseError
from django.template.loader import render_to_string
from django.utils import timezone

from games import notices, presence, queued_actions, services
from games.models import Table
from games.owner import TableOwner
from games.presenter import receive_parts, render_table, viewer_of
from games.services import ServiceError, StaleAction
from games.state import TableSnapshot, choice_due

logger = logging.getLogger(__name__)
HAND_ACTIONS = {"fold", "check", "call", "bet", "raise", "draw", "arrange", "replace", "keep",
                "take", "decline", "declare"}  # fmt: skip


def _chooser_away(shot: TableSnapshot) -> bool:
    """Whether the player on the button, to pick a dealer's choice, was away: the clock
    picks for them as the deal comes due."""
    return any(p.pk in shot.away and p.seat == shot.button_next for p in shot.players)


def _shown_away_to_act(shot: TableSnapshot) -> bool:
    """Whether a player to act in the version's hand was away when it was made."""
    seats = shot.hand.seat_players
    return any(seats.get(str(s)) in shot.away for s in shot.views[None]["actors"])


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


class Screen:
    """One browser tab at the table: its viewer, the version it shows, and how to reach it
    (``send``: a socket's own, or the way back to the process that forwards it)."""

    def __init__(
        self,
        owner: TableOwner,
        session_key: str | None,
        is_host: bool,
        send: Callable[[str], Awaitable[None]],
    ) -> None:
        self.owner, self.table_id = owner, owner.table_id
        self.session_key, self.is_host, self.send = session_key, is_host, send
        self.version = -1

    # -- sending ----------------------------------------------------------------
    @staticmethod
    def _due(shot: TableSnapshot) -> float | None:
        table = shot.table
        if shot.hand and shot.views and _shown_away_to_act(shot):
            return time.time()  # the clock acts for them now (services.tick)
        due = shot.hand.deadline if shot.hand else (table.next_deal_at if table.dealing else None)
        if shot.hand is None and shot.button_next is not None and not _chooser_away(shot):
            due = choice_due(shot) or due  # a dealer's choice waits for the button's player
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
        await self.send(html)
        self.owner.set_clock(shot.version, self._due(shot), shot.made_here)

    async def table_changed(self, event: dict) -> None:
        if event["version"] > self.version:
            await self.send_table(event["version"], notice=event)

    async def send_error(self, message: str) -> None:
        await self.send(notice_html(message))

    # -- receiving --------------------------------------------------------------
    async def receive(self, text: str) -> None:
        """Act on one message of the browser's (its size and rate are checked already)."""
        try:
            most = settings.SOCKET_MAX_NESTING
            if nesting(text) > most:
                raise BadMessage(f"a message nests lists and objects at most {most} deep")
            message = json.loads(text)
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

    def _current_version(self) -> int:
        presence.seen(self.table_id, self.session_key, timezone.now())  # still here
        return Table.objects.values_list("version", flat=True).get(pk=self.table_id)

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
            await notices.changed(services.choose_game, self.table_id, self.session_key, game)
            await self.send_table(shown + 1)  # the sender sees its change at once
        elif kind in HAND_ACTIONS:
            sequence, action = parse_action(message)
            shown = self.version  # the notice may have shown the change by the time it returns
            # with the other actions waiting for the database thread (games.queued_actions)
            await queued_actions.act(self.table_id, self.session_key or "", sequence, action)
            await self.send_table(shown + 1)
        else:
            raise BadMessage(f"unknown message type {kind!r}")
