"""The shipped deployment, run for real: deploy/nginx.conf (Debian's nginx) in front of two
Daphne processes started with docker-compose.yml's command and settings, on the machine's
PostgreSQL and Redis. A table's traffic goes to one process; when that process dies, the
table moves to the other with nothing lost; HTTPS behind a TLS proxy works."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import urllib.error
import urllib.request

import psycopg
import pytest

from tests.live.harness import (
    PYTHON,
    ROOT,
    Browser,
    NoRedirects,
    Proxy,
    Server,
    fresh_postgres,
    latest_table,
    migrate,
    my_cards,
    open_table,
    play_until_result,
    seat_and_deal,
    server_env,
    version_of,
)

REDIS_URL = os.environ.get("REDIS_TEST_URL", "redis://127.0.0.1:6379/7")
DATABASE = "pokerhome_deploy_test"


def compose_web() -> tuple[list[str], dict[str, str]]:
    """docker-compose.yml's web command, and its settings with their defaults."""
    text = (ROOT / "docker-compose.yml").read_text()
    command = json.loads(re.search(r"^x-web:.*?^  command: (\[.*?\])$", text, re.S | re.M)[1])
    block = re.search(r"^x-env: &env\n((?:  .*\n)+)", text, re.M)[1]
    env = {}
    for line in block.splitlines():
        name, value = line.strip().split(": ", 1)
        default = re.fullmatch(r"\$\{\w+:-(.*)\}", value)
        env[name] = default[1] if default else value
    return command, env


def deployed_env(database: str, **changes: str) -> dict:
    """The web processes' settings as compose gives them, on this machine's services."""
    _, compose_env = compose_web()
    env = server_env(database, REDIS_URL)
    env.update({k: v for k, v in compose_env.items() if k not in ("DATABASE_URL", "REDIS_URL")})
    env.update(SECRET_KEY="deploy-test-" + "s" * 40, ALLOWED_HOSTS="127.0.0.1", **changes)
    return env


def test_the_tests_run_the_compose_web_command():
    command, _ = compose_web()
    server = Server({}, port=8000)
    expected = server.command()
    assert command[1:] == [part.replace("127.0.0.1", "0.0.0.0") for part in expected[1:]]
    assert command[0] == "python" and expected[0] == PYTHON


@contextlib.contextmanager
def deployed(tmp_path, **changes: str):
    """Two web processes (compose's settings, with ``changes``) behind deploy/nginx.conf
    on a new database: (servers, proxy, database URL); all stopped afterwards."""
    with fresh_postgres(DATABASE) as database, contextlib.ExitStack() as running:
        env = deployed_env(database, **changes)
        migrate(env)
        servers = []
        for number in (1, 2):
            servers.append(Server(env, log=tmp_path / f"web{number}.log"))
            running.callback(servers[-1].stop)
            servers[-1].start()
        proxy = Proxy(servers, tmp_path)
        running.callback(proxy.stop)
        yield servers, proxy.start(), database


@pytest.fixture
def deployment(tmp_path):
    with deployed(tmp_path) as running:
        yield running


def test_a_table_is_served_by_one_process_behind_nginx(deployment):
    servers, proxy, _ = deployment
    host = Browser(proxy.base)
    invite = open_table(host, "high-low-declare", structure="fixed-limit", ante=1)
    players = [Browser(proxy.base), Browser(proxy.base)]
    asyncio.run(seat_and_play(host, invite, players))
    routed = proxy.upstreams(f"/t/{invite}/")  # the pages, the forms and the socket
    assert len(routed) == 1, f"the table's requests went to {routed}"
    assert routed <= {f"127.0.0.1:{s.port}" for s in servers}
    assert any(f"/ws/t/{invite}/" in line for line in proxy.access_log.read_text().splitlines())


async def seat_and_play(host: Browser, invite: str, players: list[Browser]) -> None:
    await seat_and_deal(host, invite, players)
    assert all(len(my_cards(latest_table(p))) == 5 for p in players)
    await play_until_result(players)
    for player in players:  # nginx logs a socket when it closes
        await player.socket.close()
    await asyncio.sleep(0.2)


def test_killing_the_tables_process_moves_the_table_with_nothing_lost(deployment):
    servers, proxy, database = deployment
    host = Browser(proxy.base)
    invite = open_table(host, "levys", structure="half-pot-limit", ante=1)
    players = [Browser(proxy.base), Browser(proxy.base)]
    asyncio.run(kill_mid_hand_and_play_on(invite, host, players, servers, proxy, database))


async def kill_mid_hand_and_play_on(invite, host, players, servers, proxy, database) -> None:
    await seat_and_deal(host, invite, players)
    (owner_address,) = proxy.upstreams(f"/t/{invite}/")
    owner = next(s for s in servers if owner_address.endswith(f":{s.port}"))
    before = [latest_table(p) for p in players]
    owner.kill()
    for player in players:
        await player.socket.close()
        await player.connect(invite)  # the browser's reconnect, through nginx
        await player.receive_until(lambda t: 'id="table"' in t)
    after = [latest_table(p) for p in players]
    assert [version_of(p) for p in after] == [version_of(p) for p in before]
    assert [my_cards(p) for p in after] == [my_cards(p) for p in before]
    await play_until_result(players)
    for player in players:  # nginx logs a socket when it closes
        await player.socket.close()
    await asyncio.sleep(0.2)
    survivor = next(s for s in servers if s is not owner)
    assert proxy.upstreams(f"/ws/t/{invite}/") >= {f"127.0.0.1:{survivor.port}"}
    with psycopg.connect(database) as db:
        sequences, finished = db.execute(
            "SELECT ARRAY(SELECT e.sequence FROM games_handevent e WHERE e.hand_id = h.id"
            " ORDER BY e.sequence), h.finished FROM games_hand h"
            " JOIN games_table t ON t.id = h.table_id WHERE t.invite = %s AND h.number = 1",
            [invite],
        ).fetchone()
    assert finished and sequences == list(range(1, len(sequences) + 1))
    ledger = host.get(f"/t/{invite}/ledger/")
    assert "the ledger balances" in ledger


@pytest.fixture
def https_deployment(tmp_path):
    with deployed(tmp_path, HTTPS="1") as (_, proxy, _):
        yield proxy


def test_with_https_on_nginx_passes_the_tls_proxys_scheme_to_django(https_deployment):
    proxy = https_deployment
    opener = urllib.request.build_opener(NoRedirects)
    with pytest.raises(urllib.error.HTTPError) as plain:
        opener.open(proxy.base + "/rules/", timeout=10)
    assert plain.value.code == 301
    assert plain.value.headers["Location"] == f"https://127.0.0.1:{proxy.port}/rules/"
    request = urllib.request.Request(proxy.base + "/rules/", headers={"X-Forwarded-Proto": "https"})
    with opener.open(request, timeout=10) as response:
        assert response.status == 200
        assert response.headers["Strict-Transport-Security"] == "max-age=31536000"
