"""The shipped policy loads, is small, and is a probability distribution at every decision."""

from __future__ import annotations

import numpy as np
import pytest

from bots.updown.abstraction import CLASS_PAIRS, RANKS, STACKS, tree_for
from bots.updown.policy import FILES, load, shipped
from bots.updown.solver import StackSolver, Strategy

MAX_BYTES = 2 * 1024 * 1024


LEVELS = sorted(FILES)


def test_the_policy_files_are_small_together():
    assert sum(path.stat().st_size for path in FILES.values()) < MAX_BYTES


@pytest.mark.parametrize("level", LEVELS)
def test_every_stack_has_a_lock_and_a_betting_strategy_of_the_right_shape(level):
    policy = shipped(level)
    assert sorted(policy.strategies) == list(STACKS)
    for stack, strategy in policy.strategies.items():
        assert strategy.lock.shape == (len(CLASS_PAIRS), 2, RANKS, RANKS)
        assert strategy.betting.shape == (len(CLASS_PAIRS), RANKS, tree_for(stack).width)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("stack", STACKS)
def test_every_lock_is_a_coin_between_the_two_cards(level, stack):
    lock = shipped(level).at(stack).lock
    assert np.all((lock >= 0) & (lock <= 1))
    pairs = lock + np.swapaxes(lock, -1, -2)
    off_diagonal = ~np.eye(RANKS, dtype=bool)
    assert np.allclose(pairs[..., off_diagonal], 1.0)
    assert np.allclose(np.diagonal(lock, axis1=-2, axis2=-1), 1.0)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("stack", STACKS)
def test_every_betting_decision_sums_to_one(level, stack):
    tree = tree_for(stack)
    betting = shipped(level).at(stack).betting
    assert np.all(betting >= 0)
    for index in tree.decisions:
        assert np.allclose(betting[:, :, tree.slices[index]].sum(axis=-1), 1.0)


@pytest.mark.parametrize("level", LEVELS)
def test_the_stored_exploitability_is_that_of_the_stored_strategy(level):
    """What the file says about itself is true of what the bots play (one stack, to be quick)."""
    policy = load(FILES[level])
    assert policy.exploitability is not None
    stack = 6
    measured = StackSolver(stack, policy.prior).exploitability(policy.at(stack))
    assert np.allclose(measured, policy.exploitability[stack], atol=1e-5)


def test_hard_is_much_closer_to_equilibrium_than_medium():
    hard, medium = load(FILES["hard"]), load(FILES["medium"])
    assert hard.exploitability is not None and medium.exploitability is not None
    assert hard.exploitability.mean() < medium.exploitability.mean() / 20


def test_the_solver_drives_exploitability_down():
    """CFR+ on a small stack: the average strategy gets closer to equilibrium as it runs."""
    solver = StackSolver(3, shipped().prior)
    solver.iterate(5)
    early = solver.exploitability(solver.average()).mean()
    solver.iterate(95)
    late = solver.exploitability(solver.average()).mean()
    assert late < early / 5
    assert late >= 0


def test_a_best_response_never_loses_to_the_strategy_it_answers():
    solver = StackSolver(4, shipped().prior)
    strategy: Strategy = shipped().at(4)
    best = solver.best_responses(strategy)
    values = solver.values(strategy)
    assert np.all(best[0] >= values - 1e-9)
    assert np.all(best[1] >= -values - 1e-9)
