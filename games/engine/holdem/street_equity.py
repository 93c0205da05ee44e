"""Equity by street for a finished hand: each player's share of the pot at the start of every
street they reached, given every card the hand's end revealed.

Like an evaluation graph over a chess game, it shows how the hand swung: the hole cards of every
player are known once the hand is over (its seed reveals the whole deck), so at each street the
only unknown is the rest of the board. Folded players' cards are dead: out of the deck.

Where at most :data:`EXACT_MISSING_CARDS` board cards remain (flop, turn, river) every possible
board is enumerated; before the flop :data:`PREFLOP_SAMPLES` random boards are drawn (a standard
error of at most ``0.5 / sqrt(samples)``, about 0.0022), and the figure says so.

>>> holes = {0: ("As", "Ad"), 1: ("Kc", "Kd")}
>>> exact = showdown_equity(holes, ["2c", "7d", "9h", "Js"])
>>> exact.exact, exact.boards, round(exact.shares[0], 4)
(True, 44, 0.9545)
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from games.engine.cards import card_index
from games.engine.holdem.evaluator import evaluate_batch
from games.engine.holdem.game import UNKNOWN_CARD
from games.engine.holdem.known_cards import KnownCards
from games.engine.holdem.played_hand import PlayedHand

EXACT_MISSING_CARDS = 2
PREFLOP_SAMPLES = 50_000
BOARD_CARDS = 5
_CHUNK = 200_000


@dataclass(frozen=True, slots=True)
class Equity:
    """Each player's expected share of the pot (wins count 1, an n-way split 1/n)."""

    shares: Mapping[int, float]
    exact: bool
    boards: int  # boards enumerated (exact) or sampled


@dataclass(frozen=True, slots=True)
class StreetEquity:
    street: str  # preflop, flop, turn, river
    board: tuple[str, ...]
    equity: Equity


def showdown_equity(
    holes: Mapping[int, Sequence[str]],
    board: Sequence[str],
    dead: Sequence[str] = (),
    *,
    samples: int = PREFLOP_SAMPLES,
    rng: np.random.Generator | None = None,
) -> Equity:
    """The players' pot shares when the board is completed from the cards nobody holds."""
    seats = sorted(holes)
    live = _cards_out_of_sight(holes, board, dead)
    missing = BOARD_CARDS - len(board)
    exact = missing <= EXACT_MISSING_CARDS
    if exact:
        combinations = list(itertools.combinations(live, missing))
        runouts = np.array(combinations, dtype=np.int8).reshape(len(combinations), missing)
    else:
        generator = np.random.default_rng() if rng is None else rng
        keys = generator.random((samples, len(live)))
        runouts = live[np.argpartition(keys, missing - 1, axis=1)[:, :missing]]
    fixed = np.array([card_index(card) for card in board], dtype=np.int8)
    totals = np.zeros(len(seats))
    for start in range(0, len(runouts), _CHUNK):
        chunk = runouts[start : start + _CHUNK]
        boards = np.concatenate((np.broadcast_to(fixed, (len(chunk), len(fixed))), chunk), 1)
        totals += _shares(seats, holes, boards).sum(axis=0)
    count = len(runouts)
    return Equity(
        shares={seat: float(totals[i] / count) for i, seat in enumerate(seats)},
        exact=exact,
        boards=count,
    )


def _cards_out_of_sight(
    holes: Mapping[int, Sequence[str]], board: Sequence[str], dead: Sequence[str]
) -> np.ndarray:
    """The deck's indexes of every card in no hand, not on the board and not dead; a card
    seen twice is an error."""
    known = [card_index(card) for cards in holes.values() for card in cards]
    known += [card_index(card) for card in (*board, *dead)]
    if len(set(known)) != len(known):
        raise ValueError("a card appears twice among the hands, the board and the dead cards")
    return np.setdiff1d(np.arange(52, dtype=np.int8), np.array(known, dtype=np.int8))


def _shares(
    seats: Sequence[int], holes: Mapping[int, Sequence[str]], boards: np.ndarray
) -> np.ndarray:
    """``(boards, players)`` pot shares of each complete board."""
    count = len(boards)
    values = np.empty((count, len(seats)), dtype=np.int64)
    for i, seat in enumerate(seats):
        hole = np.array([card_index(card) for card in holes[seat]], dtype=np.int8)
        hands = np.concatenate((np.broadcast_to(hole, (count, 2)), boards), axis=1)
        values[:, i] = evaluate_batch(hands)
    best = values.max(axis=1, keepdims=True)
    winners = values == best
    shares: np.ndarray = winners / winners.sum(axis=1, keepdims=True)
    return shares


