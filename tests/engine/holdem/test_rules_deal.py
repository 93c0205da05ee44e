"""RULES.md §1.2 — deck and deal: one 52-card deck, a fresh shuffle every hand, hole cards one at a
time clockwise from the button's left, and one burn before the flop, the turn and the river."""

from __future__ import annotations

import pytest

from games.engine.cards import STANDARD_DECK
from games.engine.errors import IllegalAction
from games.engine.holdem import events as ev
from games.engine.holdem.evaluator import describe
from games.engine.holdem.game import StartHand
from games.engine.shuffle import commitment, shuffled
from tests.engine.holdem.table import Table, deck_for


def numbered_deck() -> tuple[str, ...]:
    """A deck whose order is easy to read back: position i holds STANDARD_DECK[i]."""
    return STANDARD_DECK


def test_hole_cards_are_dealt_one_at_a_time_clockwise_from_the_left_of_the_button() -> None:
    table = Table()
    deck = numbered_deck()

    table.run(StartHand(deck=deck))

    dealt = table.this_hand(ev.HoleCardsDealt)
    # Button on seat 0: seats 1, 2, 3, 0 take the first round, then the second round.
    assert [(e.seat, e.cards) for e in dealt] == [
        (1, (deck[0], deck[4])),
        (2, (deck[1], deck[5])),
        (3, (deck[2], deck[6])),
        (0, (deck[3], deck[7])),
    ]


def test_one_card_is_burned_before_the_flop_the_turn_and_the_river() -> None:
    table = Table()
    deck = numbered_deck()
    table.run(StartHand(deck=deck))
    table.call(3)
    table.call(0)
    table.call(1)
    table.check(2)

    table.check_down()

    boards = table.this_hand(ev.BoardDealt)
    # Four players take deck[0..7]; then burn 8, flop 9-11, burn 12, turn 13, burn 14, river 15.
    assert [(e.street, e.burned, e.cards) for e in boards] == [
        ("flop", deck[8], deck[9:12]),
        ("turn", deck[12], (deck[13],)),
        ("river", deck[14], (deck[15],)),
    ]
    assert table.board == "".join(deck[9:12] + deck[13:14] + deck[15:16])


def test_burned_cards_never_reach_the_board_or_a_hand() -> None:
    table = Table()
    table.deal(
        holes={0: "AsAd", 1: "KsKd", 2: "QsQd", 3: "JsJd"},
        board="2c7d9h4sTc",
        burns="AcKcQc",
    )
    table.call(3)
    table.call(0)
    table.call(1)
    table.check(2)

    table.check_down()

    assert [e.burned for e in table.this_hand(ev.BoardDealt)] == ["Ac", "Kc", "Qc"]
    assert table.board == "2c7d9h4sTc"
    shown = {e.seat: describe(e.rank) for e in table.this_hand(ev.HandShown)}
    assert shown[0] == "pair of aces"  # the burned Ac made no one trips


def test_the_deal_skips_a_player_who_is_out_of_the_match() -> None:
    table = Table()
    # Hand 1: seat 3 goes all-in and loses to seat 0.
    table.deal(holes={0: "AsAd", 3: "7c2d"}, board="KhQs9d4c3h")
    table.raise_to(3, 1000)
    table.call(0)
    table.fold(1)
    table.fold(2)
    assert table.last(ev.PlayerEliminated).seat == 3

    deck = numbered_deck()
    table.run(StartHand(deck=deck))

    # Hand 2: button on seat 1, three players: seats 2, 0, 1 take deck[0..5], burn is deck[6].
    assert table.last(ev.HandStarted).button == 1
    dealt = table.this_hand(ev.HoleCardsDealt)
    assert [(e.seat, e.cards) for e in dealt] == [
        (2, (deck[0], deck[3])),
        (0, (deck[1], deck[4])),
        (1, (deck[2], deck[5])),
    ]
    table.call(1)  # the button is first to act three-handed
    table.call(2)
    table.check(0)
    assert table.last(ev.BoardDealt) == ev.BoardDealt(
        street="flop", burned=deck[6], cards=deck[7:10]
    )


def test_a_fresh_shuffle_every_hand_from_a_seed_fixed_before_the_hand() -> None:
    table = Table()
    first_seed, second_seed = bytes(range(32)), bytes(range(1, 33))

    table.deal_seed(first_seed)
    first = table.last(ev.HandStarted)
    first_holes = {e.seat: e.cards for e in table.this_hand(ev.HoleCardsDealt)}
    table.fold(3)
    table.fold(0)
    table.fold(1)
    table.deal_seed(second_seed)
    second = table.last(ev.HandStarted)

    assert first.commitment == commitment(first_seed)
    assert second.commitment == commitment(second_seed)
    deck = shuffled(first_seed, STANDARD_DECK)
    assert first_holes[1] == (deck[0], deck[4])
    assert shuffled(second_seed, STANDARD_DECK) != deck


def test_a_hand_reveals_its_seed_when_it_ends() -> None:
    table = Table()
    seed = bytes(range(32))
    table.deal_seed(seed)
    table.fold(3)
    table.fold(0)
    table.fold(1)

    assert table.last(ev.HandEnded).seed == seed.hex()


@pytest.mark.parametrize(
    "deck",
    [
        STANDARD_DECK[:51],
        (*STANDARD_DECK[:51], "2c"),
        (*STANDARD_DECK[:51], "Xx"),
    ],
    ids=["51 cards", "a card twice", "not a card"],
)
def test_a_deck_is_the_52_standard_cards_exactly_once(deck: tuple[str, ...]) -> None:
    table = Table()

    with pytest.raises(IllegalAction) as refused:
        table.run(StartHand(deck=deck))

    assert refused.value.code == "invalid_deck"


def test_deck_for_stacks_the_deck_where_the_deal_takes_the_cards() -> None:
    deck = deck_for(holes={2: "AsKs"}, board="AhKhQh2c3d", burns="4c5c6c", button=3)

    assert sorted(deck) == sorted(STANDARD_DECK)
    # Button on seat 3: seat 0 is dealt first, seat 2 third.
    assert (deck[2], deck[6]) == ("As", "Ks")
    assert (deck[8], deck[12], deck[14]) == ("4c", "5c", "6c")
    assert (*deck[9:12], deck[13], deck[15]) == ("Ah", "Kh", "Qh", "2c", "3d")


def test_heads_up_the_big_blind_is_dealt_first() -> None:
    table = Table()
    # Hand 1: seats 2 and 3 lose all-in to seat 0; seats 0 and 1 play on heads-up.
    table.deal(holes={0: "AsAd", 2: "KsKd", 3: "QsQd"}, board="2c7d9h4sTc")
    table.raise_to(3, 1000)
    table.call(0)
    table.fold(1)
    table.call(2)
    deck = numbered_deck()

    table.run(StartHand(deck=deck))

    # Button (small blind) on seat 1: the big blind, seat 0, is left of it and dealt first.
    assert table.last(ev.HandStarted).button == 1
    dealt = table.this_hand(ev.HoleCardsDealt)
    assert [(e.seat, e.cards) for e in dealt] == [
        (0, (deck[0], deck[2])),
        (1, (deck[1], deck[3])),
    ]
