"""``manage.py rebuild_projections``: throw the read models away and project every event again."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from games.models import HandSummary, Match
from games.projections import project
from games.selectors import stored_events


class Command(BaseCommand):
    help = "Rebuild the read models (hand lists) from the stored events."

    def handle(self, *args: Any, **options: Any) -> None:
        matches = 0
        with transaction.atomic():
            HandSummary.objects.all().delete()
            for match in Match.objects.order_by("created_at").iterator():
                project(match, stored_events(match))
                matches += 1
        hands = HandSummary.objects.count()
        self.stdout.write(f"rebuilt {hands} hand summaries from {matches} matches")
