"""The server command: Daphne on uvloop's event loop (pokerhome/serve.py)."""

from __future__ import annotations

import subprocess
import sys
import urllib.request

from tests.live.harness import ROOT, Server, server_env


def test_the_server_serves_on_uvloops_event_loop(tmp_path):
    # The harness starts every live test's and benchmark's server with pokerhome.serve.
    env = server_env(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    server = Server(env, log=tmp_path / "server.log", app="tests.live.loop_kind:application")
    server.start()
    try:
        with urllib.request.urlopen(server.base + "/", timeout=5) as response:
            assert response.read() == b"uvloop.Loop"
    finally:
        server.stop()


def test_the_loop_cannot_be_chosen_once_daphne_has_made_its_own():
    script = "import daphne.server\nfrom pokerhome.serve import main\nmain(['--help'])"
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)  # fmt: skip
    assert done.returncode != 0
    assert "choose the loop before importing it" in done.stderr