def equity_by_street(
    hand: PlayedHand, *, samples: int = PREFLOP_SAMPLES, rng: np.random.Generator | None = None
) -> list[StreetEquity]:
    """Every street the hand reached with two or more players in it, in order."""
    in_hand = set(hand.seats)
    board: list[str] = []
    result = []
    for street in hand.streets:
        board.extend(street.cards)
        if len(in_hand) < 2:
            break
        holes = {seat: hand.hole_cards[seat] for seat in in_hand}
        dead = [
            card for seat in hand.seats if seat not in in_hand for card in hand.hole_cards[seat]
        ]
        equity = showdown_equity(holes, board, dead, samples=samples, rng=rng)
        result.append(StreetEquity(street.name, tuple(board), equity))
        in_hand -= {action.seat for action in street.actions if action.kind == "fold"}
    return result


@dataclass(frozen=True, slots=True)
class KnownStreetEquity:
    """A street of a hand whose history may not tell every card: its equity, or None where a
    card it needs is not told (``unknown``: the seats still in whose hands are not told)."""

    street: str
    equity: Equity | None
    unknown: tuple[int, ...]


def equity_by_known_street(
    hand: KnownCards, *, samples: int = PREFLOP_SAMPLES, rng: np.random.Generator | None = None
) -> list[KnownStreetEquity]:
    """Every street the hand reached with two or more players in it, in order, its equity
    computed only where every hand still in and the board are told (nothing is guessed)."""
    live = set(hand.seats)
    board: list[str] = []
    result = []
    for street in hand.streets:
        board.extend(street.cards)
        if len(live) < 2:
            break
        unknown = hand.unknown_seats(live)
        equity = None
        if not unknown and UNKNOWN_CARD not in board:
            holes = {seat: cards for seat in live if (cards := hand.hole_cards[seat])}
            dead = hand.dead_cards(live)
            equity = showdown_equity(holes, board, dead, samples=samples, rng=rng)
        result.append(KnownStreetEquity(street.name, equity, unknown))
        live -= street.folded
    return result


def equity_against_unseen(
    holes: Mapping[int, Sequence[str]],
    unseen: int,
    board: Sequence[str],
    dead: Sequence[str] = (),
    *,
    samples: int = PREFLOP_SAMPLES,
    rng: np.random.Generator | None = None,
) -> Equity:
    """The known hands' pot shares against ``unseen`` more hands nobody has seen: each sample
    deals those hands and the rest of the board at random from the cards not in sight. An
    estimate (never ``exact``), and one that assumes nothing about what the unseen players
    would hold: their hands are random, not a range their actions suggest.
    """
    seats = sorted(holes)
    live = _cards_out_of_sight(holes, board, dead)
    missing = BOARD_CARDS - len(board)
    generator = np.random.default_rng() if rng is None else rng
    # A full sort of random keys is a uniform permutation: the first cards drawn are as random
    # in their order as in their set, so dealing them out in turn is fair.
    order = np.argsort(generator.random((samples, len(live))), axis=1)
    draws = live[order[:, : 2 * unseen + missing]]
    fixed = np.array([card_index(card) for card in board], dtype=np.int8)
    boards = np.concatenate(
        (np.broadcast_to(fixed, (samples, len(fixed))), draws[:, 2 * unseen :]), axis=1
    )
    values = np.empty((samples, len(seats) + unseen), dtype=np.int64)
    for i, seat in enumerate(seats):
        hole = np.array([card_index(card) for card in holes[seat]], dtype=np.int8)
        values[:, i] = evaluate_batch(
            np.concatenate((np.broadcast_to(hole, (samples, 2)), boards), axis=1)
        )
    for j in range(unseen):
        hands = np.concatenate((draws[:, 2 * j : 2 * j + 2], boards), axis=1)
        values[:, len(seats) + j] = evaluate_batch(hands)
    winners = values == values.max(axis=1, keepdims=True)
    shares = (winners / winners.sum(axis=1, keepdims=True)).sum(axis=0)
    return Equity(
        shares={seat: float(shares[i] / samples) for i, seat in enumerate(seats)},
        exact=False,
        boards=samples,
    )
