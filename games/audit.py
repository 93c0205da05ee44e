"""Auditing stored matches: every dealer event re-derived from seeds and players' actions."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.audit import AuditReport
from games.models import Match
from games.registry import game_for
from games.selectors import stored_events


@dataclass(frozen=True)
class MatchAudit:
    match: Match
    report: AuditReport
    first_bad_seq: int | None


def audit_match(match: Match) -> MatchAudit:
    numbered = stored_events(match)
    report = game_for(match.game).audit([item for _, item in numbered])
    first_bad = None
    if report.mismatches:
        index = report.mismatches[0].index
        first_bad = numbered[index][0] if index < len(numbered) else None
    return MatchAudit(match=match, report=report, first_bad_seq=first_bad)
