"""The kicker that decided a pot: ``PotAwarded.kickers`` counts the winning hand's kicker ranks it
took to beat the best other hand shown for that pot, so that a client can say "Pair of eights,
jack kicker" — and 0 whenever the category or the ranks naming the hand decided, or nobody else
showed a hand for the pot."""

from __future__ import annotations

import pytest

from games.engine.holdem import events as ev
from games.engine.holdem.evaluator import evaluate, kickers_needed
from tests.engine.holdem.table import Table
from tests.engine.holdem.test_rules_showdown import heads_up_to_the_river


def awards(table: Table) -> list[tuple[int, tuple[int, ...], int]]:
    """(pot, winners, kickers) of the last hand, main pot first."""
    found = sorted(table.this_hand(ev.PotAwarded), key=lambda award: award.pot)
    return [(award.pot, award.winners, award.kickers) for award in found]


@pytest.mark.parametrize(
    ("holes", "board", "winner", "kickers", "ranks"),
    [
        # Pair of eights, jack kicker (the second kicker would not have mattered).
        ({1: "8hJd", 2: "8sTc"}, "8d6c4s3h2d", 1, 1, ["8", "J", "6", "4"]),
        # Ace high, king-queen kicker: the second kicker decides.
        ({1: "AhQd", 2: "AsJc"}, "Kd8c6s3h2d", 1, 2, ["A", "K", "Q", "8", "6"]),
        # Two pair, kings and sevens, ace kicker.
        ({1: "KhAd", 2: "KsQc"}, "Kd7c7s3h2d", 1, 1, ["K", "7", "A"]),
        # Three of a kind on the board: the hole cards are the kickers.
        ({1: "AhQd", 2: "KsQc"}, "9d9c9s3h2d", 1, 1, ["9", "A", "Q"]),
        # Four of a kind on the board, the fifth card from a hole card.
        ({1: "AhQd", 2: "KsQc"}, "9d9c9s9h2d", 1, 1, ["9", "A"]),
        # Two flushes with the same top card: the second card decides.
        ({1: "Qh3d", 2: "Jh4c"}, "Ah9h6h2h8c", 1, 1, ["A", "Q", "9", "6", "2"]),
        # A higher pair: the ranks that name the hand decided, no kicker.
        ({1: "9hJd", 2: "8sAc"}, "9d8c5s3h2d", 1, 0, ["9", "J", "8", "5"]),
        # A better category: no kicker.
        ({1: "9h9d", 2: "AsKc"}, "9c8c5s3h2d", 1, 0, ["9", "8", "5"]),
        # Full houses have no kickers, whatever decided.
        ({1: "KhKd", 2: "QsQc"}, "KcQd5s5h2d", 1, 0, ["K", "5"]),
    ],
)
def test_the_kickers_that_decided_a_heads_up_pot(
    holes: dict[int, str], board: str, winner: int, kickers: int, ranks: list[str]
) -> None:
    table = Table()
    heads_up_to_the_river(table, holes, board)

    award = table.last(ev.PotAwarded)
    assert (award.winners, award.kickers) == ((winner,), kickers)
    assert award.hand_rank is not None and award.hand_rank["ranks"] == ranks


def test_a_split_pot_of_equal_hands_names_no_kicker() -> None:
    table = Table()
    heads_up_to_the_river(table, {1: "8hJd", 2: "8sJc"}, "8d6c4s3h2d")

    assert awards(table) == [(0, (1, 2), 0)]


def test_when_the_board_plays_the_split_names_no_kicker() -> None:
    table = Table()
    heads_up_to_the_river(table, {1: "2h3d", 2: "2s4c"}, "AdKcQsJh9d")

    assert awards(table) == [(0, (1, 2), 0)]


def test_a_split_that_beat_a_third_hand_by_a_kicker_names_it() -> None:
    table = Table()
    table.deal(holes={0: "8hJd", 1: "8sJc", 2: "8cTd", 3: "2c3d"}, board="8d6c4s3h2d")
    table.fold(3)
    table.call(0)
    table.call(1)
    table.check(2)
    table.check_down()

    assert awards(table) == [(0, (1, 0), 1)]  # winners clockwise from the button's left


def short_stack_all_in_with_a_side_pot(holes: dict[int, str], board: str) -> Table:
    """Seat 0 goes all-in for 300 and seats 1 and 2 call, then bet 100 more on the flop between
    them (a side pot) and check it down; seat 3 folds."""
    table = Table(stacks=(300, 1000, 1000, 1000))
    table.deal(holes=holes, board=board)
    table.fold(3)
    table.raise_to(0, 300)
    table.call(1)
    table.call(2)
    table.bet(1, 100)
    table.call(2)
    table.check_down()
    return table


def test_each_side_pot_names_the_kicker_that_decided_it() -> None:
    # Seat 0 (short) wins the main pot with the best pair; seats 1 and 2 share the same pair in
    # the side pot and seat 1's kicker takes it.
    table = short_stack_all_in_with_a_side_pot(
        {0: "AhAd", 1: "KhQd", 2: "KsJc", 3: "7c2d"}, "Kd8c6s4h3d"
    )

    assert awards(table) == [(0, (0,), 0), (1, (1,), 1)]


def test_a_main_pot_decided_by_a_kicker_and_a_side_pot_by_the_category() -> None:
    table = short_stack_all_in_with_a_side_pot(
        {0: "KhAd", 1: "KsQc", 2: "6h6d", 3: "7c2d"}, "Kd8c6s4h3d"
    )

    # Seat 2's set of sixes wins both pots: beaten hands are pairs, the category decided.
    assert awards(table) == [(0, (2,), 0), (1, (2,), 0)]


def test_main_pot_by_kicker_side_pot_by_a_better_pair() -> None:
    table = short_stack_all_in_with_a_side_pot(
        {0: "KhAd", 1: "KsQc", 2: "8h2s", 3: "7c2d"}, "Kd8c6s4h3d"
    )

    # Main pot: kings, ace kicker over kings, queen kicker. Side pot: kings over eights.
    assert awards(table) == [(0, (0,), 1), (1, (1,), 0)]


def test_an_uncontested_pot_names_no_kicker() -> None:
    table = Table()
    table.deal(holes={3: "AsAd"})
    table.raise_to(3, 60)
    table.fold(0)
    table.fold(1)
    table.fold(2)

    assert awards(table) == [(0, (3,), 0)]


def test_kickers_needed_reads_values_not_cards() -> None:
    high = evaluate(["Ah", "Kd", "Qc", "Js", "9d"])
    assert kickers_needed(high, None) == 0
    assert kickers_needed(high, evaluate(["As", "Kc", "Qd", "Jh", "8c"])) == 4
    assert kickers_needed(high, evaluate(["Ks", "Qh", "Jd", "9c", "7h"])) == 0


def test_a_pot_awarded_of_version_2_reads_as_no_kicker() -> None:
    from games.engine.events import from_record

    award = from_record(
        "holdem.pot_awarded",
        2,
        {
            "pot": 0,
            "amount": 40,
            "eligible": [1, 2],
            "winners": [1],
            "shares": [40],
            "hand_rank": {"category": "pair", "ranks": ["8", "J", "6", "4"]},
            "odd_chips": [],
        },
    )
    assert isinstance(award, ev.PotAwarded) and award.kickers == 0
