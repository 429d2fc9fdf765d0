"""The live path under load: the time from pressing a button to every screen at the table
showing it, for pokerhome and, in the same run, for a bare Channels consumer and for the
same consumer writing one row per action before it broadcasts (bench/baseline.py).

    .venv/bin/python -m bench.live --config single --tables 1 10 50 --seconds 15
    .venv/bin/python -m bench.live --config redis --tables 1 10 50 100 200 --seconds 15
    .venv/bin/python -m bench.live --config single --tables 50 --seconds 10 --repeat 5
    .venv/bin/python -m bench.live --config redis --tables 200 --seconds 10 --trace
    .venv/bin/python -m bench.live --idle 2000 5000
    .venv/bin/python -m bench.live --first-load

T tables of 6 seated players; at each table the player whose turn it is acts about once a
second (jittered), through the browser's socket protocol. Per action: from sending until
all 6 players have received the resulting update. Loopback only, bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import gzip
import os
import random
import re
import resource
import secrets
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.segments import percentile, report  # noqa: E402
from tests.live.harness import Server, migrate, next_move, server_env  # noqa: E402

VERSION = re.compile(rb'data-version="(\d+)"')
CONTROLS = b'<section class="controls"'
PLAYERS = 6
TICKS = os.sysconf("SC_CLK_TCK")


def raise_file_limit() -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def process_usage(pid: int) -> tuple[float, int]:
    """(CPU seconds used, resident KB) of a process."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / TICKS
    rss = next(int(line.split()[1]) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
               if line.startswith("VmRSS"))  # fmt: skip
    return cpu, rss


def io_stalled() -> int | None:
    """Microseconds, since the machine started, in which some task waited on I/O (Linux's
    pressure stall information), or None where the kernel does not count it."""
    try:
        some = Path("/proc/pressure/io").read_text().splitlines()[0]
    except (OSError, IndexError):
        return None
    return int(some.rsplit("total=", 1)[1])


class Seat:
    def __init__(self, url: str, cookie: str | None) -> None:
        self.url, self.cookie = url, cookie
        self.socket = None
        self.version = -1
        self.seen_at: dict[int, float] = {}
        self.page = b""
        self.updates = self.update_bytes = 0
        self.arrived: asyncio.Event | None = None  # the table's: set on every new version

    async def open(self, origin: str) -> None:
        headers = {"Origin": origin}
        if self.cookie:
            headers["Cookie"] = f"sessionid={self.cookie}"
        self.socket = await websockets.connect(self.url, additional_headers=headers,
                                               max_size=2**22, open_timeout=60)  # fmt: skip
        self.reader = asyncio.ensure_future(self.read())

    async def read(self) -> None:
        async for message in self.socket:
            data = message.encode() if isinstance(message, str) else message
            match = VERSION.search(data)
            if match:
                self.updates += 1
                self.update_bytes += len(data)
                version = int(match.group(1))
                if version > self.version:
                    self.version = version
                    self.seen_at[version] = time.monotonic()
                    self.page = data
                    if self.arrived is not None:
                        self.arrived.set()

    def first_at_or_after(self, version: int) -> float | None:
        times = [t for v, t in self.seen_at.items() if v >= version]
        return min(times) if times else None


class Table:
    def __init__(self, seats: list[Seat], baseline: bool) -> None:
        self.seats, self.baseline = seats, baseline
        self.counter = 0
        self.arrived = asyncio.Event()
        for seat in seats:
            seat.arrived = self.arrived

    async def act_once(self) -> tuple[float | None, int]:
        """Send one action; (latency, target version) or (None, ...) when lost."""
        if self.baseline:
            self.counter += 1
            sender, target, message = self.seats[0], self.counter, f'{{"version": {self.counter}}}'
        else:
            # Only a page with controls can have a move: the generator shares the machine
            # with the servers, and decoding and searching all six pages was its own cost.
            pages = [(s, next_move(s.page.decode())) for s in self.seats if CONTROLS in s.page]
            actor = next(((s, m) for s, m in pages if m), None)
            if actor is None:
                return None, -1  # between hands: nobody to act
            sender, move = actor
            target = max(s.version for s in self.seats) + 1
            message = __import__("json").dumps(move)
        started = time.monotonic()
        await sender.socket.send(message)
        deadline = started + 5
        # Woken by each arrival (not polling: the generator shares the machine's two cores
        # with the servers, and a poll per table every few ms would take one of them).
        while (left := deadline - time.monotonic()) > 0:
            self.arrived.clear()
            arrivals = [s.first_at_or_after(target) for s in self.seats]
            if all(a is not None for a in arrivals):
                return max(arrivals) - started, target
            try:
                await asyncio.wait_for(self.arrived.wait(), left)
            except TimeoutError:
                break
        return None, target


