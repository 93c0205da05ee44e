"""``manage.py audit``: re-derive every stored hand; exit 1 on any mismatch (docs/rules.md)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.audit import audit_match
from games.models import Match


class Command(BaseCommand):
    help = "Re-derive every stored hand from its seed and the players' actions; report mismatches."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("match_ids", nargs="*", help="Only these matches (default: all).")

    def handle(self, *args: Any, **options: Any) -> None:
        matches = Match.objects.order_by("created_at")
        if options["match_ids"]:
            matches = matches.filter(id__in=options["match_ids"])
        verified = mismatched = 0
        for match in matches.iterator():
            result = audit_match(match)
            verified += result.report.hands_verified
            for mismatch in result.report.mismatches:
                mismatched += 1
                self.stderr.write(
                    f"mismatch in match {match.id} at seq {result.first_bad_seq}: "
                    f"{mismatch.reason}; expected {mismatch.expected}, found {mismatch.found}"
                )
        self.stdout.write(f"verified hands: {verified}")
        self.stdout.write(f"mismatches: {mismatched}")
        if mismatched:
            raise CommandError(f"{mismatched} mismatch(es) found", returncode=1)
