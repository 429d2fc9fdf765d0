"""The single process's channel layer (pokerhome.layers): what Channels' in-memory layer
does, without looking through every channel at every message."""

from __future__ import annotations

import asyncio

import pytest
from django.conf import settings

from pokerhome.layers import ProcessChannelLayer


def test_it_is_the_default_without_redis():
    if settings.CHANNEL_LAYERS["default"]["BACKEND"].startswith("channels_redis"):
        pytest.skip("this run has REDIS_URL set")
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"] == "pokerhome.layers.ProcessChannelLayer"


def test_a_group_send_reaches_every_member_once_and_no_one_else():
    async def scenario():
        layer = ProcessChannelLayer()
        members = [await layer.new_channel() for _ in range(6)]
        outsider = await layer.new_channel()
        for channel in members:
            await layer.group_add("table-1", channel)
        await layer.group_add("table-2", outsider)
        sent = {"type": "table.changed", "version": 3, "step": {"actions": [{"seat": 1}]}}
        await layer.group_send("table-1", sent)
        sent["step"]["actions"].append({"seat": 2})  # the sender's later changes stay its own
        got = [await asyncio.wait_for(layer.receive(c), 1) for c in members]
        expected = {"type": "table.changed", "version": 3, "step": {"actions": [{"seat": 1}]}}
        assert got == [expected] * 6
        await layer.group_discard("table-1", members[0])
        await layer.group_send("table-1", {"type": "table.changed", "version": 4})
        assert members[0] not in layer.channels and outsider not in layer.channels
        assert all(layer.channels[c].qsize() == 1 for c in members[1:])

    asyncio.run(scenario())


def test_a_full_channel_misses_the_message_and_the_others_still_get_it():
    async def scenario():
        layer = ProcessChannelLayer(capacity=1)
        slow, other = await layer.new_channel(), await layer.new_channel()
        for channel in (slow, other):
            await layer.group_add("g", channel)
        await layer.group_send("g", {"type": "a", "n": 1})
        await layer.receive(other)
        await layer.group_send("g", {"type": "a", "n": 2})  # slow's queue is full
        assert (await layer.receive(slow))["n"] == 1
        assert (await layer.receive(other))["n"] == 2
        assert slow not in layer.channels

    asyncio.run(scenario())


def test_expired_messages_are_still_dropped_and_their_channel_leaves_its_groups():
    async def scenario():
        layer = ProcessChannelLayer(expiry=0)
        layer.clean_every = 0
        gone, live = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("g", gone)
        await layer.send(gone, {"type": "a"})  # nobody receives it: it expires
        await asyncio.sleep(0.01)
        await layer.group_add("g", live)
        await layer.send(live, {"type": "b"})
        layer.expiry = 60
        await layer.group_send("g", {"type": "c"})
        assert gone not in layer.groups["g"] and gone not in layer.channels

    asyncio.run(scenario())
