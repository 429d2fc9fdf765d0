"""Copying SQLite's write-ahead log into the database file, beside the actions.

In WAL mode SQLite copies the log into the database (a checkpoint, with its fsyncs) at the
end of whichever commit takes the log past 1,000 pages: that one commit then takes many
times as long, and every table's action queues behind it. A server process runs the
checkpoints on a thread of its own instead, with its own connection: a passive checkpoint
waits for nobody, and writers go on appending to the log while it copies (SQLite releases
Python's lock meanwhile). Once a checkpoint has copied the whole log, the next writer
starts it again from its beginning, so the log seldom reaches 1,000 pages at a commit; if
this thread stops, commits checkpoint again, as before.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from pathlib import Path

logger = logging.getLogger(__name__)
EVERY = 0.5  # seconds between checkpoints: ~150 pages of log at 50 actions a second


def checkpoint(path: str) -> tuple[int, int, int]:
    """One passive checkpoint of the database at ``path``: (busy, pages in the log,
    pages copied), as SQLite's ``wal_checkpoint`` pragma reports them."""
    uri = Path(path).resolve().as_uri() + "?mode=rw"  # never makes a database that is not there
    with sqlite3.connect(uri, uri=True, timeout=1) as connection:
        connection.execute("PRAGMA synchronous=NORMAL")  # as the app's connections
        busy, logged, copied = connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    connection.close()
    return busy, logged, copied


def _run(path: str, stop: threading.Event, every: float) -> None:
    while not stop.wait(every):
        try:
            checkpoint(path)
        except sqlite3.Error:  # e.g. the file is not there yet: the next one will do
            logger.debug("checkpoint of %s failed", path, exc_info=True)


def start_checkpoints(database: dict, every: float = EVERY) -> threading.Event | None:
    """Checkpoint ``database`` (a Django DATABASES entry) every ``every`` seconds on a
    daemon thread, if it is a SQLite file; the event that stops it, else None."""
    name = str(database.get("NAME", ""))
    if database.get("ENGINE") != "django.db.backends.sqlite3" or name in ("", ":memory:"):
        return None
    if name.startswith("file:"):  # a URI (an in-memory test database, say): not ours
        return None
    stop = threading.Event()
    threading.Thread(target=_run, args=(name, stop, every), name="sqlite-checkpoints",
                     daemon=True).start()  # fmt: skip
    return stop
