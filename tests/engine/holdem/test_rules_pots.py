"""RULES.md §1.6 — settling pots: uncalled excess goes back first; side pots by all-in level;
folded chips stay in the pots but folded players cannot win; pots are settled from the last side
pot to the main pot; indivisible chips go one at a time clockwise from the button's left."""

from __future__ import annotations

from games.engine.holdem import events as ev
from tests.engine.holdem.table import NEUTRAL_BOARD, Table


def pots(table: Table) -> list[tuple[int, int, tuple[int, ...], tuple[int, ...]]]:
    """(pot number, amount, eligible seats, winners) of the hand's awards, in settling order."""
    return [(p.pot, p.amount, p.eligible, p.winners) for p in table.this_hand(ev.PotAwarded)]


# --- uncalled bets ---------------------------------------------------------------------------


def test_an_uncalled_bet_is_returned_when_everyone_folds() -> None:
    table = Table()
    table.deal()
    table.raise_to(3, 60)
    table.fold(0)
    table.fold(1)

    table.fold(2)

    assert table.this_hand(ev.UncalledBetReturned) == [ev.UncalledBetReturned(seat=3, amount=40)]
    # The pot holds the blinds and the 20 of the raise the big blind matched.
    assert pots(table) == [(0, 50, (3,), (3,))]
    assert table.stacks == (1000, 990, 980, 1030)


