"""Actions that wait for the database thread together are written together.

A process's sockets reach the database on one thread (Channels' ``database_sync_to_async``),
so actions that arrive together wait for each other there, each for the ones before it
and each for its own round trip to the database. Here an event loop's actions (the
players' and the clock's: its deals, and its actions for players out of time) wait in
one queue instead: whenever the thread is free, every action waiting goes to it at once
(``written_together``), and on PostgreSQL the ones at different tables are written as
one text (``statements.all_at_once``): one round trip and one flush to disk for all,
each table with its own lock. Unless every lock holds, nothing of that text is written,
and each action is then made on its own, as a lone one is (``services.act``,
``services.tick``): any refusal is its own, in its own words.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable

from django.db import DatabaseError

from games import notices, services, state, statements
from games.models import Table
from games.services import StaleAction

logger = logging.getLogger(__name__)
MOST_AT_ONCE = 32  # actions taken from the queue at a time

# A service that writes one table (services.writes_table), the table's id, and the
# service's other arguments.
Request = tuple[Callable, int, tuple]


class ActionQueue:
    """An event loop's actions waiting for the database thread."""

    def __init__(self) -> None:
        self.waiting: list[tuple[Request, asyncio.Future]] = []
        self.draining = False


_queues: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, ActionQueue] = (
    weakref.WeakKeyDictionary()
)


async def act(table_id: int, session_key: str, sequence: int, action: dict) -> None:
    """``services.act`` for a socket, made with whatever other actions wait with it:
    returns when it is written, or raises what ``services.act`` would."""
    await queued(services.act, table_id, session_key, sequence, action)


async def queued(service: Callable, table_id: int, *args) -> object:
    """``service(table_id, *args)`` made with whatever other actions wait with it: what
    it returns once written, or what it raises."""
    loop = asyncio.get_running_loop()
    queue = _queues.get(loop)
    if queue is None:
        queue = _queues[loop] = ActionQueue()
    done = loop.create_future()
    queue.waiting.append(((service, table_id, args), done))
    if not queue.draining:
        queue.draining = True
        notices.in_background(_drain(queue))
    return await done


async def _drain(queue: ActionQueue) -> None:
    """Hand the waiting actions to the database thread until none is left."""
    try:
        while queue.waiting:
            taken = queue.waiting[:MOST_AT_ONCE]
            del queue.waiting[:MOST_AT_ONCE]
            try:
                requests = [request for request, _ in taken]
                outcomes = await notices.changed(written_together, requests)
            except asyncio.CancelledError:  # the server is stopping
                for _, done in taken:
                    done.cancel()
                raise
            except Exception as error:  # cannot happen: every error is an outcome
                logger.exception("queued actions failed")
                outcomes = [error] * len(taken)
            for (_, done), outcome in zip(taken, outcomes, strict=True):
                if done.done():  # its socket was closed meanwhile
                    continue
                if isinstance(outcome, Exception):
                    done.set_exception(outcome)
                else:
                    done.set_result(outcome)
    finally:
        queue.draining = False
        for _, done in queue.waiting:  # left only if the server is stopping
            done.cancel()
        queue.waiting.clear()


def written_together(requests: list[Request]) -> list[object]:
    """Each request's outcome, in order: what its service returned, or the error it
    raised. On the database thread."""
    outcomes: list[object] = [None] * len(requests)
    written = _written_together(requests) if len(requests) > 1 else {}
    for index, (service, table_id, args) in enumerate(requests):
        if index in written:
            outcomes[index] = written[index]
            continue
        try:
            outcomes[index] = service(table_id, *args)
        except Exception as error:  # its caller's to tell (games.consumers.receive)
            outcomes[index] = error
    return outcomes


def _written_together(requests: list[Request]) -> dict[int, object]:
    """Write the first action of each table, where it can be written at once, all in one
    text; the outcome of each request written, by its index (none, if the text was
    refused)."""
    if not statements.can_run_at_once():
        return {}
    ready: dict[int, tuple[int, services.Prepared]] = {}  # by table id
    seen: set[int] = set()
    for index, (service, table_id, args) in enumerate(requests):
        if table_id in seen:
            continue  # made after the one before it, on the version that one makes
        seen.add(table_id)
        try:
            prepared = services.prepared(service.__wrapped__, table_id, args, {})
        except Exception:  # made on its own, which tells its player what went wrong
            logger.debug("could not prepare an action at table %s", table_id, exc_info=True)
            continue
        if prepared.played is not None and prepared.writes:  # (a hand played: a change)
            ready[table_id] = index, prepared
    if not ready:
        return {}
    order = sorted(ready)  # every text takes the tables' locks in one order: no deadlock
    try:
        statements.all_at_once([(ready[t][1].lock, ready[t][1].writes) for t in order])
    except statements.NeedsTransaction:  # the connection was cut: was the text written?
        return _cut(ready)
    except (statements.Unexpected, DatabaseError):
        return {}  # nothing was written: each is made on its own
    for table_id in order:
        ready[table_id][1].publish()
    return {index: prepared.result for index, prepared in ready.values()}


def _cut(ready: dict[int, tuple[int, services.Prepared]]) -> dict[int, object]:
    """The outcomes of a text whose connection was cut as it ran: one transaction, so
    written for every table or for none. None written (every table still at the version
    its action was made on): none here, each is made on its own. Else each player is
    shown the table as it is now and told to look (services.LOST_CONNECTION)."""
    for table_id in ready:
        state.forget(table_id)
    before = {t: prepared.shot.version - 1 for t, (_, prepared) in ready.items()}
    at = dict(Table.objects.filter(pk__in=before).values_list("pk", "version"))
    if all(at.get(t) == version for t, version in before.items()):
        return {}
    return {index: StaleAction(services.LOST_CONNECTION) for index, _ in ready.values()}
