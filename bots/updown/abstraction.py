"""The abstract one-deal game the Up & Down AI is solved in (docs/updown-ai.md §2).

A deal of Up & Down, seen from the public knowledge at its start, is a small poker game: each
player holds two ranks, locks one of them without the other seeing which, and one betting round
settles who has the better locked card. This module is that game as data — the ranks and their
ranking, the public *hand classes*, the chance distribution of hands in each class, and the
betting tree for one effective stack — so that :mod:`bots.updown.solver` can solve it and the
bots can find where a real deal stands in it.

What is abstracted, and why it is safe enough:

- **Ranks only, infinite shoe.** Suits never rank and two decks give 8 copies of every rank, so
  a card is its rank (0 = deuce … 12 = ace) and ranks are drawn independently, 1/13 each. The
  card removal of a 104-card shoe (the discards are public) is ignored.
- **Hand classes.** The public facts about a player's hand are their signal and, after the
  first deal of a segment, the group of the card they kept (the previous signal minus the
  revealed locked card). ``FRESH_*`` hands are two new cards; ``KEPT_xy`` hands are a kept card
  of group ``x`` and a new card of group ``y``. A kept card is not uniform in its group — players
  keep their weaker card — so its ranks follow a *kept prior* the solver computes from its own
  locking (a fixed point; see the solver).
- **Effective stack.** With 40 chips in play the smaller stack after the antes, ``E``, is 0–19;
  chips above it can never be won, so each ``E`` has its own tree and the bigger stack's excess
  plays no part. A bet larger than ``E`` is the same as a bet of ``E`` (the excess returns).
- **Bet sizes.** An opening bet is to ``min`` (1), ``pot``, ``2pot`` or ``allin``; a raise is to
  ``min`` (the last full raise again), ``pot`` (call, then raise the pot) or ``allin``; after
  :data:`RAISE_CAP` bets and raises only all-in is left. Other sizes the opponent may use are
  translated to the nearest of these (:func:`translate`).

>>> int(COMPARE[RANK_INDEX["2"], RANK_INDEX["A"]]), int(COMPARE[RANK_INDEX["A"], RANK_INDEX["K"]])
(1, 1)
>>> [len(tree_for(stack).nodes) for stack in (0, 1, 19)]
[1, 9, 285]
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

import numpy as np

from games.engine.cards import RANKS as RANK_LETTERS

RANKS = 13
RANK_INDEX = {letter: index for index, letter in enumerate(RANK_LETTERS)}
DEUCE, ACE = 0, 12
LOWEST_UP = RANK_INDEX["8"]
UP_RANKS = tuple(range(LOWEST_UP, RANKS))  # 8 … A
DOWN_RANKS = tuple(range(LOWEST_UP))  # 2 … 7
ANTE = 1
MAX_STACK = 19  # the most the smaller of two stacks holding 40 chips can have after its ante
STACKS = tuple(range(MAX_STACK + 1))


def _compare_matrix() -> np.ndarray:
    """``COMPARE[a, b]``: 1 if rank ``a`` beats ``b``, -1 if it loses, 0 for a tie (§2.4)."""
    matrix = np.sign(np.subtract.outer(np.arange(RANKS), np.arange(RANKS))).astype(np.float64)
    matrix[DEUCE, ACE], matrix[ACE, DEUCE] = 1.0, -1.0
    return matrix


COMPARE = _compare_matrix()
# Share of a random rank a locked rank beats, counting a tie as half: the strength the easy
# level reads and the docs quote (an ace and a king are worth the same: each loses to one rank).
STRENGTH = (COMPARE.mean(axis=1) + 1) / 2

# --- hand classes ---------------------------------------------------------------------------

FRESH_UU, FRESH_UD, FRESH_DD, KEPT_UU, KEPT_UD, KEPT_DU, KEPT_DD = range(7)
CLASS_NAMES = ("fresh_uu", "fresh_ud", "fresh_dd", "kept_uu", "kept_ud", "kept_du", "kept_dd")
FRESH_CLASSES = (FRESH_UU, FRESH_UD, FRESH_DD)
KEPT_CLASSES = (KEPT_UU, KEPT_UD, KEPT_DU, KEPT_DD)
# The class pairs (starter's, second's) a deal can show: both fresh in a segment's first deal,
# both kept afterwards (both locked cards are always revealed, so both kept groups are known).
CLASS_PAIRS: tuple[tuple[int, int], ...] = tuple(
    (first, second) for first in FRESH_CLASSES for second in FRESH_CLASSES
) + tuple((first, second) for first in KEPT_CLASSES for second in KEPT_CLASSES)
PAIR_INDEX = {pair: index for index, pair in enumerate(CLASS_PAIRS)}


def fresh_class(up: int) -> int:
    """The class of two new cards with ``up`` UP cards among them."""
    return {2: FRESH_UU, 1: FRESH_UD, 0: FRESH_DD}[up]


def kept_class(kept_up: bool, new_up: bool) -> int:
    return {
        (True, True): KEPT_UU,
        (True, False): KEPT_UD,
        (False, True): KEPT_DU,
        (False, False): KEPT_DD,
    }[(kept_up, new_up)]


def uniform_over(ranks: tuple[int, ...]) -> np.ndarray:
    weights = np.zeros(RANKS)
    weights[list(ranks)] = 1.0 / len(ranks)
    return weights


UNIFORM_UP = uniform_over(UP_RANKS)
UNIFORM_DOWN = uniform_over(DOWN_RANKS)


@dataclass(frozen=True)
class KeptPrior:
    """How the rank of a kept card is spread within its group (each vector sums to 1), and
    how often a kept card is UP."""

    up: np.ndarray
    down: np.ndarray
    up_share: float = len(UP_RANKS) / RANKS

    @classmethod
    def uniform(cls) -> KeptPrior:
        return cls(UNIFORM_UP.copy(), UNIFORM_DOWN.copy())

    @classmethod
    def from_kept(cls, kept: np.ndarray) -> KeptPrior:
        """The prior of a distribution of kept ranks (any positive weights over 13 ranks)."""
        up, down = kept * (UNIFORM_UP > 0), kept * (UNIFORM_DOWN > 0)
        return cls(up / up.sum(), down / down.sum(), float(up.sum() / kept.sum()))


def hand_masses(hand_class: int, prior: KeptPrior) -> np.ndarray:
    """``masses[a, b]``: the chance a hand of this class is the pair of ranks {a, b}.

    Symmetric: an unordered pair {a, b} with ``a != b`` has its whole chance in both ``[a, b]``
    and ``[b, a]``; a pair of equal ranks is on the diagonal. So ``masses[r]`` lists every hand
    that can lock rank ``r``, and the sum over the upper triangle and diagonal is 1.
    """
    if hand_class in FRESH_CLASSES:
        first, second = {
            FRESH_UU: (UNIFORM_UP, UNIFORM_UP),
            FRESH_UD: (UNIFORM_UP, UNIFORM_DOWN),
            FRESH_DD: (UNIFORM_DOWN, UNIFORM_DOWN),
        }[hand_class]
    else:
        kept_up = hand_class in (KEPT_UU, KEPT_UD)
        new_up = hand_class in (KEPT_UU, KEPT_DU)
        first = prior.up if kept_up else prior.down
        second = UNIFORM_UP if new_up else UNIFORM_DOWN
    ordered = np.outer(first, second)
    masses = ordered + ordered.T
    np.fill_diagonal(masses, np.diag(ordered))
    return masses


def normalise_lock(weights: np.ndarray) -> np.ndarray:
    """Per-pair weights ``[..., a, b]`` (for locking ``a`` out of {a, b}) to chances: each
    pair's two entries sum to 1 (even split without weight), the diagonal is 1."""
    pair_total = weights + np.swapaxes(weights, -1, -2)
    with np.errstate(invalid="ignore", divide="ignore"):
        lock = np.where(pair_total > 0, weights / pair_total, 0.5)
    lock[..., np.arange(RANKS), np.arange(RANKS)] = 1.0
    return lock


