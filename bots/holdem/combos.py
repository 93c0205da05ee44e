"""The 1326 two-card combinations and the 169 starting-hand classes they fall into.

Card indices are the engine's, ``rank * 4 + suit`` (0 = 2c … 51 = As). A range is a weight per
combo, an ``(1326,)`` float array indexed like :data:`COMBOS`.

>>> CLASS_NAMES[combo_class(card_index("As"), card_index("Ks"))]
'AKs'
>>> int(CLASS_SIZES[CLASS_INDEX["AKo"]]), int(CLASS_SIZES[CLASS_INDEX["QQ"]])
(12, 6)
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from games.engine.cards import RANKS, card_index

__all__ = [
    "CLASS_COMBOS",
    "CLASS_INDEX",
    "CLASS_NAMES",
    "CLASS_SIZES",
    "COMBOS",
    "COMBO_CLASS",
    "COMBO_INDEX",
    "COMBO_MASK",
    "card_index",
    "combo_class",
    "dead_combos",
]

_RANK_COUNT = 13


def combo_class(first: int, second: int) -> int:
    """The class id (0..168) of two card indices: ``high * 13 + low`` when suited or a pair,
    ``low * 13 + high`` when offsuit — the two triangles of the usual 13×13 chart."""
    high, low = max(first // 4, second // 4), min(first // 4, second // 4)
    suited = first % 4 == second % 4
    return high * _RANK_COUNT + low if suited or high == low else low * _RANK_COUNT + high


def _class_name(class_id: int) -> str:
    row, column = divmod(class_id, _RANK_COUNT)
    if row == column:
        return RANKS[row] * 2
    if row > column:
        return f"{RANKS[row]}{RANKS[column]}s"
    return f"{RANKS[column]}{RANKS[row]}o"


def _build() -> tuple[np.ndarray, np.ndarray]:
    pairs = [(a, b) for a in range(52) for b in range(a)]
    combos = np.array(pairs, dtype=np.int8)
    classes = np.array([combo_class(a, b) for a, b in pairs], dtype=np.int16)
    return combos, classes


COMBOS, COMBO_CLASS = _build()
COMBO_MASK: np.ndarray = (np.int64(1) << COMBOS[:, 0].astype(np.int64)) | (
    np.int64(1) << COMBOS[:, 1].astype(np.int64)
)
COMBO_INDEX: dict[tuple[int, int], int] = {}
for _index, (_a, _b) in enumerate(COMBOS.tolist()):
    COMBO_INDEX[(_a, _b)] = COMBO_INDEX[(_b, _a)] = _index

CLASS_NAMES: tuple[str, ...] = tuple(_class_name(i) for i in range(_RANK_COUNT**2))
CLASS_INDEX: dict[str, int] = {name: i for i, name in enumerate(CLASS_NAMES)}
CLASS_SIZES: np.ndarray = np.bincount(COMBO_CLASS, minlength=_RANK_COUNT**2).astype(np.float64)
CLASS_COMBOS: tuple[np.ndarray, ...] = tuple(
    np.flatnonzero(np.equal(COMBO_CLASS, i)) for i in range(_RANK_COUNT**2)
)


def dead_combos(cards: Iterable[int]) -> np.ndarray:
    """A boolean ``(1326,)`` mask of the combos holding any of these card indices."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    result: np.ndarray = (COMBO_MASK & np.int64(mask)) != 0
    return result
