"""CFR+ for the abstract one-deal game, every public state of one effective stack at once.

Why this shape: after both players lock, a deal is one-card poker — each holds a locked rank
drawn from a *range* that their hand class and their locking strategy make — so the whole game
for one effective stack is a lock decision per pair of ranks above a betting tree whose every
information set is (point of the round, own locked rank). Holding the kept rank out of the
betting information sets loses nothing: the payoff and the opponent's play never depend on it.
All 25 class pairs (:data:`~bots.updown.abstraction.CLASS_PAIRS`) share the tree, so the solver
keeps arrays shaped ``(class pair, rank, action)`` and every pass over the tree is a few numpy
operations per node (vector-form CFR, as in Johanson et al., "Accelerating Best Response
Calculation in Large Extensive Games", 2011).

The algorithm is CFR+ (Tammelin, 2014): regret matching+, alternating updates, and the average
strategy weighted by the iteration number. The best response (:meth:`StackSolver.best_responses`)
is exact in the abstract game, so :meth:`StackSolver.exploitability` is the true distance of a
strategy from equilibrium *in the abstraction*, in chips per deal.

:func:`solve_policy` solves every stack and finds the kept prior as a fixed point: solve with a
prior, read off how often the solution keeps each rank, solve again with that.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from bots.updown.abstraction import (
    CLASS_PAIRS,
    COMPARE,
    KEPT_CLASSES,
    RANKS,
    STACKS,
    UP_RANKS,
    KeptPrior,
    Tree,
    class_chances,
    hand_masses,
    normalise_lock,
    tree_for,
)

_OFF_DIAGONAL = ~np.eye(RANKS, dtype=bool)
_UPPER = np.triu(np.ones((RANKS, RANKS)), 1)

Progress = Callable[[str], None]


@dataclass
class Strategy:
    """A strategy profile for one effective stack.

    ``lock[g, p, a, b]`` is the chance player ``p`` (0 = starter) of class pair ``g`` locks rank
    ``a`` when holding ranks {a, b} (1 on the diagonal); ``betting[g, r, k]`` is the chance of
    action ``k`` — the flat index over every decision node's actions, in tree order — for the
    player to act holding locked rank ``r``.
    """

    lock: np.ndarray
    betting: np.ndarray


def uniform_strategy(stack: int) -> Strategy:
    """Every lock an even split, every action equally likely: the random peer."""
    tree = tree_for(stack)
    lock = normalise_lock(np.ones((len(CLASS_PAIRS), 2, RANKS, RANKS)))
    betting = tree.normalise(np.ones((len(CLASS_PAIRS), RANKS, tree.width)))
    return Strategy(lock, betting)


class StackSolver:
    """The abstract game of one effective stack, for every class pair at once."""

    def __init__(self, stack: int, prior: KeptPrior) -> None:
        self.tree: Tree = tree_for(stack)
        self.games = len(CLASS_PAIRS)
        self.masses = np.stack(
            [np.stack([hand_masses(pair[seat], prior) for pair in CLASS_PAIRS]) for seat in (0, 1)]
        )  # (player, class pair, rank, rank)
        shape = (self.games, RANKS, self.tree.width)
        self.regrets = np.zeros(shape)
        self.betting_sum = np.zeros(shape)
        self.lock_regrets = np.zeros((self.games, 2, RANKS, RANKS))
        self.lock_sum = np.zeros((self.games, 2, RANKS, RANKS))
        self.iterations = 0

    # --- strategies ---------------------------------------------------------------------------

    def current(self) -> Strategy:
        """This iteration's strategy: regret matching+ on the accumulated regrets."""
        return Strategy(
            normalise_lock(np.maximum(self.lock_regrets, 0.0)),
            self.tree.normalise(np.maximum(self.regrets, 0.0)),
        )

    def average(self) -> Strategy:
        """The average strategy, which is what converges to an equilibrium.

        Where a rank never reaches a decision (weight 0: a card the strategy never locks there)
        the current strategy stands in, which regret matching still trains from the
        counterfactual values — so every entry of the table is a sensible answer.
        """
        current = self.current()
        totals = np.repeat(
            np.add.reduceat(self.betting_sum, self.tree.action_starts, axis=-1)
            if self.tree.width
            else self.betting_sum,
            self.tree.action_lengths,
            axis=-1,
        )
        betting = np.where(totals > 0, self.tree.normalise(self.betting_sum), current.betting)
        return Strategy(normalise_lock(self.lock_sum), betting)

    def ranges(self, lock: np.ndarray) -> np.ndarray:
        """``ranges[p, g, r]``: the chance player ``p`` locks rank ``r`` (a row of the hand
        masses times the chance of locking that row's rank)."""
        return np.stack([(self.masses[p] * lock[:, p]).sum(axis=-1) for p in (0, 1)])

    def kept(self, lock: np.ndarray) -> np.ndarray:
        """``kept[p, g, r]``: the chance player ``p`` keeps rank ``r`` for the next deal."""
        return np.stack([(self.masses[p] * lock[:, p]).sum(axis=-2) for p in (0, 1)])

    # --- passes over the tree -----------------------------------------------------------------

    def _values(
        self, player: int, betting: np.ndarray, ranges: np.ndarray, mode: str
    ) -> tuple[np.ndarray, dict[int, np.ndarray], dict[int, np.ndarray]]:
        """Counterfactual values of ``player`` at the root, per class pair and locked rank.

        ``mode`` is ``"ev"`` (follow ``betting``), ``"best"`` (``player`` best-responds) or
        ``"cfr"`` (also return, per decision node of ``player``, the values of each action and
        the player's own reach, for the regret and average updates).
        """
        nodes = self.tree.nodes
        slices = self.tree.slices
        opponent = 1 - player
        reach_opponent: dict[int, np.ndarray] = {0: ranges[opponent]}
        reach_own: dict[int, np.ndarray] = {0: ranges[player]}
        for index in self.tree.decisions:
            node = nodes[index]
            strategy = betting[:, :, slices[index]]
            for action, child in enumerate(node.children):
                if node.player == player:
                    reach_own[child] = reach_own[index] * strategy[:, :, action]
                    reach_opponent[child] = reach_opponent[index]
                else:
                    reach_opponent[child] = reach_opponent[index] * strategy[:, :, action]
                    reach_own[child] = reach_own[index]
        values: dict[int, np.ndarray] = {}
        action_values: dict[int, np.ndarray] = {}
        for index in range(len(nodes) - 1, -1, -1):
            node = nodes[index]
            if node.terminal:
                opposing = reach_opponent[index]
                if node.folded is None:
                    values[index] = node.stake * (opposing @ COMPARE.T)
                else:
                    chips = node.payoff if player == 0 else -node.payoff
                    values[index] = np.repeat(
                        chips * opposing.sum(axis=1, keepdims=True), RANKS, axis=1
                    )
                continue
            children = np.stack([values[child] for child in node.children], axis=-1)
            if node.player != player:
                values[index] = children.sum(axis=-1)
            elif mode == "best":
                values[index] = children.max(axis=-1)
            else:
                values[index] = (children * betting[:, :, slices[index]]).sum(axis=-1)
                if mode == "cfr":
                    action_values[index] = children
        return values[0], action_values, reach_own

    def iterate(self, count: int) -> None:
        """Run ``count`` CFR+ iterations (alternating: the starter's update, then the second's)."""
        slices = self.tree.slices
        for _ in range(count):
            self.iterations += 1
            weight = float(self.iterations)
            for player in (0, 1):
                strategy = self.current()
                ranges = self.ranges(strategy.lock)
                root, action_values, reach_own = self._values(
                    player, strategy.betting, ranges, "cfr"
                )
                for index, children in action_values.items():
                    span = slices[index]
                    node_strategy = strategy.betting[:, :, span]
                    expected = (children * node_strategy).sum(axis=-1, keepdims=True)
                    self.regrets[:, :, span] = np.maximum(
                        self.regrets[:, :, span] + children - expected, 0.0
                    )
                    self.betting_sum[:, :, span] += (
                        weight * reach_own[index][:, :, None] * node_strategy
                    )
                lock = strategy.lock[:, player]
                locked_value = np.repeat(root[:, :, None], RANKS, axis=2)
                expected = lock * locked_value + np.swapaxes(lock * locked_value, -1, -2)
                self.lock_regrets[:, player] = np.where(
                    _OFF_DIAGONAL,
                    np.maximum(self.lock_regrets[:, player] + locked_value - expected, 0.0),
                    0.0,
                )
                self.lock_sum[:, player] += weight * lock

    # --- measuring a strategy -----------------------------------------------------------------

    def best_responses(self, strategy: Strategy) -> np.ndarray:
        """``best[p, g]``: what player ``p`` wins per deal, best-responding to ``strategy``.

        In the betting the responder's information set is its locked rank, so the best answer
        is a max per rank; over the lock it takes the better of its two ranks.
        """
        ranges = self.ranges(strategy.lock)
        best = np.zeros((2, self.games))
        for player in (0, 1):
            root, _, _ = self._values(player, strategy.betting, ranges, "best")
            masses = self.masses[player]
            better = np.maximum(root[:, :, None], root[:, None, :])
            diagonal = np.diagonal(masses, axis1=1, axis2=2)
            best[player] = (masses * _UPPER * better).sum(axis=(1, 2)) + (diagonal * root).sum(1)
        return best

    def own_reach(self, strategy: Strategy) -> np.ndarray:
        """``reach[g, r, k]``: the chance that the player acting at action ``k``'s node gets
        there holding locked rank ``r`` by its own choices and cards (0: it never does)."""
        ranges = self.ranges(strategy.lock)
        reach = np.zeros_like(strategy.betting)
        for player in (0, 1):
            _, _, own = self._values(player, strategy.betting, ranges, "ev")
            for index in self.tree.decisions:
                if self.tree.nodes[index].player == player:
                    reach[:, :, self.tree.slices[index]] = own[index][:, :, None]
        return reach

    def values(self, strategy: Strategy) -> np.ndarray:
        """The starter's chips per deal when both follow ``strategy``, per class pair."""
        ranges = self.ranges(strategy.lock)
        root, _, _ = self._values(0, strategy.betting, ranges, "ev")
        result: np.ndarray = (ranges[0] * root).sum(axis=1)
        return result

    def exploitability(self, strategy: Strategy) -> np.ndarray:
        """Per class pair: the chips per deal a best responder wins against ``strategy`` above
        the game's value, averaged over the two positions — zero exactly at an equilibrium."""
        return self.best_responses(strategy).sum(axis=0) / 2


