"""RULES.md §1.3 — button and blinds: the button starts on seat 0 and moves clockwise past players
out of the match; the blinds follow it; heads-up the button posts the small blind; nobody posts two
big blinds in a row; a short blind posts what it has and is all-in."""

from __future__ import annotations

import itertools

import pytest

from games.engine.errors import IllegalAction
from games.engine.holdem import events as ev
from tests.engine.holdem.table import NEUTRAL_BOARD, Table


def blinds(table: Table) -> dict[str, tuple[int, int]]:
    """The current hand's blinds: {"small": (seat, amount), "big": (seat, amount)}."""
    return {e.blind: (e.seat, e.amount) for e in table.this_hand(ev.BlindPosted)}


def button(table: Table) -> int:
    return table.last(ev.HandStarted).button


def fold_round(table: Table) -> None:
    """Everyone folds to the big blind, who wins the blinds."""
    while table.to_act is not None:
        table.fold(table.to_act)


def seat_3_busts(table: Table, *, winner: int) -> None:
    """Hand 1 (button 0, blinds 1 and 2): seat 3 shoves, only ``winner`` calls and wins."""
    table.deal(holes={winner: "AsAd", 3: "KsKd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 1000)
    for seat in (0, 1, 2):
        if seat == winner:
            table.call(seat)
        else:
            table.fold(seat)
    assert table.last(ev.PlayerEliminated).seat == 3


def test_the_button_starts_on_seat_0_in_the_first_hand_of_a_match() -> None:
    table = Table()

    table.deal()

    assert button(table) == 0


def test_small_blind_and_big_blind_are_the_two_players_after_the_button() -> None:
    table = Table()

    table.deal()

    assert blinds(table) == {"small": (1, 10), "big": (2, 20)}
    assert table.stacks == (1000, 990, 980, 1000)


def test_pre_flop_action_starts_with_the_player_after_the_big_blind() -> None:
    table = Table()

    table.deal()

    assert table.to_act == 3


def test_the_button_moves_clockwise_one_seat_each_hand() -> None:
    table = Table()
    buttons = []
    for _ in range(5):
        table.deal()
        buttons.append(button(table))
        fold_round(table)

    assert buttons == [0, 1, 2, 3, 0]


def test_the_button_moves_past_a_seat_that_is_out_of_the_match() -> None:
    table = Table()
    # Hand 1: seat 1, due to take the button next, goes all-in and loses to seat 2.
    table.deal(holes={1: "KsKd", 2: "AsAd"}, board=NEUTRAL_BOARD)
    table.fold(3)
    table.fold(0)
    table.raise_to(1, 1000)
    table.call(2)
    assert table.last(ev.PlayerEliminated).seat == 1

    table.deal()

    assert button(table) == 2
    assert blinds(table) == {"small": (3, 10), "big": (0, 20)}


def test_the_blinds_move_past_a_seat_that_is_out_of_the_match() -> None:
    table = Table()
    # Hand 1: seat 2 (the big blind) calls an all-in from seat 1 and loses.
    table.deal(holes={1: "AsAd", 2: "KsKd"}, board=NEUTRAL_BOARD)
    table.fold(3)
    table.fold(0)
    table.raise_to(1, 1000)
    table.call(2)
    assert table.last(ev.PlayerEliminated).seat == 2

    table.deal()
    hand_2 = (button(table), blinds(table), table.to_act)
    fold_round(table)
    table.deal()
    hand_3 = (button(table), blinds(table))
    fold_round(table)
    table.deal()
    hand_4 = (button(table), blinds(table))

    assert hand_2 == (1, {"small": (3, 10), "big": (0, 20)}, 1)
    assert hand_3 == (3, {"small": (0, 10), "big": (1, 20)})
    assert hand_4 == (0, {"small": (1, 10), "big": (3, 20)})


def test_a_short_small_blind_posts_what_they_have_and_is_all_in() -> None:
    table = Table(stacks=(1000, 5, 1000, 1995))

    table.deal(
        holes={0: "QsQd", 1: "AsAd", 2: "JsJd", 3: "KsKd"},
        board=NEUTRAL_BOARD,
    )

    assert blinds(table) == {"small": (1, 5), "big": (2, 20)}
    assert table.stacks[1] == 0
    table.call(3)
    table.call(0)
    assert table.to_act == 2  # the all-in small blind is skipped
    table.check(2)
    table.check_down()
    # Seat 1 contests only what its 5 chips cover: 5 from each of four players.
    assert table.won() == {1: 20, 3: 45}
    assert table.stacks == (980, 20, 980, 2020)


def test_a_short_big_blind_posts_what_they_have_and_is_all_in() -> None:
    table = Table(stacks=(1000, 1000, 15, 1985))

    table.deal()

    assert blinds(table) == {"small": (1, 10), "big": (2, 15)}
    assert table.stacks[2] == 0
    table.fold(3)
    table.fold(0)
    table.fold(1)
    # Nobody matched 5 of the big blind's 15: they come back, and the big blind wins the 10.
    assert table.this_hand(ev.UncalledBetReturned) == [ev.UncalledBetReturned(seat=2, amount=5)]
    assert table.stacks == (1000, 990, 25, 1985)


def test_a_short_big_blind_is_called_at_what_was_posted() -> None:
    # RULES.md §1.4: "A call matches the round's highest bet" — here the 15 the all-in big blind
    # posted (the choice is written down in games/engine/holdem/__init__.py; PokerKit agrees).
    table = Table(stacks=(1000, 1000, 15, 1985))
    table.deal(holes={0: "KsKd", 1: "QsQd", 2: "AsAd", 3: "JsJd"}, board=NEUTRAL_BOARD)

    legal = table.legal

    assert legal is not None and legal.seat == 3
    assert legal.call_amount == 15
    table.call(3)
    table.call(0)
    table.call(1)
    table.check_down()
    # One pot of 15 from each of the four; the all-in big blind's aces win it.
    assert table.won() == {2: 60}


def test_a_short_big_blind_still_makes_the_minimum_raise_a_full_big_blind_more() -> None:
    # RULES.md §1.4: the big blind counts as the first full bet, so a raise adds at least 20.
    table = Table(stacks=(1000, 1000, 15, 1985))
    table.deal()

    legal = table.legal

    assert legal is not None and legal.seat == 3
    assert legal.min_raise_to == 35
    with pytest.raises(IllegalAction) as refused:
        table.raise_to(3, 34)
    assert refused.value.code == "amount_below_minimum"
    assert refused.value.params == {"minimum": 35}


# --- heads-up ------------------------------------------------------------------------------


def heads_up_table() -> Table:
    """Seats 2 and 3 bust in hand 1; seats 0 (3010 chips) and 1 (990) play on heads-up."""
    table = Table()
    table.deal(holes={0: "AsAd", 2: "KsKd", 3: "QsQd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 1000)
    table.call(0)
    table.fold(1)
    table.call(2)
    assert {e.seat for e in table.this_hand(ev.PlayerEliminated)} == {2, 3}
    assert table.stacks == (3010, 990, 0, 0)
    return table


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_pre_flop() -> None:
    table = heads_up_table()

    table.deal()

    assert button(table) == 1
    assert blinds(table) == {"small": (1, 10), "big": (0, 20)}
    assert table.to_act == 1


def test_heads_up_the_big_blind_acts_first_on_every_later_street() -> None:
    table = heads_up_table()
    table.deal()
    table.call(1)
    table.check(0)

    first_on = {}
    for street in ("flop", "turn", "river"):
        assert table.state.street == street
        first_on[street] = table.to_act
        table.check_round()

    assert first_on == {"flop": 0, "turn": 0, "river": 0}


def test_heads_up_the_big_blind_keeps_the_option_in_an_unraised_pot() -> None:
    table = heads_up_table()
    table.deal()

    table.call(1)

    legal = table.legal
    assert legal is not None
    assert (legal.seat, legal.can_check, legal.can_raise, legal.min_raise_to) == (0, True, True, 40)


def test_heads_up_the_button_and_the_blinds_alternate_every_hand() -> None:
    table = heads_up_table()
    hands = []
    for _ in range(4):
        table.deal()
        hands.append((button(table), blinds(table)["big"][0]))
        fold_round(table)

    assert hands == [(1, 0), (0, 1), (1, 0), (0, 1)]


# --- the first heads-up hand: nobody posts two big blinds in a row ---------------------------
# Each case: seat 3 busts in hand 1; hand 2 is three-handed with the button on seat 1, the small
# blind on seat 2 and the big blind on seat 0, and one of those three busts.


def test_first_heads_up_hand_after_the_button_busts_goes_to_the_last_big_blind() -> None:
    table = Table()
    seat_3_busts(table, winner=0)
    table.deal(holes={0: "AsAd", 1: "KsKd"}, board=NEUTRAL_BOARD)
    assert (button(table), blinds(table)["big"][0]) == (1, 0)
    table.raise_to(1, 990)
    table.fold(2)
    table.call(0)
    assert table.last(ev.PlayerEliminated).seat == 1

    table.deal()

    # Moving on to seat 2 would make seat 0 post the big blind again: seat 0 takes the button.
    assert button(table) == 0
    assert blinds(table) == {"small": (0, 10), "big": (2, 20)}
    assert table.to_act == 0


def test_first_heads_up_hand_after_the_small_blind_busts_moves_the_button_normally() -> None:
    table = Table()
    seat_3_busts(table, winner=0)
    table.deal(holes={0: "AsAd", 2: "KsKd"}, board=NEUTRAL_BOARD)
    table.fold(1)
    table.raise_to(2, 980)
    table.call(0)
    assert table.last(ev.PlayerEliminated).seat == 2

    table.deal()

    # From seat 1 past the empty seat 2 to seat 0; last hand's big blind now posts the small.
    assert button(table) == 0
    assert blinds(table) == {"small": (0, 10), "big": (1, 20)}
    assert table.to_act == 0


def test_first_heads_up_hand_after_the_big_blind_busts_moves_the_button_normally() -> None:
    table = Table()
    seat_3_busts(table, winner=1)
    table.deal(holes={0: "KsKd", 1: "AsAd"}, board=NEUTRAL_BOARD)
    table.raise_to(1, 1000)
    table.fold(2)
    table.call(0)
    assert table.last(ev.PlayerEliminated).seat == 0

    table.deal()

    assert button(table) == 2
    assert blinds(table) == {"small": (2, 10), "big": (1, 20)}
    assert table.to_act == 2


def test_nobody_posts_two_big_blinds_in_a_row_going_heads_up() -> None:
    for busted_position, winner, script in (
        ("button", 0, [(1, "raise", 990), (2, "fold", None), (0, "call", None)]),
        ("small blind", 0, [(1, "fold", None), (2, "raise", 980), (0, "call", None)]),
        ("big blind", 1, [(1, "raise", 1000), (2, "fold", None), (0, "call", None)]),
    ):
        table = Table()
        seat_3_busts(table, winner=winner)
        loser = {"button": 1, "small blind": 2, "big blind": 0}[busted_position]
        table.deal(holes={winner: "AsAd", loser: "KsKd"}, board=NEUTRAL_BOARD)
        for seat, kind, amount in script:
            table.act(seat, kind, amount)
        big_blinds = [blinds(table)["big"][0]]
        for _ in range(3):
            table.deal()
            big_blinds.append(blinds(table)["big"][0])
            fold_round(table)

        repeats = [a for a, b in itertools.pairwise(big_blinds) if a == b]
        assert not repeats, f"after the {busted_position} busted, big blinds were {big_blinds}"


def test_first_heads_up_hand_after_two_players_bust_at_once_gives_no_one_two_big_blinds() -> None:
    table = Table()
    # Hand 1: the button (seat 0) and seat 3 both lose all-in to the small blind, seat 1.
    table.deal(holes={0: "QsQd", 1: "AsAd", 3: "KsKd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 1000)
    table.call(0)
    table.call(1)
    table.fold(2)
    assert {e.seat for e in table.this_hand(ev.PlayerEliminated)} == {0, 3}

    table.deal()

    # Moving on to seat 1 would make seat 2 post the big blind again: seat 2 takes the button.
    assert button(table) == 2
    assert blinds(table) == {"small": (2, 10), "big": (1, 20)}


def test_heads_up_a_short_small_blind_is_all_in_and_the_board_runs_out() -> None:
    table = Table(stacks=(1990, 15, 995, 1000))
    table.deal(holes={0: "AsAd", 2: "QsQd", 3: "KsKd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 1000)
    table.call(0)
    table.fold(1)
    table.call(2)
    assert table.stacks == (3995, 5, 0, 0)

    table.deal(holes={0: "KcKh", 1: "AcAh"}, board=NEUTRAL_BOARD)

    assert blinds(table) == {"small": (1, 5), "big": (0, 20)}
    # Nobody is left to act: the big blind's unmatched 15 comes back and the board is run out.
    assert table.this_hand(ev.UncalledBetReturned) == [ev.UncalledBetReturned(seat=0, amount=15)]
    assert len(table.this_hand(ev.BoardDealt)) == 3
    assert table.stacks == (3990, 10, 0, 0)


def test_heads_up_a_short_big_blind_is_all_in_and_the_button_may_only_call_or_fold() -> None:
    table = Table(stacks=(15, 1990, 995, 1000))
    table.deal(holes={1: "AsAd", 2: "QsQd", 3: "KsKd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 1000)
    table.fold(0)
    table.call(1)
    table.call(2)
    assert table.stacks == (15, 3985, 0, 0)

    table.deal(holes={0: "AcAh", 1: "KcKh"}, board=NEUTRAL_BOARD)

    assert blinds(table) == {"small": (1, 10), "big": (0, 15)}
    legal = table.legal
    assert legal is not None and legal.seat == 1
    assert (legal.can_call, legal.can_raise) == (True, False)
    table.call(1)
    assert len(table.this_hand(ev.BoardDealt)) == 3
    assert table.stacks == (30, 3970, 0, 0)
