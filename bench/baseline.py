"""The floors: minimal Channels consumers that join their table's group and, on any
message, broadcast a fragment of the same size as pokerhome's table update.

    python -m pokerhome.serve bench.baseline:application   (the same server, settings, channel
    layer and machine)

``ws/b/<table>/``: the bare floor the issue's targets are measured against.
``ws/w/<table>/``: the same, after writing one row per message and committing it, on the
database thread, as pokerhome writes every action before it is shown: the floor for a
server whose every update must be safe in the database before anyone sees it.
"""

from __future__ import annotations

import json
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerhome.settings")
django.setup()

from channels.db import database_sync_to_async  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.core.asgi import get_asgi_application  # noqa: E402
from django.db import connection  # noqa: E402
from django.urls import path  # noqa: E402

from games.consumers import NoDatabaseHopConsumer  # noqa: E402
from pokerhome.collector import CollectsInSteps  # noqa: E402
from pokerhome.process import tune_process  # noqa: E402

FRAGMENT_BYTES = int(os.environ.get("BENCH_FRAGMENT_BYTES", "7000"))
FLOOR_TABLE = "bench_floor"  # made by bench.live: one row per table, its last version


class Broadcast(NoDatabaseHopConsumer):  # the same dispatch as pokerhome's consumer
    async def connect(self) -> None:
        self.table = self.scope["url_route"]["kwargs"]["table"]
        self.group = f"bench-{self.table}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        version = json.loads(text_data)["version"]
        await self.channel_layer.group_send(self.group, {"type": "fragment", "version": version})

    async def fragment(self, event: dict) -> None:
        head = f'<div id="table" data-version="{event["version"]}">'
        await self.send(text_data=head + "x" * (FRAGMENT_BYTES - len(head) - 6) + "</div>")


def write_version(table: int, version: int) -> None:
    """One row's update, committed (autocommit: one round trip and one flush on PostgreSQL)."""
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {FLOOR_TABLE} SET version = %s WHERE id = %s", [version, table])


class WrittenBroadcast(Broadcast):
    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        version = json.loads(text_data)["version"]
        await database_sync_to_async(write_version)(self.table, version)
        await self.channel_layer.group_send(self.group, {"type": "fragment", "version": version})


application = CollectsInSteps(  # as pokerhome/asgi.py does
    ProtocolTypeRouter(
        {
            "http": get_asgi_application(),
            "websocket": URLRouter([path("ws/b/<str:table>/", Broadcast.as_asgi()),
                                    path("ws/w/<int:table>/", WrittenBroadcast.as_asgi())]),
        }
    )
)  # fmt: skip
tune_process()  # as pokerhome/asgi.py does
