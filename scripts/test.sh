#!/usr/bin/env bash
# Set up and run every test: ruff (lint and format), then pytest.
# The web tests run a second time on PostgreSQL (PG_TEST_URL, default: the local server).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/pytest "$@"
if [ "$#" -eq 0 ]; then
  DATABASE_URL=${PG_TEST_URL:-postgres://postgres@127.0.0.1:5432/postgres} \
    .venv/bin/pytest tests/web -p no:cacheprovider
fi
