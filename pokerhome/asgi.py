"""ASGI entry point: HTTP through Django (static files included), WebSockets through Channels.

Sockets are accepted only from this site's own origins (pokerhome/origins.py) and carry the
Django session, which is how a socket knows its seat. The garbage collector runs in small
steps on the server's event loop (pokerhome/collector.py).
"""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerhome.settings")
django_http = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.sessions import CookieMiddleware  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402
from pokerhome.collector import CollectsInSteps  # noqa: E402
from pokerhome.origins import SameOriginOnly  # noqa: E402
from pokerhome.process import tune_process  # noqa: E402
from pokerhome.sessions import SocketSessionMiddleware  # noqa: E402
from pokerhome.static import CompressedStaticFiles  # noqa: E402

application = CollectsInSteps(
    ProtocolTypeRouter(
        {
            "http": CompressedStaticFiles(django_http),
            "websocket": SameOriginOnly(
                CookieMiddleware(SocketSessionMiddleware(URLRouter(websocket_urlpatterns)))
            ),
        }
    )
)
tune_process()
