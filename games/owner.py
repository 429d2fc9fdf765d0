"""What this process holds of a live table it serves: one owner per table and event loop.

deploy/nginx.conf sends all of a table's sockets to one process, and a lease names the
process that serves the table (games.lease): a socket that lands on another process is
forwarded to it (games.forwarding). An owner is made with the table's first socket here
and goes with its last one, once its clock has run. Where this process serves the table,
it holds:

- the table's sockets per browser (a browser may have a few tabs open; more are refused),
  and the screens of the sockets other processes forward here;
- the one read of the database in flight, which all of the table's sockets wait for;
- the table's clock: one timer, set from the newest version shown, that runs the table's
  clock (``services.tick``) when an action clock runs out, a player to act is away, or
  the next hand is due;
- a beat that notes, every ``HERE_EVERY``, that the browsers with a socket open here are
  at the table (games.presence): an open connection is what "here" means (RULES.md §6).

Correctness does not depend on there being one owner: the database's version fences
every change (``services.writes_table``), and ``tick`` does nothing where nothing is due.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.utils import timezone

from games import notices, presence, queued_actions, services, watchers
from games.lease import Leases
from games.services import ServiceError
from games.state import TableSnapshot, cached_snapshot, latest_snapshot

logger = logging.getLogger(__name__)
CLOCK_GRACE = 1.0  # seconds a process leaves a clock to the process that made its version
HERE_EVERY = 15.0  # seconds between notes that this process's sockets' browsers are here


class TableOwner:
    """One live table on this event loop: its sockets per browser, its read, its clock."""

    def __init__(self, table_id: int, invite: str) -> None:
        self.table_id, self.invite = table_id, invite
        self.browsers: dict[str, int] = {}  # open sockets per session key ("": none)
        self.reading: asyncio.Future | None = None
        self.clock: tuple[int, float, asyncio.TimerHandle] | None = None  # version, due, timer
        self.screens: dict[str, object] = {}  # forwarded here, by id (games.forwarding)
        self.sockets: set = set()  # this process's sockets served here (games.consumers)
        self.holder: str | None = None  # the process that serves the table (None: this one)
        self.leases: Leases | None = None  # this process's, once it has claimed the table
        self.claiming: asyncio.Future | None = None
        self.beat: asyncio.TimerHandle | None = None  # the next note of who is here

    # -- the lease ----------------------------------------------------------------
    async def claim(self, again: bool = False) -> str | None:
        """The process that serves the table (None: this one), as claimed when the first
        socket came (``again``: claimed anew, its holder being gone). Every socket that
        comes meanwhile waits for the same claim."""
        if self.claiming is None or again:
            self.claiming = asyncio.ensure_future(self._claim())
        claiming = self.claiming
        try:
            holder = await asyncio.shield(claiming)
        except Exception:
            if self.claiming is claiming:
                self.claiming = None  # the next socket claims again
            raise
        if self.claiming is claiming:  # (not one made before the table was lost)
            self.holder = holder
        return holder

    def serve_here(self) -> None:
        """Serve the table here, whoever holds it (the channel layer is away); the next
        socket claims it anew."""
        self.holder, self.claiming = None, None
        if self.leases is not None:
            self.leases.serving(self.table_id, True)

    def lost_to(self, holder: str) -> None:
        """Another process has claimed the table: its sockets here move there, and those
        that come from now on are forwarded there (games.forwarding moves the screens
        forwarded here). Its timer here stops."""
        self.holder, self.claiming = holder, None
        for socket in list(self.sockets):
            socket.move()
        if self.clock is not None:
            self.clock[2].cancel()
            self.clock = None
            self.release_if_idle()  # (kept only by its clock, it goes)

    async def _claim(self) -> str | None:
        relay = await watchers.relay_here(get_channel_layer())
        self.leases = relay.leases
        return await relay.leases.claim(self.table_id) if relay.leases else None

    # -- sockets ------------------------------------------------------------------
    def sockets_of(self, session_key: str) -> int:
        return self.browsers.get(session_key, 0)

    def arrive(self, session_key: str) -> None:
        self.browsers[session_key] = self.browsers.get(session_key, 0) + 1
        if self.beat is None:
            self.beat = asyncio.get_running_loop().call_later(HERE_EVERY, self._beat)

    def _beat(self) -> None:
        """Note the browsers with a socket open here as at the table, and beat again while
        any is (a hidden tab's own syncs may be slowed, its socket still open)."""
        self.beat = None
        here = [key for key in self.browsers if key]
        if here:
            notices.in_background(_note_here(self.table_id, here))
        if self.browsers:
            self.beat = asyncio.get_running_loop().call_later(HERE_EVERY, self._beat)

    def leave(self, session_key: str) -> bool:
        """One socket of the browser is gone; whether it was its last one here."""
        left = self.browsers.pop(session_key, 1) - 1
        if left:
            self.browsers[session_key] = left
        self.release_if_idle()
        return not left

    # -- reading ------------------------------------------------------------------
    async def table_at(self, version: int, fresh: bool = False) -> TableSnapshot:
        """The table at ``version`` or later (``fresh``: as the database has it now). A
        version this process holds costs nothing; else one read of the database serves
        every socket of the table that waits for it."""
        for _ in range(3):
            held = None if fresh else cached_snapshot(self.table_id, self.invite, version)
            if held is not None:
                return held
            if self.reading is None:
                read = database_sync_to_async(latest_snapshot)(self.table_id)
                self.reading = reading = asyncio.ensure_future(read)
                reading.add_done_callback(self._read)
            shot = await asyncio.shield(self.reading)
            if shot.version >= version:
                return shot
            fresh = False  # read before that version committed: look again
        return shot

    def _read(self, reading: asyncio.Future) -> None:
        if self.reading is reading:
            self.reading = None
            self.release_if_idle()

    # -- the clock ----------------------------------------------------------------
    def set_clock(self, version: int, due: float | None, made_here: bool = True) -> None:
        """Set the table's one timer from the version ``version`` shown: it runs the
        table's clock at ``due`` (a Unix time; None: nothing is due). Every process may
        run it, but the process that made the version runs it first: the others wait
        ``CLOCK_GRACE`` longer, and by then the version it makes has set their timers
        anew (run at once everywhere, each deal had the other process wait for the
        table's lock and read it for nothing)."""
        if self.clock is not None:
            if self.clock[0] > version or self.clock[1] == due:
                return
            self.clock[2].cancel()
            self.clock = None
        if due is None:
            self.release_if_idle()
            return
        delay = max(0.0, due - time.time()) + (0.05 if made_here else CLOCK_GRACE)
        handle = asyncio.get_running_loop().call_later(delay, self._clock_due)
        self.clock = (version, due, handle)

    def _clock_due(self) -> None:
        self.clock = None
        notices.in_background(self.run_clock())

    async def run_clock(self) -> None:
        try:
            await queued_actions.queued(services.tick, self.table_id, timezone.now())
        except ServiceError:
            pass
        except Exception:  # the next version shown sets the clock again
            logger.warning("the clock of table %s failed", self.table_id, exc_info=True)
        finally:
            self.release_if_idle()

    # -- presence -----------------------------------------------------------------
    def note_presence(self, went: bool = False) -> None:
        """Show the table anew if who is away has changed (games.presence): now, when a
        browser comes, or once one that ``went`` may be away (the table's grace period)."""
        notices.in_background(_presence_changed(self.table_id, went))

    def release_if_idle(self) -> None:
        if self.browsers or self.screens or self.clock is not None or self.reading is not None:
            return
        if self.beat is not None:
            self.beat.cancel()
            self.beat = None
        owners = _owners.get(asyncio.get_running_loop(), {})
        if owners.get(self.table_id) is self:
            del owners[self.table_id]
            if self.leases is not None and self.holder is None:
                notices.in_background(self._let_go(self.leases))

    async def _let_go(self, leases: Leases) -> None:
        if self.table_id not in _owners.get(asyncio.get_running_loop(), {}):  # not back
            await leases.release(self.table_id)


async def _note_here(table_id: int, session_keys: list[str]) -> None:
    try:
        await database_sync_to_async(presence.still_here)(table_id, session_keys, timezone.now())
    except Exception:  # the database away: the browsers' own syncs say it too
        logger.warning("could not note who is at table %s", table_id, exc_info=True)


async def _presence_changed(table_id: int, went: bool = False) -> None:
    if went:
        await _grace_over(table_id, time.monotonic())
    try:
        await notices.changed(services.note_presence, table_id)
    except Exception:  # a table deleted meanwhile, or the database away: shown at the next change
        logger.warning("could not note who is at table %s", table_id, exc_info=True)


async def _grace_over(table_id: int, went_at: float) -> None:
    """Wait out the table's grace period from ``went_at``, reading it again every
    ``HERE_EVERY`` (the host may change it meanwhile; the default while it cannot be read)."""
    while True:
        try:
            grace = await database_sync_to_async(presence.grace_of)(table_id)
        except Exception:  # the database away: look again at the default's end
            grace = presence.DEFAULT_GRACE
        left = went_at + grace + 0.5 - time.monotonic()
        if left <= 0:
            return
        await asyncio.sleep(min(left, HERE_EVERY))


_owners: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[int, TableOwner]] = (
    weakref.WeakKeyDictionary()
)


def owner_here(table_id: int) -> TableOwner | None:
    """The table's owner on the running event loop, if it has one."""
    return _owners.get(asyncio.get_running_loop(), {}).get(table_id)


def owner_of(table_id: int, invite: str) -> TableOwner:
    """The table's owner on the running event loop, made if it has none."""
    owners = _owners.setdefault(asyncio.get_running_loop(), {})
    owner = owners.get(table_id)
    if owner is None or owner.invite != invite:
        owner = owners[table_id] = TableOwner(table_id, invite)
    return owner
