"""A table's sockets are told of a new version by their own event loop: directly on the
loop that publishes it, through that loop's relay on every other (games.watchers)."""

from __future__ import annotations

import asyncio
import logging
import os
import threading

import pytest
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.conf import settings

from games import notices, services, watchers
from games.models import Table
from tests.web.test_socket import open_table

REDIS_URL = os.environ.get("REDIS_TEST_URL", "redis://127.0.0.1:6379/7")


class Socket:
    def __init__(self, name: str, fails: bool = False) -> None:
        self.name, self.fails = name, fails
        self.told: list[int] = []

    async def table_changed(self, event: dict) -> None:
        self.told.append(event["version"])
        if self.fails:
            raise RuntimeError("this socket is broken")


async def settled() -> None:
    for _ in range(5):  # a relay's receive and the tells it makes
        await asyncio.sleep(0.02)


# Tables -5 to -12: no table of the database, whose sockets other tests may leave open.
def test_each_socket_on_the_loop_is_told_once_in_turn_and_one_failure_stops_no_one(caplog):
    first, broken, last = Socket("a"), Socket("b", fails=True), Socket("c")
    elsewhere = Socket("d")

    async def on_another_loop():
        await watchers.watch(-7, elsewhere, None)

    async def scenario():
        for socket in (first, broken, last):
            await watchers.watch(-7, socket, None)
        await watchers.watch(-8, Socket("other table"), None)
        with caplog.at_level(logging.WARNING, logger="games.watchers"):
            assert await watchers.tell(-7, {"version": 3}) == 3
        await watchers.unwatch(-7, first)
        assert await watchers.tell(-7, {"version": 4}) == 2
        for socket in (broken, last):
            await watchers.unwatch(-7, socket)
        assert watchers.watching(-7) == 1  # the other loop's

    asyncio.run(on_another_loop())
    asyncio.run(scenario())
    assert first.told == [3] and broken.told == last.told == [3, 4]
    assert elsewhere.told == []  # its loop is not the one telling
    assert "could not tell a socket of table -7" in caplog.text


def test_a_loop_joins_a_tables_group_once_with_its_first_socket_and_leaves_with_its_last():
    async def scenario():
        layer = InMemoryChannelLayer()
        group = watchers.group_of(-6)
        one, two = Socket("one"), Socket("two")
        await watchers.watch(-6, one, layer)
        await watchers.watch(-6, two, layer)
        relay = await watchers.relay_here(layer)
        assert layer.groups[group].keys() == {relay.channel}  # one member for both
        await watchers.unwatch(-6, one)
        assert relay.channel in layer.groups[group]
        # The last socket goes as a new one comes: the new one is never left out.
        three = Socket("three")
        await asyncio.gather(watchers.unwatch(-6, two), watchers.watch(-6, three, layer))
        assert relay.channel in layer.groups[group]
        await watchers.unwatch(-6, three)
        assert relay.channel not in layer.groups.get(group, {})
        assert watchers.watching(-6) == 0

    asyncio.run(scenario())


def test_a_notice_goes_to_this_loops_sockets_directly_and_to_other_loops_relays_once():
    async def scenario():
        layer = InMemoryChannelLayer()
        here = Socket("here")
        await watchers.watch(-5, here, layer)
        relay = await watchers.relay_here(layer)
        another_loops_relay = await layer.new_channel()
        await layer.group_add(watchers.group_of(-5), another_loops_relay)
        await notices._send_quietly(layer, -5, {"type": "table.changed", "version": 9})
        await settled()
        assert here.told == [9]  # not a second time from its own relay
        assert relay.channel not in layer.channels or layer.channels[relay.channel].empty()
        passed = await asyncio.wait_for(layer.receive(another_loops_relay), 1)
        assert (passed["version"], passed["table"], passed["origin"]) == (9, -5, relay.channel)
        await watchers.unwatch(-5, here)

    asyncio.run(scenario())