async def drive(tables: list[Table], seconds: float, rng: random.Random) -> dict:
    latencies: list[float] = []
    lost = 0

    async def loop(table: Table) -> None:
        nonlocal lost
        await asyncio.sleep(rng.random())
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            latency, target = await table.act_once()
            if latency is not None:
                latencies.append(latency)
            elif target >= 0:
                lost += 1
            await asyncio.sleep(max(0.0, 1.0 + rng.uniform(-0.3, 0.3) - (latency or 0)))

    await asyncio.gather(*(loop(t) for t in tables))
    return {"latencies": latencies, "lost": lost}


def setup_tables(count: int, env: dict) -> list[tuple[str, list[str]]]:
    """Create ``count`` tables of six seated players in the server's database; dealing on."""
    # The servers' database and secret: the sessions made here are theirs to read.
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "SECRET_KEY") if k in env})
    os.environ.pop("REDIS_URL", None)  # notifications from here are not needed
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerhome.settings")
    django.setup()
    from django.contrib.sessions.backends.db import SessionStore
    from django.db import connection, connections

    from games import services
    from games.forms import NewTableForm, as_sent, cleaned

    with connection.cursor() as cursor:  # the written floor's rows (bench/baseline.py)
        cursor.execute("CREATE TABLE bench_floor (id integer PRIMARY KEY, version integer)")
        cursor.executemany("INSERT INTO bench_floor (id, version) VALUES (%s, 0)",
                           [[t] for t in range(count)])  # fmt: skip
    made = []
    for t in range(count):
        sent = as_sent({"name": f"Bench {t}", "game": "high-low-declare", "ante": 1,
                        "structure": "fixed-limit", "min_buy_in": 100, "max_buy_in": 100000,
                        "seat_count": 6})  # fmt: skip
        table = services.create_table(**cleaned(NewTableForm(sent)))
        keys = []
        for seat in range(1, PLAYERS + 1):
            session = SessionStore()
            session.create()
            services.request_seat(table.pk, session.session_key, seat, f"P{seat}", 100000)
            keys.append(session.session_key)
        services.set_dealing(table.pk, True)
        made.append((table.invite, keys))
    connections.close_all()
    return made


FLOOR_PATHS = {"baseline": "/ws/b/{}/", "floor": "/ws/w/{}/"}  # bench/baseline.py


def server_of(servers: list[Server], table: int, seat: int, route: str) -> Server:
    """The process a table's seat connects to: ``table``, all of a table's sockets on one
    process, as deploy/nginx.conf routes them; ``split``, a table's players alternately
    on each, so that every action crosses the channel layer."""
    return servers[(table if route == "table" else seat) % len(servers)]


async def measure(servers: list[Server], made, kind: str, seconds: float, route: str) -> dict:
    baseline = kind in FLOOR_PATHS
    tables = []
    for n, (invite, keys) in enumerate(made):
        seats = []
        for i, key in enumerate(keys):
            server = server_of(servers, n, i, route)
            path = FLOOR_PATHS[kind].format(n) if baseline else f"/ws/t/{invite}/"
            seats.append(Seat(server.base.replace("http", "ws") + path, None if baseline else key))
            await seats[-1].open(server.base)
        tables.append(Table(seats, baseline))
    await asyncio.sleep(2)
    before = [process_usage(s.process.pid) for s in servers]
    io_before = io_stalled()
    own_before = time.process_time()
    started = time.monotonic()
    # The generator's own pauses would count as the servers' latency: its cycle collector
    # held it up to 150 ms at 200 tables (every arrival in a pause was timed late, and the
    # actions due in it went out at once when it ended). A run is bounded in time, so the
    # collector waits for its end.
    gc.collect()
    gc.disable()
    try:
        result = await drive(tables, seconds, random.Random(1))
    finally:
        gc.enable()
    wall = time.monotonic() - started
    after = [process_usage(s.process.pid) for s in servers]
    io_after = io_stalled()
    result["io_stall"] = (io_after - io_before) / 1000 if io_before is not None else None
    result["generator_cpu"] = (time.process_time() - own_before) / wall
    for table in tables:
        for seat in table.seats:
            await seat.socket.close()
    result["cpu"] = sum(a[0] - b[0] for a, b in zip(after, before, strict=True)) / wall
    result["rss_mb"] = sum(a[1] for a in after) / 1024
    seats = [seat for table in tables for seat in table.seats]
    updates = sum(s.updates for s in seats)
    result["update_bytes"] = sum(s.update_bytes for s in seats) / max(1, updates)
    return result