# --- the betting tree -----------------------------------------------------------------------

FOLD, CHECK, CALL = "fold", "check", "call"
BET_SIZES = ("min", "pot", "2pot", "allin")
RAISE_SIZES = ("min", "pot", "allin")
RAISE_CAP = 4  # bets and raises in a round before only all-in is left
POT_SHARE = {"pot": 1.0, "2pot": 2.0}


def size_to(label: str, current: int, last_full: int, pot: int, owed: int, stack: int) -> int:
    """The total a bet or raise of size ``label`` goes to, never above ``stack`` (the most the
    round can reach): the same arithmetic for the tree and for a real table.

    ``pot`` counts antes and bets so far; a pot-sized raise first calls (``owed``), then raises
    by the pot that call makes; every size but all-in is at least a full raise.

    >>> size_to("pot", 0, 1, 2, 0, 19), size_to("pot", 2, 2, 4, 2, 19)
    (2, 8)
    >>> size_to("allin", 2, 2, 4, 2, 9), size_to("min", 2, 2, 4, 2, 19)
    (9, 4)
    """
    if label == "allin":
        return stack
    if label == "min":
        return min(current + last_full, stack)
    increase = max(last_full, round(POT_SHARE[label] * (pot + owed)))
    return min(current + increase, stack)


@dataclass(frozen=True, slots=True)
class Node:
    """A point of the round. Decision nodes name ``player`` (0 = the starter) and their
    ``actions`` — ``fold``, ``check``, ``call`` or a size label — with ``children`` and, for
    bets and raises, ``targets`` (the total bet to). A terminal node has ``player`` None and the
    starter's chips won or lost in ``payoff`` (fold) or the ``stake`` each risks (showdown)."""

    player: int | None
    bets: tuple[int, int]
    last_full: int
    raises: int
    actions: tuple[str, ...] = ()
    targets: tuple[int, ...] = ()
    children: tuple[int, ...] = ()
    folded: int | None = None  # terminal: who folded (None: showdown)

    @property
    def terminal(self) -> bool:
        return self.player is None

    @property
    def current(self) -> int:
        return max(self.bets)

    @property
    def pot(self) -> int:
        return 2 * ANTE + sum(self.bets)

    @property
    def stake(self) -> int:
        """At a showdown: what each player put in (the bets are matched)."""
        return ANTE + self.current

    @property
    def payoff(self) -> int:
        """At a fold: the starter's net chips for the deal."""
        assert self.folded is not None
        return -(ANTE + self.bets[0]) if self.folded == 0 else ANTE + self.bets[1]


