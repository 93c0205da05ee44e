"""``manage.py phh replay FILE...``: replay PHH hand histories with our engine (DESIGN.md).

For each file, one JSON line ``{"file": ..., "finishing_stacks": [...]}`` on standard output, the
stacks in PHH player order (p1..pn). A file we cannot accept gets one line ``FILE: reason`` on
standard error instead; the other files are still replayed, and the exit status is 1 if any file
failed. Never a traceback: :mod:`games.engine.holdem.phh` does the work and explains every refusal.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.engine.holdem.phh import PHHError
from games.engine.holdem.phh import replay_file as replay_holdem
from games.engine.updown.history import HistoryError
from games.engine.updown.history import replay_file as replay_updown

HOLDEM_VARIANT = "NT"
UPDOWN_VARIANT = "UD"


class Command(BaseCommand):
    help = (
        "Work with hand histories: 'replay FILE...' prints our finishing stacks for no-limit "
        "hold'em PHH files and Up & Down (variant UD) histories."
    )
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        subcommands = parser.add_subparsers(dest="subcommand", required=True)
        replay = subcommands.add_parser(
            "replay", help="Replay PHH / Up & Down history files; one JSON line per file."
        )
        replay.add_argument("files", nargs="+", metavar="FILE", help="PHH files to replay.")

    def handle(self, *args: Any, **options: Any) -> None:
        failures = 0
        for path in options["files"]:
            try:
                stacks = _replay(path)
            except (PHHError, HistoryError) as error:
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


def _replay(path: str) -> tuple[int, ...]:
    """Hold'em PHH files and Up & Down histories (``variant = "UD"``) alike."""
    variant = _variant(path)
    if variant == UPDOWN_VARIANT:
        return tuple(replay_updown(path))
    if variant is not None and variant != HOLDEM_VARIANT:
        raise PHHError(
            f"unsupported variant {variant!r}: only no-limit hold'em ({HOLDEM_VARIANT!r}) "
            f"and Up & Down ({UPDOWN_VARIANT!r})"
        )
    return tuple(replay_holdem(path))


def _variant(path: str) -> str | None:
    """The file's ``variant`` if it can be read at all; the replayers explain any problem."""
    import tomllib

    try:
        with open(path, "rb") as source:
            variant = tomllib.load(source).get("variant")
    except (OSError, ValueError):
        return None
    return variant if isinstance(variant, str) else None
