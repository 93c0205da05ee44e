"""What a bot is shown of the past: one window, the same in a live match and in an arena.

A seat's history is a contiguous tail of its visible feed: every record from the first event of
hand ``current - recent`` on, or from the start of the match while ``current - recent <= 1``.
That takes in the hand (or Up & Down deal) in play, the ``recent`` hands before it, and the
segment events between them (a match start or restart: stacks reset, a kept card is no longer
carried). :func:`bots.selectors.seat_history` reads it from the event store; :class:`RecentHands`
keeps it while an arena folds a match in memory, so the arena's figures are the live bots'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Record = dict[str, Any]


def first_hand_shown(current: int, recent: int) -> int | None:
    """The earliest hand whose events a bot sees, or None when it sees the match from its start."""
    earliest = current - recent
    return earliest if earliest > 1 else None


class RecentHands:
    """Each seat's visible records, trimmed to the window above as hands are dealt.

    ``visible(item, seat)`` is the game's feed filter; ``owner(item)`` the one seat an event shows
    more to (its own cards), or None when every seat sees the same record, which is then shared.
    Without ``owner``, each seat's record is filtered for that seat (what the store's readers do).
    """

    def __init__(
        self,
        seats: int,
        recent: int,
        visible: Callable[[Any, int | None], Record],
        owner: Callable[[Any], int | None] | None = None,
    ) -> None:
        self.records: list[list[Record]] = [[] for _ in range(seats)]
        self.recent = recent
        self.visible = visible
        self.owner = owner
        self.hand_starts: list[int] = []  # index of each kept hand's first record

    def add(self, item: Any, opens_hand: bool) -> None:
        if opens_hand:
            self.hand_starts.append(len(self.records[0]))
            if len(self.hand_starts) > self.recent + 1:
                self._drop_before(self.hand_starts[1])
        if self.owner is None:
            for seat, records in enumerate(self.records):
                records.append(self.visible(item, seat))
            return
        owner = self.owner(item)
        shared = self.visible(item, None)
        for seat, records in enumerate(self.records):
            records.append(self.visible(item, seat) if seat == owner else shared)

    def seen(self, seat: int) -> list[Record]:
        return self.records[seat]

    def _drop_before(self, cut: int) -> None:
        self.records = [records[cut:] for records in self.records]
        self.hand_starts = [start - cut for start in self.hand_starts[1:]]