def test_uncalled_excess_is_returned_to_the_bettor_before_pots_are_built() -> None:
    table = Table(stacks=(400, 1000, 1000, 1600))
    table.deal(holes={0: "KsKd", 3: "AsAd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 1000)

    table.call(0)  # all-in for 400
    table.fold(1)
    table.fold(2)

    hand = table.hand_events
    returned = [i for i, e in enumerate(hand) if isinstance(e, ev.UncalledBetReturned)]
    awarded = [i for i, e in enumerate(hand) if isinstance(e, ev.PotAwarded)]
    assert [hand[i] for i in returned] == [ev.UncalledBetReturned(seat=3, amount=600)]
    assert returned[0] < min(awarded)
    assert pots(table) == [(0, 830, (0, 3), (3,))]
    assert table.stacks == (0, 990, 980, 2030)


def test_an_uncalled_raise_is_returned_when_the_raiser_is_left_alone_after_the_flop() -> None:
    table = Table()
    table.deal(board=NEUTRAL_BOARD)
    table.call(3)
    table.call(0)
    table.call(1)
    table.check(2)
    table.bet(1, 40)
    table.raise_to(2, 140)
    table.fold(3)
    table.fold(0)

    table.fold(1)

    assert table.this_hand(ev.UncalledBetReturned) == [ev.UncalledBetReturned(seat=2, amount=100)]
    assert pots(table) == [(0, 160, (2,), (2,))]
    assert table.board == "2c7d9h"  # no turn or river after the fold-out


# --- side pots -------------------------------------------------------------------------------


def test_one_short_all_in_makes_a_main_pot_and_a_side_pot() -> None:
    table = Table(stacks=(300, 1000, 1000, 1700))
    table.deal(holes={0: "AsAd", 2: "QsQd", 3: "KsKd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 500)
    table.call(0)  # all-in for 300
    table.fold(1)
    table.call(2)

    table.check_down()

    # Main pot: 300 from each of seats 0, 2, 3 and the folded small blind's 10.
    assert pots(table) == [
        (1, 400, (2, 3), (3,)),
        (0, 910, (0, 2, 3), (0,)),
    ]
    assert table.stacks == (910, 990, 500, 1600)


def test_two_all_in_levels_make_a_main_pot_and_two_side_pots() -> None:
    table = Table(stacks=(100, 300, 1600, 2000))
    table.deal(holes={0: "AsAd", 1: "KsKd", 2: "QsQd", 3: "JsJd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 600)
    table.call(0)  # all-in for 100
    table.call(1)  # all-in for 300
    table.call(2)

    table.check_down()

    assert pots(table) == [
        (2, 600, (2, 3), (2,)),
        (1, 600, (1, 2, 3), (1,)),
        (0, 400, (0, 1, 2, 3), (0,)),
    ]
    assert table.stacks == (400, 600, 1600, 1400)


def test_three_all_in_levels_make_a_main_pot_and_two_side_pots_and_return_the_excess() -> None:
    table = Table(stacks=(100, 300, 600, 3000))
    table.deal(holes={0: "AsAd", 1: "KsKd", 2: "QsQd", 3: "JsJd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 3000)
    table.call(0)
    table.call(1)

    table.call(2)

    assert table.this_hand(ev.UncalledBetReturned) == [ev.UncalledBetReturned(seat=3, amount=2400)]
    assert pots(table) == [
        (2, 600, (2, 3), (2,)),
        (1, 600, (1, 2, 3), (1,)),
        (0, 400, (0, 1, 2, 3), (0,)),
    ]
    assert table.stacks == (400, 600, 600, 2400)


def test_the_biggest_stack_with_the_best_hand_wins_every_pot() -> None:
    table = Table(stacks=(100, 300, 600, 3000))
    table.deal(holes={0: "JsJd", 1: "QsQd", 2: "KsKd", 3: "AsAd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 3000)
    table.call(0)
    table.call(1)

    table.call(2)

    assert [award.winners for award in table.this_hand(ev.PotAwarded)] == [(3,), (3,), (3,)]
    assert table.stacks == (0, 0, 0, 4000)


def test_pots_are_settled_from_the_last_side_pot_to_the_main_pot() -> None:
    table = Table(stacks=(100, 300, 600, 3000))
    table.deal(holes={0: "AsAd", 1: "KsKd", 2: "QsQd", 3: "JsJd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 3000)
    table.call(0)
    table.call(1)

    table.call(2)

    assert [award.pot for award in table.this_hand(ev.PotAwarded)] == [2, 1, 0]


def test_folded_chips_stay_in_the_pots() -> None:
    table = Table(stacks=(100, 1000, 1000, 1900))
    table.deal(holes={0: "AsAd", 2: "QsQd", 3: "KsKd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 300)
    table.call(0)  # all-in for 100
    table.fold(1)  # leaves its small blind behind
    table.call(2)
    table.check(2)
    table.bet(3, 200)

    table.fold(2)  # leaves 300 behind

    assert table.this_hand(ev.UncalledBetReturned) == [ev.UncalledBetReturned(seat=3, amount=200)]
    # Main pot: 100 each from seats 0, 2, 3 and the small blind's 10. Side pot: the folded
    # big blind's other 200 and seat 3's 200; only seat 3 is left to claim it.
    assert pots(table) == [
        (1, 400, (3,), (3,)),
        (0, 310, (0, 3), (0,)),
    ]
    assert table.stacks == (310, 990, 700, 2000)


def test_a_folded_player_cannot_win_even_holding_the_best_hand() -> None:
    table = Table()
    table.deal(holes={0: "8s8d", 1: "AsAd", 2: "KsKd", 3: "3s3d"}, board=NEUTRAL_BOARD)
    table.call(3)
    table.call(0)
    table.call(1)
    table.check(2)
    table.check_round()
    table.check_round()
    table.check(1)
    table.bet(2, 100)
    table.fold(3)
    table.call(0)

    table.fold(1)

    assert pots(table) == [(0, 280, (0, 2), (2,))]
    assert {e.seat for e in table.this_hand(ev.HandShown)} == {0, 2}
    assert table.stacks == (880, 980, 1160, 980)


# --- odd chips -------------------------------------------------------------------------------


def test_an_odd_chip_goes_to_the_first_tied_winner_left_of_the_button() -> None:
    table = Table(stacks=(1000, 1000, 1975, 25))
    table.deal(holes={0: "AcKd", 2: "QsQd", 3: "AdKc"}, board="AhKs7d4c2h")
    table.raise_to(3, 25)  # all-in
    table.call(0)
    table.fold(1)
    table.call(2)

    table.check_down()

    (award,) = table.this_hand(ev.PotAwarded)
    assert (award.amount, set(award.winners)) == (85, {0, 3})
    # Clockwise from the button's left (seat 1): seat 3 comes before seat 0.
    assert dict(zip(award.winners, award.shares, strict=True)) == {3: 43, 0: 42}
    assert award.odd_chips == (3,)
    assert table.stacks == (1017, 990, 1950, 43)


def test_two_odd_chips_in_a_three_way_split_go_one_at_a_time_clockwise() -> None:
    table = Table()
    table.deal(
        holes={0: "Ac3d", 1: "QhJh", 2: "Ad4c", 3: "Ah5d"},
        board="KsKd7h7c2s",
    )
    table.call(3)
    table.call(0)
    table.call(1)
    table.check(2)

    table.check_down()

    (award,) = table.this_hand(ev.PotAwarded)
    assert (award.amount, set(award.winners)) == (80, {0, 2, 3})
    # 80 = 3 x 26 + 2: the two odd chips go to seats 2 and 3, the first winners from seat 1 on.
    assert dict(zip(award.winners, award.shares, strict=True)) == {2: 27, 3: 27, 0: 26}
    assert award.odd_chips == (2, 3)
    assert table.stacks == (1006, 980, 1007, 1007)
