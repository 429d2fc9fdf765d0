"""Where an action's time goes: its path through the servers, cut into segments, from the
marks ``bench/traced.py`` writes (one file per server process).

A mark is one line: ``monotonic seconds, pid, what, table, version`` (tab-separated; -1
where a mark does not know the table or the version). The clock is the machine's
monotonic clock, the same in every process on it. What the marks are:

- ``arrived``: a player's action reached its screen on the table's process (version: the
  one it will make);
- ``forwarded``: a player's action reached a socket on another process, which sent it on
  to the table's process (counted, not part of the path);
- ``queued`` / ``written``: the database thread took up / finished the table's action;
- ``publish``: the new version's notice set out, on the acting process's event loop;
- ``heard``: the notice came in from Redis, in another process;
- ``tell`` / ``told``: a process began / finished telling its sockets of the version.

An action's segments, each from one mark to the next on its path:

- ``wait for the database thread``: arrived, queued;
- ``on the database thread``: queued, written (working it out, and the statement);
- ``back to the event loop``: written, publish;
- ``own sockets told``: publish, told (on the acting process);
- ``notice to the other process``: publish, heard (Redis);
- ``other process, to its telling``: heard, tell;
- ``other process's sockets told``: tell, told (the other process);
- ``arrival to the last socket told``: the whole of it on the servers' side.
"""

from __future__ import annotations

import bisect
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Mark:
    at: float
    pid: int
    what: str
    table: int
    version: int


def read_marks(folder: Path) -> list[Mark]:
    marks = []
    for file in sorted(folder.glob("*.tsv")):
        for line in file.read_text().splitlines():
            at, pid, what, table, version, *_ = line.split("\t")
            marks.append(Mark(float(at), int(pid), what, int(table), int(version)))
    return marks


SEGMENTS = (
    ("wait for the database thread", "arrived", "queued"),
    ("on the database thread", "queued", "written"),
    ("back to the event loop", "written", "publish"),
    ("own sockets told", "publish", "own told"),
    ("notice to the other process", "publish", "heard"),
    ("other process, to its telling", "heard", "other tell"),
    ("other process's sockets told", "other tell", "other told"),
    ("arrival to the last socket told", "arrived", "last told"),
)


class _Index:
    """Marks by (what, table), in time order, to find the first one after a moment."""

    def __init__(self, marks: Iterable[Mark]) -> None:
        self.marks: dict[tuple[str, int], list[Mark]] = defaultdict(list)
        for mark in sorted(marks, key=lambda m: m.at):
            self.marks[mark.what, mark.table].append(mark)
        self.times = {key: [m.at for m in found] for key, found in self.marks.items()}

    def first(self, what: str, table: int, after: float, where=lambda m: True) -> Mark | None:
        found = self.marks.get((what, table), [])
        start = bisect.bisect_left(self.times.get((what, table), []), after)
        return next((m for m in found[start:] if where(m)), None)


def action_paths(marks: list[Mark]) -> list[dict[str, float]]:
    """Each traced action's marks by name (see SEGMENTS), for the actions whose every mark
    was found: at a table whose sockets one process tells (as deploy/nginx.conf routes,
    or with the other's forwarded to it), those of the other process are not looked for."""
    index = _Index(marks)
    processes: dict[int, set[int]] = defaultdict(set)
    for m in marks:
        if m.what == "tell":
            processes[m.table].add(m.pid)
    paths = (_path(index, m, len(processes[m.table]) > 1) for m in marks if m.what == "arrived")
    return [path for path in paths if path is not None]


def _path(index: _Index, arrived: Mark, several: bool) -> dict[str, float] | None:
    table, version = arrived.table, arrived.version
    queued = index.first("queued", table, arrived.at, lambda m: m.pid == arrived.pid)
    written = queued and index.first("written", table, queued.at,
                                     lambda m: m.pid == arrived.pid)  # fmt: skip
    publish = written and index.first("publish", table, written.at,
                                      lambda m: m.version == version)  # fmt: skip
    if not publish:
        return None

    def own(m: Mark) -> bool:
        return m.pid == publish.pid and m.version == version

    def other(m: Mark) -> bool:
        return m.pid != publish.pid and m.version == version

    told = index.first("told", table, publish.at, own)
    if told is None:
        return None
    path = {"arrived": arrived.at, "queued": queued.at, "written": written.at,
            "publish": publish.at, "own told": told.at, "last told": told.at}  # fmt: skip
    if several:
        heard = index.first("heard", table, publish.at, lambda m: m.pid != publish.pid)
        tell = index.first("tell", table, publish.at, other)
        told = tell and index.first("told", table, tell.at, other)
        if not (heard and told) or heard.at > tell.at:
            return None
        path.update({"heard": heard.at, "other tell": tell.at, "other told": told.at,
                     "last told": max(path["own told"], told.at)})  # fmt: skip
    return path


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def segment_table(paths: list[dict[str, float]]) -> list[tuple[str, float, float, float, float]]:
    """(segment, p50, p90, p99, mean of the slowest 2% of actions) in ms, for each segment
    every path has. The last column: what that segment took in the actions slowest from
    arrival to the last socket told."""
    if not paths:
        return []
    total = [p["last told"] - p["arrived"] for p in paths]
    slowest = sorted(range(len(paths)), key=lambda i: -total[i])[: max(1, len(paths) // 50)]
    rows = []
    for name, start, end in SEGMENTS:
        if not all(start in p and end in p for p in paths):
            continue
        took = [(p[end] - p[start]) * 1000 for p in paths]
        worst = sum(took[i] for i in slowest) / len(slowest)
        rows.append((name, percentile(took, 50), percentile(took, 90), percentile(took, 99), worst))
    return rows


def work_by_process(marks: list[Mark]) -> dict[int, Counter]:
    """Each process's count of the actions it took (``arrived``) and wrote (``written``:
    the rules' work), of those it sent on to another (``forwarded``), of the versions it
    told its sockets of (``tell``: rendering them), and of the changes it wrote as a
    transaction of their own (``transaction <service>``) rather than in one statement."""
    work: dict[int, Counter] = defaultdict(Counter)
    for m in marks:
        counted = m.what in ("arrived", "forwarded", "written", "tell")
        if counted or m.what.startswith("transaction "):
            work[m.pid][m.what] += 1
    return work


def report(folder: Path) -> str:
    marks = read_marks(folder)
    paths = action_paths(marks)
    lines = [f"traced: {len(paths)} actions, server side, ms",
             f"  {'segment':34} {'p50':>6} {'p90':>6} {'p99':>6} {'slowest 2%':>11}"]  # fmt: skip
    for name, p50, p90, p99, worst in segment_table(paths):
        lines.append(f"  {name:34} {p50:6.2f} {p90:6.2f} {p99:6.2f} {worst:11.2f}")
    for pid, work in sorted(work_by_process(marks).items()):
        lines.append(f"  process {pid}: {work['arrived']} actions taken, {work['written']} "
                     f"written, {work['forwarded']} forwarded; {work['tell']} versions "
                     "told to sockets")  # fmt: skip
        apart = sorted((what.split()[1], n) for what, n in work.items()
                       if what.startswith("transaction "))  # fmt: skip
        if apart:
            lines.append("    written as a transaction of their own (not in one statement): "
                         + ", ".join(f"{n} {name}" for name, n in apart))  # fmt: skip
    return "\n".join(lines)
