"""Settings for pokerhome, read from the environment with embedded defaults.

Out of the box: SQLite (WAL, IMMEDIATE transactions) and the in-memory channel layer,
one process, DEBUG off, plain HTTP, and a secret key made once and kept in the data folder.
Set DATABASE_URL and REDIS_URL for PostgreSQL and Redis; set SECRET_KEY and ALLOWED_HOSTS
for a deployment behind HTTPS that passes `check --deploy`. DEBUG=1 is for development.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent

# What this installation makes for itself, kept out of git: the secret key.
DATA_DIR = Path(os.environ.get("POKERHOME_DATA") or BASE_DIR / "data")


def _env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name, "")
    items = [item.strip() for item in value.split(",") if item.strip()]
    return items or default


def installation_secret(data_dir: Path) -> str:
    """The secret key kept in ``data_dir/secret_key``, made (mode 0600) on first use."""
    path = data_dir / "secret_key"
    if not path.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        handle, draft = tempfile.mkstemp(dir=data_dir)  # mkstemp makes it 0600
        with os.fdopen(handle, "w") as file:
            file.write(secrets.token_urlsafe(50))
        try:
            os.link(draft, path)  # never replaces a key another process made meanwhile
        except FileExistsError:
            pass
        finally:
            os.unlink(draft)
    return path.read_text().strip()


SECRET_KEY = os.environ.get("SECRET_KEY") or installation_secret(DATA_DIR)
# DEBUG's pages list every URL and setting: only on when asked for.
DEBUG = _env_bool("DEBUG", default=False)
# A secret given from outside means a deployment behind HTTPS; the made one, plain HTTP
# on this machine or a home network (scripts/serve.sh).
HTTPS = _env_bool("HTTPS", default=bool(os.environ.get("SECRET_KEY")))
ALLOWED_HOSTS = _env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = _env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "template_partials",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "pokerhome.urls"
ASGI_APPLICATION = "pokerhome.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

_SQLITE_DEFAULT = f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
DATABASES = {
    # Connections persist between requests and socket messages (opening one per message
    # was a fifth of the live path's time); a broken one is replaced on the next use.
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or _SQLITE_DEFAULT,
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "600")),
        conn_health_checks=os.environ.get("CONN_HEALTH_CHECKS", "1") == "1",
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's, with a health check that looks at the socket before it sends SELECT 1.
    DATABASES["default"]["ENGINE"] = "pokerhome.postgresql"
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # One writer at a time without "database is locked": take the write lock when the
    # transaction begins, and let readers go on beside it (WAL).
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Tests use a file too: an in-memory shared-cache database locks differently.
    DATABASES["default"]["TEST"] = {"NAME": f"{DATABASES['default']['NAME']}-test"}

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL]},
        }
    }
else:
    # One process: its event loop's relay (games.watchers) is the layer's only member.
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# The table socket: the largest message accepted, and (messages, seconds) per connection.
SOCKET_MAX_BYTES = 4096
SOCKET_RATE_LIMIT = (20, 5.0)
# The deepest a socket message's JSON nests: an object holding a list, as htmx sends.
SOCKET_MAX_NESTING = 2
# Sockets open at once from one browser session to one table, in one server process.
SOCKETS_PER_SESSION = 5
# Tables opened (tables, seconds): per browser session, and per client address in each
# server process (behind a proxy that is the proxy's address).
TABLES_PER_SESSION = (10, 3600.0)
TABLES_PER_ADDRESS = (30, 3600.0)

SESSION_ENGINE = "django.contrib.sessions.backends.db"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 30
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

if HTTPS:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = _env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    # HSTS for this host only: its subdomains and the browsers' preload list bind the
    # whole domain, which its owner chooses (then check --deploy has nothing to ask).
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
    SECURE_HSTS_PRELOAD = _env_bool("SECURE_HSTS_PRELOAD", False)
    SILENCED_SYSTEM_CHECKS = ["security.W005", "security.W021"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
