"""The garbage collector runs in small steps on the event loop (pokerhome/collector.py)."""

from __future__ import annotations

import asyncio
import gc
import time
import weakref
from contextlib import contextmanager

from pokerhome import collector
from pokerhome.collector import CollectsInSteps, collect_in_steps


@contextmanager
def only_the_steps_collect():
    """Python's own collections off; the generation of every collection, in order."""
    generations: list[int] = []

    def seen(phase: str, info: dict) -> None:
        if phase == "stop":
            generations.append(info["generation"])

    was_enabled = gc.isenabled()
    gc.disable()
    gc.callbacks.append(seen)
    try:
        yield generations
    finally:
        gc.callbacks.remove(seen)
        if was_enabled:
            gc.enable()


async def _until(condition, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the steps did not run"
        await asyncio.sleep(0.005)


def test_each_step_collects_the_young_generation_and_every_tenth_the_middle_one_too():
    async def run(generations):
        loop = asyncio.get_running_loop()
        collect_in_steps(loop, every=0.002)
        collect_in_steps(loop, every=0.002)  # once per loop: no second chain of steps
        await _until(lambda: len(generations) >= 2 * collector.MIDDLE_EVERY)

    with only_the_steps_collect() as generations:
        asyncio.run(run(generations))
    first = generations[: 2 * collector.MIDDLE_EVERY]
    middle = [n for n, generation in enumerate(first, 1) if generation == 1]
    assert middle == [collector.MIDDLE_EVERY, 2 * collector.MIDDLE_EVERY]
    assert set(first) == {0, 1}


def test_the_steps_free_a_reference_cycle_nothing_else_would():
    class Node:
        pass

    async def run():
        collect_in_steps(asyncio.get_running_loop(), every=0.002)
        node = Node()
        node.itself = node
        gone = weakref.ref(node)
        del node
        await asyncio.sleep(0)
        assert gone() is not None  # reference counting alone cannot free it
        await _until(lambda: gone() is None)

    with only_the_steps_collect():
        asyncio.run(run())


def test_the_middleware_starts_the_steps_on_the_loop_that_calls_it_and_passes_the_call_on():
    calls = []

    async def app(scope, receive, send):
        calls.append(scope["type"])
        return "served"

    async def run():
        wrapped = CollectsInSteps(app)
        assert asyncio.get_running_loop() not in collector._running
        assert await wrapped({"type": "http"}, None, None) == "served"
        assert asyncio.get_running_loop() in collector._running

    asyncio.run(run())
    assert calls == ["http"]
