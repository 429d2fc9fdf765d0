"""An ASGI app that answers every request with the class of the event loop serving it."""

from __future__ import annotations

import asyncio


async def application(scope, receive, send) -> None:
    if scope["type"] != "http":
        return
    kind = type(asyncio.get_running_loop())
    named = f"{kind.__module__}.{kind.__name__}".encode()
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"text/plain")]})  # fmt: skip
    await send({"type": "http.response.body", "body": named})
