"""Monte Carlo equity: the share of the pot a hand wins at showdown, ties split evenly.

Sampling is vectorised: every sample's unknown cards are drawn at once and all showdowns are
valued by one :func:`~games.engine.holdem.evaluator.evaluate_batch` call. :func:`pot_shares`
takes the opponents' hole cards as an array, so range-weighted opponents only need a different
sampler in front of it.

>>> rng = np.random.default_rng(7)
>>> round(equity_vs_random(["As", "Ks"], ["Qs", "Js", "Ts", "2c", "3d"], rng=rng), 3)
1.0
>>> equity_vs_random(["2c", "3d"], ["As", "Ks", "Qs", "Js", "Ts"], opponents=3, rng=rng)
0.25
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from games.engine.cards import card_index, is_card
from games.engine.holdem.evaluator import evaluate_batch

_HOLE_CARDS = 2
_BOARD_CARDS = 5
_DECK_SIZE = 52


def equity_vs_random(
    hero: Sequence[str],
    board: Sequence[str] = (),
    opponents: int = 1,
    samples: int = 10_000,
    rng: np.random.Generator | None = None,
) -> float:
    """Hero's expected share of the pot against ``opponents`` uniformly random hands.

    The board (0 to 5 cards) is completed at random; a win counts 1, a split among ``n`` best
    hands counts ``1/n``. The standard error is at most ``0.5 / sqrt(samples)``.

    >>> aces = equity_vs_random(["Ah", "Ad"], samples=20_000, rng=np.random.default_rng(1))
    >>> 0.83 < aces < 0.87
    True
    """
    hero_indices = _card_indices(hero, "hero")
    board_indices = _card_indices(board, "board")
    if len(hero_indices) != _HOLE_CARDS:
        raise ValueError(f"hero holds exactly two cards, got {list(hero)!r}")
    if len(board_indices) > _BOARD_CARDS:
        raise ValueError(f"a board has at most five cards, got {list(board)!r}")
    known = hero_indices + board_indices
    if len(set(known)) != len(known):
        raise ValueError(
            f"a card appears twice among hero {list(hero)!r} and board {list(board)!r}"
        )
    if isinstance(opponents, bool) or not isinstance(opponents, int | np.integer) or opponents < 1:
        raise ValueError(f"need at least one opponent, got {opponents!r}")
    if isinstance(samples, bool) or not isinstance(samples, int | np.integer) or samples < 1:
        raise ValueError(f"need at least one sample, got {samples!r}")
    missing = _BOARD_CARDS - len(board_indices)
    unknown = missing + _HOLE_CARDS * opponents
    live = np.setdiff1d(np.arange(_DECK_SIZE, dtype=np.int8), known)
    if unknown > len(live):
        raise ValueError(f"{opponents} opponents need more cards than the deck has left")

    rng = np.random.default_rng() if rng is None else rng
    drawn = _draw_distinct(live, samples, unknown, rng)
    boards = np.concatenate(
        (
            np.broadcast_to(np.array(board_indices, dtype=np.int8), (samples, len(board_indices))),
            drawn[:, :missing],
        ),
        axis=1,
    )
    opponent_holes = drawn[:, missing:].reshape(samples, opponents, _HOLE_CARDS)
    return float(pot_shares(hero_indices, boards, opponent_holes).mean())


def pot_shares(hero: Sequence[int], boards: np.ndarray, opponent_holes: np.ndarray) -> np.ndarray:
    """Hero's share of the pot in each sampled showdown.

    ``hero`` is two card indices, ``boards`` an ``(S, 5)`` array of complete boards and
    ``opponent_holes`` an ``(S, opponents, 2)`` array; all cards within a sample must differ.
    Returns ``(S,)`` floats: 1 for a win, ``1/n`` for an ``n``-way split, 0 for a loss.
    """
    samples, opponents, _ = opponent_holes.shape
    hero_holes = np.broadcast_to(np.asarray(hero, dtype=boards.dtype), (samples, 1, _HOLE_CARDS))
    holes = np.concatenate((hero_holes, opponent_holes.astype(boards.dtype, copy=False)), axis=1)
    seats = opponents + 1
    hands = np.concatenate(
        (holes, np.broadcast_to(boards[:, None, :], (samples, seats, _BOARD_CARDS))), axis=2
    )
    values = evaluate_batch(hands.reshape(samples * seats, _HOLE_CARDS + _BOARD_CARDS))
    values = values.reshape(samples, seats)
    best = values.max(axis=1)
    hero_best = values[:, 0] == best
    winners = (values == best[:, None]).sum(axis=1)
    return np.where(hero_best, 1.0 / winners, 0.0)


def _card_indices(cards: Sequence[str], what: str) -> list[int]:
    if isinstance(cards, str):
        raise ValueError(f"{what} must be a sequence of cards such as ['As', 'Kd'], got {cards!r}")
    indices = []
    for card in cards:
        if not is_card(card):
            raise ValueError(f"{card!r} in {what} is not a card")
        indices.append(card_index(card))
    return indices


def _draw_distinct(
    live: np.ndarray, samples: int, count: int, rng: np.random.Generator
) -> np.ndarray:
    """``(samples, count)`` cards of ``live``, distinct within a row, in uniformly random order."""
    if count == 0:
        return np.empty((samples, 0), dtype=live.dtype)
    keys = rng.random((samples, len(live)))
    chosen = np.argpartition(keys, count - 1, axis=1)[:, :count]
    # argpartition promises which cards are chosen, not in what order; ordering them by their
    # i.i.d. keys makes the order uniform by construction, so the board and each opponent's hole
    # cards are dealt alike whatever numpy's selection algorithm does.
    chosen_keys = np.take_along_axis(keys, chosen, axis=1)
    chosen = np.take_along_axis(chosen, np.argsort(chosen_keys, axis=1), axis=1)
    return live[chosen]
