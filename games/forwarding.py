"""A socket that lands on a process that does not serve its table is forwarded there.

deploy/nginx.conf sends a table's sockets to one process, but a socket may land on
another (no proxy in front, or a process taking over). That process does no work of the
table's: it sends the socket's messages to the process that holds the table's lease
(games.lease), which keeps a screen for it (games.screen) as for a socket of its own,
and it passes on what that process sends back. When the holder's heartbeat lapses, or
the holder answers that it does not serve the table, each socket forwarded to it claims
the table anew (``TableConsumer.move``): it is then served here, or forwarded again. A
process that finds its table taken by another (it stalled past its lease) moves its own
sockets of the table there the same way, and tells those forwarded to it to move.

The messages, each sent to a process's relay channel (games.watchers) with its type:

- to the holder: ``screen.open`` (table, invite, screen, from, session, host),
  ``screen.message`` (the same, and text: what the browser sent; it opens the screen if
  its opening was lost) and ``screen.close`` (screen);
- back: ``screen.show`` (from, shows: [screen, text] pairs, every render for that
  process gathered while one message is on its way) and ``screen.moved`` (screen, lost:
  whether a message of the browser's was dropped).

``screen`` is the id the socket's process gave it; ``from`` the sender's relay channel.
"""

from __future__ import annotations

import asyncio
import logging
import uuid

from games import notices, watchers
from games.lease import HEARTBEAT
from games.owner import owner_here, owner_of
from games.screen import Screen
from games.watchers import Relay

logger = logging.getLogger(__name__)
OPEN_WAIT = 2.0  # seconds a forwarded socket waits to be shown its table before asking again


# -- the process a socket landed on --------------------------------------------------
async def forward(relay: Relay, consumer, holder: str) -> bool:
    """Serve ``consumer`` (a TableConsumer) through ``holder``, the table's process; False
    if the layer is away (then it is not forwarded)."""
    consumer.screen_id, consumer.holder = uuid.uuid4().hex, holder
    relay.forwarded[consumer.screen_id] = consumer
    opening = {"type": "screen.open", **_who(relay, consumer)}
    consumer.shown = False
    if await _sent(relay, consumer, opening):
        _watch_lapses(relay)
        asyncio.get_running_loop().call_later(OPEN_WAIT, _check_shown, relay, consumer, opening)
        return True
    return False


def _check_shown(relay: Relay, consumer, opening: dict, tries: int = 1) -> None:
    """Nothing shown yet: the opening was lost (the layer's pub/sub delivers at most
    once: the holder was resubscribing, say). It is sent again; after a few tries the
    socket claims its table anew."""
    if relay.forwarded.get(opening["screen"]) is not consumer or consumer.shown:
        return
    if tries < 3:
        notices.in_background(_sent(relay, consumer, opening))
        later = (relay, consumer, opening, tries + 1)
        asyncio.get_running_loop().call_later(OPEN_WAIT, _check_shown, *later)
    else:
        del relay.forwarded[opening["screen"]]
        consumer.move()


async def send_on(relay: Relay, consumer, text: str) -> bool:
    """Send the browser's message ``text`` on to the table's process; False if the layer
    is away (then the socket is no longer forwarded, for this process to serve)."""
    if relay.forwarded.get(consumer.screen_id) is not consumer:
        await consumer.send_error("the table is moving to another server: do that again")
        return True  # (claiming the table anew: its table comes in a moment)
    message = {"type": "screen.message", "text": text, **_who(relay, consumer)}
    return await _sent(relay, consumer, message)


def _who(relay: Relay, consumer) -> dict:
    """What the holder needs to open the socket's screen: sent with each message too, in
    case the opening was lost (pub/sub delivers at most once)."""
    return {"table": consumer.table_id, "invite": consumer.invite, "from": relay.channel,
            "screen": consumer.screen_id, "session": consumer.session_key or "",
            "host": consumer.is_host}  # fmt: skip


