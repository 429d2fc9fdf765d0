"""Static files under Daphne: gzip-compressed when the browser accepts it, with an ETag.

Django's ASGIStaticFilesHandler serves them uncompressed. Each file is read and compressed
once per process.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders


@lru_cache(maxsize=256)
def _load(path: str) -> tuple[bytes, bytes, str, str] | None:
    """(plain, gzipped, content type, etag) of one static file, or None."""
    relative = path[len(settings.STATIC_URL.lstrip("/")) :]
    if ".." in Path(relative).parts:
        return None
    found = finders.find(relative)
    if not found and settings.STATIC_ROOT:
        candidate = Path(settings.STATIC_ROOT) / relative
        found = str(candidate) if candidate.is_file() else None
    if not found:
        return None
    plain = Path(found).read_bytes()
    kind = mimetypes.guess_type(found)[0] or "application/octet-stream"
    if kind.startswith("text/") or kind in ("application/javascript",):
        kind += "; charset=utf-8"
    etag = '"' + hashlib.sha256(plain).hexdigest()[:20] + '"'
    return plain, gzip.compress(plain, 9, mtime=0), kind, etag


class CompressedStaticFiles:
    """ASGI wrapper: serve STATIC_URL itself, pass everything else to ``app``."""

    def __init__(self, app) -> None:
        self.app = app
        self.prefix = "/" + settings.STATIC_URL.lstrip("/")

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(self.prefix):
            await self.app(scope, receive, send)
            return
        loaded = _load(scope["path"].lstrip("/"))
        headers = dict(scope.get("headers", []))
        if loaded is None:
            await self._respond(send, 404, b"not found", [(b"content-type", b"text/plain")])
            return
        plain, packed, kind, etag = loaded
        common = [(b"etag", etag.encode()), (b"cache-control", b"public, max-age=3600"),
                  (b"vary", b"Accept-Encoding"), (b"content-type", kind.encode())]  # fmt: skip
        if headers.get(b"if-none-match", b"").decode() == etag:
            await self._respond(send, 304, b"", common)
        elif b"gzip" in headers.get(b"accept-encoding", b""):
            await self._respond(send, 200, packed, [*common, (b"content-encoding", b"gzip")])
        else:
            await self._respond(send, 200, plain, common)

    @staticmethod
    async def _respond(send, status: int, body: bytes, headers: list) -> None:
        headers = [*headers, (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
