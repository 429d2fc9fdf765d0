"""With the layer of one process, a table's sockets on the event loop that publishes a
version are told of it directly (games.watchers); the layer carries it to every other."""

from __future__ import annotations

import asyncio
import logging

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings

from games import services, watchers
from games.models import Table
from pokerhome.layers import ProcessChannelLayer
from tests.web.test_socket import open_table


class Socket:
    def __init__(self, channel_name: str, fails: bool = False) -> None:
        self.channel_name, self.fails = channel_name, fails
        self.told: list[int] = []

    async def table_changed(self, event: dict) -> None:
        self.told.append(event["version"])
        if self.fails:
            raise RuntimeError("this socket is broken")


# Tables -5 to -11: no table of the database, whose sockets other tests may leave open.
def test_each_socket_on_the_loop_is_told_once_in_turn_and_one_failure_stops_no_one(caplog):
    first, broken, last = Socket("a"), Socket("b", fails=True), Socket("c")
    elsewhere = Socket("d")

    async def on_another_loop():
        watchers.watch(-7, elsewhere)

    async def scenario():
        for socket in (first, broken, last):
            watchers.watch(-7, socket)
        watchers.watch(-8, Socket("other table"))
        with caplog.at_level(logging.WARNING, logger="games.watchers"):
            told = await watchers.tell(-7, {"version": 3})
        assert told == {"a", "b", "c"}
        watchers.unwatch(-7, first)
        assert await watchers.tell(-7, {"version": 4}) == {"b", "c"}
        for socket in (broken, last, elsewhere):
            watchers.unwatch(-7, socket)
        watchers.unwatch(-8, Socket("other table"))

    asyncio.run(on_another_loop())
    asyncio.run(scenario())
    assert first.told == [3] and broken.told == last.told == [3, 4]
    assert elsewhere.told == []  # its loop is not the one telling
    assert "could not tell a socket of table -7" in caplog.text
    assert watchers.watching(-7) == watchers.watching(-8) == 0


def test_a_notice_goes_through_the_layer_only_to_the_sockets_not_told():
    async def scenario():
        layer = ProcessChannelLayer()
        told, untold = Socket(await layer.new_channel()), await layer.new_channel()
        for channel in (told.channel_name, untold):
            await layer.group_add(services.group_name(-5), channel)
        watchers.watch(-5, told)
        try:
            await services._send_quietly(layer, -5, {"type": "table.changed", "version": 9})
        finally:
            watchers.unwatch(-5, told)
        assert told.told == [9]
        assert told.channel_name not in layer.channels  # nothing queued for it
        assert (await asyncio.wait_for(layer.receive(untold), 1))["version"] == 9

    asyncio.run(scenario())


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_change_reaches_this_process_sockets_without_the_layer_and_the_rest_through_it():
    if not isinstance(get_channel_layer(), ProcessChannelLayer):
        pytest.skip(f"this run's layer is {settings.CHANNEL_LAYERS['default']['BACKEND']}")
    table, seats, spectator = await open_table("high-low-declare", 2)
    layer, group = get_channel_layer(), services.group_name(table.pk)
    sockets = dict(watchers._watching[table.pk])
    assert len(sockets) == 3
    # The spectator's socket is left to the layer; the seats' leave the layer's group,
    # so only being told directly can bring them the change.
    (spectator_channel,) = [c for c, (socket, _) in sockets.items() if socket.session_key is None]
    watchers.unwatch(table.pk, sockets[spectator_channel][0])
    for channel in sockets:
        if channel != spectator_channel:
            await layer.group_discard(group, channel)
    await database_sync_to_async(services.set_dealing)(table.pk, True)
    version = (await database_sync_to_async(Table.objects.get)(pk=table.pk)).version
    for seat in [*seats.values(), spectator]:
        pushes = await seat.drain()
        assert pushes and f'data-version="{version}"' in pushes[-1]
    for seat in [*seats.values(), spectator]:
        await seat.comm.disconnect()
    assert watchers.watching(table.pk) == 0


@pytest.mark.asyncio
async def test_sockets_told_of_a_change_made_on_the_database_thread_may_use_that_thread():
    if not isinstance(get_channel_layer(), ProcessChannelLayer):
        pytest.skip("through Redis this process's sockets hear of it from the layer")
    got = []

    class ReadsAgain(Socket):  # as a socket does whose version must be read
        async def table_changed(self, event: dict) -> None:
            got.append(await database_sync_to_async(lambda: event["version"])())

    socket = ReadsAgain("reads")
    watchers.watch(-11, socket)
    try:
        await database_sync_to_async(services.notify)(-11, 5)
        for _ in range(200):
            if got:
                break
            await asyncio.sleep(0.01)
    finally:
        watchers.unwatch(-11, socket)
    assert got == [5]
