"""The shipped strategies: what the solver found, stored small, and how the bots look them up.

``policy_data/updown_policy.npz`` (hard) and ``updown_policy_medium.npz`` (medium: the same
solve stopped after a few iterations) hold, for every effective stack ``E`` (0–19), the lock
strategy ``lock_E`` (class pair, position, rank, rank) and the betting strategy ``betting_E``
(class pair, locked rank, flat action index in tree order) as whole numbers: each chance ``p``
is stored as ``round(p * top)`` — ``top`` 65,535 for hard (16 bits: 8 bits would cost the
converged strategy ten times its exploitability), 255 for medium — and renormalised on loading.
Decisions the strategy itself can never reach (a rank its class cannot hold, a node after its
own zero-chance action) are stored as zeros, read back as an even split; zeros compress well.

What the bots play is therefore the *stored* strategy, and that is the strategy whose
exploitability the file records and the bench reports. Beside it: the kept prior it was solved
with, the iterations, and the exploitability per stack and class pair.

``python scripts/solve_updown.py`` regenerates both files (docs/updown-ai.md).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bots.updown.abstraction import STACKS, KeptPrior, normalise_lock, tree_for
from bots.updown.solver import Strategy

POLICY_DIRECTORY = Path(__file__).with_name("policy_data")
POLICY_FILE = POLICY_DIRECTORY / "updown_policy.npz"  # hard: the converged strategy
# medium: the same solve stopped early (docs/updown-ai.md §5)
MEDIUM_POLICY_FILE = POLICY_DIRECTORY / "updown_policy_medium.npz"
FILES = {"hard": POLICY_FILE, "medium": MEDIUM_POLICY_FILE}
FORMAT = 1
HARD_TOP = 65_535
MEDIUM_TOP = 255


@dataclass(frozen=True)
class Policy:
    """A strategy for every effective stack, and what it was solved with."""

    strategies: dict[int, Strategy]
    prior: KeptPrior
    iterations: int = 0
    exploitability: np.ndarray | None = None  # (stack, class pair), chips per deal

    def at(self, stack: int) -> Strategy:
        return self.strategies[min(max(stack, 0), max(STACKS))]


def quantise(strategy: Strategy, top: int = HARD_TOP) -> tuple[np.ndarray, np.ndarray]:
    """Chances as whole numbers out of ``top`` (at most 65,535), the smallest type that holds
    them."""
    kind = np.uint8 if top <= 255 else np.uint16
    return (
        np.rint(strategy.lock * top).astype(kind),
        np.rint(strategy.betting * top).astype(kind),
    )


def dequantise(stack: int, lock: np.ndarray, betting: np.ndarray) -> Strategy:
    """Stored whole numbers back to chances that sum to exactly 1 at every decision (the
    scale they were stored at divides out)."""
    return Strategy(
        normalise_lock(lock.astype(np.float64)),
        tree_for(stack).normalise(betting.astype(np.float64)),
    )


def save(policy: Policy, path: Path = POLICY_FILE, top: int = HARD_TOP) -> None:
    arrays: dict[str, np.ndarray] = {
        "format": np.array(FORMAT),
        "iterations": np.array(policy.iterations),
        "kept_up": policy.prior.up,
        "kept_down": policy.prior.down,
        "kept_up_share": np.array(policy.prior.up_share),
    }
    if policy.exploitability is not None:
        arrays["exploitability"] = policy.exploitability.astype(np.float32)
    for stack, strategy in policy.strategies.items():
        arrays[f"lock_{stack}"], arrays[f"betting_{stack}"] = quantise(strategy, top)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **arrays)  # type: ignore[arg-type]


def load(path: Path = POLICY_FILE) -> Policy:
    with np.load(path) as data:
        if int(data["format"]) != FORMAT:
            raise ValueError(f"{path}: policy format {int(data['format'])}, expected {FORMAT}")
        strategies = {
            stack: dequantise(stack, data[f"lock_{stack}"], data[f"betting_{stack}"])
            for stack in STACKS
        }
        return Policy(
            strategies=strategies,
            prior=KeptPrior(
                data["kept_up"].copy(), data["kept_down"].copy(), float(data["kept_up_share"])
            ),
            iterations=int(data["iterations"]),
            exploitability=data["exploitability"].copy() if "exploitability" in data else None,
        )


@functools.cache
def shipped(level: str = "hard") -> Policy:
    """A shipped policy (``hard`` or ``medium``), loaded once per process."""
    return load(FILES[level])
