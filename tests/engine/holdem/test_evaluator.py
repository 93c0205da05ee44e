"""RULES.md §1.5 hand ranking, proved on the evaluator.

Hand-built cases sit at each category boundary; the exhaustive five-card census and the
differential runs against eval7 and treys are the correctness backbone.
"""

from __future__ import annotations

import doctest
from itertools import combinations

import eval7
import numpy as np
import pytest
import treys

from games.engine.cards import STANDARD_DECK, card_index
from games.engine.holdem import evaluator
from games.engine.holdem.evaluator import (
    CATEGORY_NAMES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    category,
    evaluate,
    evaluate_batch,
    evaluate_indices,
    hand_rank,
)


def describe(value: int) -> str:
    """A hand value called in English, through its data (as the admin calls it)."""
    return evaluator.describe(hand_rank(value))


def value(cards: str) -> int:
    return evaluate(cards.split())


def random_hands(count: int, size: int, seed: int) -> np.ndarray:
    keys = np.random.default_rng(seed).random((count, 52))
    return np.argpartition(keys, size - 1, axis=1)[:, :size]


def as_cards(hands: np.ndarray) -> list[list[str]]:
    return [[STANDARD_DECK[index] for index in row] for row in hands.tolist()]


class TestCategoryOrder:
    # Each pair: the lowest hand of a category, then the highest of the category below it.
    BOUNDARIES = [
        ("2c 2d 3h 4s 5c", "Ac Kd Qh Js 9c", PAIR, HIGH_CARD),
        ("3c 3d 2h 2s 4c", "Ac Ad Kh Qs Jc", TWO_PAIR, PAIR),
        ("2c 2d 2h 3s 4c", "Ac Ad Kh Ks Qc", THREE_OF_A_KIND, TWO_PAIR),
        ("Ac 2d 3h 4s 5c", "Ac Ad Ah Ks Qc", STRAIGHT, THREE_OF_A_KIND),
        ("2h 3h 4h 5h 7h", "Ac Kd Qh Js Tc", FLUSH, STRAIGHT),
        ("2c 2d 2h 3s 3c", "Ah Kh Qh Jh 9h", FULL_HOUSE, FLUSH),
        ("2c 2d 2h 2s 3c", "Ac Ad Ah Ks Kc", FOUR_OF_A_KIND, FULL_HOUSE),
        ("Ad 2d 3d 4d 5d", "Ac Ad Ah As Kc", STRAIGHT_FLUSH, FOUR_OF_A_KIND),
    ]

    @pytest.mark.parametrize(("lowest", "highest_below", "upper", "lower"), BOUNDARIES)
    def test_lowest_of_a_category_beats_highest_of_the_one_below(
        self, lowest: str, highest_below: str, upper: int, lower: int
    ) -> None:
        assert category(value(lowest)) == upper
        assert category(value(highest_below)) == lower
        assert value(lowest) > value(highest_below)

    def test_royal_flush_is_the_ace_high_straight_flush(self) -> None:
        royal = value("As Ks Qs Js Ts")
        assert category(royal) == STRAIGHT_FLUSH
        assert royal > value("Kh Qh Jh Th 9h")
        assert royal == value("Ad Kd Qd Jd Td")
        assert describe(royal) == "royal flush"

    def test_category_names_follow_the_ranking(self) -> None:
        assert CATEGORY_NAMES[HIGH_CARD] == "high_card"
        assert CATEGORY_NAMES[STRAIGHT_FLUSH] == "straight_flush"
        assert len(CATEGORY_NAMES) == 9


