"""``manage.py rules_to_catalog``: docs/rules.md into fixtures/i18n/en/rules.json."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cardavia.i18n.rules import (
    RULES_CATALOG,
    RULES_DOCUMENT,
    RulesFormatError,
    catalog_entries,
    render,
)


class Command(BaseCommand):
    help = (
        "Split docs/rules.md into the English catalog entries rules.<anchor>.title/.body, "
        "rules.toc and rules.<anchor>.sections, written to fixtures/i18n/en/rules.json."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--source", type=Path, default=RULES_DOCUMENT)
        parser.add_argument("--output", type=Path, default=RULES_CATALOG)
        parser.add_argument(
            "--check",
            action="store_true",
            help="write nothing; exit 1 if the output is out of date with the document",
        )

    def handle(self, *args: Any, source: Path, output: Path, check: bool, **options: Any) -> None:
        try:
            entries = catalog_entries(source.read_text(encoding="utf-8"))
        except RulesFormatError as error:
            raise CommandError(f"{source}: {error}") from None
        content = render(entries)
        current = output.read_text(encoding="utf-8") if output.exists() else None
        if check:
            if current != content:
                raise CommandError(f"{output} is out of date: run manage.py rules_to_catalog")
            self.stdout.write(f"{output} is up to date.")
            return
        if current == content:
            self.stdout.write(f"{output} is up to date.")
            return
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(content, encoding="utf-8")
        self.stdout.write(f"Wrote {output} ({len(entries)} entries).")
