"""What the reads say about a player, from the hands the bot saw them play."""

from __future__ import annotations

from typing import Any

from bots.holdem import reading
from bots.policies import Choice
from tests.bots.tables import Table, bets_half_pot, calls, folds


def overbets(seat_view: dict[str, Any]) -> Choice:
    """Calls before the flop, then bets four times the pot whenever it may."""
    legal = seat_view["legal_actions"]
    if seat_view["street"] != "preflop" and legal["can_bet"]:
        return "bet", min(legal["max_raise_to"], 4 * seat_view["pot"])
    return calls(seat_view)


def raises(seat_view: dict[str, Any]) -> Choice:
    """Raises the minimum before the flop whenever it may, else folds."""
    legal = seat_view["legal_actions"]
    if seat_view["street"] == "preflop" and legal["can_raise"]:
        return "raise", legal["min_raise_to"]
    return folds(seat_view)


def reads_after(seat_0: object, seat_1: object, hands: int = 8) -> reading.Profile:
    """Seat 0's profile as seat 1 reads it after ``hands`` heads-up hands between them."""
    table = Table(stacks=(5000, 5000))
    for _ in range(hands):
        table.deal()
        table.play({0: seat_0, 1: seat_1})  # type: ignore[dict-item]
    history = table.seen(1)[1]
    return reading.profiles(reading.split_hands(history), 2)[0]


def test_bet_size_reads_the_pots_a_player_bets_after_the_flop():
    assert reads_after(overbets, calls).bet_size >= 1.5
    assert reads_after(bets_half_pot, calls).bet_size <= 0.6


def test_folds_reads_how_often_a_player_gives_up_to_a_raise():
    # Seat 1 raises every hand before the flop: a player who calls every raise reads as never
    # folding within a few hands; one who folds to them, as folding; owing only the big blind
    # (a small blind that completes) is not a raise to fold to.
    assert reads_after(calls, raises).folds <= 0.15
    assert reads_after(folds, raises).folds >= 0.8
    assert reads_after(calls, calls).folds == reading.Profile().folds


def test_the_hand_in_play_reads_the_same_as_a_split_of_the_whole_history():
    """``current_hand`` splits from the hand's start only: at every point of a match (in a
    hand, between hands, after all-ins), it is what splitting everything gives."""
    table = Table(stacks=(400, 900, 1500))
    for _ in range(12):
        table.deal()
        table.play({0: calls, 1: raises, 2: bets_half_pot})  # type: ignore[dict-item]
    history = table.seen(1)[1]
    starts = 0
    for end in range(len(history) + 1):
        seen = history[:end]
        hands = reading.split_hands(seen)
        whole = hands[-1] if hands and not hands[-1].over else reading.HandRecord()
        assert reading.current_hand(seen) == whole, end
        starts += bool(whole.actions)
    assert starts > 50  # most points are inside a hand with actions to compare


def test_a_player_who_bets_every_street_but_only_calls_before_the_flop_opens_soundly():
    # Its bets after the flop make it read as reckless over every street; its raising before
    # the flop, which is what its opens say, is none.
    profile = reads_after(bets_half_pot, calls, hands=12)
    assert profile.reckless > 0.2
    assert profile.preflop_raise_rate < reading.Profile().preflop_raise_rate
    assert profile.reckless_preflop == 0.0
    assert reads_after(raises, folds, hands=12).reckless_preflop > 0.5
