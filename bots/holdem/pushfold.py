"""Push/fold charts: who moves all-in and who calls it, at every stack depth, by equilibrium.

Once stacks are short a raise that is not all-in commits the raiser anyway, so good short-stack
play is "move all-in or fold" — and the best ranges for that game can be computed. This module
holds the charts (``pushfold.json``) and the solver that wrote them
(``python -m bots.holdem.pushfold``).

The model is the one the published Nash charts use: chips, not match equity; blinds 0.5 and 1
big blind, no antes; every stack the same ``depth`` (the effective stack, in big blinds); the
pot is folded to the shover, who has ``behind`` players (1 to 3) still to act; each of them
calls or folds in turn, and the first to call plays the shover heads-up (an over-call is rare
with these calling ranges and is left out). Hands are the 169 classes, weighted by how many of
their combos each other class leaves (card removal between the two players). Fictitious play
averages each side's best answer to the other until the ranges settle.

A chart entry is the deepest stack (in big blinds) at which the class still shoves, or calls,
as Nash charts print them: ``shoves(class, behind, depth)`` is "entry ≥ depth". Depths run up
to :data:`MAX_DEPTH`; an entry of :data:`MAX_DEPTH` means "at any depth".

>>> from bots.holdem.combos import CLASS_INDEX
>>> shoves(CLASS_INDEX["AA"], 3, 50.0), shoves(CLASS_INDEX["72o"], 3, 10.0)
(True, False)
>>> 0.45 < shove_share(1, 10.0) < 0.7 and shove_share(3, 10.0) < shove_share(1, 10.0)
True
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from bots.holdem.combos import CLASS_COMBOS, CLASS_SIZES, COMBO_CLASS, COMBO_MASK, COMBOS
from games.engine.holdem.equity import pot_shares

CHART_FILE = Path(__file__).with_name("pushfold.json")
MAX_DEPTH = 50.0
DEPTHS: tuple[float, ...] = (
    *(1.0 + 0.5 * step for step in range(39)),  # 1 .. 20 bb by halves
    *(float(depth) for depth in range(21, int(MAX_DEPTH) + 1)),
)
SMALL_BLIND, BIG_BLIND = 0.5, 1.0
_CLASSES = 169
_COMBOS = 1326
_ITERATIONS = 400
_BOARDS_PER_COMBO = 120


# --- the charts ------------------------------------------------------------------------------


@cache
def _charts() -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(CHART_FILE.read_text())
    return {
        "push": {int(k): np.array(v) for k, v in raw["push"].items()},
        "call": {_call_key(k): np.array(v) for k, v in raw["call"].items()},
    }


def _call_key(key: str) -> tuple[int, int]:
    shover_behind, after_me = key.split("-")
    return int(shover_behind), int(after_me)


def _behind(behind: int) -> int:
    return min(max(behind, 1), 3)


def _caller(shover_behind: int, after_me: int) -> tuple[int, int]:
    shover_behind = _behind(shover_behind)
    return shover_behind, min(max(after_me, 0), shover_behind - 1)


def shoves(class_id: int, behind: int, depth: float) -> bool:
    """Whether the class moves all-in, unopened, with ``behind`` players left to act and an
    effective stack of ``depth`` big blinds."""
    return bool(_charts()["push"][_behind(behind)][class_id] >= min(depth, MAX_DEPTH))


def calls_shove(class_id: int, shover_behind: int, after_me: int, depth: float) -> bool:
    """Whether the class calls an unopened all-in of ``depth`` big blinds (effective) made by a
    player who had ``shover_behind`` players behind, with ``after_me`` players still to act."""
    chart = _charts()["call"][_caller(shover_behind, after_me)]
    return bool(chart[class_id] >= min(depth, MAX_DEPTH))


def shove_weights(behind: int, depth: float) -> np.ndarray:
    """The shoving range as per-combo weights ``(1326,)`` (1 in, 0 out)."""
    chart = _charts()["push"][_behind(behind)]
    result: np.ndarray = (chart >= min(depth, MAX_DEPTH)).astype(np.float64)[COMBO_CLASS]
    return result


def call_weights(shover_behind: int, after_me: int, depth: float) -> np.ndarray:
    """The calling range against a shove as per-combo weights ``(1326,)``."""
    chart = _charts()["call"][_caller(shover_behind, after_me)]
    result: np.ndarray = (chart >= min(depth, MAX_DEPTH)).astype(np.float64)[COMBO_CLASS]
    return result


def shove_share(behind: int, depth: float) -> float:
    """The share of all hands that shove (0..1)."""
    return float(shove_weights(behind, depth).mean())


def call_share(shover_behind: int, after_me: int, depth: float) -> float:
    """The share of all hands that call the shove (0..1)."""
    return float(call_weights(shover_behind, after_me, depth).mean())


# --- the solver ------------------------------------------------------------------------------


def compatible_combos() -> np.ndarray:
    """``(169, 169)``: for a hand of class ``h``, how many combos of class ``c`` share no card
    with it, on average over ``h``'s combos (each row sums to 1225)."""
    result = np.zeros((_CLASSES, _CLASSES))
    for hero_class in range(_CLASSES):
        mine = CLASS_COMBOS[hero_class]
        free = (COMBO_MASK[None, :] & COMBO_MASK[mine][:, None]) == 0
        counts = np.stack([np.bincount(COMBO_CLASS[row], minlength=_CLASSES) for row in free])
        result[hero_class] = counts.mean(axis=0)
    return result


