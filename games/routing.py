from __future__ import annotations

from channels.generic.websocket import WebsocketConsumer
from django.urls import path, re_path

from games.consumers import TableConsumer


class NoSuchSocket(WebsocketConsumer):
    """Any other socket path: refused at once, instead of an error in the router."""

    def connect(self) -> None:
        self.close(code=4404)


websocket_urlpatterns = [
    path("ws/t/<str:invite>/", TableConsumer.as_asgi()),
    re_path(r"", NoSuchSocket.as_asgi()),
]
