"""pokerhome's server with marks along each action's path (``bench/segments.py`` reads them):
``python -m bench.live --config redis --tables 200 --trace`` serves it in place of
``pokerhome.asgi`` and prints where the time went. Each process writes its marks to
``$TRACE_DIR/<pid>.tsv``; the marks cost a few microseconds each, so a traced run is a
little slower than an untraced one: compare segments, not a traced run's latency with an
untraced one's.
"""

from __future__ import annotations

import atexit
import os
import threading
import time
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerhome.settings")
django.setup()

from channels_redis import pubsub  # noqa: E402

from games import forwarding, queued_actions, screen, services, watchers  # noqa: E402
from pokerhome.asgi import application  # noqa: E402, F401  (served, with the marks below)

# Written out as the server stops (Daphne stops on SIGTERM, and exits as usual).
_out = (Path(os.environ.get("TRACE_DIR", ".")) / f"{os.getpid()}.tsv").open("w")
atexit.register(_out.close)
_writing = threading.Lock()  # the event loop and the database thread both mark


def mark(what: str, table: int = -1, version: int = -1) -> None:
    line = f"{time.monotonic():.6f}\t{os.getpid()}\t{what}\t{table}\t{version}\n"
    with _writing:
        _out.write(line)


_receive = screen.Screen.receive


async def receive(self, text):
    mark("arrived", self.table_id, self.version + 1)
    return await _receive(self, text)


_send_on = forwarding.send_on


async def send_on(relay, consumer, text):
    mark("forwarded", consumer.table_id)
    return await _send_on(relay, consumer, text)


_written_together = queued_actions.written_together


def written_together(requests):
    for _, table_id, _ in requests:
        mark("queued", table_id)
    outcomes = _written_together(requests)
    for _, table_id, _ in requests:
        mark("written", table_id)
    return outcomes


_written = services._written


def written_as_transaction(func, table_id, args, kwargs):
    """A change written as a transaction of its own, not in one statement (PostgreSQL's
    one text, services.writes_table): which service it was."""
    mark(f"transaction {func.__name__}", table_id)
    return _written(func, table_id, args, kwargs)


_publish = watchers.publish


async def publish(layer, table_id, event):
    mark("publish", table_id, event["version"])
    return await _publish(layer, table_id, event)


_tell = watchers.tell


async def tell(table_id, event):
    mark("tell", table_id, event["version"])
    told = await _tell(table_id, event)
    mark("told", table_id, event["version"])
    return told


_heard = pubsub.RedisSingleShardConnection._receive_message


def heard(self, message):
    if message is not None:
        name = message["channel"]
        table = (name.decode() if isinstance(name, bytes) else name).rsplit("-", 1)[-1]
        mark("heard", int(table) if table.isdigit() else -1)
    return _heard(self, message)


screen.Screen.receive = receive
forwarding.send_on = send_on  # games.consumers calls it by its module's name
queued_actions.written_together = written_together
services._written = written_as_transaction  # writes_table calls it by its module's name
watchers.publish = publish
watchers.tell = tell  # watchers calls it by its module's name: publish and the relay
pubsub.RedisSingleShardConnection._receive_message = heard