def test_a_relay_passes_on_other_loops_notices_and_goes_on_after_a_bad_one(caplog):
    async def scenario():
        layer = InMemoryChannelLayer()
        socket = Socket("s")
        await watchers.watch(-9, socket, layer)
        relay = await watchers.relay_here(layer)
        with caplog.at_level(logging.WARNING, logger="games.watchers"):
            await layer.send(relay.channel, {"type": "table.changed", "version": 2})  # no table
            await settled()
            for origin, version in ((relay.channel, 3), ("another loop", 4)):
                await layer.send(relay.channel, {"type": "table.changed", "version": version,
                                                 "table": -9, "origin": origin})  # fmt: skip
            for _ in range(50):
                if socket.told:
                    break
                await asyncio.sleep(0.02)
        assert socket.told == [4]
        assert "the relay could not pass on a notice" in caplog.text
        await watchers.unwatch(-9, socket)

    asyncio.run(scenario())


def test_through_redis_each_process_tells_its_own_sockets_once():
    """Two processes, each an event loop with a Redis layer of its own: a notice
    published by one reaches its own socket directly and the other's through Redis,
    each exactly once."""
    ready, finished = threading.Event(), threading.Event()
    there = Socket("there")

    async def other_process():
        layer = RedisPubSubChannelLayer(hosts=[REDIS_URL])
        await watchers.watch(-10, there, layer)
        ready.set()
        while not finished.is_set():
            await asyncio.sleep(0.02)
        await watchers.unwatch(-10, there)
        await layer.flush()

    other = threading.Thread(target=asyncio.run, args=(other_process(),))
    other.start()
    here = Socket("here")

    async def this_process():
        layer = RedisPubSubChannelLayer(hosts=[REDIS_URL])
        await watchers.watch(-10, here, layer)
        assert await asyncio.to_thread(ready.wait, 10)
        await notices._send_quietly(layer, -10, {"type": "table.changed", "version": 7})
        for _ in range(100):
            if there.told:
                break
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.2)  # time for a second copy, if one were coming
        await watchers.unwatch(-10, here)
        await layer.flush()

    try:
        asyncio.run(this_process())
    finally:
        finished.set()
        other.join(10)
    assert here.told == [7] and there.told == [7]


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_tables_sockets_share_one_member_of_its_group_and_each_sees_a_change_once():
    if not isinstance(get_channel_layer(), InMemoryChannelLayer):
        pytest.skip(f"this run's layer is {settings.CHANNEL_LAYERS['default']['BACKEND']}")
    table, seats, spectator = await open_table("high-low-declare", 2)
    layer = get_channel_layer()
    assert watchers.watching(table.pk) == 3
    assert len(layer.groups[watchers.group_of(table.pk)]) == 1  # the loop's relay
    await database_sync_to_async(services.set_dealing)(table.pk, True)
    version = (await database_sync_to_async(Table.objects.get)(pk=table.pk)).version
    for seat in [*seats.values(), spectator]:
        pushes = await seat.drain()
        assert sum(f'data-version="{version}"' in push for push in pushes) == 1
    for seat in [*seats.values(), spectator]:
        await seat.comm.disconnect()
    assert watchers.watching(table.pk) == 0


@pytest.mark.asyncio
async def test_sockets_told_of_a_change_made_on_the_database_thread_may_use_that_thread():
    got = []

    class ReadsAgain(Socket):  # as a socket does whose version must be read
        async def table_changed(self, event: dict) -> None:
            got.append(await database_sync_to_async(lambda: event["version"])())

    socket = ReadsAgain("reads")
    await watchers.watch(-11, socket, get_channel_layer())
    try:
        await database_sync_to_async(notices.notify)(-11, 5)
        for _ in range(200):
            if got:
                break
            await asyncio.sleep(0.01)
    finally:
        await watchers.unwatch(-11, socket)
    assert got == [5]
