"""RULES.md §1.1 — the match: four seats of 1000 chips, blinds 10/20; a player with no chips is
eliminated and dealt no more cards; the match ends when one player holds all 4000 chips (the total
never changes); a restart, allowed at any time, begins a new segment and keeps the old hands."""

from __future__ import annotations

import hashlib

import pytest

from games.engine.errors import IllegalAction
from games.engine.holdem import events as ev
from games.engine.holdem.game import Act, StartHand
from games.engine.holdem.state import fold
from tests.engine.holdem.table import CHIPS_IN_PLAY, NEUTRAL_BOARD, Table


def seat_3_busts(table: Table) -> None:
    """Hand 1 (button 0): seat 3 shoves, seat 0 calls with aces and wins."""
    table.deal(holes={0: "AsAd", 3: "KsKd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 1000)
    table.call(0)
    table.fold(1)
    table.fold(2)


def play_to_the_end(table: Table) -> None:
    """Seat 0 knocks out seat 3, then seat 1, then seat 2 (hands 1 to 3)."""
    seat_3_busts(table)
    # Hand 2: three-handed, button on seat 1, blinds on seats 2 and 0.
    table.deal(holes={0: "AsAd", 1: "KsKd"}, board=NEUTRAL_BOARD)
    table.raise_to(1, 990)
    table.fold(2)
    table.call(0)
    # Hand 3: heads-up; seat 0 has the button and the small blind.
    table.deal(holes={0: "AsAd", 2: "KsKd"}, board=NEUTRAL_BOARD)
    table.raise_to(0, 1000)
    table.call(2)


def test_a_match_starts_with_four_stacks_of_1000_and_blinds_of_10_and_20() -> None:
    table = Table()

    started = table.last(ev.MatchStarted)

    assert (started.stacks, started.small_blind, started.big_blind, started.ante) == (
        (1000, 1000, 1000, 1000),
        10,
        20,
        0,
    )
    assert not table.all(ev.AntePosted)


def test_a_player_with_no_chips_is_eliminated() -> None:
    table = Table()

    seat_3_busts(table)

    assert table.this_hand(ev.PlayerEliminated) == [ev.PlayerEliminated(seat=3, place=4)]
    assert table.state.seats[3].in_match is False


def test_an_eliminated_player_is_dealt_no_more_cards() -> None:
    table = Table()
    seat_3_busts(table)

    table.deal()

    assert {e.seat for e in table.this_hand(ev.HoleCardsDealt)} == {0, 1, 2}
    assert 3 not in {e.seat for e in table.this_hand(ev.BlindPosted)}
    table.call(1)
    table.call(2)
    table.check(0)
    assert table.to_act != 3


@pytest.mark.parametrize(
    ("stacks", "places"),
    [
        ((1700, 300, 500, 1500), {2: 3, 1: 4}),
        ((1700, 500, 300, 1500), {1: 3, 2: 4}),
    ],
    ids=["big blind had more", "small blind had more"],
)
def test_of_two_players_busted_in_one_hand_the_one_who_started_it_with_more_chips_places_higher(
    stacks: tuple[int, ...], places: dict[int, int]
) -> None:
    table = Table(stacks=stacks)
    table.deal(holes={1: "QsQd", 2: "KsKd", 3: "AsAd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 500)
    table.fold(0)
    table.call(1)  # all-in
    table.call(2)  # all-in

    eliminated = {e.seat: e.place for e in table.this_hand(ev.PlayerEliminated)}

    assert eliminated == places


def test_the_match_ends_when_one_player_holds_all_the_chips() -> None:
    table = Table()

    play_to_the_end(table)

    assert table.last(ev.MatchEnded) == ev.MatchEnded(winner=0)
    assert table.stacks == (CHIPS_IN_PLAY, 0, 0, 0)
    assert table.state.phase == "match_over"
    assert table.state.places == {0: 1, 2: 2, 1: 3, 3: 4}


def test_no_hand_starts_after_the_match_is_over() -> None:
    table = Table()
    play_to_the_end(table)

    with pytest.raises(IllegalAction) as refused:
        table.run(StartHand(seed=bytes(32)))

    assert refused.value.code == "match_over"


def test_no_action_is_taken_after_the_match_is_over() -> None:
    table = Table()
    play_to_the_end(table)

    with pytest.raises(IllegalAction) as refused:
        table.run(Act(seat=0, kind="check"))

    assert refused.value.code == "match_over"


def test_a_new_hand_cannot_start_while_a_hand_is_in_progress() -> None:
    table = Table()
    table.deal()

    with pytest.raises(IllegalAction) as refused:
        table.run(StartHand(seed=bytes(32)))

    assert refused.value.code == "hand_in_progress"


def test_the_match_plays_on_after_the_human_is_eliminated() -> None:
    table = Table()
    table.deal(holes={0: "KsKd", 3: "AsAd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 1000)
    table.call(0)
    table.fold(1)
    table.fold(2)
    assert table.last(ev.PlayerEliminated) == ev.PlayerEliminated(seat=0, place=4)

    table.deal()

    assert table.state.phase == "betting"
    assert {e.seat for e in table.this_hand(ev.HoleCardsDealt)} == {1, 2, 3}


def seeded_decision(hand: int, step: int) -> int:
    return hashlib.sha256(f"decision {hand} {step}".encode()).digest()[0]


def test_the_chip_total_never_changes_over_a_whole_match() -> None:
    table = Table()
    hands = 0
    while table.state.phase != "match_over":
        hands += 1
        assert hands <= 1000, "the match did not end"
        table.deal_seed(hashlib.sha256(f"hand {hands}".encode()).digest())
        step = 0
        while (legal := table.legal) is not None:
            step += 1
            choice = seeded_decision(hands, step) % 8
            if choice == 0 and legal.can_fold:
                table.fold(legal.seat)
            elif choice in (1, 2) and legal.can_bet_or_raise:
                table.raise_to(legal.seat, legal.min_raise_to)
            elif choice == 3 and legal.can_bet_or_raise:
                table.raise_to(legal.seat, legal.max_raise_to)
            elif legal.can_check:
                table.check(legal.seat)
            else:
                table.call(legal.seat)
        # Table checks the chips after every command; this is the published record.
        assert sum(table.last(ev.HandEnded).stacks) == CHIPS_IN_PLAY

    winner = table.last(ev.MatchEnded).winner
    assert table.stacks[winner] == CHIPS_IN_PLAY
    assert len(table.all(ev.PlayerEliminated)) == 3
    assert table.state.places[winner] == 1
    assert set(table.state.places) == {0, 1, 2, 3}


# --- restart ---------------------------------------------------------------------------------


def test_restart_mid_hand_abandons_the_hand_and_reveals_its_seed() -> None:
    table = Table()
    seed = bytes(range(32))
    table.deal_seed(seed)
    table.raise_to(3, 300)
    table.call(0)

    produced = table.restart()

    assert produced == [
        ev.HandAbandoned(hand_number=1, seed=seed.hex()),
        ev.MatchRestarted(segment=1, stacks=(1000, 1000, 1000, 1000)),
    ]
    assert table.stacks == (1000, 1000, 1000, 1000)
    assert table.state.phase == "between_hands"


def test_restart_between_hands_abandons_nothing() -> None:
    table = Table()
    table.deal()
    table.raise_to(3, 300)
    table.fold(0)
    table.fold(1)
    table.fold(2)

    produced = table.restart()

    assert produced == [ev.MatchRestarted(segment=1, stacks=(1000, 1000, 1000, 1000))]


def test_restart_puts_the_button_back_on_seat_0() -> None:
    table = Table()
    for _ in range(2):
        table.deal()
        while table.to_act is not None:
            table.fold(table.to_act)
    table.deal()
    assert table.last(ev.HandStarted).button == 2
    table.restart()

    table.deal()

    assert table.last(ev.HandStarted).button == 0
    assert {e.blind: e.seat for e in table.this_hand(ev.BlindPosted)} == {"small": 1, "big": 2}


def test_restart_brings_every_eliminated_player_back_with_1000() -> None:
    table = Table()
    seat_3_busts(table)

    table.restart()
    table.deal()

    assert table.state.places == {}
    assert {e.seat for e in table.this_hand(ev.HoleCardsDealt)} == {0, 1, 2, 3}
    assert table.stacks == (1000, 990, 980, 1000)


def test_restart_is_allowed_after_the_match_is_over() -> None:
    table = Table()
    play_to_the_end(table)

    table.restart()

    assert table.state.phase == "between_hands"
    assert table.stacks == (1000, 1000, 1000, 1000)
    assert table.state.winner is None


def test_restart_keeps_the_old_hands_in_the_history() -> None:
    table = Table()
    seat_3_busts(table)
    history = list(table.events)
    table.deal()
    table.call(1)

    table.restart()

    assert table.events[: len(history)] == history
    replayed = fold(table.events)
    assert [s.stack for s in replayed.seats] == list(table.stacks)
    assert (replayed.phase, replayed.segment) == ("between_hands", 1)


def test_restart_is_allowed_before_the_first_hand() -> None:
    table = Table()

    produced = table.restart()

    assert produced == [ev.MatchRestarted(segment=1, stacks=(1000, 1000, 1000, 1000))]
