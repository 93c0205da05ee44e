"""``manage.py load_catalog``: fixtures/i18n/ into the catalog, keeping the admin's edits."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cardavia.i18n.loader import FIXTURES, load_catalog


class Command(BaseCommand):
    help = (
        "Load the translation catalog from fixtures/i18n/ (languages.json, en/*.json, "
        "<code>/*.json): creates what is missing, updates what nobody edited in the admin."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--root", type=Path, default=FIXTURES, help="the fixtures folder")
        parser.add_argument("--strict", action="store_true", help="exit 1 if any entry was refused")

    def handle(self, *args: Any, root: Path, strict: bool, **options: Any) -> None:
        if not root.is_dir():
            raise CommandError(f"No such folder: {root}")
        report = load_catalog(root)
        for line in report.refused:
            self.stderr.write(f"refused: {line}")
        for line in report.stale:
            self.stderr.write(f"no longer fits its changed English source: {line}")
        for line in report.outdated:
            self.stdout.write(f"outdated (its English changed; still served): {line}")
        self.stdout.write(f"Translation catalog: {report.summary()}")
        if strict and report.refused:
            raise CommandError(f"{len(report.refused)} entries refused")