async def unforward(relay: Relay, consumer) -> None:
    """The socket has closed: its screen at the table's process may go."""
    if relay.forwarded.pop(getattr(consumer, "screen_id", None), None) is consumer:
        await _sent(relay, consumer, {"type": "screen.close", "screen": consumer.screen_id})


async def _sent(relay: Relay, consumer, message: dict) -> bool:
    try:
        await relay.layer.send(consumer.holder, message)
        return True
    except Exception:  # the layer is away
        logger.warning("could not forward a socket of table %s", consumer.table_id,
                       exc_info=True)  # fmt: skip
        if relay.forwarded.get(consumer.screen_id) is consumer:
            del relay.forwarded[consumer.screen_id]
        return False


async def _on_show(relay: Relay, event: dict) -> None:
    gone = []
    for screen_id, text in event["shows"]:
        consumer = relay.forwarded.get(screen_id)
        if consumer is None:  # closed, or served elsewhere since: its screen there may go
            gone.append(screen_id)
            continue
        consumer.shown = True
        try:
            await consumer.send_text(text)
        except Exception:  # closing: the relay must go on
            logger.debug("a forwarded socket of table %s is gone", consumer.table_id)
    for screen_id in gone:
        await relay.layer.send(event["from"], {"type": "screen.close", "screen": screen_id})


async def _on_moved(relay: Relay, event: dict) -> None:
    consumer = relay.forwarded.pop(event["screen"], None)
    if consumer is not None:
        if event.get("lost"):
            await consumer.send_error("the table moved to another server: do that again")
        consumer.move()


# -- the process that serves the table -----------------------------------------------
class ForwardedScreen(Screen):
    """A screen whose socket is on another process (``reply``): what it shows goes back
    there. Its messages are taken in turn, in the order they came (``turn``)."""

    def __init__(self, relay: Relay, event: dict) -> None:
        owner = owner_of(int(event["table"]), event["invite"])
        super().__init__(owner, event["session"] or None, bool(event["host"]), self._send)
        self.relay, self.id, self.reply = relay, event["screen"], event["from"]
        self.turn = asyncio.Lock()

    async def _send(self, text: str) -> None:
        """Sent with whatever else waits for that process (``_post``): not awaited."""
        _post(self.relay, self.reply, (self.id, text))


def _post(relay: Relay, to: str, show: tuple[str, str]) -> None:
    """Send ``show`` (a screen's id and its text) to the process ``to``, in order, in one
    message with every other show for it that comes while one is on its way: under load
    a message per render each waited for its own turn on the layer's connection."""
    box = relay.outboxes.get(to)
    if box is None:
        box = relay.outboxes[to] = []
        notices.in_background(_flush(relay, to, box))
    box.append(show)


async def _flush(relay: Relay, to: str, box: list) -> None:
    shows: list = []
    try:
        while box:
            shows = box[:]
            box.clear()
            await relay.layer.send(to, {"type": "screen.show", "shows": shows,
                                        "from": relay.channel})  # fmt: skip
    except Exception:  # its sockets sync again
        logger.warning("could not send %s renders to another process", len(shows), exc_info=True)
    finally:
        del relay.outboxes[to]


async def _on_open(relay: Relay, event: dict) -> None:
    if event["screen"] in relay.screens:  # sent again, though it came (_check_shown)
        return
    screen = relay.screens[event["screen"]] = ForwardedScreen(relay, event)
    notices.in_background(_open(screen))


async def _on_message(relay: Relay, event: dict) -> None:
    screen = relay.screens.get(event["screen"])
    if screen is None:  # its opening was lost: opened now
        await _on_open(relay, event)
        screen = relay.screens[event["screen"]]
    notices.in_background(_take(screen, event["text"]))


async def _on_close(relay: Relay, event: dict) -> None:
    screen = relay.screens.get(event["screen"])
    if screen is not None:
        notices.in_background(_close(screen))


