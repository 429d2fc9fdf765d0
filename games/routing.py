from __future__ import annotations

from django.urls import path

from games.consumers import TableConsumer

websocket_urlpatterns = [path("ws/t/<str:invite>/", TableConsumer.as_asgi())]
