"""Regenerate the Up & Down AI's shipped policies: ``python scripts/solve_updown.py``.

Solves the abstract one-deal game for every effective stack with CFR+ (bots/updown/solver.py),
settling the kept-card prior as a fixed point first, then writes the quantised average strategy
to bots/updown/policy_data/updown_policy.npz (hard) and the average after the first
``--medium-iterations`` to updown_policy_medium.npz (medium), each with the exploitability of
exactly what was written, per stack and class pair (docs/updown-ai.md). Deterministic: the same
arguments give the same files. About eight minutes on one core with the defaults.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from bots.updown.abstraction import CLASS_PAIRS, STACKS, KeptPrior
from bots.updown.policy import (
    FILES,
    HARD_TOP,
    MEDIUM_TOP,
    Policy,
    dequantise,
    quantise,
    save,
)
from bots.updown.solver import StackSolver, Strategy, pair_chances, solve_policy

ITERATIONS = 2000
MEDIUM_ITERATIONS = 10
PRIOR_ROUNDS = 6
PRIOR_ITERATIONS = 80


def write(
    path: Path, strategies: dict[int, Strategy], prior: KeptPrior, iterations: int, top: int
) -> np.ndarray:
    """Save a policy with the exploitability of its stored form; return that, per stack
    (first deals and later deals weighing half each)."""
    exploitability = np.zeros((len(STACKS), len(CLASS_PAIRS)))
    stored_strategies = {}
    for stack, strategy in strategies.items():
        solver = StackSolver(stack, prior)
        # Decisions the strategy never reaches are stored as zeros (an even split when read).
        reached = np.where(solver.own_reach(strategy) > 0, strategy.betting, 0.0)
        stored_strategies[stack] = Strategy(strategy.lock, reached)
        # Measured on exactly what the file will hold.
        stored = dequantise(stack, *quantise(stored_strategies[stack], top))
        exploitability[stack] = solver.exploitability(stored)
    save(Policy(stored_strategies, prior, iterations, exploitability), path, top)
    return exploitability @ pair_chances(prior) / 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    parser.add_argument("--medium-iterations", type=int, default=MEDIUM_ITERATIONS)
    parser.add_argument("--prior-rounds", type=int, default=PRIOR_ROUNDS)
    parser.add_argument("--prior-iterations", type=int, default=PRIOR_ITERATIONS)
    parser.add_argument("--out", type=Path, default=FILES["hard"])
    parser.add_argument("--medium-out", type=Path, default=FILES["medium"])
    options = parser.parse_args(argv)
    started = time.perf_counter()

    def progress(message: str) -> None:
        print(f"[{time.perf_counter() - started:6.0f}s] {message}", file=sys.stderr, flush=True)

    solved = solve_policy(
        options.iterations,
        options.prior_rounds,
        options.prior_iterations,
        options.medium_iterations,
        progress,
    )
    hard = {stack: solver.average() for stack, solver in solved.solvers.items()}
    for path, strategies, iterations, top in (
        (options.out, hard, options.iterations, HARD_TOP),
        (options.medium_out, solved.early, options.medium_iterations, MEDIUM_TOP),
    ):
        if not strategies:
            continue
        per_stack = write(path, strategies, solved.prior, iterations, top)
        progress(
            f"wrote {path} ({path.stat().st_size / 1024:.0f} KiB); exploitability per stack "
            f"(chips/deal): {np.round(per_stack, 4).tolist()}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
