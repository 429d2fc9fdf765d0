"""Which pages may open a socket: this site's own, exactly, or one in CSRF_TRUSTED_ORIGINS.

A browser names the page that opens a socket in its Origin header. The site is what the
browser asked for in the Host header (allowed by ALLOWED_HOSTS): the Origin must name that
host and that port, as Django's CSRF check asks of a form's Origin. Another port of the same
host is another site.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def _header(scope: dict, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return value.decode("latin1")
    return None


def _host_and_port(netloc: str, default: int) -> tuple[str, int] | None:
    try:
        parts = urlsplit(f"//{netloc}")
        return (parts.hostname or "", parts.port or default)
    except ValueError:
        return None


def same_origin(scope: dict) -> bool:
    """Whether the socket request in ``scope`` comes from a page of this site."""
    origin = _header(scope, b"origin")
    if origin is None:
        return False
    if origin in settings.CSRF_TRUSTED_ORIGINS:
        return True
    parts = urlsplit(origin)
    default = DEFAULT_PORTS.get(parts.scheme)
    page = _host_and_port(parts.netloc, default) if default and not parts.path else None
    if page is None:
        return False
    host = _header(scope, b"host")
    if host is None and scope.get("server"):
        host = "{}:{}".format(*scope["server"])
    if host is None:  # only an in-process caller omits Host: the site on its default port
        return validate_host(page[0], settings.ALLOWED_HOSTS) and page[1] == default
    domain, _ = split_domain_port(host.lower())
    return validate_host(domain, settings.ALLOWED_HOSTS) and _host_and_port(host, default) == page


class SameOriginOnly:
    """ASGI middleware: a socket from any other origin is refused before it opens."""

    def __init__(self, application) -> None:
        self.application = application

    async def __call__(self, scope, receive, send):
        if same_origin(scope):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)
