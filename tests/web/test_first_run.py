"""The served defaults: a secret made once and kept, DEBUG off, static files and invite
links that work on whatever address the host serves."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.web.helpers import make_table

ROOT = Path(__file__).resolve().parents[2]
SERVED_DEFAULTS = {"SECRET_KEY", "DEBUG", "HTTPS", "ALLOWED_HOSTS", "DATABASE_URL", "REDIS_URL"}


def _served(tmp_path: Path, code: str, **env: str) -> str:
    """Run ``code`` after django.setup() with the served defaults, data kept in tmp_path."""
    full_env = {k: v for k, v in os.environ.items() if k not in SERVED_DEFAULTS}
    full_env.update(
        DJANGO_SETTINGS_MODULE="pokerhome.settings",
        POKERHOME_DATA=str(tmp_path / "data"),
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        **env,
    )
    result = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup()\n{code}"],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.strip()


SHOW_SECRET = "from django.conf import settings; print(settings.SECRET_KEY)"


def test_the_secret_is_made_once_and_kept_in_the_data_folder(tmp_path):
    first = _served(tmp_path, SHOW_SECRET)
    again = _served(tmp_path, SHOW_SECRET)
    assert first == again
    assert len(first) >= 50
    kept = tmp_path / "data" / "secret_key"
    assert kept.read_text().strip() == first
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert list(kept.parent.iterdir()) == [kept]  # no draft left behind


def test_each_installation_makes_its_own_secret(tmp_path):
    assert _served(tmp_path / "a", SHOW_SECRET) != _served(tmp_path / "b", SHOW_SECRET)


def test_a_secret_from_the_environment_is_used_and_nothing_is_written(tmp_path):
    assert _served(tmp_path, SHOW_SECRET, SECRET_KEY="given") == "given"
    assert not (tmp_path / "data").exists()


def test_debug_is_off_unless_switched_on_explicitly(tmp_path):
    show = "from django.conf import settings; print(settings.DEBUG)"
    assert _served(tmp_path, show) == "False"
    assert _served(tmp_path, show, DEBUG="1") == "True"


NOT_FOUND = (
    "from django.test import Client\n"
    "response = Client().get('/no-such-page/', HTTP_HOST='127.0.0.1:8000')\n"
    "print(response.status_code, b'URLconf' in response.content)"
)


def test_a_404_with_the_served_defaults_lists_no_url_patterns(tmp_path):
    assert _served(tmp_path, NOT_FOUND) == "404 False"
    # The switch works, so the check above can fail.
    assert _served(tmp_path, NOT_FOUND, DEBUG="1") == "404 True"


def test_the_served_app_serves_static_files_with_debug_off(tmp_path):
    code = (
        "import asyncio\n"
        "from channels.testing import HttpCommunicator\n"
        "from django.conf import settings\n"
        "from pokerhome.asgi import application\n"
        "async def fetch(path):\n"
        "    ask = HttpCommunicator(application, 'GET', path, headers=[(b'host', b'127.0.0.1')])\n"
        "    return await ask.get_response()\n"
        "for path in ('/static/css/pokerhome.css', '/static/favicon.svg'):\n"
        "    response = asyncio.run(fetch(path))\n"
        "    print(settings.DEBUG, response['status'], len(response['body']) > 0)"
    )
    assert _served(tmp_path, code).split() == ["False", "200", "True"] * 2


def test_the_served_defaults_keep_http_cookies_and_no_https_redirect(tmp_path):
    show = (
        "from django.conf import settings as s\n"
        "print(s.HTTPS, s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE)"
    )
    assert _served(tmp_path, show).split() == ["False"] * 4
    assert _served(tmp_path, show, SECRET_KEY="given").split() == ["True"] * 4


def test_check_deploy_on_the_served_defaults_names_only_the_https_settings(tmp_path):
    full_env = {k: v for k, v in os.environ.items() if k not in SERVED_DEFAULTS}
    full_env["POKERHOME_DATA"] = str(tmp_path / "data")
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        check=False,
    )
    found = set(
        word.rstrip(":")
        for word in (result.stdout + result.stderr).split()
        if word.startswith("(security.")
    )
    assert found == {
        "(security.W004)",  # HSTS
        "(security.W008)",  # redirect to HTTPS
        "(security.W012)",  # session cookie over HTTPS only
        "(security.W016)",  # CSRF cookie over HTTPS only
    }


@pytest.mark.django_db
def test_the_invite_link_is_on_the_address_the_host_used(client, settings):
    settings.ALLOWED_HOSTS = ["127.0.0.1", "192.168.1.23"]
    table = make_table()
    client.get(f"/t/{table.invite}/host/{table.host_secret}/", HTTP_HOST="192.168.1.23:8000")
    page = client.get(f"/t/{table.invite}/", HTTP_HOST="192.168.1.23:8000")
    assert page.status_code == 200
    assert f"http://192.168.1.23:8000/t/{table.invite}/" in page.content.decode()
    page = client.get(f"/t/{table.invite}/", HTTP_HOST="127.0.0.1:8000")
    assert f"http://127.0.0.1:8000/t/{table.invite}/" in page.content.decode()
