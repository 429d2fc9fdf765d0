"""On PostgreSQL a kept connection is health-checked by looking at its socket: no
``SELECT 1`` round trip while it is at rest, and still replaced once the server ends it."""

from __future__ import annotations

import select

import psycopg
import pytest
from django.db import close_old_connections, connection

from games import services
from games.models import Table
from tests.web.test_live_state import dealt_table, messages_to_postgresql
from tests.web.test_socket import _admin_url

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def on_postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("the health check of PostgreSQL's backend")
    assert connection.settings_dict["CONN_HEALTH_CHECKS"]


def test_a_change_on_a_connection_at_rest_sends_no_select_1_first():
    table = dealt_table()
    close_old_connections()  # as every request and socket message ends: check it next time
    with messages_to_postgresql() as sent:
        services.set_dealing(table.pk, False)
    texts = [text for _, text in sent]
    assert texts and '"SELECT 1"' not in texts
    assert texts[-1].startswith('"WITH locked')  # the change itself, one text
    assert not Table.objects.get(pk=table.pk).dealing


def test_a_connection_the_server_ended_is_replaced_before_it_is_used():
    table = dealt_table()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        ended = cursor.fetchone()[0]
    close_old_connections()
    kept = connection.connection
    try:
        with psycopg.connect(_admin_url(), autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", [ended])
        # the server says so on the kept connection's socket: wait for that, however busy
        readable, _, _ = select.select([kept.fileno()], [], [], 30)
        assert readable, "the server did not end the connection within 30 s"
        services.set_dealing(table.pk, False)  # no error: checked, closed and opened again
    except Exception:
        connection.close()  # the tests after this one get a connection of their own
        raise
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != ended
    assert not Table.objects.get(pk=table.pk).dealing
