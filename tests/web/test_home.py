import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_home_page_says_what_pokerhome_is(client):
    response = client.get("/")
    assert response.status_code == 200
    text = response.content.decode()
    assert "Host your home game in the browser" in text
    for game in ("Levy&#x27;s Game", "High-Low Declare", "Sviten Special"):
        assert game in text
    assert '<link rel="icon" href="/static/favicon.svg"' in text


def test_the_browsers_icon_request_finds_the_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302 and response["Location"] == "/static/favicon.svg"
    assert (ROOT / "static" / "favicon.svg").read_text().startswith("<svg ")


@pytest.mark.django_db
def test_unknown_urls_get_a_404(client):
    assert client.get("/no-such-page/").status_code == 404


def _manage(*args, **env):
    full_env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_production_settings_pass_check_deploy():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        SECRET_KEY="k" * 20 + "a-real-secret-with-enough-entropy-8Xq!2",
        ALLOWED_HOSTS="poker.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_the_plain_http_default_is_flagged_by_check_deploy():
    result = _manage("check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode != 0
    assert "SECURE_SSL_REDIRECT" in result.stderr + result.stdout


def test_database_and_channel_layer_follow_the_environment():
    code = (
        "from django.conf import settings as s;"
        "print(s.DATABASES['default']['ENGINE'], s.CHANNEL_LAYERS['default']['BACKEND'])"
    )
    result = subprocess.run(
        [sys.executable, "-c", f"import django;django.setup();{code}"],
        cwd=ROOT,
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "pokerhome.settings",
            "DATABASE_URL": "postgres://u@127.0.0.1:5432/db",
            "REDIS_URL": "redis://127.0.0.1:6379/0",
        },
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.split() == [
        "pokerhome.postgresql",  # Django's, with a cheaper health check
        "channels_redis.pubsub.RedisPubSubChannelLayer",
    ]


def test_the_server_entry_point_tunes_its_process():
    code = (
        "import gc, threading; import pokerhome.asgi; from pokerhome import process;"
        "from django.conf import settings;"
        "print(gc.get_threshold() == process.GC_THRESHOLDS, gc.get_freeze_count() > 10000);"
        "sqlite = settings.DATABASES['default']['ENGINE'].endswith('sqlite3');"
        "print(sqlite == any(t.name == 'sqlite-checkpoints' for t in threading.enumerate()));"
        "from pokerhome.collector import CollectsInSteps;"
        "print(isinstance(pokerhome.asgi.application, CollectsInSteps))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "pokerhome.settings"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.split() == ["True", "True", "True", "True"]
