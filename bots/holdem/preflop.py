"""Preflop knowledge: the order of starting hands, and equities looked up, not sampled.

``hand_percentile(class)`` places a class in the order of hands (0 = aces, 1 = the worst), the
middle of its own combos; a range "top x" holds every class whose percentile is below ``x``.
Equities come from :mod:`bots.holdem.tables` (stored in ``preflop_equity.json``).

>>> hand_percentile(CLASS_INDEX["AA"]) < 0.01 < hand_percentile(CLASS_INDEX["72o"])
True
>>> 0.84 < equity_versus_random(CLASS_INDEX["AA"], 1) < 0.87
True
"""

from __future__ import annotations

import json
from functools import cache

import numpy as np

from bots.holdem.combos import CLASS_INDEX, CLASS_SIZES, COMBO_CLASS, combo_class
from bots.holdem.tables import TABLE_FILE, top_weights

__all__ = [
    "CLASS_INDEX",
    "equity_versus_random",
    "equity_versus_top",
    "hand_class",
    "hand_percentile",
    "top_range",
]


@cache
def _table() -> dict[str, np.ndarray]:
    raw = json.loads(TABLE_FILE.read_text())
    order = np.array(raw["order"])
    sizes = CLASS_SIZES[order] / CLASS_SIZES.sum()
    start = np.concatenate(([0.0], np.cumsum(sizes)[:-1]))
    percentile = np.empty(len(order))
    percentile[order] = start + sizes / 2
    return {
        "order": order,
        "percentile": percentile,
        "widths": np.array(raw["widths"]),
        "versus_random": np.array(raw["versus_random"]),
        "versus_top": np.array(raw["versus_top"]),
    }


def hand_class(first: int, second: int) -> int:
    return combo_class(first, second)


def hand_percentile(class_id: int) -> float:
    """Where the class stands among all starting hands: 0 is the best, 1 the worst."""
    return float(_table()["percentile"][class_id])


def combo_percentiles() -> np.ndarray:
    """:func:`hand_percentile` of every combo, ``(1326,)``."""
    return _combo_percentiles()


@cache
def _combo_percentiles() -> np.ndarray:
    result: np.ndarray = _table()["percentile"][COMBO_CLASS]
    return result


def equity_versus_random(class_id: int, opponents: int) -> float:
    """The class's share of the pot against 1 to 3 random hands, all-in preflop."""
    return float(_table()["versus_random"][class_id][min(max(opponents, 1), 3) - 1])


def equity_versus_top(class_id: int, width: float) -> float:
    """Heads-up all-in equity against the top ``width`` (0..1) of hands, interpolated."""
    table = _table()
    widths = table["widths"]
    width = float(np.clip(width, widths[0], 1.0))
    return float(np.interp(width, widths, table["versus_top"][class_id]))


def top_range(width: float) -> np.ndarray:
    """Per-combo weights of the top ``width`` of hands (0..1)."""
    return top_weights(_table()["order"], float(np.clip(width, 0.0, 1.0)))


def class_of(name: str) -> int:
    return CLASS_INDEX[name]
