"""Daphne on uvloop's event loop: ``python -m pokerhome.serve`` takes Daphne's own arguments.

    python -m pokerhome.serve -b 127.0.0.1 -p 8000 pokerhome.asgi:application

Daphne makes its event loop when ``daphne.server`` is first imported, so the kind of loop
is chosen here, before that. uvloop's loop does the same work as asyncio's own with less
Python per callback, timer and future. Where uvloop cannot be imported, Daphne runs on
asyncio's loop as before.
"""

from __future__ import annotations

import asyncio
import sys


def use_uvloop() -> bool:
    """Make every new event loop of this process a uvloop loop; False if uvloop is missing."""
    try:
        import uvloop
    except ImportError:
        return False
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    return True


def main(argv: list[str] | None = None) -> None:
    if "daphne.server" in sys.modules:
        raise RuntimeError("Daphne's loop is made already: choose the loop before importing it")
    use_uvloop()
    from daphne.cli import CommandLineInterface

    CommandLineInterface().run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
