"""The browser's Django session on a socket's scope, for reading only."""

from __future__ import annotations

from importlib import import_module

from django.conf import settings


class SocketSessionMiddleware:
    """Puts the session named by the browser's session cookie in ``scope["session"]``
    (inside Channels' ``CookieMiddleware``). A table's socket only reads who its browser
    is and never changes the session, so unlike Channels' ``SessionMiddleware`` this does
    not wrap every message sent to save it."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.session_store = import_module(settings.SESSION_ENGINE).SessionStore

    async def __call__(self, scope, receive, send):
        key = scope["cookies"].get(settings.SESSION_COOKIE_NAME)
        return await self.inner({**scope, "session": self.session_store(key)}, receive, send)
