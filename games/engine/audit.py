"""What both games' audits report: hands verified, and the first event that differs.

Each game's ``audit(events)`` replays the free inputs of a match (the table, seeds, players'
actions, restarts) through ``decide`` and compares every stored event with what the rules give.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine.betting import ActionKind, chosen_action
from games.engine.errors import IllegalAction
from games.engine.event_sourcing import Deciding
from games.engine.events import Copyable, Event, MatchStart, to_record


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


def replay_inputs[S: Copyable, C](
    events: Sequence[Event],
    deciding: Deciding[S, C],
    command_at: Callable[[Sequence[Event], int], C | None],
    ends_hand: type[Event],
    *,
    table: Callable[..., C],
    act: Callable[[int, ActionKind, int | None], C],
) -> AuditReport:
    """Replay a match's inputs through the game's ``deciding`` from a new state and compare
    every stored event with the rules'.

    The inputs every game has are asked again the same way: the match's start as
    ``table(**fields)`` (the event records the table exactly as the command set it), a
    player's betting action as ``act(seat, kind, amount)``. For any other event
    ``command_at(events, index)`` is the game's command that produced the batch starting at
    ``index`` (None for a dealer event no command starts with). Each ``ends_hand`` event the
    rules produce and the store matches counts as a hand verified.
    """
    report = AuditReport()
    state = deciding.folding.new_state()
    index = 0
    while index < len(events):
        try:
            command = _command_at(events, index, command_at, table, act)
            if command is None:
                reason = "a dealer event no command explains"
                report.mismatches.append(Mismatch(index, reason, None, normalised(events[index])))
                return report
            state, expected = deciding.advance(state, command)
        except (IllegalAction, ValueError) as refusal:  # ValueError: a seed that is not hex
            reason = refusal.code if isinstance(refusal, IllegalAction) else str(refusal)
            report.mismatches.append(
                Mismatch(index, f"the rules refuse it: {reason}", None, normalised(events[index]))
            )
            return report
        for offset, wanted in enumerate(expected):
            position = index + offset
            found = normalised(events[position]) if position < len(events) else None
            if found != normalised(wanted):
                report.mismatches.append(
                    Mismatch(position, "differs from the rules", normalised(wanted), found)
                )
                return report
            if isinstance(wanted, ends_hand):
                report.hands_verified += 1
        index += len(expected)
    return report


def _command_at[C](
    events: Sequence[Event],
    index: int,
    command_at: Callable[[Sequence[Event], int], C | None],
    table: Callable[..., C],
    act: Callable[[int, ActionKind, int | None], C],
) -> C | None:
    item = events[index]
    chosen = chosen_action(item)
    if chosen is not None:
        return act(*chosen)
    if isinstance(item, MatchStart):
        return table(**item.payload())
    return command_at(events, index)
