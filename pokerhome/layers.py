"""The channel layer of a single process (the embedded default, without Redis)."""

from __future__ import annotations

import asyncio
import time
from copy import deepcopy

from channels.layers import InMemoryChannelLayer


class ProcessChannelLayer(InMemoryChannelLayer):
    """Channels' in-memory layer, without its cost per message: it looks through every
    channel and group for expired messages at each receive and group send (every socket's
    queue scanned for every message each socket gets), and starts a task per member
    of a group to send to it, each with its own deep copy of the message. Here expired
    messages are looked for at most once every ``clean_every`` seconds (they expire after
    a minute; nothing relies on the moment), and a group send puts one copy of the message
    on each member's queue in turn (putting never waits): the sender may change its
    message afterwards, and receivers only read what they are handed (as with Redis,
    where every member decodes the same bytes)."""

    clean_every = 1.0

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._cleaned_at = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._cleaned_at >= self.clean_every:
            self._cleaned_at = now
            super()._clean_expired()

    async def group_send(self, group: str, message: dict) -> None:
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        message = deepcopy(message)
        expires = time.time() + self.expiry
        for channel in list(self.groups.get(group, ())):
            self.require_valid_channel_name(channel)
            queue = self.channels.setdefault(channel, asyncio.Queue(self.get_capacity(channel)))
            if not queue.full():  # as Channels' layer: a full channel misses the message
                queue.put_nowait((expires, message))
