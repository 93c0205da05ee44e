"""The three Up & Down levels: one way of playing the abstract game, three strategies.

Each level reads the deal (:mod:`bots.updown.reading`), looks its decision up in a strategy for
the abstract game, draws from it with the seeded ``rng`` (one draw per decision) and answers a
command:

- ``hard``: the shipped CFR+ equilibrium (:mod:`bots.updown.policy`).
- ``medium``: the same CFR+ run stopped after its first 10 iterations — the right shape
  (it values its cards, bluffs and folds) with the proportions still rough, so it over- and
  under-bluffs and calls too wide or too tight: a best responder gains about half a chip per
  deal from it, against a ten-thousandth from hard (docs/updown-ai.md).
- ``easy``: a few rules on the locked card's strength (:data:`~bots.updown.abstraction.STRENGTH`):
  lock the stronger card, bet the pot with a jack or better, call with a ten or better, raise
  with a king or an ace, fold the rest; never a bluff.

All three are strategies of the same tree, so the bench can measure how exploitable each is.

The command is ``("lock", card_id)`` while locking, otherwise ``(kind, amount)`` as
:class:`games.engine.updown.game.Act` takes it (``amount`` is the bet-to total for a bet or
raise, None otherwise).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Protocol

import numpy as np

from bots.updown.abstraction import (
    CALL,
    CHECK,
    CLASS_PAIRS,
    FOLD,
    RANKS,
    STRENGTH,
    tree_for,
)
from bots.updown.policy import shipped
from bots.updown.reading import Command, Record, View, command_for, rank_of, read_deal
from bots.updown.solver import Strategy


class StrategyBook(Protocol):
    """A strategy of the abstract game for every effective stack."""

    def at(self, stack: int) -> Strategy: ...


class PolicyBot:
    """Plays a :class:`StrategyBook`: read the deal, look the decision up, draw, answer."""

    book: StrategyBook

    def act(self, view: View, history: Sequence[Record], rng: random.Random) -> Command:
        reading = read_deal(view, history)
        strategy = self.book.at(reading.stack)
        draw = rng.random()
        if reading.node is None:
            first, second = sorted(reading.cards, key=rank_of)
            chance = strategy.lock[reading.pair, reading.position, rank_of(first), rank_of(second)]
            return ("lock", first if draw < chance else second)
        assert reading.locked is not None
        tree = tree_for(reading.stack)
        chances = strategy.betting[reading.pair, rank_of(reading.locked), tree.slices[reading.node]]
        index = int(np.searchsorted(np.cumsum(chances), draw * chances.sum(), side="right"))
        actions = tree.nodes[reading.node].actions
        return command_for(actions[min(index, len(actions) - 1)], reading, view)


class ShippedBook:
    """A shipped policy file: ``hard`` (converged) or ``medium`` (stopped early)."""

    def __init__(self, level: str) -> None:
        self.level = level

    def at(self, stack: int) -> Strategy:
        return shipped(self.level).at(stack)


class RuleBook:
    """The easy level's rules, written out as a strategy of the tree."""

    def at(self, stack: int) -> Strategy:
        return easy_strategy(stack)


EASY_BET = STRENGTH[9]  # a jack
EASY_CALL = STRENGTH[8]  # a ten
EASY_RAISE = STRENGTH[11]  # a king (an ace is as strong)


@functools.cache
def easy_strategy(stack: int) -> Strategy:
    """Lock the stronger card; bet or call by thresholds on its strength; never bluff."""
    keyed = [(STRENGTH[rank], rank) for rank in range(RANKS)]
    lock_one = np.array(
        [[1.0 if keyed[a] >= keyed[b] else 0.0 for b in range(RANKS)] for a in range(RANKS)]
    )
    lock = np.broadcast_to(lock_one, (len(CLASS_PAIRS), 2, RANKS, RANKS)).copy()
    tree = tree_for(stack)
    betting = np.zeros((len(CLASS_PAIRS), RANKS, tree.width))
    for index in tree.decisions:
        node = tree.nodes[index]
        span = tree.slices[index]
        raises = [action for action in node.actions if action not in (FOLD, CHECK, CALL)]
        sized = "pot" if "pot" in raises else (raises[-1] if raises else None)
        for rank in range(RANKS):
            strength = STRENGTH[rank]
            if CHECK in node.actions:
                choice = sized if sized is not None and strength >= EASY_BET else CHECK
            elif strength >= EASY_RAISE and sized is not None and node.raises < 2:
                choice = sized
            else:
                choice = CALL if strength >= EASY_CALL else FOLD
            betting[:, rank, span.start + node.actions.index(choice)] = 1.0
    return Strategy(lock, betting)


class HardBot(PolicyBot):
    """The CFR+ equilibrium of the abstract game, as shipped."""

    def __init__(self) -> None:
        self.book = ShippedBook("hard")


class MediumBot(PolicyBot):
    """The same solve stopped after a few iterations: sound in outline, loose in detail."""

    def __init__(self) -> None:
        self.book = ShippedBook("medium")


class EasyBot(PolicyBot):
    """Plain rules on the locked card's strength."""

    def __init__(self) -> None:
        self.book = RuleBook()