class TestStraights:
    def test_wheel_is_five_high_straight(self) -> None:
        wheel = value("Ac 2d 3h 4s 5c")
        assert category(wheel) == STRAIGHT
        assert describe(wheel) == "straight, five high"
        assert wheel < value("2c 3d 4h 5s 6c")

    def test_ace_high_straight_is_the_best_straight(self) -> None:
        assert value("Tc Jd Qh Ks Ac") > value("9c Td Jh Qs Kc")

    def test_no_wrap_around_straight(self) -> None:
        assert category(value("Qc Kd Ah 2s 3c")) == HIGH_CARD
        assert category(value("Jc Qd Kh As 2c")) == HIGH_CARD
        assert category(value("Kc Ad 2h 3s 4c")) == HIGH_CARD

    def test_highest_run_plays_among_six_connected_ranks(self) -> None:
        assert describe(value("4c 5d 6h 7s 8c 9d")) == "straight, nine high"
        assert describe(value("Ac 2d 3h 4s 5c 6d")) == "straight, six high"

    def test_wheel_straight_flush_is_the_lowest_straight_flush(self) -> None:
        steel_wheel = value("Ah 2h 3h 4h 5h")
        assert describe(steel_wheel) == "straight flush, five high"
        assert steel_wheel < value("2h 3h 4h 5h 6h")

    def test_straight_flush_beats_ace_high_flush_of_the_same_suit(self) -> None:
        assert describe(value("5h 6h 7h 8h 9h Ah Kc")) == "straight flush, nine high"


class TestTies:
    def test_suits_never_rank(self) -> None:
        assert value("As Ks Qs Js 9s") == value("Ah Kh Qh Jh 9h")
        assert value("Ac Kd Qh Js 9c") == value("Ad Kc Qs Jh 9d")
        assert value("2c 2d 7h 8s 9c") == value("2h 2s 7c 8d 9h")

    def test_sixth_and_seventh_cards_never_break_a_tie(self) -> None:
        board = "Ah Ad Kc Kd Qs"
        # Jack and four do not play: both hands are A-A-K-K-Q.
        assert value(f"{board} 2c 3d") == value(f"{board} Jh 4s")
        # A straight on the board: hole cards below it add nothing.
        straight = "5c 6d 7h 8s 9c"
        assert value(f"{straight} Ac Kd") == value(f"{straight} 2h 2s")

    def test_counterfeited_two_pair_plays_the_board(self) -> None:
        board = "Kc Kd Qh Qs 9c"
        fives, fours = value(f"{board} 5h 5d"), value(f"{board} 4h 4d")
        assert fives == fours == value(board)
        assert describe(fives) == "two pair, kings and queens"
        # A higher kicker still plays.
        assert value(f"{board} Ah 2d") > fives

    def test_three_pairs_play_the_best_two_and_the_best_remaining_card(self) -> None:
        assert value("Kc Kd Qh Qs 7c 7d Ah") == value("Kc Kd Qh Qs Ah")
        assert value("Kc Kd Qh Qs 7c 7d 2h") == value("Kc Kd Qh Qs 7h")


class TestKickers:
    def test_kickers_compared_in_order(self) -> None:
        assert value("Kc Kd Ah Qs 3c") > value("Kh Ks Ac Jd Tc")
        assert value("Kc Kd Ah Qs 4c") > value("Kh Ks Ac Qd 3c")
        assert value("Ac Jd 9h 6s 4c") > value("Ad Jc 9s 6h 3d")
        assert value("Ac Kd 3h 4s 6c") > value("Ad Qc Jh Ts 8d")

    def test_pair_rank_outweighs_kickers(self) -> None:
        assert value("3c 3d 2h 4s 5c") > value("2c 2d Ah Ks Qc")

    def test_two_pair_compares_high_pair_then_low_pair_then_kicker(self) -> None:
        assert value("Ac Ad 3h 3s 2c") > value("Kc Kd Qh Qs Jc")
        assert value("Ac Ad 4h 4s 2c") > value("Ah As 3c 3d Kc")
        assert value("Ac Ad 4h 4s 3c") > value("Ah As 4c 4d 2c")

    def test_full_house_compares_trips_before_pair(self) -> None:
        assert value("3c 3d 3h 2s 2c") > value("2h 2s 2d Ac Ad")

    def test_two_trips_make_the_best_full_house(self) -> None:
        assert describe(value("Ac Ad Ah Kc Kd Kh 2s")) == "full house, aces full of kings"

    def test_quads_kicker_is_the_best_remaining_card(self) -> None:
        assert value("9c 9d 9h 9s Kc Kd 2h") == value("9c 9d 9h 9s Kh")
        assert value("9c 9d 9h 9s 3c 3d 3h") == value("9c 9d 9h 9s 3s")

    def test_seven_card_flush_plays_its_top_five(self) -> None:
        assert value("Ah Kh 9h 7h 5h 3h 2h") == value("Ah Kh 9h 7h 5h")


