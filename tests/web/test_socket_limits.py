"""The table socket's limits: how deep a message nests, how many sockets one browser opens
to a table, which pages may open one, and links no table could have."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from pokerhome.asgi import application
from tests.web.helpers import make_table
from tests.web.test_socket import ORIGIN

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def browser_at(table) -> str:
    """The session cookie of a browser that has opened the table's page."""
    client = Client()
    client.get(f"/t/{table.invite}/")
    return client.cookies["sessionid"].value


async def opened(path: str, headers: list) -> tuple[WebsocketCommunicator, bool]:
    socket = WebsocketCommunicator(application, path, headers)
    connected, _ = await socket.connect()
    return socket, connected


async def socket_to(table, cookie: str | None = None, headers=(ORIGIN,)):
    headers = [*headers, *([(b"cookie", f"sessionid={cookie}".encode())] if cookie else [])]
    socket, connected = await opened(f"/ws/t/{table.invite}/", headers)
    if connected:
        assert 'id="table"' in await socket.receive_from()
    return socket, connected


async def test_a_deeply_nested_message_is_refused_and_the_socket_stays_open():
    table = await database_sync_to_async(make_table)()
    socket, connected = await socket_to(table)
    assert connected
    deep = "[" * 1500 + "]" * 1500  # under 4 KiB
    await socket.send_to(text_data=deep)
    reply = await socket.receive_from()
    assert "notice error" in reply and "nests lists and objects at most 2 deep" in reply
    await socket.send_to(text_data=json.dumps({"type": "call", "a": {"b": [1]}}))
    assert "at most 2 deep" in await socket.receive_from()
    # What the protocol sends is as deep as it goes, brackets in text are not nesting.
    message = {"type": "fold", "seq": "0", "HEADERS": {"HX-Request": "true"}, "x": "[[[{{{"}
    await socket.send_to(text_data=json.dumps(message))
    reply = await socket.receive_from()
    assert "nests" not in reply and "not seated" in reply, reply
    await socket.disconnect()


async def test_one_browser_opens_a_table_in_five_sockets_at_most():
    table = await database_sync_to_async(make_table)()
    cookie = await database_sync_to_async(browser_at)(table)
    sockets = [(await socket_to(table, cookie)) for _ in range(5)]
    assert all(connected for _, connected in sockets)
    sixth, _ = await opened(
        f"/ws/t/{table.invite}/", [ORIGIN, (b"cookie", f"sessionid={cookie}".encode())]
    )
    assert "open 5 times already" in await sixth.receive_from()
    assert (await sixth.receive_output())["type"] == "websocket.close"
    # Another browser is not counted with it; a closed tab makes room for one more.
    other, connected = await socket_to(table, await database_sync_to_async(browser_at)(table))
    assert connected
    await sockets[0][0].disconnect()
    again, connected = await socket_to(table, cookie)
    assert connected
    for socket in [again, other, *(s for s, _ in sockets[1:])]:
        await socket.disconnect()


@pytest.mark.parametrize(
    "origin, host",
    [("http://127.0.0.1:9999", "127.0.0.1"), ("http://127.0.0.1:9999", "127.0.0.1:8000"),
     ("http://localhost:8000", "127.0.0.1:8000"), ("https://127.0.0.1", "127.0.0.1:8000"),
     ("http://127.0.0.1:9999", None), ("null", "127.0.0.1"), ("http://evil.example", None),
     ("http://127.0.0.1:8000", "evil.example:8000")],
)  # fmt: skip
async def test_a_socket_from_another_origin_than_the_site_is_refused(origin, host):
    table = await database_sync_to_async(make_table)()
    headers = [(b"origin", origin.encode())] + ([(b"host", host.encode())] if host else [])
    _, connected = await socket_to(table, headers=headers)
    assert not connected


@pytest.mark.parametrize(
    "origin, host",
    [("http://127.0.0.1:8000", "127.0.0.1:8000"), ("http://127.0.0.1", "127.0.0.1"),
     ("https://localhost", "localhost"), ("http://localhost:80", "localhost"),
     ("https://poker.example", "127.0.0.1:8000")],
)  # fmt: skip
async def test_a_socket_from_the_site_or_a_trusted_origin_opens(origin, host, settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://poker.example"]
    table = await database_sync_to_async(make_table)()
    socket, connected = await socket_to(table, headers=[(b"origin", origin.encode()),
                                                        (b"host", host.encode())])  # fmt: skip
    assert connected
    await socket.disconnect()


@pytest.mark.parametrize("invite", ["abc\x00def", "caf\u00e9", "a b"])
async def test_a_socket_to_a_link_no_table_could_have_is_refused(invite):
    await database_sync_to_async(make_table)()
    _, connected = await opened(f"/ws/t/{invite}/", [ORIGIN])
    assert not connected


async def test_sockets_without_a_session_are_not_counted_against_a_browser():
    table = await database_sync_to_async(make_table)()
    cookie = await database_sync_to_async(browser_at)(table)
    anonymous = [(await socket_to(table)) for _ in range(7)]
    assert all(connected for _, connected in anonymous)
    mine = [(await socket_to(table, cookie)) for _ in range(5)]
    assert all(connected for _, connected in mine)
    for socket, _ in [*anonymous, *mine]:
        await socket.disconnect()