async def _open(screen: ForwardedScreen) -> None:
    async with screen.turn:
        if await screen.owner.claim() is None:  # this process's table
            screen.owner.screens[screen.id] = screen
            _watch_lapses(screen.relay)
            try:
                await watchers.watch(screen.table_id, screen, screen.relay.layer)
                await screen.send_table(fresh=True)
                if screen.session_key:  # a player shown away is back
                    screen.owner.note_presence()
                return
            except Exception:
                logger.warning("could not open a forwarded screen of table %s",
                               screen.table_id, exc_info=True)  # fmt: skip
        await _drop(screen)  # its socket claims the table anew
        await _quietly(screen, {"type": "screen.moved", "screen": screen.id})


async def _take(screen: ForwardedScreen, text: str) -> None:
    async with screen.turn:
        if screen.relay.screens.get(screen.id) is screen:
            try:
                await screen.receive(text)
            except Exception:  # e.g. the database away: the browser syncs again
                logger.warning("a forwarded message at table %s failed", screen.table_id,
                               exc_info=True)  # fmt: skip
        else:  # dropped while it waited
            await _quietly(screen, {"type": "screen.moved", "screen": screen.id, "lost": True})


async def _close(screen: ForwardedScreen) -> None:
    async with screen.turn:
        if screen.session_key and screen.owner.screens.get(screen.id) is screen:
            screen.owner.note_presence(went=True)  # gone?
        await _drop(screen)


async def _drop(screen: ForwardedScreen) -> None:
    if screen.relay.screens.get(screen.id) is screen:
        del screen.relay.screens[screen.id]
    if screen.owner.screens.pop(screen.id, None) is screen:
        await watchers.unwatch(screen.table_id, screen)
    screen.owner.release_if_idle()


async def _quietly(screen: ForwardedScreen, message: dict) -> None:
    try:
        await screen.relay.layer.send(screen.reply, message)
    except Exception:  # its process is gone, or the layer away: its browser syncs again
        logger.warning("could not reach a forwarding process", exc_info=True)


async def _on_lost(relay: Relay, event: dict) -> None:
    """Another process has claimed a table this one served (games.lease): its sockets
    here move there (``TableOwner.lost_to``), and so do the sockets of other processes
    forwarded here: each is told its screen has moved, and claims the table anew."""
    owner = owner_here(event["table"])
    if owner is not None:
        owner.lost_to(event["holder"])
        for screen in list(owner.screens.values()):
            notices.in_background(_moved_away(screen))


async def _moved_away(screen: ForwardedScreen) -> None:
    async with screen.turn:
        await _drop(screen)
        await _quietly(screen, {"type": "screen.moved", "screen": screen.id})


# -- heartbeats ------------------------------------------------------------------------
def _watch_lapses(relay: Relay) -> None:
    if relay.lapses is None and relay.leases is not None:
        relay.lapses = asyncio.ensure_future(_lapses(relay))


async def _lapses(relay: Relay) -> None:
    """While sockets are forwarded from or to this process, check the heartbeats of the
    processes at their other end: a socket forwarded to a process gone claims its table
    anew, and a screen kept for a process gone is dropped."""
    try:
        while relay.forwarded or relay.screens:
            await asyncio.sleep(HEARTBEAT)
            holders = {c.holder for c in relay.forwarded.values()}
            repliers = {s.reply for s in relay.screens.values()}
            alive = await relay.leases.alive(holders | repliers)
            for screen_id, consumer in list(relay.forwarded.items()):
                if consumer.holder not in alive:
                    del relay.forwarded[screen_id]
                    consumer.move()
            for screen in list(relay.screens.values()):
                if screen.reply not in alive:
                    notices.in_background(_close(screen))
    except Exception:
        logger.warning("could not check the other processes' heartbeats", exc_info=True)
    finally:
        relay.lapses = None


watchers.HANDLERS.update({
    "screen.open": _on_open, "screen.message": _on_message, "screen.close": _on_close,
    "screen.show": _on_show, "screen.moved": _on_moved, "table.lost": _on_lost,
})  # fmt: skip
