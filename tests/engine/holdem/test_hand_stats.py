"""Per-hand statistics lines read as a tracker counts them, over random hands."""

from __future__ import annotations

from games.engine.holdem.hand_stats import hand_stat_line
from games.engine.holdem.played_hand import played_hand
from tests.engine.holdem.random_hands import random_hands


def test_net_chips_are_the_stack_change_and_sum_to_zero() -> None:
    for records in random_hands(5, 300):
        hand = played_hand(records)
        lines = [hand_stat_line(records, seat=seat) for seat in hand.seats]
        assert sum(line.net for line in lines) == 0
        for line in lines:
            assert line.net == hand.finishing_stacks[line.seat] - hand.starting_stacks[line.seat]


def test_each_statistic_follows_its_definition() -> None:
    for records in random_hands(6, 300):
        hand = played_hand(records)
        preflop = hand.streets[0].actions
        raises = [a for a in preflop if a.kind == "raise"]
        for seat in hand.seats:
            line = hand_stat_line(records, seat=seat)
            mine = [a for a in preflop if a.seat == seat]
            assert line.vpip == any(a.kind in ("call", "bet", "raise") for a in mine)
            assert line.pfr == any(a.kind == "raise" for a in mine)
            assert line.three_bet == (len(raises) >= 2 and raises[1].seat == seat)
            assert not line.three_bet or line.three_bet_opportunity
            folded_preflop = any(a.kind == "fold" for a in mine)
            reached_flop = len(hand.streets) > 1
            assert line.saw_flop == (reached_flop and not folded_preflop)
            assert line.went_to_showdown == (line.saw_flop and seat in hand.shown)
            assert not line.won_at_showdown or line.went_to_showdown
            later = [a for s in hand.streets[1:] for a in s.actions if a.seat == seat]
            assert line.postflop_calls == sum(a.kind == "call" for a in later)
            assert line.postflop_aggressive == sum(a.kind in ("bet", "raise") for a in later)
