"""Process-level settings for a server process, applied once its code is loaded."""

from __future__ import annotations

import gc
import sys

# The socket threads and the database thread share one interpreter lock. Python lets a
# thread keep it 5 ms before handing it over to one that waits: a push waiting behind
# another table's transaction, or the reverse, waited that long at every turn.
SWITCH_INTERVAL = 0.001


def tune_process() -> None:
    """Hand the interpreter lock over sooner, and leave everything loaded so far (it lives
    as long as the process) out of the collector's full passes, which otherwise stall
    every table for tens of milliseconds at a time."""
    sys.setswitchinterval(SWITCH_INTERVAL)
    gc.collect()
    gc.freeze()
