"""``manage.py phh replay FILE...``: replay hand histories with our engines (docs/architecture.md).

For each file, one JSON line ``{"file": ..., "finishing_stacks": [...]}`` on standard output, the
stacks in PHH player order (p1..pn) and in the file's money: whole chips, or exact decimals such
as ``11.67`` for a room's table counted in cents. A file we cannot accept gets one line
``FILE: reason`` on standard error instead; the other files are still replayed, and the exit
status is 1 if any file failed. Never a traceback: each registered game's ``history_format``
(PHH for Hold'em, UD for Up & Down) does the work and explains every refusal; the file's
``variant`` picks the game.
"""

from __future__ import annotations

import json
import sys
from decimal import Decimal
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.engine.game import HistoryFormat
from games.registry import GAMES


class Command(BaseCommand):
    help = (
        "Work with hand histories: 'replay FILE...' prints our finishing stacks for the "
        "hand-history files of every registered game (its variant picks the game)."
    )
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        subcommands = parser.add_subparsers(dest="subcommand", required=True)
        replay = subcommands.add_parser(
            "replay", help="Replay hand-history files; one JSON line per file."
        )
        replay.add_argument("files", nargs="+", metavar="FILE", help="Files to replay.")

    def handle(self, *args: Any, **options: Any) -> None:
        failures = 0
        for path in options["files"]:
            try:
                stacks = _replay(path)
            except tuple(game.history_format.error for game in GAMES.values()) as error:
                failures += 1
                self.stderr.write(f"{path}: {error}")
                continue
            except Exception as error:  # one line per file, never a traceback
                failures += 1
                message = " ".join(str(error).split())
                self.stderr.write(f"{path}: internal error: {type(error).__name__}: {message}")
                continue
            self.stdout.write(json_line(path, stacks))
        if failures:
            # Not CommandError: its extra "CommandError: ..." line would break "one stderr line
            # per bad file"; the status alone says that something failed.
            sys.exit(1)


def json_line(path: str, stacks: tuple[int | Decimal, ...]) -> str:
    """The file's line; a decimal written as the exact JSON number it is (never a float).

    >>> json_line("a.phh", (Decimal("11.67"), Decimal("0.00")))
    '{"file": "a.phh", "finishing_stacks": [11.67, 0.00]}'
    """
    numbers = ", ".join(str(stack) for stack in stacks)
    return f'{{"file": {json.dumps(path)}, "finishing_stacks": [{numbers}]}}'


def _replay(path: str) -> tuple[int | Decimal, ...]:
    """Every registered game's hand histories, told apart by the file's ``variant``; a file
    with no readable variant goes to the first game's format, which explains the problem."""
    formats = [game.history_format for game in GAMES.values()]
    variant = _variant(path)
    chosen = next((f for f in formats if variant in f.variants), None)
    if chosen is None and variant is not None:
        raise formats[0].error(f"unsupported variant {variant!r}: {_known(formats)}")
    return tuple((chosen or formats[0]).replay_file(path))


def _known(formats: list[HistoryFormat]) -> str:
    return "only " + " and ".join(
        f"{fmt.name} ({', '.join(repr(v) for v in fmt.variants)})" for fmt in formats
    )


def _variant(path: str) -> str | None:
    """The file's ``variant`` if it can be read at all; the replayers explain any problem."""
    import tomllib

    try:
        with open(path, "rb") as source:
            variant = tomllib.load(source).get("variant")
    except (OSError, ValueError):
        return None
    return variant if isinstance(variant, str) else None
