"""Equity by street, checked against an independent evaluator (eval7, enumerating in Python):
exact where few board cards remain, within the stated sampling error before the flop."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping, Sequence

import eval7
import numpy as np
import pytest

from games.engine.holdem.played_hand import played_hand
from games.engine.holdem.street_equity import (
    PREFLOP_SAMPLES,
    equity_against_unseen,
    equity_by_street,
    showdown_equity,
)
from tests.engine.holdem.random_hands import random_hands

STANDARD = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]


def eval7_equity(
    holes: Mapping[int, Sequence[str]], board: Sequence[str], dead: Sequence[str] = ()
) -> dict[int, float]:
    """Every completion of the board, valued by eval7: the reference we check against."""
    used = {card for hole in holes.values() for card in hole} | set(board) | set(dead)
    live = [card for card in STANDARD if card not in used]
    totals = dict.fromkeys(holes, 0.0)
    count = 0
    for runout in itertools.combinations(live, 5 - len(board)):
        full = [eval7.Card(card) for card in (*board, *runout)]
        values = {
            seat: eval7.evaluate([eval7.Card(card) for card in hole] + full)
            for seat, hole in holes.items()
        }
        best = max(values.values())
        winners = [seat for seat, value in values.items() if value == best]
        for seat in winners:
            totals[seat] += 1 / len(winners)
        count += 1
    return {seat: total / count for seat, total in totals.items()}


@pytest.mark.parametrize(
    ("holes", "board", "dead"),
    [
        ({0: ("As", "Ad"), 1: ("Kc", "Kd")}, ("2c", "7d", "9h", "Js"), ()),
        ({0: ("Ah", "Kh"), 1: ("Qs", "Qd"), 2: ("7h", "6h")}, ("2h", "9h", "Tc"), ("3c", "3d")),
        ({0: ("5c", "4c"), 1: ("5d", "4d"), 2: ("As", "2s")}, ("3h", "6s", "Kd"), ()),
        ({0: ("Ts", "9s"), 1: ("Ac", "Qd")}, ("Js", "8d", "2s", "Kh", "3c"), ("4h", "4s")),
    ],
)
def test_equity_where_few_cards_remain_is_exact(
    holes: dict[int, tuple[str, str]], board: tuple[str, ...], dead: tuple[str, ...]
) -> None:
    ours = showdown_equity(holes, board, dead)
    assert ours.exact
    reference = eval7_equity(holes, board, dead)
    for seat in holes:
        assert ours.shares[seat] == pytest.approx(reference[seat], abs=1e-12)
    assert sum(ours.shares.values()) == pytest.approx(1.0)


def test_preflop_equity_is_sampled_within_its_stated_error() -> None:
    holes = {0: ("As", "Ad"), 1: ("Kc", "Kd"), 2: ("7h", "8h")}
    ours = showdown_equity(holes, (), rng=np.random.default_rng(5))
    assert not ours.exact and ours.boards == PREFLOP_SAMPLES
    # The reference: every flop enumerated exactly, each finished by its exact turn and river.
    rng = np.random.default_rng(9)
    flops = list(itertools.combinations([c for c in STANDARD if c not in "AsAdKcKd7h8h"], 3))
    sample = [flops[i] for i in rng.choice(len(flops), 60, replace=False)]
    reference = {seat: 0.0 for seat in holes}
    for flop in sample:
        for seat, share in eval7_equity(holes, flop).items():
            reference[seat] += share / len(sample)
    # 60 flops are a sample too: allow both errors (at most 0.5/sqrt(n) each, 4 sigma).
    tolerance = 4 * (0.5 / math.sqrt(PREFLOP_SAMPLES) + 0.5 / math.sqrt(len(sample)))
    for seat in holes:
        assert ours.shares[seat] == pytest.approx(reference[seat], abs=tolerance)


def test_equity_by_street_follows_who_is_still_in_the_hand() -> None:
    def showdown_after_a_fold(records: list[dict]) -> bool:
        played = played_hand(records)
        folds_after_flop = any(a.kind == "fold" for s in played.streets[1:] for a in s.actions)
        return len(played.shown) >= 2 and len(played.board) == 5 and folds_after_flop

    records = next(r for r in random_hands(41, 2000) if showdown_after_a_fold(r))
    hand = played_hand(records)
    streets = equity_by_street(hand, rng=np.random.default_rng(1))
    assert [s.street for s in streets] == ["preflop", "flop", "turn", "river"]
    folded: set[int] = set()
    for street_equity, street in zip(streets, hand.streets, strict=True):
        assert set(street_equity.equity.shares) == set(hand.seats) - folded
        assert street_equity.board == hand.board[: len(street_equity.board)]
        folded |= {a.seat for a in street.actions if a.kind == "fold"}
    river = streets[-1].equity.shares
    dead = [card for seat in folded for card in hand.hole_cards[seat]]
    reference = eval7_equity({seat: hand.hole_cards[seat] for seat in river}, hand.board, dead)
    assert dict(river) == pytest.approx(reference)


def eval7_share_against_unseen(
    hole: Sequence[str], unseen: int, board: Sequence[str], dead: Sequence[str], samples: int
) -> float:
    """The hole's pot share against ``unseen`` random hands, the board completed at random."""
    rng = random.Random(4)
    used = {*hole, *board, *dead}
    live = [card for card in STANDARD if card not in used]
    total = 0.0
    for _ in range(samples):
        drawn = rng.sample(live, 2 * unseen + 5 - len(board))
        full = [eval7.Card(card) for card in (*board, *drawn[2 * unseen :])]
        mine = eval7.evaluate([eval7.Card(card) for card in hole] + full)
        others = [
            eval7.evaluate([eval7.Card(card) for card in drawn[2 * i : 2 * i + 2]] + full)
            for i in range(unseen)
        ]
        best = max(mine, *others)
        if mine == best:
            total += 1 / (1 + others.count(best))
    return total / samples


@pytest.mark.parametrize(
    ("hole", "unseen", "board", "dead"),
    [
        (("7c", "7d"), 2, ("2h", "9h", "Tc"), ("Ac", "Ad")),
        (("Qs", "Js"), 3, (), ()),
    ],
)
def test_equity_against_unseen_hands_deals_them_at_random(
    hole: tuple[str, str], unseen: int, board: tuple[str, ...], dead: tuple[str, ...]
) -> None:
    samples = 20_000
    ours = equity_against_unseen(
        {0: hole}, unseen, board, dead, samples=samples, rng=np.random.default_rng(8)
    )
    assert not ours.exact and ours.boards == samples and set(ours.shares) == {0}
    reference = eval7_share_against_unseen(hole, unseen, board, dead, samples)
    # Two independent samples: 5 standard errors of their difference.
    assert ours.shares[0] == pytest.approx(reference, abs=5 * math.sqrt(2 * 0.25 / samples))


def test_equity_against_an_unseen_hand_on_the_river_matches_every_hand_it_could_be() -> None:
    hole, board = ("Ah", "Kh"), ("2h", "9h", "Tc", "Jd", "3s")
    used = {*hole, *board}
    others = list(itertools.combinations([c for c in STANDARD if c not in used], 2))
    exact = sum(eval7_equity({0: hole, 1: other}, board)[0] for other in others) / len(others)
    ours = equity_against_unseen({0: hole}, 1, board, samples=50_000, rng=np.random.default_rng(2))
    assert ours.shares[0] == pytest.approx(exact, abs=5 * 0.5 / math.sqrt(50_000))
