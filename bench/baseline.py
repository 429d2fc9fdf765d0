"""The floor: a minimal Channels consumer that joins its table's group and, on any
message, broadcasts a fragment of the same size as pokerhome's table update.

    python -m pokerhome.serve bench.baseline:application   (the same server, settings, channel
    layer and machine)
"""

from __future__ import annotations

import json
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerhome.settings")
django.setup()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.core.asgi import get_asgi_application  # noqa: E402
from django.urls import path  # noqa: E402

from games.consumers import NoDatabaseHopConsumer  # noqa: E402
from pokerhome.collector import CollectsInSteps  # noqa: E402
from pokerhome.process import tune_process  # noqa: E402

FRAGMENT_BYTES = int(os.environ.get("BENCH_FRAGMENT_BYTES", "7000"))


class Broadcast(NoDatabaseHopConsumer):  # the same dispatch as pokerhome's consumer
    async def connect(self) -> None:
        self.group = "bench-" + self.scope["url_route"]["kwargs"]["table"]
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


application = CollectsInSteps(  # as pokerhome/asgi.py does
    ProtocolTypeRouter(
        {
            "http": get_asgi_application(),
            "websocket": URLRouter([path("ws/b/<str:table>/", Broadcast.as_asgi())]),
        }
    )
)
tune_process()  # as pokerhome/asgi.py does
