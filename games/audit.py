"""Auditing stored matches: every dealer event re-derived from seeds and players' actions.

``audit_match`` answers at once; the admin keeps each match's last answer (``MatchAudit``) so
its lists show which matches are verified, and audits a large selection on a Celery worker
(:func:`audit_in_background`), each match's row showing queued, running, then its answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Sum

from games.engine.audit import AuditReport
from games.models import Match, MatchAudit
from games.registry import game_for
from games.selectors import stored_events

# A selection with more stored events than this is audited by a worker, not in the request.
INLINE_AUDIT_EVENTS = 20_000


@dataclass(frozen=True)
class MatchAuditResult:
    match: Match
    report: AuditReport
    first_bad_seq: int | None


def audit_match(match: Match) -> MatchAuditResult:
    numbered = stored_events(match)
    report = game_for(match.game).audit([item for _, item in numbered])
    first_bad = None
    if report.mismatches:
        index = report.mismatches[0].index
        first_bad = numbered[index][0] if index < len(numbered) else None
    return MatchAuditResult(match=match, report=report, first_bad_seq=first_bad)


def record_audit(match: Match) -> MatchAudit:
    """Audit ``match`` and keep the answer on its ``MatchAudit`` row."""
    MatchAudit.objects.update_or_create(match=match, defaults={"state": MatchAudit.State.RUNNING})
    result = audit_match(match)
    mismatch = result.report.mismatches[0] if result.report.mismatches else None
    row, _ = MatchAudit.objects.update_or_create(
        match=match,
        defaults={
            "state": MatchAudit.State.DONE,
            "audited_seq": match.seq,
            "hands_verified": result.report.hands_verified,
            "mismatch_seq": result.first_bad_seq,
            "reason": mismatch.reason if mismatch else "",
            "expected": mismatch.expected if mismatch else None,
            "found": mismatch.found if mismatch else None,
        },
    )
    return row


def is_large(match_ids: Sequence[str]) -> bool:
    events = Match.objects.filter(id__in=match_ids).aggregate(total=Sum("seq"))["total"]
    return (events or 0) > INLINE_AUDIT_EVENTS


def audit_in_background(match_ids: Sequence[str]) -> None:
    """Mark the matches queued and audit them on a worker once this transaction commits."""
    from games.tasks import audit_matches

    for match_id in match_ids:
        MatchAudit.objects.update_or_create(
            match_id=match_id, defaults={"state": MatchAudit.State.QUEUED}
        )
    ids = [str(match_id) for match_id in match_ids]
    transaction.on_commit(lambda: audit_matches.delay(ids))
