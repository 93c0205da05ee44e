"""Ranges — a weight for each of the 1326 combos — narrowed by what the opponents do, and
Monte Carlo equity against them.

:func:`board_strength` gives every combo a strength in 0..1 on a board: the percentile of its
made hand among all combos, lifted for flush and straight draws while cards are to come.
Narrowing multiplies a range by the likelihood of the action at each strength (a bet is likely
from the top of a range, a call from its middle), with a floor for the hands a player bets
anyway — a floor that grows for players whose bets carry no information.

:func:`sample_equity` draws opponents' hands from their ranges (weighted, without card clashes),
completes the board, and values every showdown with the engine's vectorised evaluator.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from bots.holdem.combos import COMBO_MASK, COMBOS, dead_combos
from games.engine.holdem.equity import pot_shares
from games.engine.holdem.evaluator import FLUSH, STRAIGHT, evaluate_batch

_COMBO_COUNT = len(COMBOS)
_CATEGORY_SHIFT = 20
_STRAIGHT_WINDOWS = np.array([0b11111 << low for low in range(10)], dtype=np.int64)


@dataclass(frozen=True, slots=True)
class BoardRead:
    """Every combo on one board: its strength in 0..1 (0 when it clashes with the board), and
    whether that strength is a draw's rather than a made hand's."""

    strength: np.ndarray
    drawing: np.ndarray


def board_strength(board: tuple[int, ...]) -> np.ndarray:
    return read_board(board).strength


@lru_cache(maxsize=2048)
def read_board(board: tuple[int, ...]) -> BoardRead:
    """The strength of every combo on ``board`` (3 to 5 cards)."""
    dead = dead_combos(board)
    board_cards = np.broadcast_to(np.array(board, np.int8), (_COMBO_COUNT, len(board)))
    hands = np.concatenate((COMBOS, board_cards), axis=1)
    live = ~dead
    values = np.zeros(_COMBO_COUNT, dtype=np.int64)
    values[live] = evaluate_batch(hands[live])
    live_values = np.sort(values[live])
    below = np.searchsorted(live_values, values, side="left")
    equal = np.searchsorted(live_values, values, side="right") - below
    made = (below + 0.5 * equal) / len(live_values)
    draw = _draw_strength(board, values) if len(board) < 5 else np.zeros(_COMBO_COUNT)
    strength = np.maximum(made, draw)
    strength[dead] = 0.0
    drawing = (draw > made) & live
    strength.flags.writeable = False
    drawing.flags.writeable = False
    return BoardRead(strength, drawing)


def _draw_strength(board: tuple[int, ...], values: np.ndarray) -> np.ndarray:
    """What a draw is worth as a strength: a flush draw with two cards to come plays like a
    decent made hand; an open-ended straight draw a little less; a gutshot like a weak pair."""
    categories = values >> _CATEGORY_SHIFT
    to_come = 5 - len(board)
    ranks = COMBOS // 4
    suits = COMBOS % 4
    board_suits = np.bincount(np.array(board) % 4, minlength=4)
    flush_draw = np.zeros(_COMBO_COUNT, dtype=bool)
    for hole in (0, 1):
        suit = suits[:, hole]
        count = board_suits[suit] + (suits[:, 0] == suit).astype(int) + (suits[:, 1] == suit)
        flush_draw |= count == 4
    flush_draw &= categories < FLUSH
    outs = _straight_out_ranks(board, ranks) * (categories < STRAIGHT)
    two = to_come == 2
    value = np.zeros(_COMBO_COUNT)
    value = np.where(outs >= 1, 0.6 if two else 0.5, value)
    value = np.where(outs >= 2, 0.7 if two else 0.6, value)
    value = np.where(flush_draw, 0.76 if two else 0.64, value)
    value = np.where(flush_draw & (outs >= 2), 0.88 if two else 0.74, value)
    return value


def _rank_bits(ranks: np.ndarray) -> np.ndarray:
    """Rank bit masks with the ace also below the deuce (bit 0), for the wheel."""
    bits = np.int64(1) << (ranks.astype(np.int64) + 1)
    return bits | np.where(ranks == 12, 1, 0)


def _straight_out_ranks(board: tuple[int, ...], ranks: np.ndarray) -> np.ndarray:
    """How many distinct ranks would give each combo a straight it does not have, minus those
    the board alone would use (a draw the hole cards take no part in is nobody's draw)."""
    board_mask = np.bitwise_or.reduce(_rank_bits(np.array(board) // 4))
    masks = board_mask | _rank_bits(ranks[:, 0]) | _rank_bits(ranks[:, 1])

    def outs(mask: np.ndarray) -> np.ndarray:
        has = _has_straight(mask)
        count = np.zeros(mask.shape, dtype=np.int64)
        for rank in range(13):
            count += _has_straight(mask | _rank_bits(np.array([rank]))[0]) & ~has
        return count

    result: np.ndarray = np.maximum(outs(masks) - outs(np.array([board_mask]))[0], 0)
    return result


def _has_straight(masks: np.ndarray) -> np.ndarray:
    result: np.ndarray = ((masks[..., None] & _STRAIGHT_WINDOWS) == _STRAIGHT_WINDOWS).any(axis=-1)
    return result


# --- narrowing ---------------------------------------------------------------------------


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-x))


def range_percentile(strength: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Where each combo's strength stands within the range ``weights`` (0 bottom, 1 top)."""
    order = np.argsort(strength, kind="stable")
    cumulative = np.cumsum(weights[order])
    total = cumulative[-1]
    if total <= 0:
        return strength
    sorted_strength = strength[order]
    below = np.searchsorted(sorted_strength, strength, side="left")
    upto = np.searchsorted(sorted_strength, strength, side="right")
    under = np.where(below > 0, cumulative[np.maximum(below - 1, 0)], 0.0)
    within = cumulative[upto - 1] - under
    result: np.ndarray = (under + 0.5 * within) / total
    return result


def likely_from_top(
    strength: np.ndarray, share: float, floor: float, softness: float = 0.07
) -> np.ndarray:
    """Likelihood of an action a player takes with the top ``share`` of their hands, and with a
    ``floor`` of every other hand (bluffs, or hands they play without looking)."""
    share = min(max(share, 0.02), 0.98)
    return floor + (1.0 - floor) * _sigmoid((strength - (1.0 - share)) / softness)


def likely_to_continue(strength: np.ndarray, share: float, floor: float) -> np.ndarray:
    """Likelihood of calling with the top ``share`` of hands — a wider, softer cut than a bet."""
    return likely_from_top(strength, share, floor, softness=0.1)


def likely_check(strength: np.ndarray, slowplay: float) -> np.ndarray:
    """A check is less likely from the very top of a range: only ``slowplay`` of it checks."""
    return 1.0 - (1.0 - slowplay) * _sigmoid((strength - 0.88) / 0.04)


# --- sampling ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Showdowns:
    """Sampled showdowns: hero's pot share in each, and each opponent's combo (indices)."""

    shares: np.ndarray  # (S,)
    combos: np.ndarray  # (S, opponents)

    @property
    def equity(self) -> float:
        return float(self.shares.mean()) if len(self.shares) else 0.5

    def weighted_equity(self, weights: np.ndarray) -> float:
        total = float(weights.sum())
        return float((self.shares * weights).sum() / total) if total > 0 else self.equity


def sample_equity(
    hero: tuple[int, int],
    board: Sequence[int],
    ranges: Sequence[np.ndarray],
    samples: int,
    rng: np.random.Generator,
) -> Showdowns:
    """Hero's showdown share against opponents drawn from ``ranges`` (one weight array each)."""
    known = dead_combos((*hero, *board))
    used = np.full(samples, np.int64(0))
    for card in (*hero, *board):
        used |= np.int64(1) << card
    picks = []
    keep = np.ones(samples, dtype=bool)
    for weights in ranges:
        live = np.where(known, 0.0, weights)
        total = live.sum()
        if total <= 0:
            live = (~known).astype(np.float64)
            total = live.sum()
        cumulative = np.cumsum(live)
        picked = np.searchsorted(cumulative, rng.random(samples) * total, side="right")
        picked = np.minimum(picked, _COMBO_COUNT - 1)
        masks = COMBO_MASK[picked]
        # Rows where two opponents hold the same card are dropped, not redrawn: cheap, and
        # unbiased for the joint deal (rejection sampling).
        keep &= (masks & used) == 0
        used = used | masks
        picks.append(picked)
    combos = np.stack(picks, axis=1)[keep] if picks else np.empty((int(keep.sum()), 0), int)
    used = used[keep]
    rows = len(combos)
    if rows == 0:
        return Showdowns(np.empty(0), combos)
    missing = 5 - len(board)
    board_rows = np.broadcast_to(np.array(board, dtype=np.int8), (rows, len(board)))
    if missing:
        bits = (used[:, None] >> np.arange(52, dtype=np.int64)) & 1
        keys = rng.random(bits.shape) + bits * 2.0
        drawn = np.argpartition(keys, missing - 1, axis=1)[:, :missing].astype(np.int8)
        board_rows = np.concatenate((board_rows, drawn), axis=1)
    holes = COMBOS[combos]
    shares = pot_shares(list(hero), board_rows, holes)
    return Showdowns(shares, combos)
