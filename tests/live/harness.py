"""Real servers for the live tests: Daphne processes on loopback, and a client that talks to
them as a browser does (cookies, CSRF, the table socket)."""

from __future__ import annotations

import asyncio
import contextlib
import http.cookiejar
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
NGINX = os.environ.get("NGINX", shutil.which("nginx") or "/usr/sbin/nginx")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(database_url: str, redis_url: str = "") -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(DATABASE_URL=database_url, DJANGO_SETTINGS_MODULE="pokerhome.settings")
    if redis_url:
        env["REDIS_URL"] = redis_url
    return env


def migrate(env: dict) -> None:
    subprocess.run(
        [PYTHON, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )


class Server:
    """One Daphne process serving pokerhome on a loopback port."""

    def __init__(
        self,
        env: dict,
        port: int | None = None,
        log: Path | None = None,
        app: str = "pokerhome.asgi:application",
    ) -> None:
        self.env = env
        self.app = app
        self.port = port or free_port()
        self.log = log
        self.process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        """The server's command: docker-compose.yml's web command, on a loopback port."""
        return [PYTHON, "-m", "pokerhome.serve", "-b", "127.0.0.1", "-p", str(self.port), self.app]

    def start(self) -> Server:
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115
        self.process = subprocess.Popen(
            self.command(), cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                answered(self.base + "/")
                return self
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("the server exited at start") from None
                time.sleep(0.2)
        raise RuntimeError("the server did not start in 30 s")

    def kill(self) -> None:
        """kill -9: no chance to clean up, as in a crash."""
        if self.process and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def answered(url: str) -> int:
    """The status an HTTP server answers ``url`` with (a redirect is an answer too);
    raises OSError when nothing answers."""
    try:
        with urllib.request.build_opener(NoRedirects).open(url, timeout=1) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


class Proxy:
    """deploy/nginx.conf run by Debian's nginx in front of ``servers``: the file as shipped,
    with only its upstream addresses, its port and its log's path changed."""

    def __init__(self, servers: list[Server], folder: Path) -> None:
        self.port = free_port()
        self.folder = folder
        self.access_log = folder / "access.log"
        conf = (ROOT / "deploy" / "nginx.conf").read_text()
        for number, server in enumerate(servers, start=1):
            conf = conf.replace(f"server web{number}:8000;", f"server 127.0.0.1:{server.port};")
        conf = conf.replace("listen 80;", f"listen 127.0.0.1:{self.port};")
        conf = conf.replace("/var/log/nginx/access.log", str(self.access_log))
        assert "web1" not in conf and str(self.port) in conf, "deploy/nginx.conf changed shape"
        (folder / "nginx.conf").write_text(conf)
        self.process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Proxy:
        settings = f"daemon off; pid {self.folder / 'nginx.pid'};"
        if os.geteuid() == 0:  # its workers write proxied bodies to Debian's temp folders
            settings += " user www-data;"
        assert Path(NGINX).exists(), f"Debian's nginx is needed at {NGINX}"
        self.process = subprocess.Popen(
            [NGINX, "-c", str(self.folder / "nginx.conf"), "-p", str(self.folder),
             "-e", str(self.folder / "error.log"), "-g", settings],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
        )  # fmt: skip
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port)):
                return self
            if self.process.poll() is not None:
                raise RuntimeError((self.folder / "error.log").read_text())
            time.sleep(0.1)
        raise RuntimeError("nginx did not start in 10 s")

    def upstreams(self, part: str) -> set[str]:
        """The servers that the requests whose line contains ``part`` were passed to."""
        lines = self.access_log.read_text().splitlines() if self.access_log.exists() else []
        return {line.rsplit("upstream=", 1)[1] for line in lines if part in line}

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


class Browser:
    """What one person's browser holds: cookies, and a socket to a table."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.socket = None
        self.pages: list[str] = []

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.jar if c.name == name), None)

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=10) as response:
            return response.read().decode()

    def post(self, path: str, data: dict, referer: str = "/") -> tuple[str, str]:
        if not self.cookie("csrftoken"):
            self.get(referer)
        body = urllib.parse.urlencode(data, doseq=True).encode()
        request = urllib.request.Request(self.base + path, data=body, method="POST")
        request.add_header("X-CSRFToken", self.cookie("csrftoken") or "")
        request.add_header("Referer", self.base + referer)
        request.add_header("HX-Request", "true")
        with self.opener.open(request, timeout=10) as response:
            return response.geturl(), response.read().decode()

    async def connect(self, invite: str) -> None:
        url = self.base.replace("http", "ws") + f"/ws/t/{invite}/"
        headers = {"Origin": self.base}
        session = self.cookie("sessionid")
        if session:
            headers["Cookie"] = f"sessionid={session}"
        self.socket = await websockets.connect(url, additional_headers=headers)

    async def receive_until(self, predicate, timeout: float = 10.0) -> str:
        """Read pushes until one satisfies ``predicate``; keep them all in ``pages``."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching push")
            text = await asyncio.wait_for(self.socket.recv(), left)
            self.pages.append(text)
            if predicate(text):
                return text

    async def send(self, message: dict) -> None:
        await self.socket.send(json.dumps(message))


