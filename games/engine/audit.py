"""What both games' audits report: hands verified, and the first event that differs.

Each game's ``audit(events)`` replays the free inputs of a match (the table, seeds, players'
actions, restarts) through ``decide`` and compares every stored event with what the rules give.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from games.engine.events import Event, to_record


@dataclass(frozen=True, slots=True)
class Mismatch:
    index: int  # position of the first differing stored event
    reason: str
    expected: dict[str, Any] | None
    found: dict[str, Any] | None


@dataclass(slots=True)
class AuditReport:
    hands_verified: int = 0  # Hold'em hands, or Up & Down deals
    mismatches: list[Mismatch] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.mismatches


def normalised(item: Event) -> dict[str, Any]:
    """The event's record as stored: through JSON, so tuples and lists compare alike."""
    record: dict[str, Any] = json.loads(json.dumps(to_record(item)))
    return record
