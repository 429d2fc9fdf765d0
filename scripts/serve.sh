#!/usr/bin/env bash
# Set up and serve pokerhome under Daphne (on uvloop: pokerhome/serve.py), by default on
# http://127.0.0.1:8000; HOST and PORT change that. HOST=0.0.0.0 opens it to the home
# network: the machine's address there is allowed for the run and the link printed.
# Embedded defaults: SQLite and the in-memory channel layer, one process, DEBUG off.
set -euo pipefail
cd "$(dirname "$0")/.."
host=${HOST:-127.0.0.1}
port=${PORT:-8000}
link=$host
if [ "$host" = 0.0.0.0 ] || [ "$host" = "::" ]; then
  # The first IPv4 address of this machine's own interfaces (read, nothing is sent).
  link=$( (hostname -I 2>/dev/null || ipconfig getifaddr en0 2>/dev/null || true) |
    tr ' ' '\n' | grep -m1 -E '^[0-9]+(\.[0-9]+){3}$' || true)
  link=${link:-127.0.0.1}
fi
case $link in
  127.0.0.1 | localhost) ;;
  *) export ALLOWED_HOSTS="${ALLOWED_HOSTS:-127.0.0.1,localhost,[::1]},$link" ;;
esac
bash scripts/setup.sh
.venv/bin/python manage.py migrate --noinput
case $link in
  127.0.0.1 | localhost) echo "Open http://$link:$port/ (this machine only; HOST=0.0.0.0 lets friends on your network in)" ;;
  *) echo "Friends open http://$link:$port/" ;;
esac
exec .venv/bin/python -m pokerhome.serve -b "$host" -p "$port" pokerhome.asgi:application
