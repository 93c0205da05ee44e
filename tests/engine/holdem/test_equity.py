"""Monte Carlo equity: known figures, exact enumerations, fair dealing and input checks.

Tolerances are five standard errors (at most ``0.5 / sqrt(samples)``) and every rng is seeded,
so the tests are deterministic and a real bias of that size cannot hide.
"""

from __future__ import annotations

import doctest
from itertools import combinations

import eval7
import numpy as np
import pytest

from games.engine.cards import STANDARD_DECK, card_index
from games.engine.holdem import equity
from games.engine.holdem.equity import _draw_distinct, equity_vs_random, pot_shares


def tolerance(samples: int) -> float:
    return 5 * 0.5 / samples**0.5


def exact_equity_vs_one(hero: list[str], board: list[str]) -> float:
    """Enumerate every opponent hand and every board completion, judged by eval7."""
    seen = set(hero) | set(board)
    live = [eval7.Card(card) for card in STANDARD_DECK if card not in seen]
    hero_cards = [eval7.Card(card) for card in hero]
    board_cards = [eval7.Card(card) for card in board]
    total, deals = 0.0, 0
    for runout in combinations(range(len(live)), 5 - len(board)):
        full_board = board_cards + [live[i] for i in runout]
        ours = eval7.evaluate(hero_cards + full_board)
        rest = [card for i, card in enumerate(live) if i not in runout]
        for hole in combinations(rest, 2):
            theirs = eval7.evaluate([*hole, *full_board])
            total += 1.0 if ours > theirs else 0.5 if ours == theirs else 0.0
            deals += 1
    return total / deals


class TestKnownEquities:
    SAMPLES = 40_000

    @pytest.mark.parametrize(
        ("hero", "opponents", "known"),
        [
            (["Ah", "Ad"], 1, 0.852),
            (["7c", "2d"], 1, 0.346),
            (["Ah", "Ad"], 3, 0.639),
        ],
    )
    def test_preflop_equity_matches_published_figures(
        self, hero: list[str], opponents: int, known: float
    ) -> None:
        rng = np.random.default_rng(100 + opponents)
        share = equity_vs_random(hero, opponents=opponents, samples=self.SAMPLES, rng=rng)
        assert share == pytest.approx(known, abs=tolerance(self.SAMPLES))

    @pytest.mark.parametrize(
        ("hero", "board"),
        [
            (["Ah", "Td"], ["Kc", "9d", "4s", "2h", "7c"]),
            (["5s", "5d"], ["Kc", "Kd", "Qh", "Qs", "9c"]),
            (["8h", "7h"], ["9h", "6c", "2h", "Kd"]),
        ],
    )
    def test_equity_matches_exact_enumeration(self, hero: list[str], board: list[str]) -> None:
        rng = np.random.default_rng(7)
        share = equity_vs_random(hero, board, samples=self.SAMPLES, rng=rng)
        assert share == pytest.approx(exact_equity_vs_one(hero, board), abs=tolerance(self.SAMPLES))

    def test_more_opponents_leave_less_equity(self) -> None:
        rng = np.random.default_rng(3)
        heads_up = equity_vs_random(["Ah", "Ad"], opponents=1, samples=20_000, rng=rng)
        four_way = equity_vs_random(["Ah", "Ad"], opponents=3, samples=20_000, rng=rng)
        assert four_way < heads_up


class TestSplits:
    def test_made_royal_flush_wins_the_whole_pot(self) -> None:
        share = equity_vs_random(["As", "Ks"], ["Qs", "Js", "Ts", "2c", "3d"], opponents=5)
        assert share == 1.0

    @pytest.mark.parametrize("opponents", [1, 2, 3, 8])
    def test_royal_flush_on_the_board_splits_evenly(self, opponents: int) -> None:
        board = ["As", "Ks", "Qs", "Js", "Ts"]
        share = equity_vs_random(["2c", "3d"], board, opponents=opponents, samples=2_000)
        assert share == pytest.approx(1 / (opponents + 1))

    def test_pot_shares_split_ties_among_the_best_hands_only(self) -> None:
        def indices(cards: str) -> list[int]:
            return [card_index(card) for card in cards.split()]

        boards = np.array(
            [indices("Kc Kd Qh Qs 9c"), indices("Kc Kd Qh Qs 9c"), indices("5c 6d 7h 8s 9c")]
        )
        holes = np.array(
            [
                [indices("5h 5d"), indices("4h 4d"), indices("3c 3h")],  # hero's ace kicker wins
                [indices("Ah 3d"), indices("4h 4d"), indices("5h 5d")],  # two ace kickers split
                [indices("2c 3c"), indices("4h 4d"), indices("Jh Qd")],  # all play the board
            ]
        )
        hero = indices("As 2d")
        assert pot_shares(hero, boards, holes).tolist() == [1.0, 0.5, 0.25]


class TestDealing:
    def test_same_seed_same_equity(self) -> None:
        first = equity_vs_random(["Qh", "Jh"], opponents=2, rng=np.random.default_rng(42))
        again = equity_vs_random(["Qh", "Jh"], opponents=2, rng=np.random.default_rng(42))
        assert first == again

    def test_every_unknown_card_is_dealt_to_every_role_alike(self) -> None:
        live = np.arange(50)
        samples, count = 100_000, 9
        drawn = _draw_distinct(live, samples, count, np.random.default_rng(9))
        assert np.all(np.sort(drawn, axis=1)[:, 1:] != np.sort(drawn, axis=1)[:, :-1])
        expected = samples / len(live)
        for column in range(count):
            frequency = np.bincount(drawn[:, column], minlength=len(live))
            assert np.abs(frequency - expected).max() < 5 * expected**0.5

    def test_only_live_cards_are_dealt(self) -> None:
        live = np.array([3, 17, 22, 40, 41, 50], dtype=np.int8)
        drawn = _draw_distinct(live, 1_000, 6, np.random.default_rng(1))
        assert set(np.unique(drawn).tolist()) == set(live.tolist())
        assert np.all(np.sort(drawn, axis=1) == np.sort(live))


class TestInputs:
    @pytest.mark.parametrize(
        ("hero", "board"),
        [
            (["As", "As"], []),
            (["As", "Kd"], ["As", "7c", "2h"]),
            (["As", "Kd"], ["7c", "7c", "2h"]),
            (["As"], []),
            (["As", "Kd", "Qh"], []),
            (["As", "Xx"], []),
            (["As", "Kd"], ["2c", "3c", "4c", "5c", "6c", "7c"]),
            ("AsKd", []),
        ],
    )
    def test_rejects_impossible_cards(self, hero: list[str], board: list[str]) -> None:
        with pytest.raises(ValueError):
            equity_vs_random(hero, board)

    @pytest.mark.parametrize("opponents", [0, -1, 23, True])
    def test_rejects_impossible_opponent_counts(self, opponents: int) -> None:
        with pytest.raises(ValueError):
            equity_vs_random(["As", "Kd"], opponents=opponents)

    def test_twenty_two_opponents_still_fit_in_the_deck(self) -> None:
        share = equity_vs_random(["As", "Kd"], opponents=22, samples=200)
        assert 0.0 <= share <= 1.0

    @pytest.mark.parametrize("samples", [0, -5])
    def test_rejects_no_samples(self, samples: int) -> None:
        with pytest.raises(ValueError):
            equity_vs_random(["As", "Kd"], samples=samples)

    def test_docstring_examples_hold(self) -> None:
        assert doctest.testmod(equity).failed == 0
