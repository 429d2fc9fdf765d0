"""python manage.py replay_hand FILE: replay a hand document and print its result as JSON."""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from games.rules.document import ReplayError, replay
from games.rules.errors import RulesError


class Command(BaseCommand):
    help = (
        "Replay a hand document (docs/hand-format.md). Prints, as JSON, the final stacks "
        "and the awards, or the first illegal action with its error."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="path to the hand document (JSON), or - for stdin")

    def handle(self, *args, **options) -> None:
        path = options["file"]
        try:
            if path == "-":
                document = json.load(sys.stdin)
            else:
                with open(path, encoding="utf-8") as f:
                    document = json.load(f)
        except OSError as error:
            raise CommandError(f"cannot read {path}: {error.strerror}") from error
        except json.JSONDecodeError as error:
            raise CommandError(f"{path} is not JSON: {error}") from error
        try:
            hand = replay(document)
        except ReplayError as failure:
            out = {
                "ok": False,
                "illegal_action": {
                    "index": failure.index,
                    "action": failure.action,
                    "error": str(failure.error),
                },
            }
        except RulesError as error:
            out = {"ok": False, "error": str(error)}
        else:
            out = {"ok": True, **hand.result()}
        self.stdout.write(json.dumps(out, indent=2))
