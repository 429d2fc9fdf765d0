#!/usr/bin/env bash
# Make .venv with pokerhome and its dependencies (test extras with --test).
# Reinstalls only when pyproject.toml has changed since the last install.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
extras=""
[ "${1:-}" = "--test" ] && extras="[test]"
[ -x .venv/bin/python ] || "$PY" -m venv .venv
stamp=".venv/.installed$extras"
want=$(sha256sum pyproject.toml | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e ".$extras"
  echo "$want" > "$stamp"
fi