@dataclass(frozen=True)
class Tree:
    """The betting round for effective stack ``stack``; ``nodes[0]`` is the root, and every
    node comes after its parent (so one pass forward or backward visits them in order)."""

    stack: int
    nodes: tuple[Node, ...]

    @functools.cached_property
    def decisions(self) -> tuple[int, ...]:
        return tuple(index for index, node in enumerate(self.nodes) if not node.terminal)

    @functools.cached_property
    def action_lengths(self) -> np.ndarray:
        """How many actions each decision node has, in tree order."""
        return np.array([len(self.nodes[index].actions) for index in self.decisions], np.intp)

    @functools.cached_property
    def action_starts(self) -> np.ndarray:
        """Where each decision node's actions begin in a flat per-action array."""
        result: np.ndarray = (np.cumsum(self.action_lengths) - self.action_lengths).astype(np.intp)
        return result

    @functools.cached_property
    def width(self) -> int:
        """Actions of all decision nodes together: the length of a flat per-action array."""
        return int(self.action_lengths.sum())

    @functools.cached_property
    def slices(self) -> dict[int, slice]:
        """Node index -> the slice of its actions in a flat per-action array."""
        return {
            index: slice(int(start), int(start + length))
            for index, start, length in zip(
                self.decisions, self.action_starts, self.action_lengths, strict=True
            )
        }

    def normalise(self, weights: np.ndarray) -> np.ndarray:
        """Per-action weights (last axis flat, in tree order) to chances summing to 1 at every
        decision node; a node without weight gets the uniform strategy."""
        if self.width == 0:
            return weights
        totals = np.add.reduceat(weights, self.action_starts, axis=-1)
        spread = np.repeat(totals, self.action_lengths, axis=-1)
        uniform = np.repeat(1.0 / self.action_lengths, self.action_lengths)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(spread > 0, weights / spread, uniform)

    def child(self, index: int, action: str) -> int:
        node = self.nodes[index]
        return node.children[node.actions.index(action)]


