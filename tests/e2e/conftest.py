"""A real server (Daphne, SQLite) and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tests.live.harness import Server, migrate, server_env

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


@pytest.fixture(scope="module")
def running_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("e2e")
    env = server_env(f"sqlite:///{folder / 'db.sqlite3'}")
    migrate(env)
    server = Server(env, log=folder / "server.log").start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def chromium():
    assert Path(CHROMIUM).exists(), f"Debian's chromium is needed at {CHROMIUM}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    pages = getattr(item, "pages", {})
    if report.when == "call" and report.failed and pages:
        ARTIFACTS.mkdir(exist_ok=True)
        for name, page in pages.items():
            page.screenshot(path=str(ARTIFACTS / f"{item.name}-{name}.png"), full_page=True)
