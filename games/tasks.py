"""``games``' own Celery task: audits a selection of matches from the admin, one by one, each
``MatchAudit`` row showing the progress (queued, running, done)."""

from __future__ import annotations

from celery import shared_task

from games.audit import record_audit
from games.models import Match


@shared_task
def audit_matches(match_ids: list[str]) -> int:
    """Audit each match in turn; the number audited."""
    done = 0
    for match in Match.objects.filter(id__in=match_ids).order_by("created_at"):
        record_audit(match)
        done += 1
    return done
