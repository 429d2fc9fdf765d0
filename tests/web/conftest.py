"""Shared by the web tests."""

from __future__ import annotations

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def forget_the_tables_each_address_opened():
    """The test client's address is always 127.0.0.1: each test starts with none opened."""
    cache.clear()
    yield
