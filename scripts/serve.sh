#!/usr/bin/env bash
# Set up and serve pokerhome on http://127.0.0.1:8000 under Daphne (on uvloop: pokerhome/serve.py).
# Embedded defaults: SQLite and the in-memory channel layer, one process.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/python manage.py migrate --noinput
exec .venv/bin/python -m pokerhome.serve -b "${HOST:-127.0.0.1}" -p "${PORT:-8000}" pokerhome.asgi:application
