"""``manage.py phh replay FILE...``: replay PHH hand histories with our engine (DESIGN.md).

For each file, one JSON line ``{"file": ..., "finishing_stacks": [...]}`` on standard output, the
stacks in PHH player order (p1..pn). A file we cannot accept gets one line ``FILE: reason`` on
standard error instead; the other files are still replayed, and the exit status is 1 if any file
failed. Never a traceback: :mod:`games.engine.phh` does the work and explains every refusal.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.engine.phh import PHHError, replay_file


class Command(BaseCommand):
    help = "Work with PHH (Poker Hand History) files: 'replay FILE...' prints our finishing stacks."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        subcommands = parser.add_subparsers(dest="subcommand", required=True)
        replay = subcommands.add_parser(
            "replay", help="Replay no-limit hold'em PHH files; one JSON line per file."
        )
        replay.add_argument("files", nargs="+", metavar="FILE", help="PHH files to replay.")

    def handle(self, *args: Any, **options: Any) -> None:
        failures = 0
        for path in options["files"]:
            try:
                stacks = replay_file(path)
            except PHHError as error:
                failures += 1
                self.stderr.write(f"{path}: {error}")
                continue
            except Exception as error:  # one line per file, never a traceback
                failures += 1
                message = " ".join(str(error).split())
                self.stderr.write(f"{path}: internal error: {type(error).__name__}: {message}")
                continue
            self.stdout.write(json.dumps({"file": path, "finishing_stacks": list(stacks)}))
        if failures:
            # Not CommandError: its extra "CommandError: ..." line would break "one stderr line
            # per bad file"; the status alone says that something failed.
            sys.exit(1)