def version_of(html: str) -> int:
    match = re.search(r'data-version="(\d+)"', html)
    return int(match.group(1)) if match else -1


def open_table(host: Browser, game: str, **settings) -> str:
    """The host opens a table; returns its invite token."""
    form = {
        "name": "Live", "game": game, "seat_count": 6, "min_buy_in": 50, "max_buy_in": 500,
        "declare": "chips", "low": "ace-to-six", "cap_lifts_heads_up": "1", **settings,
    }  # fmt: skip
    url, _ = host.post("/new/", form, referer="/new/")
    return url.rstrip("/").split("/")[-1]


CONTROLS = re.compile(r'<section class="controls".*?</section>', re.S)


def next_move(page: str, declaration: str = "high") -> dict | None:
    """What a simple player does with the controls on its page: the cheapest legal thing."""
    controls = CONTROLS.search(page)
    if not controls:
        return None
    html = controls.group(0)
    seq = re.search(r'name="seq" value="(\d+)"', html).group(1)
    kinds = re.findall(r'name="type" value="([a-z-]+)"', html)
    for kind in ("check", "call", "draw", "arrange", "keep", "take", "declare"):
        if kind in kinds:
            message = {"type": kind, "seq": seq}
            if kind == "draw":
                message["discard"] = []
            elif kind == "arrange":
                message["order"] = ",".join(re.findall(r'arrange-card" data-card="(..)"', html))
            elif kind == "declare":
                message["declaration"] = declaration
            return message
    return None


def my_cards(page: str) -> list[str]:
    seat = re.search(r'<div class="seat me.*?<div class="notes">', page, re.S)
    return re.findall(r'data-card="(..)"', seat.group(0)) if seat else []


def latest_table(browser: Browser) -> str:
    return next(p for p in reversed(browser.pages) if 'id="table"' in p)


def hand_number(page: str) -> int | None:
    match = re.search(r'data-hand="(\d+)"', page)
    return int(match.group(1)) if match else None


def finished(page: str, number: int) -> bool:
    shown = hand_number(page)
    return shown is not None and (shown > number or 'class="awards"' in page)


async def drain(player: Browser) -> None:
    while True:
        try:
            player.pages.append(await asyncio.wait_for(player.socket.recv(), 0.05))
        except TimeoutError:
            return


async def play_until_result(
    players: list[Browser], limit: int = 300, declarations: tuple[str, ...] = ("high",)
) -> None:
    """Each player acts whenever its newest page offers it controls, until the hand ends;
    a player declares ``declarations[k]`` (the k-th player; in turn when fewer)."""
    number = hand_number(latest_table(players[0]))
    for _ in range(limit):
        for player in players:
            await drain(player)
        pages = [latest_table(p) for p in players]
        if all(finished(page, number) for page in pages):
            return
        for k, (player, page) in enumerate(zip(players, pages, strict=True)):
            move = next_move(page, declarations[k % len(declarations)])
            if move and not finished(page, number):
                before = version_of(page)
                await player.send(move)
                await player.receive_until(lambda t, b=before: version_of(t) > b)
                break
        else:
            await asyncio.sleep(0.1)
    steps = [re.search(r'<p class="step">(.*?)</p>', p, re.S) for p in pages]
    raise AssertionError(f"the hand did not finish: {[s.group(1) if s else '' for s in steps]}")


async def seat_and_deal(host: Browser, invite: str, players: list[Browser], buy_in: int = 100):
    """Each player sits (seat 1, 2, ...) and connects; the host starts dealing."""
    for seat, player in enumerate(players, start=1):
        player.post(f"/t/{invite}/join/", {"seat": seat, "name": f"P{seat}", "buy_in": buy_in},
                    referer=f"/t/{invite}/")  # fmt: skip
        await player.connect(invite)
        await player.receive_until(lambda t: 'id="table"' in t)
    host.post(f"/t/{invite}/do/dealing/", {"on": "1"}, referer=f"/t/{invite}/")
    for player in players:
        await player.receive_until(lambda t: "Hand 1:" in t, timeout=15)


@contextlib.contextmanager
def fresh_postgres(name: str):
    """A new, empty PostgreSQL database for one test; its URL; dropped afterwards."""
    import psycopg

    admin_url = os.environ.get("PG_TEST_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield admin_url.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
