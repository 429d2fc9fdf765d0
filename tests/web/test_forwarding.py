"""A table's sockets follow its lease (games.lease, games.forwarding), on the machine's
Redis: here another process is played by a channel of the test's own, which claims the
table as a process does that has taken it over while this one stalled."""

from __future__ import annotations

import asyncio
import json
import os

import pytest
from channels.layers import get_channel_layer
from redis import asyncio as aioredis

from games import lease, watchers
from games.models import Table
from tests.web.test_socket import Seat, join, open_table

REDIS_URL = os.environ.get("REDIS_TEST_URL", "redis://127.0.0.1:6379/7")
LAYER = {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
         "CONFIG": {"hosts": [REDIS_URL]}}  # fmt: skip

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def received(layer, channel: str, kind: str) -> dict:
    """The next message of type ``kind`` sent to ``channel``."""
    while True:
        message = await asyncio.wait_for(layer.receive(channel), timeout=5 * lease.HEARTBEAT)
        if message["type"] == kind:
            return message


async def test_a_socket_of_a_table_another_process_has_claimed_is_forwarded_there(settings):
    settings.CHANNEL_LAYERS = {"default": LAYER}
    settings.REDIS_URL = REDIS_URL
    table, seats, spectator = await open_table("high-low-declare", 2)  # served here
    layer = get_channel_layer()
    other = await layer.new_channel()  # the other process's relay
    redis = aioredis.from_url(REDIS_URL)
    late = Seat(3, await asyncio.to_thread(join, table, 3, "P3"))
    try:
        await redis.set(lease.ALIVE + other, 1, px=60_000)
        await redis.set(lease.HELD + str(table.pk), other)  # as it claims a lapsed table
        await asyncio.sleep(2 * lease.HEARTBEAT)  # this process's heartbeat finds it
        await late.connect(table)
        # The sockets served here move there too (see below): four sockets are opened.
        opened = [await received(layer, other, "screen.open") for _ in range(4)]
        assert {o["table"] for o in opened} == {table.pk}
        assert sorted(bool(o["session"]) for o in opened) == [False, True, True, True]

        # Its messages go to the other process, and what that sends back is shown.
        await late.comm.send_to(text_data=json.dumps({"type": "sync", "version": 0}))
        message = await received(layer, other, "screen.message")
        assert json.loads(message["text"]) == {"type": "sync", "version": 0}
        here = message["from"]
        shown = [[message["screen"], '<div id="shown-there">']]
        await layer.send(here, {"type": "screen.show", "from": other, "shows": shown})
        assert 'id="shown-there"' in await late.comm.receive_from(timeout=5)

        # Gone without a word, the other process's tables are claimed back here.
        await redis.delete(lease.ALIVE + other)
        assert 'id="table"' in await late.comm.receive_from(timeout=10)
        assert await redis.get(lease.HELD + str(table.pk)) == here.encode()
    finally:
        for seat in [*seats.values(), spectator, late]:
            if seat.comm is not None:
                await seat.comm.disconnect()
        await redis.delete(lease.ALIVE + other, lease.HELD + str(table.pk))
        await redis.aclose()


async def test_the_sockets_of_a_table_another_process_takes_move_there(settings):
    settings.CHANNEL_LAYERS = {"default": LAYER}
    settings.REDIS_URL = REDIS_URL
    table, seats, spectator = await open_table("high-low-declare", 2)  # served here
    layer = get_channel_layer()
    other = await layer.new_channel()  # the process that takes the table
    far = await layer.new_channel()  # a third process, whose socket is forwarded here
    here = (await watchers.relay_here(layer)).channel
    redis = aioredis.from_url(REDIS_URL)
    try:
        await redis.set(lease.ALIVE + far, 1, px=60_000)
        opening = {"type": "screen.open", "table": table.pk, "invite": table.invite,
                   "screen": "far-1", "from": far, "session": "", "host": False}  # fmt: skip
        await layer.send(here, opening)
        shown = await received(layer, far, "screen.show")
        assert 'id="table"' in shown["shows"][0][1]  # served here

        await redis.set(lease.ALIVE + other, 1, px=60_000)
        await redis.set(lease.HELD + str(table.pk), other)  # as it claims a lapsed table
        # This process's heartbeat finds the table taken: each of its sockets is opened
        # there, and the socket forwarded here is told to claim the table anew.
        opened = [await received(layer, other, "screen.open") for _ in range(3)]
        assert sorted(bool(o["session"]) for o in opened) == [False, True, True]  # + spectator
        assert (await received(layer, far, "screen.moved"))["screen"] == "far-1"

        # Their messages go there now, and nothing is written here.
        version = (await asyncio.to_thread(Table.objects.get, pk=table.pk)).version
        await seats[1].comm.send_to(text_data=json.dumps({"type": "sync", "version": 0}))
        message = await received(layer, other, "screen.message")
        assert json.loads(message["text"]) == {"type": "sync", "version": 0}
        assert (await asyncio.to_thread(Table.objects.get, pk=table.pk)).version == version
    finally:
        for seat in [*seats.values(), spectator]:
            if seat.comm is not None:
                await seat.comm.disconnect()
        await redis.delete(lease.ALIVE + other, lease.ALIVE + far, lease.HELD + str(table.pk))
        await redis.aclose()
