"""SQLite's log is copied into the database by a thread of its own, not by a commit."""

from __future__ import annotations

import sqlite3
import time

from pokerhome.checkpoint import checkpoint, start_checkpoints

SQLITE = "django.db.backends.sqlite3"


def _logged_database(path: str, rows: int) -> sqlite3.Connection:
    """A WAL database whose commits never checkpoint, with ``rows`` rows in its log only."""
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA wal_autocheckpoint=0")
    connection.execute("CREATE TABLE hands (id INTEGER PRIMARY KEY, note TEXT)")
    connection.commit()
    for n in range(rows):
        connection.execute("INSERT INTO hands (note) VALUES (?)", ("x" * 500 + str(n),))
        connection.commit()
    return connection


def test_the_thread_copies_the_log_into_the_database_file(tmp_path):
    path = str(tmp_path / "db.sqlite3")
    writer = _logged_database(path, 200)
    before = (tmp_path / "db.sqlite3").stat().st_size
    stop = start_checkpoints({"ENGINE": SQLITE, "NAME": path}, every=0.05)
    try:
        deadline = time.monotonic() + 10
        while (tmp_path / "db.sqlite3").stat().st_size == before:
            assert time.monotonic() < deadline, "no checkpoint copied the log"
            time.sleep(0.02)
        for _ in range(20):  # writers go on while it runs
            writer.execute("INSERT INTO hands (note) VALUES ('after')")
            writer.commit()
            time.sleep(0.01)
    finally:
        stop.set()
    assert (tmp_path / "db.sqlite3").stat().st_size > before + 200 * 500
    assert writer.execute("SELECT COUNT(*) FROM hands").fetchone() == (220,)
    writer.close()


def test_a_checkpoint_reports_what_it_copied(tmp_path):
    path = str(tmp_path / "db.sqlite3")
    writer = _logged_database(path, 20)
    busy, logged, copied = checkpoint(path)
    assert busy == 0 and logged > 20 and copied == logged
    writer.close()


def test_only_a_sqlite_file_gets_the_thread():
    assert start_checkpoints({"ENGINE": "django.db.backends.postgresql", "NAME": "x"}) is None
    assert start_checkpoints({"ENGINE": SQLITE, "NAME": ":memory:"}) is None
    assert start_checkpoints({"ENGINE": SQLITE, "NAME": "file:memdb?mode=memory"}) is None


def test_the_thread_makes_no_database_where_there_is_none(tmp_path):
    path = tmp_path / "not-yet.sqlite3"
    stop = start_checkpoints({"ENGINE": SQLITE, "NAME": str(path)}, every=0.01)
    time.sleep(0.2)  # some twenty passes, each failing quietly
    stop.set()
    assert not path.exists()
