"""Process-level settings for a server process, applied once its code is loaded."""

from __future__ import annotations

import gc

from django.conf import settings

from pokerhome.checkpoint import start_checkpoints

# The collector's full pass walks every object made since start-up and finds nothing to
# collect (what the live path makes is freed by reference counting), stalling every table
# while it runs.
# The young and middle generations are collected in steps on the event loop
# (pokerhome/collector.py), ten middle collections a second; a full pass comes due after
# 6,000 of them (and only once a quarter of the old objects are new), about every ten
# minutes, where Python's defaults made it every few seconds.
GC_THRESHOLDS = (700, 10, 6000)  # Python's defaults are (700, 10, 10)


def tune_process() -> None:
    """Leave everything loaded so far (it lives as long as the process) out of the
    collector's passes, and make full passes rare; on SQLite, checkpoint the log on a
    thread of its own (pokerhome/checkpoint.py)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    start_checkpoints(settings.DATABASES["default"])