class TestDescribe:
    @pytest.mark.parametrize(
        ("cards", "words"),
        [
            ("Ac Kd 9h 6s 4c", "high card, ace"),
            ("6c 6d 9h Ks 4c", "pair of sixes"),
            ("Kh Kd 7c 7s 2d 3c 9h", "two pair, kings and sevens"),
            ("2h 2d 2c 7s Ad", "three of a kind, twos"),
            ("Tc Jd Qh Ks Ac", "straight, ace high"),
            ("2h 9h Jh 4h 6h", "flush, jack high"),
            ("6c 6d 6h Ks Kd", "full house, sixes full of kings"),
            ("Qc Qd Qh Qs 3d", "four of a kind, queens"),
            ("9s Ks Qs Js Ts", "straight flush, king high"),
            ("As Ks Qs Js Ts", "royal flush"),
        ],
    )
    def test_describes_the_hand_as_a_dealer_calls_it(self, cards: str, words: str) -> None:
        assert describe(value(cards)) == words


class TestInputs:
    @pytest.mark.parametrize(
        "cards",
        [
            ["As", "Ks", "Qs", "Js"],
            ["As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s"],
            ["As", "As", "Qs", "Js", "Ts"],
            ["As", "Ks", "Qs", "Js", "1s"],
        ],
    )
    def test_evaluate_rejects_anything_but_five_to_seven_distinct_cards(
        self, cards: list[str]
    ) -> None:
        with pytest.raises(ValueError):
            evaluate(cards)

    @pytest.mark.parametrize("indices", [[0, 1, 2, 3], [0, 1, 2, 3, 52], [0, 1, 2, 3, -1], [5] * 5])
    def test_evaluate_indices_rejects_bad_indices(self, indices: list[int]) -> None:
        with pytest.raises(ValueError):
            evaluate_indices(indices)

    @pytest.mark.parametrize(
        "hands",
        [
            np.array([[0, 1, 2, 3]]),
            np.array([[0, 1, 2, 3, 4, 5, 6, 7]]),
            np.array([0, 1, 2, 3, 4]),
            np.array([[0, 1, 2, 3, 52]]),
            np.array([[0, 1, 2, 3, -1]]),
            np.array([[0.0, 1, 2, 3, 4]]),
            np.array([[8, 9, 10, 11, 12], [0, 4, 8, 12, 0]]),
            np.array([[51, 51, 2, 3, 4, 5, 6]]),
        ],
    )
    def test_evaluate_batch_rejects_malformed_rows(self, hands: np.ndarray) -> None:
        with pytest.raises(ValueError):
            evaluate_batch(hands)

    def test_evaluate_batch_of_no_hands_is_empty(self) -> None:
        assert evaluate_batch(np.empty((0, 7), dtype=np.int64)).shape == (0,)

    def test_docstring_examples_hold(self) -> None:
        assert doctest.testmod(evaluator).failed == 0


class TestBestFiveOfSeven:
    def test_value_is_the_best_of_every_five_card_subset(self) -> None:
        hands = random_hands(3_000, 7, seed=11)
        subsets = np.array(list(combinations(range(7), 5)))
        best_five = evaluate_batch(hands[:, subsets].reshape(-1, 5)).reshape(-1, 21).max(axis=1)
        assert np.array_equal(evaluate_batch(hands), best_five)

    def test_value_is_the_best_of_every_five_card_subset_of_six(self) -> None:
        hands = random_hands(3_000, 6, seed=12)
        subsets = np.array(list(combinations(range(6), 5)))
        best_five = evaluate_batch(hands[:, subsets].reshape(-1, 5)).reshape(-1, 6).max(axis=1)
        assert np.array_equal(evaluate_batch(hands), best_five)

    @pytest.mark.parametrize("size", [5, 6, 7])
    def test_scalar_and_batch_agree(self, size: int) -> None:
        hands = random_hands(20_000, size, seed=size)
        batch = evaluate_batch(hands).tolist()
        assert [evaluate(row) for row in as_cards(hands)] == batch
        assert [evaluate_indices(row) for row in hands.tolist()] == batch

    def test_batch_accepts_any_integer_dtype(self) -> None:
        hands = random_hands(1_000, 7, seed=13)
        expected = evaluate_batch(hands)
        for dtype in (np.int8, np.uint8, np.int16, np.int32, np.uint64):
            assert np.array_equal(evaluate_batch(hands.astype(dtype)), expected)


