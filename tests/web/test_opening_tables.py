"""Opening tables is limited per browser and per address; the host link's secret moves
into the session at once and leaves no trace in the browser's later requests."""

from __future__ import annotations

import time

import pytest
from django.test import Client

from games.models import Table
from tests.web.test_views import NEW_TABLE, host_client

pytestmark = pytest.mark.django_db


def test_a_browser_that_opened_its_share_of_tables_is_told_to_wait(settings):
    settings.TABLES_PER_SESSION = (3, 3600.0)
    host = Client()
    for _ in range(3):
        assert host.post("/new/", NEW_TABLE).status_code == 302
    response = host.post("/new/", NEW_TABLE)
    assert response.status_code == 429
    assert "opened many tables lately" in response.content.decode()
    assert Table.objects.count() == 3
    assert Client().post("/new/", NEW_TABLE).status_code == 302  # another browser may


def test_an_address_that_opened_its_share_of_tables_is_told_to_wait(settings):
    settings.TABLES_PER_ADDRESS = (4, 3600.0)
    for _ in range(4):
        assert Client().post("/new/", NEW_TABLE).status_code == 302
    assert Client().post("/new/", NEW_TABLE).status_code == 429
    assert Client(REMOTE_ADDR="10.0.0.7").post("/new/", NEW_TABLE).status_code == 302
    assert Table.objects.count() == 5


def test_refused_forms_do_not_count_and_the_limit_passes_with_time(settings):
    settings.TABLES_PER_SESSION = (1, 0.2)
    host = Client()
    assert host.post("/new/", {**NEW_TABLE, "ante": "x"}).status_code == 400
    assert host.post("/new/", NEW_TABLE).status_code == 302
    assert host.post("/new/", NEW_TABLE).status_code == 429
    time.sleep(0.3)
    assert host.post("/new/", NEW_TABLE).status_code == 302


def test_the_host_link_moves_its_secret_into_the_session_and_away_from_the_url():
    _, table = host_client()
    device = Client()
    response = device.get(f"/t/{table.invite}/host/{table.host_secret}/")
    assert response.status_code == 302
    assert response["Location"] == f"/t/{table.invite}/"
    # Not kept in the browser's cache, nor sent on as the Referer of the next request.
    assert response["Cache-Control"] == "no-store"
    assert response["Referrer-Policy"] == "no-referrer"
    assert table.pk in device.session["host_tables"]
    page = device.get(response["Location"])
    assert "Start dealing" in page.content.decode()
    # The page still shows the host link, for the host's other devices.
    assert f"/host/{table.host_secret}/" in page.content.decode()
