"""Rising blinds: which level a hand is dealt at, and what comes next
(docs/rules.md#holdem-rising-blinds).

Levels count the hands of a match segment: hands 1 to ``hands_per_level`` are level 1, the next
``hands_per_level`` level 2, and so on; the last level stays for the rest of the segment. A
restart begins again at level 1. A table without levels deals every hand at its one pair of
blinds, level 1.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Protocol


class BlindTable(Protocol):
    """What a table states about its blinds (``TableConfig``, ``StartMatch``)."""

    @property
    def small_blind(self) -> int: ...
    @property
    def big_blind(self) -> int: ...
    @property
    def blind_levels(self) -> tuple[tuple[int, int], ...]: ...
    @property
    def hands_per_level(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Blinds:
    """The blinds of one hand of a segment, and what follows them.

    ``next_level`` is the next level's (small, big) and ``hands_left`` how many hands, this one
    included, are still dealt at this level; both None when the blinds never rise again.
    """

    level: int
    small: int
    big: int
    next_level: tuple[int, int] | None
    hands_left: int | None


def level_of(table: BlindTable, hand_in_segment: int) -> int:
    """The level of the segment's ``hand_in_segment``-th hand (counting from 1)."""
    if not table.blind_levels:
        return 1
    return min(len(table.blind_levels), 1 + (hand_in_segment - 1) // table.hands_per_level)


def blinds_of(table: BlindTable, hand_in_segment: int) -> Blinds:
    """The blinds the segment's ``hand_in_segment``-th hand is dealt at."""
    level = level_of(table, hand_in_segment)
    if not table.blind_levels:
        return Blinds(level, table.small_blind, table.big_blind, None, None)
    small, big = table.blind_levels[level - 1]
    if level == len(table.blind_levels):
        return Blinds(level, small, big, None, None)
    hands_left = level * table.hands_per_level - hand_in_segment + 1
    return Blinds(level, small, big, table.blind_levels[level], hands_left)


def valid_levels(table: BlindTable) -> bool:
    """Levels start at the table's blinds, never fall, and each is a valid pair of blinds;
    a table without levels has no ``hands_per_level``."""
    levels = table.blind_levels
    if not levels:
        return table.hands_per_level == 0
    if table.hands_per_level < 1 or levels[0] != (table.small_blind, table.big_blind):
        return False
    pairs_valid = all(0 <= small <= big and big > 0 for small, big in levels)
    rising = all(
        before[0] <= after[0] and before[1] <= after[1]
        for before, after in itertools.pairwise(levels)
    )
    return pairs_valid and rising
