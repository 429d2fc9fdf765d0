"""Which process serves a live table: a lease in Redis, so that a table has one owner even
when one of its sockets lands on another process (that one forwards it: games.forwarding).

A server process is named by its relay's channel (games.watchers). It is alive while its
heartbeat key is: renewed every ``HEARTBEAT`` seconds, the key lapses ``LAPSE`` seconds
after the process stops. A table's key names the process that holds it; a claim takes
the table if its holder is this process, nobody or a process no longer alive. With the
in-memory channel layer (one process) every table is this process's own and nothing is
stored. Correctness never rests on the lease: the database's version fences every change.
A process that stalls past the lapse, or serves tables through a Redis outage, finds at
its next heartbeat the tables another has claimed meanwhile: their sockets, new and old,
and their clocks go there (until then both processes are fenced, and a clock run twice
finds nothing due the second time).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from redis import asyncio as aioredis

logger = logging.getLogger(__name__)
HEARTBEAT, LAPSE = 1.0, 3.0  # seconds
ALIVE, HELD = "pokerhome:alive:", "pokerhome:table:"
KEPT = 3600  # seconds a table's key outlives its last claim

# KEYS: the tables' keys; ARGV: this process, the heartbeat keys' prefix, seconds a key
# is kept (renewed at every heartbeat while held). Each table's holder: this process
# unless another that is alive holds it.
CLAIM = """
local holders = {}
for i, key in ipairs(KEYS) do
  local holder = redis.call('GET', key)
  if holder and holder ~= ARGV[1] and redis.call('EXISTS', ARGV[2] .. holder) == 1 then
    holders[i] = holder
  else
    redis.call('SET', key, ARGV[1], 'EX', ARGV[3])
    holders[i] = ARGV[1]
  end
end
return holders
"""
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class Leases:
    """One process's leases on the tables it serves, and its heartbeat. Each heartbeat
    also claims the tables held again: one another process has taken meanwhile (this one
    stalled past the lapse, or Redis was away) is reported to ``lost`` (the table's id
    and its holder)."""

    def __init__(self, me: str, url: str, lost: Callable[[int, str], None] | None = None):
        self.me, self.lost = me, lost
        self.redis = aioredis.from_url(url)
        self._claim = self.redis.register_script(CLAIM)
        self._release = self.redis.register_script(RELEASE)
        self.beating: asyncio.Task | None = None
        self.held: set[int] = set()  # the tables this process serves

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT)
            try:
                await self.redis.set(ALIVE + self.me, 1, px=int(LAPSE * 1000))
                held = sorted(self.held)
                holders = await self._claimed(held) if held else []
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis away: tables are served here meanwhile
                logger.warning("could not renew this process's heartbeat", exc_info=True)
                continue
            for table_id, holder in zip(held, holders, strict=True):
                if holder is None and table_id not in self.held:  # released meanwhile
                    await self.release(table_id)
                elif holder is not None and table_id in self.held:
                    self.held.discard(table_id)
                    if self.lost is not None:
                        self.lost(table_id, holder)

    async def _claimed(self, tables: list[int]) -> list[str | None]:
        keys = [HELD + str(t) for t in tables]
        holders = await self._claim(keys=keys, args=[self.me, ALIVE, KEPT])
        return [None if h.decode() == self.me else h.decode() for h in holders]

    async def claim(self, table_id: int) -> str | None:
        """The process that serves the table, None if this one: it is taken if its holder
        is gone. With Redis away, this one serves it (the version fences any overlap)."""
        try:
            if self.beating is None:  # alive before its first claim
                await self.redis.set(ALIVE + self.me, 1, px=int(LAPSE * 1000))
                self.beating = self.beating or asyncio.ensure_future(self._beat())
            (holder,) = await self._claimed([table_id])
        except Exception:  # claimed by the heartbeat once Redis is back
            logger.warning("could not claim table %s", table_id, exc_info=True)
            holder = None
        self.serving(table_id, holder is None)
        return holder

    def serving(self, table_id: int, here: bool) -> None:
        """Note whether this process serves the table (its heartbeat claims it again)."""
        if here:
            self.held.add(table_id)
        else:
            self.held.discard(table_id)

    async def release(self, table_id: int) -> None:
        self.held.discard(table_id)
        try:
            await self._release(keys=[HELD + str(table_id)], args=[self.me])
        except Exception:  # it lapses with this process's heartbeat
            logger.warning("could not release table %s", table_id, exc_info=True)

    async def alive(self, processes: set[str]) -> set[str]:
        """Those of ``processes`` whose heartbeat lives (all of them with Redis away)."""
        names = sorted(processes)
        try:
            found = await self.redis.mget([ALIVE + name for name in names])
        except Exception:
            return set(processes)
        return {name for name, beat in zip(names, found, strict=True) if beat is not None}