def pair_chances(prior: KeptPrior) -> np.ndarray:
    """How likely each class pair is among deals of its kind (first deals, later deals)."""
    chances = class_chances(prior.up_share)
    weights = np.array([chances[first] * chances[second] for first, second in CLASS_PAIRS])
    kept = np.array([first in KEPT_CLASSES for first, _ in CLASS_PAIRS])
    weights[kept] /= weights[kept].sum()
    weights[~kept] /= weights[~kept].sum()
    return weights


def kept_prior_of(strategies: dict[int, Strategy], prior: KeptPrior) -> KeptPrior:
    """The prior the strategies' own locking makes in the long run of a match.

    For each class of a later deal, the ranks it keeps (every stack counted alike, both
    positions, the opponent's class by its chance); then the share of UP kept cards that
    reproduces itself deal after deal — a player keeps an UP card mostly when both cards are
    UP, so the share settles low — and the ranks kept at that share.
    """
    weights = pair_chances(prior)
    kept_by_class = {hand_class: np.zeros(RANKS) for hand_class in KEPT_CLASSES}
    for stack, strategy in strategies.items():
        kept = StackSolver(stack, prior).kept(strategy.lock)  # (player, pair, rank)
        for pair_index, pair in enumerate(CLASS_PAIRS):
            for player in (0, 1):
                if pair[player] in KEPT_CLASSES:
                    chance = weights[pair_index] * kept[player, pair_index]
                    kept_by_class[pair[player]] += (
                        chance / class_chances(prior.up_share)[pair[player]]
                    )
    for hand_class in KEPT_CLASSES:
        kept_by_class[hand_class] /= kept_by_class[hand_class].sum()
    up_kept = {c: kept_by_class[c][list(UP_RANKS)].sum() for c in KEPT_CLASSES}
    share = prior.up_share
    for _ in range(200):
        chances = class_chances(share)
        share = float(sum(chances[c] * up_kept[c] for c in KEPT_CLASSES))
    chances = class_chances(share)
    return KeptPrior.from_kept(sum(chances[c] * kept_by_class[c] for c in KEPT_CLASSES))


