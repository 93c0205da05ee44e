"""RULES.md §1.5 and §1.6 — ending a hand: a fold-out wins at once with nothing more dealt or
shown; when nobody can bet any more the board is run out (still burning); at showdown every live
hand is shown and the best five-card hand wins, ranked as §1.5 says."""

from __future__ import annotations

from games.engine.holdem import events as ev
from games.engine.holdem.evaluator import describe
from tests.engine.holdem.table import NEUTRAL_BOARD, Table, deck_positions


def heads_up_to_the_river(table: Table, holes: dict[int, str], board: str) -> None:
    """Seats 1 (small blind) and 2 (big blind) see a checked-down showdown; 3 and 0 fold."""
    table.deal(holes=holes, board=board)
    table.fold(3)
    table.fold(0)
    table.call(1)
    table.check(2)
    table.check_down()


def winners(table: Table) -> set[int]:
    return {seat for award in table.this_hand(ev.PotAwarded) for seat in award.winners}


def shown(table: Table) -> dict[int, str]:
    """Each shown hand's rank, called in English from the event's data."""
    return {e.seat: describe(e.rank) for e in table.this_hand(ev.HandShown)}


# --- fold-outs -------------------------------------------------------------------------------


def test_a_fold_out_wins_at_once_with_no_more_cards_dealt_or_shown() -> None:
    table = Table()
    table.deal(holes={0: "7c2d", 3: "AsAd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 60)
    table.fold(0)
    table.fold(1)

    produced = table.fold(2)

    assert not table.this_hand(ev.BoardDealt)
    assert not table.this_hand(ev.HandShown)
    assert [type(e) for e in produced] == [
        ev.Folded,
        ev.UncalledBetReturned,
        ev.PotAwarded,
        ev.HandEnded,
    ]
    assert table.last(ev.PotAwarded).hand_rank is None
    assert table.state.phase == "between_hands"


def test_a_fold_out_on_the_flop_deals_no_turn_or_river() -> None:
    table = Table()
    table.deal(board=NEUTRAL_BOARD)
    table.call(3)
    table.call(0)
    table.call(1)
    table.check(2)
    table.bet(1, 20)
    table.fold(2)
    table.fold(3)

    table.fold(0)

    assert [e.street for e in table.this_hand(ev.BoardDealt)] == ["flop"]
    assert not table.this_hand(ev.HandShown)
    assert table.won() == {1: 80}


# --- run-outs --------------------------------------------------------------------------------


def test_when_nobody_can_bet_the_rest_of_the_board_is_dealt_at_once_still_burning() -> None:
    table = Table()
    table.deal(
        holes={1: "AsAd", 2: "KsKd"},
        board="2c7d9h4sTc",
        burns="3h5h6h",
    )
    table.fold(3)
    table.fold(0)
    table.raise_to(1, 1000)

    produced = table.call(2)

    boards = [e for e in produced if isinstance(e, ev.BoardDealt)]
    assert [(e.street, e.burned, e.cards) for e in boards] == [
        ("flop", "3h", ("2c", "7d", "9h")),
        ("turn", "5h", ("4s",)),
        ("river", "6h", ("Tc",)),
    ]
    assert [type(e) for e in produced[-4:]] == [
        ev.HandShown,
        ev.PotAwarded,
        ev.HandEnded,
        ev.PlayerEliminated,
    ]
    assert shown(table) == {1: "pair of aces", 2: "pair of kings"}
    assert table.stacks == (1000, 2000, 0, 1000)


def test_the_run_out_takes_the_cards_from_the_deal_positions() -> None:
    table = Table()
    table.deal()
    table.fold(3)
    table.fold(0)
    table.raise_to(1, 1000)

    table.call(2)

    deck = table.last(ev.HandStarted).deck
    assert deck is not None
    where = deck_positions(players=4)
    assert [e.burned for e in table.this_hand(ev.BoardDealt)] == [deck[i] for i in where["burns"]]
    assert table.board == "".join(deck[i] for i in where["board"])


def test_run_out_when_only_one_player_still_has_chips_to_bet() -> None:
    table = Table(stacks=(1000, 1000, 1500, 500))
    table.deal(holes={0: "KsKd", 3: "AsAd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 500)  # all-in
    table.call(0)  # seat 0 keeps chips, but will have nobody to bet against
    table.fold(1)

    produced = table.fold(2)

    assert [e.street for e in produced if isinstance(e, ev.BoardDealt)] == [
        "flop",
        "turn",
        "river",
    ]
    assert table.state.phase == "between_hands"
    assert table.stacks == (500, 990, 1480, 1030)


def test_betting_goes_on_while_two_players_can_still_bet_beside_an_all_in() -> None:
    table = Table(stacks=(1000, 1000, 1500, 500))
    table.deal(board=NEUTRAL_BOARD)
    table.raise_to(3, 500)  # all-in
    table.call(0)
    table.fold(1)

    table.call(2)

    assert (table.state.street, table.board, table.to_act) == ("flop", "2c7d9h", 2)


def test_an_all_in_called_on_the_turn_runs_out_the_river() -> None:
    table = Table()
    table.deal(holes={1: "AsAd", 2: "KsKd"}, board=NEUTRAL_BOARD, burns="3h5h6h")
    table.fold(3)
    table.fold(0)
    table.call(1)
    table.check(2)
    table.check_round()
    table.bet(1, 980)

    produced = table.call(2)

    river = [e for e in produced if isinstance(e, ev.BoardDealt)]
    assert river == [ev.BoardDealt(street="river", burned="6h", cards=("Tc",))]
    assert winners(table) == {1}


# --- showdown --------------------------------------------------------------------------------


def test_at_showdown_every_live_hand_is_shown() -> None:
    table = Table(stacks=(300, 1000, 1000, 1700))
    table.deal(holes={0: "AsAd", 1: "5h4h", 2: "QsQd", 3: "KsKd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 500)
    table.call(0)  # all-in
    table.fold(1)
    table.call(2)

    table.check_down()

    hands = {e.seat: e.cards for e in table.this_hand(ev.HandShown)}
    assert hands == {0: ("As", "Ad"), 2: ("Qs", "Qd"), 3: ("Ks", "Kd")}


def test_showdown_ranks_straight_flush_over_four_of_a_kind_over_full_house_over_flush() -> None:
    table = Table()
    table.deal(
        holes={0: "AhTh", 1: "6h5h", 2: "KhKc", 3: "9c9d"},
        board="9h8h7hKsKd",
    )
    table.call(3)
    table.call(0)
    table.call(1)
    table.check(2)

    table.check_down()

    assert shown(table) == {
        1: "straight flush, nine high",
        2: "four of a kind, kings",
        3: "full house, nines full of kings",
        0: "flush, ace high",
    }
    assert winners(table) == {1}


def test_a_royal_flush_is_an_ace_high_straight_flush() -> None:
    table = Table()

    heads_up_to_the_river(table, {1: "AsKs", 2: "9s8s"}, board="QsJsTs7s2d")

    assert shown(table) == {1: "royal flush", 2: "straight flush, queen high"}
    assert winners(table) == {1}


def test_the_ace_plays_low_in_the_wheel_a_five_high_straight() -> None:
    table = Table()

    heads_up_to_the_river(table, {1: "Ah2d", 2: "Kh9c"}, board="3c4s5dKsKd")

    assert shown(table) == {1: "straight, five high", 2: "three of a kind, kings"}
    assert winners(table) == {1}


def test_the_wheel_loses_to_a_six_high_straight() -> None:
    table = Table()

    heads_up_to_the_river(table, {1: "Ah2d", 2: "6c2c"}, board="3s4d5hKcQd")

    assert shown(table) == {1: "straight, five high", 2: "straight, six high"}
    assert winners(table) == {2}


def test_a_straight_does_not_wrap_around_the_ace() -> None:
    table = Table()

    heads_up_to_the_river(table, {1: "Ah2d", 2: "8c7d"}, board="QsKd3c8h9s")

    # Q-K-A-2-3 is no straight: seat 1 has only ace high, seat 2 a pair of eights.
    assert shown(table) == {1: "high card, ace", 2: "pair of eights"}
    assert winners(table) == {2}


def test_the_kicker_decides_between_equal_pairs() -> None:
    table = Table()

    heads_up_to_the_river(table, {1: "AcQd", 2: "AdKc"}, board="Ah7s4d2c9s")

    assert winners(table) == {2}


def test_a_counterfeited_pair_splits_the_pot_when_the_board_plays() -> None:
    table = Table()

    # Both best hands are the board's K-K-Q-Q-A: seat 1's deuces and seat 2's 4-3 never play.
    heads_up_to_the_river(table, {1: "2c2d", 2: "3c4d"}, board="KsKdQhQcAs")

    (award,) = table.this_hand(ev.PotAwarded)
    assert set(award.winners) == {1, 2}
    assert dict(zip(award.winners, award.shares, strict=True)) == {1: 20, 2: 20}
    assert table.stacks == (1000, 1000, 1000, 1000)


def test_the_sixth_and_seventh_cards_never_break_a_tie() -> None:
    table = Table()

    heads_up_to_the_river(table, {1: "Jc3d", 2: "Jd2c"}, board="AsKdQh9c8d")

    assert winners(table) == {1, 2}


def test_suits_never_rank() -> None:
    table = Table()

    heads_up_to_the_river(table, {1: "Tc6c", 2: "Th6h"}, board="9c8d7s2s2d")

    assert shown(table) == {1: "straight, ten high", 2: "straight, ten high"}
    assert winners(table) == {1, 2}


def test_a_hand_may_use_one_hole_card() -> None:
    table = Table()

    heads_up_to_the_river(table, {1: "Ah2c", 2: "KsKd"}, board="Kh9h6h3hTc")

    assert shown(table) == {1: "flush, ace high", 2: "three of a kind, kings"}
    assert winners(table) == {1}


def test_a_hand_may_use_no_hole_card() -> None:
    table = Table()

    heads_up_to_the_river(table, {1: "2c3d", 2: "4c2d"}, board="9s8s7s6s5s")

    assert shown(table) == {1: "straight flush, nine high", 2: "straight flush, nine high"}
    assert winners(table) == {1, 2}
