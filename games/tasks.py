"""``games``' own Celery tasks: audits a selection of matches from the admin, one by one, each
``MatchAudit`` row showing the progress (queued, running, done); and imports an uploaded
hand-history file (``HandImport``), its progress saved as it goes."""

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


@shared_task(acks_late=True)
def import_hands(import_id: str) -> None:
    """Read and store the hands of the import ``import_id`` (a rerun skips what is stored)."""
    from games.imports import import_run

    import_run(import_id)