@pytest.fixture(scope="module")
def every_five_card_value() -> np.ndarray:
    hands = np.fromiter(combinations(range(52), 5), dtype=np.dtype((np.int8, 5)), count=2_598_960)
    return evaluate_batch(hands)


@pytest.mark.slow
class TestEveryFiveCardHand:
    KNOWN_COUNTS = {
        "straight_flush": 40,
        "four_of_a_kind": 624,
        "full_house": 3_744,
        "flush": 5_108,
        "straight": 10_200,
        "three_of_a_kind": 54_912,
        "two_pair": 123_552,
        "pair": 1_098_240,
        "high_card": 1_302_540,
    }

    def test_every_category_has_its_known_count(self, every_five_card_value: np.ndarray) -> None:
        counts = np.bincount(every_five_card_value >> 20, minlength=9)
        assert {CATEGORY_NAMES[kind]: int(n) for kind, n in enumerate(counts)} == self.KNOWN_COUNTS

    def test_four_royal_flushes(self, every_five_card_value: np.ndarray) -> None:
        assert int((every_five_card_value == value("As Ks Qs Js Ts")).sum()) == 4

    def test_7462_distinct_hand_values(self, every_five_card_value: np.ndarray) -> None:
        assert len(np.unique(every_five_card_value)) == 7_462


_EVAL7_CATEGORY = {
    "High Card": "high_card",
    "Pair": "pair",
    "Two Pair": "two_pair",
    "Trips": "three_of_a_kind",
    "Straight": "straight",
    "Flush": "flush",
    "Full House": "full_house",
    "Quads": "four_of_a_kind",
    "Straight Flush": "straight_flush",
}


def assert_same_order(ours: np.ndarray, theirs: np.ndarray) -> None:
    """Every pair of hands compares the same way (win, loss or tie) under both scales."""
    by_ours = np.lexsort((theirs, ours))
    assert np.all(np.diff(theirs[by_ours]) >= 0), "a hand we rank higher, they rank lower"
    pairs = np.unique(np.stack((ours, theirs), axis=1), axis=0)
    assert len(pairs) == len(np.unique(ours)) == len(np.unique(theirs)), "ties differ"


@pytest.mark.slow
class TestAgainstIndependentEvaluators:
    def test_seven_card_order_agrees_with_eval7(self) -> None:
        hands = random_hands(200_000, 7, seed=2024)
        deck = [eval7.Card(card) for card in STANDARD_DECK]
        theirs = np.array([eval7.evaluate([deck[i] for i in row]) for row in hands.tolist()])
        ours = evaluate_batch(hands)
        assert_same_order(ours, theirs)
        their_categories = [_EVAL7_CATEGORY[eval7.handtype(v)] for v in theirs.tolist()]
        assert [CATEGORY_NAMES[kind] for kind in (ours >> 20).tolist()] == their_categories

    def test_seven_card_order_agrees_with_treys(self) -> None:
        hands = random_hands(20_000, 7, seed=2025)
        judge = treys.Evaluator()
        deck = [treys.Card.new(card) for card in STANDARD_DECK]
        # treys ranks 1 (royal flush) to 7462 (worst high card): lower is better.
        theirs = -np.array(
            [
                judge.evaluate([deck[i] for i in row[:2]], [deck[i] for i in row[2:]])
                for row in hands.tolist()
            ]
        )
        assert_same_order(evaluate_batch(hands), theirs)

    def test_hand_built_boundaries_agree_with_eval7(self) -> None:
        for lowest, highest_below, _, _ in TestCategoryOrder.BOUNDARIES:
            ours = value(lowest) > value(highest_below)
            theirs = eval7.evaluate([eval7.Card(c) for c in lowest.split()]) > eval7.evaluate(
                [eval7.Card(c) for c in highest_below.split()]
            )
            assert ours == theirs


def test_card_indices_follow_the_card_module() -> None:
    royal = ["As", "Ks", "Qs", "Js", "Ts"]
    assert evaluate_indices([card_index(card) for card in royal]) == evaluate(royal)
