"""RULES.md §2.4 — ranking and settlement: only the two locked cards are compared, A high down to
2, except that a 2 beats an A; suits do not matter and equal ranks tie; after betting both locked
cards are revealed, the stronger wins the pot and a tie splits it; after a fold both locked cards
are still revealed, the ranks do not change the result, and the player who did not fold wins."""

from __future__ import annotations

import itertools

import pytest

from games.engine.cards import RANKS
from games.engine.updown import events as ev
from games.engine.updown.cards import compare
from tests.engine.updown.table import Table


def showdown(locked_0: str, locked_1: str, kept: tuple[str, str] = ("3c2", "4c2")) -> Table:
    """One deal: seat 0 locks ``locked_0``, seat 1 ``locked_1``, both bet 2 and show down."""
    table = Table()
    table.deal((f"{locked_0} {kept[0]}", f"{locked_1} {kept[1]}"))
    table.lock_both(locked_0, locked_1)
    table.bet(0, 2)
    table.call(1)
    return table


def test_the_higher_locked_card_wins_the_pot() -> None:
    table = showdown("Kd1", "Qs1")

    award = table.last(ev.PotAwarded)

    assert table.last(ev.LockedCardsRevealed) == ev.LockedCardsRevealed(cards=("Kd1", "Qs1"))
    assert (award.winners, award.shares, award.outcome) == ((0,), (6,), "higher_card")
    assert table.stacks == (23, 17)


def test_a_2_beats_an_ace() -> None:
    table = showdown("As1", "2h2")

    assert table.last(ev.PotAwarded).winners == (1,)
    assert table.last(ev.DealEnded).winner == 1


@pytest.mark.parametrize("rank", RANKS[1:-1])
def test_a_2_beats_only_an_ace(rank: str) -> None:
    table = showdown("2d1", f"{rank}s1")

    assert table.last(ev.PotAwarded).winners == (1,)


@pytest.mark.parametrize("rank", RANKS[1:-1])
def test_an_ace_beats_every_card_but_a_2(rank: str) -> None:
    assert compare("Ac1", f"{rank}d2") == 1
    assert compare(f"{rank}d2", "Ac1") == -1


def test_cards_rank_from_ace_down_to_2_otherwise() -> None:
    for low, high in itertools.combinations(RANKS, 2):
        expected = -1 if (low, high) != ("2", "A") else 1
        assert compare(f"{low}c1", f"{high}h2") == expected, (low, high)


def test_only_the_locked_cards_are_compared() -> None:
    # Seat 0 keeps an ace and locks a 3; seat 1 keeps a 2 and locks a 4.
    table = showdown("3d1", "4d1", kept=("Ac1", "2c1"))

    assert table.last(ev.PotAwarded).winners == (1,)


@pytest.mark.parametrize("suits", [("c", "c"), ("c", "s"), ("h", "d")])
def test_suits_do_not_matter_equal_ranks_tie_and_split_the_pot(suits: tuple[str, str]) -> None:
    first, second = f"9{suits[0]}1", f"9{suits[1]}2"
    table = showdown(first, second)

    award = table.last(ev.PotAwarded)

    assert award.outcome == "tie"
    assert sorted(award.shares) == [3, 3]
    assert award.odd_chips == ()
    assert table.stacks == (20, 20)
    assert table.last(ev.DealEnded).winner is None


def test_a_tied_pot_is_always_even_once_unmatched_chips_are_returned() -> None:
    table = Table(stacks=(5, 20))
    table.deal(("9c1 3c2", "9d2 4c2"))
    table.lock_both("9c1", "9d2")
    table.check(0)
    table.bet(1, 7)

    table.call(0)  # all-in for 4: the other 3 go back

    award = table.last(ev.PotAwarded)
    assert table.this_deal(ev.UncalledBetReturned) == [ev.UncalledBetReturned(seat=1, amount=3)]
    assert (award.amount, award.shares, award.odd_chips) == (10, (5, 5), ())


def test_a_fold_still_reveals_both_locked_cards() -> None:
    table = Table()
    table.deal(("As1 3c2", "2h2 4c2"))
    table.lock_both("As1", "2h2")
    table.bet(0, 4)

    produced = table.fold(1)  # the 2 would have beaten the ace

    assert ev.LockedCardsRevealed(cards=("As1", "2h2")) in produced
    award = table.last(ev.PotAwarded)
    assert (award.winners, award.outcome) == ((0,), "fold")
    assert table.last(ev.DealEnded).winner == 0
    assert table.stacks == (21, 19)