def summary(result: dict) -> dict:
    values = result["latencies"] or [float("nan")]
    return {
        "actions": len(result["latencies"]),
        "p50": percentile(values, 50) * 1000,
        "p95": percentile(values, 95) * 1000,
        "p99": percentile(values, 99) * 1000,
        "max": max(values) * 1000,
        "lost": result["lost"],
        "cpu": result["cpu"] * 100,
        "rss": result["rss_mb"],
        "gen": result["generator_cpu"] * 100,
        "bytes": result["update_bytes"],
        "io": result["io_stall"],
    }


def run_config(
    config: str,
    counts: list[int],
    seconds: float,
    repeat: int = 1,
    trace: bool = False,
    route: str = "table",
) -> None:
    raise_file_limit()
    folder = Path(tempfile.mkdtemp(prefix="bench-"))
    if config == "single":
        env = server_env(f"sqlite:///{folder / 'db.sqlite3'}")
        processes = 1
    else:
        import psycopg

        admin = os.environ.get("PG_BENCH_URL", "postgres://postgres@127.0.0.1:5432/postgres")
        with psycopg.connect(admin, autocommit=True) as db:
            db.execute("DROP DATABASE IF EXISTS pokerhome_bench WITH (FORCE)")
            db.execute("CREATE DATABASE pokerhome_bench")
        env = server_env(admin.rsplit("/", 1)[0] + "/pokerhome_bench",
                         os.environ.get("REDIS_BENCH_URL", "redis://127.0.0.1:6379/9"))  # fmt: skip
        # A deployment: a real secret, so DEBUG is off (no query log, no debug pages).
        env.update(SECRET_KEY=secrets.token_urlsafe(40), SECURE_SSL_REDIRECT="0")
        processes = 2
    migrate(env)
    made = setup_tables(max(counts), env)
    header = (
        f"{'T':>4} {'':9} {'actions':>7} {'p50':>7} {'p95':>7} {'p99':>7} {'max':>7} "
        f"{'lost':>5} {'cpu%':>6} {'gen%':>5} {'rss MB':>7} {'bytes':>6} {'io ms':>6}  "
        "p99 ratio to baseline, to floor"
    )
    routed = f", routed by {route}" if processes > 1 else ""
    print(f"config: {config} ({processes} Daphne process{'es' if processes > 1 else ''}{routed})")
    print(header)
    for count in counts:
        ratios = [_measure_row(count, env, made, processes, folder, seconds, trace, route)
                  for _ in range(repeat)]  # fmt: skip
        if repeat > 1:
            for n, floor in enumerate(("baseline", "floor")):
                listed = ", ".join(f"{r[n]:.2f}" for r in ratios)
                median = statistics.median(r[n] for r in ratios)
                print(f"{count:>4} median p99 ratio to the {floor} {median:.2f}x ({listed})")


KINDS = ("pokerhome", "baseline", "floor")


def _measure_row(
    count: int,
    env: dict,
    made,
    processes: int,
    folder: Path,
    seconds: float,
    trace: bool,
    route: str,
):
    """pokerhome, then the bare floor and the floor with a write, at ``count`` tables;
    prints the three rows (``trace``: and where pokerhome's time went, bench/segments.py);
    pokerhome's p99 ratio to each floor."""
    rows = {}
    marks = Path(tempfile.mkdtemp(prefix="marks-", dir=folder))
    # pokerhome first: the floors then broadcast fragments of the size ours averaged.
    for kind in KINDS:
        run_env = dict(env)
        app = os.environ.get("BENCH_APP", "pokerhome.asgi:application")
        if trace:
            app, run_env["TRACE_DIR"] = "bench.traced:application", str(marks)
        if kind != "pokerhome":
            app = "bench.baseline:application"
            run_env["BENCH_FRAGMENT_BYTES"] = str(round(rows["pokerhome"]["bytes"]))
        servers = [Server(run_env, log=folder / f"{kind}{i}.log", app=app).start()
                   for i in range(processes)]  # fmt: skip
        try:
            rows[kind] = summary(asyncio.run(measure(servers, made[:count], kind, seconds, route)))
        finally:
            for server in servers:
                server.stop()
    ours = rows["pokerhome"]["p99"]
    ratios = ours / rows["baseline"]["p99"], ours / rows["floor"]["p99"]
    for kind in ("baseline", "floor", "pokerhome"):
        row = rows[kind]
        print(f"{count:>4} {kind:9} {row['actions']:>7} {row['p50']:>6.1f}ms "
              f"{row['p95']:>5.1f}ms {row['p99']:>5.1f}ms {row['max']:>5.0f}ms "
              f"{row['lost']:>5} {row['cpu']:>5.0f}% {row['gen']:>4.0f}% {row['rss']:>7.0f} "
              f"{row['bytes']:>6.0f} {'-' if row['io'] is None else round(row['io']):>6}"
              + (f"  {ratios[0]:.2f}x {ratios[1]:>9.2f}x" if kind == "pokerhome" else ""),
              flush=True)  # fmt: skip
    if trace:
        print(report(marks), flush=True)
    return ratios


