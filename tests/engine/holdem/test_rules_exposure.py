"""RULES.md §1.6 — an all-in run-out: when betting is over for good with a player all-in and
board cards still to come, every live hand is turned face up (``CardsExposed``) before the rest
of the board is dealt; never earlier, never in a fold-out, never when the river is already out."""

from __future__ import annotations

from games.engine.events import Event
from games.engine.holdem import events as ev
from games.engine.holdem.state import fold
from games.engine.holdem.view import view
from tests.engine.holdem.table import NEUTRAL_BOARD, Table


def kinds(produced: list[Event]) -> list[type[Event]]:
    return [type(e) for e in produced]


def exposed(produced: list[Event]) -> dict[int, tuple[str, ...]]:
    return {e.seat: e.cards for e in produced if isinstance(e, ev.CardsExposed)}


def aces_against_kings(table: Table) -> None:
    """Seat 1 (small blind, aces) and seat 2 (big blind, kings) play on; 3 and 0 fold."""
    table.deal(holes={1: "AsAd", 2: "KsKd"}, board=NEUTRAL_BOARD)
    table.fold(3)
    table.fold(0)


def test_a_called_preflop_all_in_turns_both_hands_up_before_the_flop() -> None:
    table = Table()
    aces_against_kings(table)
    table.raise_to(1, 1000)

    produced = table.call(2)

    assert kinds(produced)[:6] == [
        ev.Called,
        ev.CardsExposed,
        ev.CardsExposed,
        ev.BoardDealt,
        ev.BoardDealt,
        ev.BoardDealt,
    ]
    # Clockwise from the seat left of the button (seat 0), as at the showdown.
    assert [e.seat for e in produced if isinstance(e, ev.CardsExposed)] == [1, 2]
    assert exposed(produced) == {1: ("As", "Ad"), 2: ("Ks", "Kd")}
    # Shown once more at the showdown, with their ranks.
    assert [e.seat for e in table.this_hand(ev.HandShown)] == [1, 2]


def test_the_uncalled_excess_goes_back_before_the_hands_are_turned_up() -> None:
    table = Table(stacks=(1000, 1000, 400, 1000))
    aces_against_kings(table)
    table.raise_to(1, 1000)

    produced = table.call(2)  # all-in for 400

    assert kinds(produced)[:4] == [
        ev.Called,
        ev.UncalledBetReturned,
        ev.CardsExposed,
        ev.CardsExposed,
    ]


def test_an_all_in_called_on_the_turn_exposes_before_the_river_only() -> None:
    table = Table()
    aces_against_kings(table)
    table.call(1)
    table.check(2)
    table.check_round()
    assert not table.this_hand(ev.CardsExposed)
    table.bet(1, 980)
    assert not table.this_hand(ev.CardsExposed)

    produced = table.call(2)

    assert kinds(produced)[:4] == [ev.Called, ev.CardsExposed, ev.CardsExposed, ev.BoardDealt]
    assert len(table.this_hand(ev.CardsExposed)) == 2


def test_an_all_in_called_on_the_river_goes_straight_to_the_showdown() -> None:
    table = Table()
    aces_against_kings(table)
    table.call(1)
    table.check(2)
    table.check_round()
    table.check_round()
    table.bet(1, 980)

    produced = table.call(2)

    assert not table.this_hand(ev.CardsExposed)
    assert kinds(produced)[:3] == [ev.Called, ev.HandShown, ev.HandShown]


def test_no_hand_is_exposed_while_two_players_can_still_bet_beside_an_all_in() -> None:
    table = Table(stacks=(1000, 1000, 1500, 500))
    table.deal(holes={0: "QsQd", 2: "JsJd", 3: "AsAd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 500)  # all-in
    table.call(0)
    table.fold(1)
    table.call(2)
    assert table.state.street == "flop"
    assert not table.this_hand(ev.CardsExposed)

    table.bet(2, 100)
    produced = table.fold(0)

    # Seat 0 folded: only the two hands still live are turned up, before the turn.
    assert exposed(produced) == {2: ("Js", "Jd"), 3: ("As", "Ad")}
    assert kinds(produced)[:5] == [
        ev.Folded,
        ev.UncalledBetReturned,
        ev.CardsExposed,
        ev.CardsExposed,
        ev.BoardDealt,
    ]


def test_a_shove_everyone_folds_to_shows_nothing() -> None:
    table = Table()
    table.deal(holes={3: "AsAd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 1000)
    table.fold(0)
    table.fold(1)
    table.fold(2)

    assert not table.this_hand(ev.CardsExposed)
    assert not table.this_hand(ev.HandShown)


def test_three_way_all_in_with_side_pots_exposes_every_live_hand_once() -> None:
    table = Table(stacks=(300, 600, 1000, 1000))
    table.deal(holes={0: "AsAd", 1: "KsKd", 2: "QsQd", 3: "7c2d"}, board=NEUTRAL_BOARD)
    table.fold(3)
    table.raise_to(0, 300)
    table.raise_to(1, 600)

    produced = table.call(2)

    assert exposed(produced) == {0: ("As", "Ad"), 1: ("Ks", "Kd"), 2: ("Qs", "Qd")}
    assert len(table.this_hand(ev.CardsExposed)) == 3


def test_the_view_shows_exposed_cards_from_the_exposure_on_and_not_before() -> None:
    table = Table()
    aces_against_kings(table)
    table.raise_to(1, 1000)
    table.call(2)
    events = table.events
    first = next(i for i, e in enumerate(events) if isinstance(e, ev.CardsExposed))
    flop = next(i for i, e in enumerate(events) if isinstance(e, ev.BoardDealt))

    def seen_by_seat_0(upto: int) -> dict[int, list[str] | None]:
        seats = view(fold(events[:upto]), 0)["seats"]
        return {seat["seat"]: seat["cards"] for seat in seats if seat["seat"] in (1, 2)}

    assert seen_by_seat_0(first) == {1: None, 2: None}
    assert seen_by_seat_0(first + 1) == {1: ["As", "Ad"], 2: None}
    # After both exposures, and on every street of the run-out, before the showdown.
    for upto in (first + 2, flop + 1, flop + 2, flop + 3):
        assert seen_by_seat_0(upto) == {1: ["As", "Ad"], 2: ["Ks", "Kd"]}, upto
        assert view(fold(events[:upto]), 0)["phase"] == "betting"
