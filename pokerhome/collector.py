"""Python's cycle collector, run in small steps on a server's event loop.

CPython collects its young generation once 700 more container objects have been made
than freed, but it counts every object freed, old ones too. A server with a thousand
sockets frees old objects all the time (each push replaces a version's snapshot and each
socket's pending receive), so that count seldom reaches 700, and meanwhile the young
generation fills with everything still alive that was made since the last collection:
a collection then holds the event loop, and every table, for many milliseconds, and
finds nothing to collect.

A step every ``EVERY`` seconds collects the young generation while it is small, and every
``MIDDLE_EVERY``-th step the middle one too. Python's own collections stay on behind
it; with the steps they seldom come due.
"""

from __future__ import annotations

import asyncio
import gc
import weakref

EVERY = 0.01  # seconds between steps
MIDDLE_EVERY = 10  # every tenth step collects the middle generation as well

_running: weakref.WeakSet[asyncio.AbstractEventLoop] = weakref.WeakSet()


def collect_in_steps(loop: asyncio.AbstractEventLoop, every: float = EVERY) -> None:
    """Start the steps on ``loop`` (once per loop; they end with it)."""
    if loop in _running:
        return
    _running.add(loop)
    loop.call_later(every, _step, loop, every, 1)


def _step(loop: asyncio.AbstractEventLoop, every: float, number: int) -> None:
    gc.collect(1 if number % MIDDLE_EVERY == 0 else 0)
    loop.call_later(every, _step, loop, every, number + 1)


class CollectsInSteps:
    """ASGI middleware: the first call on an event loop starts the steps on it (the loop a
    server runs on is known only once it calls the application)."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        collect_in_steps(asyncio.get_running_loop())
        return await self.app(scope, receive, send)