async def hold_idle(server: Server, invite: str, count: int) -> int:
    sockets = []
    url = server.base.replace("http", "ws") + f"/ws/t/{invite}/"
    for i in range(count):
        sockets.append(await websockets.connect(url, additional_headers={"Origin": server.base},
                                                open_timeout=60, max_size=2**22))  # fmt: skip
        if i % 500 == 499:
            await asyncio.sleep(0.2)
    await asyncio.sleep(3)
    open_now = sum(1 for s in sockets if s.state.name == "OPEN")
    rss = process_usage(server.process.pid)[1]
    for s in sockets:
        await s.close()
    return open_now, rss


def run_idle(counts: list[int]) -> None:
    raise_file_limit()
    folder = Path(tempfile.mkdtemp(prefix="bench-"))
    env = server_env(f"sqlite:///{folder / 'db.sqlite3'}")
    migrate(env)
    made = setup_tables(1, env)
    for count in counts:
        server = Server(env, log=folder / "idle.log").start()
        try:
            base = process_usage(server.process.pid)[1]
            connected, rss = asyncio.run(hold_idle(server, made[0][0], count))
        finally:
            server.stop()
        print(
            f"{count} idle sockets on one process: {connected} open, "
            f"{(rss - base) / count:.1f} KB each ({rss / 1024:.0f} MB resident)"
        )


def run_first_load() -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-"))
    env = server_env(f"sqlite:///{folder / 'db.sqlite3'}")
    migrate(env)
    made = setup_tables(1, env)
    server = Server(env, log=folder / "page.log").start()
    try:
        total = 0
        page_path = f"/t/{made[0][0]}/"
        request = urllib.request.Request(server.base + page_path,
                                         headers={"Accept-Encoding": "gzip"})  # fmt: skip
        with urllib.request.urlopen(request) as response:
            body = response.read()
        page = gzip.decompress(body) if response.headers.get("Content-Encoding") == "gzip" else body
        print(f"{'page':<40}{len(body):>8} bytes")
        total += len(body)
        for asset in re.findall(rb'(?:src|href)="(/static/[^"]+)"', page):
            request = urllib.request.Request(server.base + asset.decode(),
                                             headers={"Accept-Encoding": "gzip"})  # fmt: skip
            with urllib.request.urlopen(request) as response:
                size = len(response.read())
            print(f"{asset.decode():<40}{size:>8} bytes")
            total += size
        print(f"{'first load of a table page':<40}{total:>8} bytes ({total / 1024:.1f} KB)")
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", choices=["single", "redis"])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 10, 50])
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs per table count; the median ratio is printed")  # fmt: skip
    parser.add_argument("--trace", action="store_true",
                        help="serve pokerhome with marks on each action's path and print "
                             "where its time went (bench/segments.py)")  # fmt: skip
    parser.add_argument("--route", choices=["table", "split"], default="table",
                        help="two processes: each table on one (as deployed) or split")  # fmt: skip
    parser.add_argument("--idle", type=int, nargs="*")
    parser.add_argument("--first-load", action="store_true")
    args = parser.parse_args()
    if sum(map(bool, (args.config, args.idle, args.first_load))) != 1:
        # Each sets up Django on a database of its own, once per process.
        parser.error("choose one of --config, --idle, --first-load per run")
    if args.config:
        run_config(args.config, args.tables, args.seconds, args.repeat, args.trace, args.route)
    if args.idle:
        run_idle(args.idle)
    if args.first_load:
        run_first_load()


if __name__ == "__main__":
    main()
