"""Preflop equities, computed once and stored: ``python -m bots.holdem.tables`` rebuilds them.

A preflop decision looks its equity up instead of sampling it: the table gives every starting-hand
class (a) its equity against 1, 2 and 3 random hands, and (b) heads-up, against the top ``x`` of
hands for the widths in :data:`WIDTHS`, "top" meaning :data:`preflop.HAND_ORDER`. Both come from
seeded Monte Carlo with the engine's vectorised evaluator (a few seconds); the standard error of an
entry is under one percentage point.

The hand order is bootstrapped from the same numbers: classes sorted by the mean of their equity
against one random hand and against the top fifth of hands — small pairs rank below big cards,
as they play 4-handed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from bots.holdem.combos import CLASS_COMBOS, CLASS_SIZES, COMBO_CLASS, COMBO_MASK, COMBOS
from games.engine.holdem.equity import pot_shares

TABLE_FILE = Path(__file__).with_name("preflop_equity.json")
WIDTHS: tuple[float, ...] = (
    0.02,
    0.04,
    0.06,
    0.08,
    0.10,
    0.13,
    0.16,
    0.20,
    0.25,
    0.30,
    0.35,
    0.40,
    0.50,
    0.60,
    0.70,
    0.85,
    1.0,
)
RANDOM_SAMPLES = 24_000
RANGE_SAMPLES = 6_000
_CLASSES = 169


def top_weights(order: np.ndarray, width: float) -> np.ndarray:
    """Per-combo weights of the top ``width`` of hands in class ``order`` (best first); the
    boundary class is taken in part, so the range grows smoothly with ``width``."""
    sizes = CLASS_SIZES[order] / CLASS_SIZES.sum()
    start = np.concatenate(([0.0], np.cumsum(sizes)[:-1]))
    taken = np.clip((width - start) / sizes, 0.0, 1.0)
    class_weight = np.empty(_CLASSES)
    class_weight[order] = taken
    result: np.ndarray = class_weight[COMBO_CLASS]
    return result


def _hero_combos(class_id: int, samples: int, rng: np.random.Generator) -> np.ndarray:
    return rng.choice(CLASS_COMBOS[class_id], size=samples)


def _complete_boards(used: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Five board cards per row, none of them among the row's ``used`` bit mask."""
    bits = (used[:, None] >> np.arange(52, dtype=np.int64)) & 1
    keys = rng.random(bits.shape) + bits * 2.0
    return np.argpartition(keys, 4, axis=1)[:, :5].astype(np.int8)


def _equity(
    class_id: int,
    opponents: int,
    weights: np.ndarray | None,
    samples: int,
    rng: np.random.Generator,
) -> float:
    hero = _hero_combos(class_id, samples, rng)
    used = COMBO_MASK[hero].copy()
    holes = []
    probabilities = None if weights is None else weights / weights.sum()
    for _ in range(opponents):
        picked = rng.choice(len(COMBOS), size=samples, p=probabilities)
        # Redraw the rows whose combo collides with cards already out.
        clash = (COMBO_MASK[picked] & used) != 0
        while clash.any():
            picked[clash] = rng.choice(len(COMBOS), size=int(clash.sum()), p=probabilities)
            clash = (COMBO_MASK[picked] & used) != 0
        used |= COMBO_MASK[picked]
        holes.append(COMBOS[picked])
    boards = _complete_boards(used, rng)
    shares = np.empty(samples)
    opponent_holes = np.stack(holes, axis=1)
    # pot_shares takes one hero hand: group the rows by the hero combo drawn.
    for combo in np.unique(hero):
        rows = hero == combo
        shares[rows] = pot_shares(COMBOS[combo].tolist(), boards[rows], opponent_holes[rows])
    return float(shares.mean())


def build(seed: int = 20_260_101) -> dict[str, list[Any]]:
    rng = np.random.default_rng(seed)
    versus_random = [
        [_equity(c, k, None, RANDOM_SAMPLES // k, rng) for k in (1, 2, 3)] for c in range(_CLASSES)
    ]
    heads_up = np.array([row[0] for row in versus_random])
    first_order = np.argsort(-heads_up, kind="stable")
    fifth = top_weights(first_order, 0.2)
    versus_fifth = np.array([_equity(c, 1, fifth, RANGE_SAMPLES, rng) for c in range(_CLASSES)])
    order = np.argsort(-(heads_up + versus_fifth), kind="stable")
    versus_top = [
        [_equity(c, 1, top_weights(order, width), RANGE_SAMPLES, rng) for width in WIDTHS]
        for c in range(_CLASSES)
    ]
    return {
        "order": order.tolist(),
        "widths": list(WIDTHS),
        "versus_random": [[round(x, 4) for x in row] for row in versus_random],
        "versus_top": [[round(x, 4) for x in row] for row in versus_top],
    }


if __name__ == "__main__":
    TABLE_FILE.write_text(json.dumps(build(), separators=(",", ":")) + "\n")
    print(f"wrote {TABLE_FILE}")
