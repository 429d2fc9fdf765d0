"""Shared by every test."""

from __future__ import annotations

import pytest
from asgiref.sync import SyncToAsync
from django.db import connections


@pytest.fixture(autouse=True)
def close_the_socket_database_thread():
    """Sockets under test reach the database on asgiref's one shared thread, whose
    connection persists (CONN_MAX_AGE, as in production): close it after each test, so
    that no connection outlives its test database."""
    yield
    SyncToAsync.single_thread_executor.submit(connections.close_all).result()