@dataclass
class Solved:
    """What :func:`solve_policy` found: per stack the solver (its average strategy is the
    policy) and the average strategy after only ``early_iterations`` (the medium level), and
    the kept prior both were solved with."""

    solvers: dict[int, StackSolver]
    early: dict[int, Strategy]
    prior: KeptPrior


def solve_stacks(
    prior: KeptPrior,
    iterations: int,
    progress: Progress | None = None,
    early_iterations: int = 0,
) -> tuple[dict[int, StackSolver], dict[int, Strategy]]:
    """Solve every stack; also keep each one's average strategy after ``early_iterations``."""
    solvers: dict[int, StackSolver] = {}
    early: dict[int, Strategy] = {}
    for stack in STACKS:
        solver = StackSolver(stack, prior)
        if 0 < early_iterations <= iterations:
            solver.iterate(early_iterations)
            early[stack] = solver.average()
        solver.iterate(iterations - solver.iterations)
        solvers[stack] = solver
        if progress is not None:
            progress(f"stack {stack:2d}: {iterations} iterations")
    return solvers, early


def solve_policy(
    iterations: int,
    prior_rounds: int,
    prior_iterations: int,
    early_iterations: int = 0,
    progress: Progress | None = None,
) -> Solved:
    """Solve every stack: ``prior_rounds`` short solves to settle the kept prior, then the
    final solve of ``iterations`` with it (keeping the strategy after ``early_iterations``)."""
    prior = KeptPrior.uniform()
    for round_number in range(prior_rounds):
        solvers, _ = solve_stacks(prior, prior_iterations)
        prior = kept_prior_of({s: solver.average() for s, solver in solvers.items()}, prior)
        if progress is not None:
            progress(
                f"prior round {round_number + 1}: kept UP share {prior.up_share:.3f}, "
                f"8..A {np.round(prior.up[6:], 3)}, 2..7 {np.round(prior.down[:6], 3)}"
            )
    solvers, early = solve_stacks(prior, iterations, progress, early_iterations)
    return Solved(solvers, early, prior)