def class_equities(seed: int = 20_261_201, boards: int = _BOARDS_PER_COMBO) -> np.ndarray:
    """``(169, 169)``: class ``h``'s all-in equity against class ``c`` preflop (seeded Monte
    Carlo, ``boards`` boards per opposing combo, made symmetric: ``E + E.T == 1``)."""
    rng = np.random.default_rng(seed)
    equities = np.zeros((_CLASSES, _CLASSES))
    for hero_class in range(_CLASSES):
        villains = np.repeat(np.arange(_COMBOS), boards)
        heroes = rng.choice(CLASS_COMBOS[hero_class], size=len(villains))
        free = (COMBO_MASK[heroes] & COMBO_MASK[villains]) == 0
        heroes, villains = heroes[free], villains[free]
        used = COMBO_MASK[heroes] | COMBO_MASK[villains]
        shares = np.empty(len(heroes))
        board_cards = _complete_boards(used, rng)
        for combo in np.unique(heroes):
            rows = heroes == combo
            shares[rows] = pot_shares(
                COMBOS[combo].tolist(), board_cards[rows], COMBOS[villains[rows]][:, None, :]
            )
        won = np.bincount(COMBO_CLASS[villains], weights=shares, minlength=_CLASSES)
        played = np.bincount(COMBO_CLASS[villains], minlength=_CLASSES)
        equities[hero_class] = won / np.maximum(played, 1)
    return (equities + 1.0 - equities.T) / 2.0


def _complete_boards(used: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    bits = (used[:, None] >> np.arange(52, dtype=np.int64)) & 1
    keys = rng.random(bits.shape) + bits * 2.0
    return np.argpartition(keys, 4, axis=1)[:, :5].astype(np.int8)


def _posted(behind: int, order: int) -> float:
    """Blind posted by the player ``order`` places after the shover (0 = the shover), with the
    big blind always last to act."""
    from_the_end = behind - order
    return BIG_BLIND if from_the_end == 0 else SMALL_BLIND if from_the_end == 1 else 0.0


def solve(
    depth: float, behind: int, equities: np.ndarray, compatible: np.ndarray
) -> tuple[np.ndarray, list[np.ndarray]]:
    """The shover's and each caller's equilibrium frequencies per class at ``depth`` bb."""
    shove = np.ones(_CLASSES)
    calls = [np.full(_CLASSES, 0.5) for _ in range(behind)]
    priors = CLASS_SIZES / CLASS_SIZES.sum()
    dead = SMALL_BLIND + BIG_BLIND
    shover_posted = _posted(behind, 0)
    for iteration in range(1, _ITERATIONS + 1):
        step = 1.0 / (iteration + 1)
        # The shover's best answer to the calling ranges.
        reach = np.ones(_CLASSES)
        shoved = np.zeros(_CLASSES)
        for order, call in enumerate(calls, start=1):
            called = compatible @ call
            call_chance = called / compatible.sum(axis=1)
            equity = (compatible * equities) @ call / np.maximum(called, 1e-12)
            pot = 2 * depth + dead - shover_posted - _posted(behind, order)
            shoved += reach * call_chance * equity * pot
            reach = reach * (1.0 - call_chance)
        shoved += reach * (depth + dead - shover_posted)
        best_shove = (shoved > depth - shover_posted).astype(np.float64)
        # Each caller's best answer to the shoving range.
        facing = compatible * (shove * priors)[None, :]
        equity_against = (facing * equities).sum(axis=1) / np.maximum(facing.sum(axis=1), 1e-12)
        best_calls = []
        for order in range(1, behind + 1):
            posted = _posted(behind, order)
            pot = 2 * depth + dead - shover_posted - posted
            best_calls.append((equity_against * pot > depth - posted).astype(np.float64))
        shove += step * (best_shove - shove)
        calls = [call + step * (best - call) for call, best in zip(calls, best_calls, strict=True)]
    return shove, calls


def build() -> dict[str, Any]:
    equities = class_equities()
    compatible = compatible_combos()
    push = {behind: np.zeros(_CLASSES) for behind in (1, 2, 3)}
    call = {(b, a): np.zeros(_CLASSES) for b in (1, 2, 3) for a in range(b)}
    for depth in DEPTHS:
        for behind in (1, 2, 3):
            shove, calls = solve(depth, behind, equities, compatible)
            push[behind] = np.where(shove >= 0.5, depth, push[behind])
            for order, caller in enumerate(calls, start=1):
                key = (behind, behind - order)
                call[key] = np.where(caller >= 0.5, depth, call[key])
    return {
        "model": "chip EV, blinds 0.5/1, no antes, equal stacks, first caller heads-up",
        "max_depth": MAX_DEPTH,
        "push": {str(b): chart.tolist() for b, chart in push.items()},
        "call": {f"{b}-{a}": chart.tolist() for (b, a), chart in call.items()},
    }


if __name__ == "__main__":
    CHART_FILE.write_text(json.dumps(build(), separators=(",", ":")) + "\n")
    print(f"wrote {CHART_FILE}")
