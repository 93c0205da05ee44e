"""Summing up simulated matches: win rates, finishing places and chips per 100 hands, with
95% intervals — the same for ``manage.py simulate`` and ``bench/bench_bots.py``.

Every match is one observation: hands within a match are not independent (the chips a player
holds carry from hand to hand), so chips per 100 hands is a ratio of per-match sums, its
interval from the spread of the matches (the delta method for a ratio estimator).

>>> entries = summarize(["hard", "equity"], [[Outcome(1, 1000, 50), Outcome(2, -1000, 50)],
...                                          [Outcome(1, 500, 30), Outcome(2, -500, 30)]])
>>> entries[0]["matches_won"], entries[0]["avg_finish"], entries[0]["chips_per_100"]
(2, 1.0, 1875.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Outcome:
    """One player's result in one match: place (1 = won), chips won or lost, hands played."""

    place: int
    net: int
    hands: int


def summarize(specs: Sequence[str], matches: Sequence[Sequence[Outcome]]) -> list[dict[str, Any]]:
    """One entry per player (``specs[i]`` played as entry ``i`` in every match, whatever seat
    the rotation gave it): matches won, average finish, chips per 100 hands with its interval."""
    entries = []
    for index, spec in enumerate(specs):
        outcomes = [match[index] for match in matches]
        per_100, interval = chips_per_100(outcomes)
        entries.append(
            {
                "seat": index,
                "bot": spec,
                "matches_won": sum(1 for outcome in outcomes if outcome.place == 1),
                "avg_finish": round(sum(o.place for o in outcomes) / max(len(outcomes), 1), 3),
                "chips_per_100": round(per_100, 1),
                "ci95": [round(interval[0], 1), round(interval[1], 1)],
            }
        )
    return entries


def chips_per_100(outcomes: Sequence[Outcome]) -> tuple[float, tuple[float, float]]:
    """Chips won per 100 hands over these matches, and its 95% interval."""
    count = len(outcomes)
    hands = sum(o.hands for o in outcomes)
    if count == 0 or hands == 0:
        return 0.0, (0.0, 0.0)
    ratio = sum(o.net for o in outcomes) / hands
    if count < 2:
        return 100 * ratio, (100 * ratio, 100 * ratio)
    mean_hands = hands / count
    residuals = [o.net - ratio * o.hands for o in outcomes]
    variance = sum(r * r for r in residuals) / (count - 1)
    error = math.sqrt(variance / count) / mean_hands
    return 100 * ratio, (100 * (ratio - Z95 * error), 100 * (ratio + Z95 * error))


def win_rate_interval(wins: int, matches: int) -> tuple[float, float]:
    """Wilson 95% interval of a win rate.

    >>> [round(x, 3) for x in win_rate_interval(65, 100)]
    [0.553, 0.736]
    """
    if matches == 0:
        return 0.0, 1.0
    p = wins / matches
    denominator = 1 + Z95**2 / matches
    centre = (p + Z95**2 / (2 * matches)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / matches + Z95**2 / (4 * matches**2)) / denominator
    return centre - half, centre + half