def raise_options(
    node_bets: tuple[int, int], player: int, last_full: int, raises: int, stack: int
) -> list[tuple[str, int]]:
    """The sizes (label, total) a player may bet or raise to at a point of the round."""
    current = max(node_bets)
    if current >= stack:
        return []
    if raises >= RAISE_CAP:
        return [("allin", stack)]
    owed = current - node_bets[player]
    pot = 2 * ANTE + sum(node_bets)
    labels = BET_SIZES if current == 0 else RAISE_SIZES
    options: list[tuple[str, int]] = []
    for label in labels:
        target = size_to(label, current, last_full, pot, owed, stack)
        if all(target != seen for _, seen in options):
            options.append((label, target))
    return options


@functools.cache
def tree_for(stack: int) -> Tree:
    """The abstract betting round of effective stack ``stack`` (0 means nobody can bet)."""
    nodes: list[Node | None] = []

    def terminal(bets: tuple[int, int], folded: int | None) -> int:
        nodes.append(Node(None, bets, 0, 0, folded=folded))
        return len(nodes) - 1

    def decision(
        player: int, bets: tuple[int, int], last_full: int, raises: int, acted: bool
    ) -> int:
        index = len(nodes)
        nodes.append(None)
        current = max(bets)
        owed = current - bets[player]
        actions: list[str] = []
        targets: list[int] = []
        children: list[int] = []
        if owed > 0:
            actions += [FOLD, CALL]
            targets += [0, 0]
            children.append(terminal(bets, player))
            children.append(terminal((current, current), None))
        else:
            actions.append(CHECK)
            targets.append(0)
            if acted:
                children.append(terminal(bets, None))
            else:
                children.append(decision(1 - player, bets, last_full, raises, True))
        for label, target in raise_options(bets, player, last_full, raises, stack):
            increase = target - current
            after = (target, bets[1]) if player == 0 else (bets[0], target)
            # Only a full bet or raise sets the size the next raise must match
            # (docs/rules.md#updown-betting).
            full = increase if increase >= last_full else last_full
            actions.append(label)
            targets.append(target)
            children.append(decision(1 - player, after, full, raises + 1, True))
        nodes[index] = Node(
            player, bets, last_full, raises, tuple(actions), tuple(targets), tuple(children)
        )
        return index

    if stack == 0:
        terminal((0, 0), None)
    else:
        decision(0, (0, 0), 1, 0, False)
    built = tuple(node for node in nodes if node is not None)
    assert len(built) == len(nodes)
    return Tree(stack, built)


# --- translating a real bet into the tree ---------------------------------------------------


def translate(real_to: int, candidates: list[tuple[str, int]], toss: float) -> str:
    """The tree size standing for a real bet or raise to ``real_to``.

    Between the two nearest tree sizes ``low < real_to < high`` the pseudo-harmonic mapping of
    Ganzfried and Sandholm picks ``low`` with probability ``(high - x)(1 + low) /
    ((high - low)(1 + x))`` (sizes relative to the pot); ``toss`` in [0, 1) decides. Outside the
    tree's range the nearest size stands for it.

    >>> translate(3, [("min", 1), ("pot", 2), ("2pot", 4), ("allin", 19)], 0.0)
    'pot'
    >>> translate(25, [("min", 1), ("allin", 19)], 0.5)
    'allin'
    """
    ordered = sorted(candidates, key=lambda item: item[1])
    if real_to <= ordered[0][1]:
        return ordered[0][0]
    if real_to >= ordered[-1][1]:
        return ordered[-1][0]
    for (low_label, low), (high_label, high) in itertools.pairwise(ordered):
        if low <= real_to <= high:
            if real_to == low:
                return low_label
            if real_to == high:
                return high_label
            chance_low = (high - real_to) * (1 + low) / ((high - low) * (1 + real_to))
            return low_label if toss < chance_low else high_label
    return ordered[-1][0]  # pragma: no cover - the loop always brackets real_to


def class_chances(kept_up_share: float) -> np.ndarray:
    """How often each class arises: fresh classes by the signal's chance, kept classes by the
    share of kept cards that are UP and the 7/13 chance a new card is UP."""
    up, down = len(UP_RANKS) / RANKS, len(DOWN_RANKS) / RANKS
    chances = np.zeros(len(CLASS_NAMES))
    chances[FRESH_UU], chances[FRESH_UD], chances[FRESH_DD] = up * up, 2 * up * down, down * down
    chances[KEPT_UU] = kept_up_share * up
    chances[KEPT_UD] = kept_up_share * down
    chances[KEPT_DU] = (1 - kept_up_share) * up
    chances[KEPT_DD] = (1 - kept_up_share) * down
    return chances
