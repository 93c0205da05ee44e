"""The levels play from their seat's view alone, reproducibly, and only ever legally."""

from __future__ import annotations

import doctest
import random

import pytest

from bots.updown import abstraction, arena
from bots.updown.abstraction import CLASS_PAIRS, FRESH_UD, KEPT_DD, KEPT_UU, tree_for
from bots.updown.arena import play_match, play_series
from bots.updown.baselines import CallingStation, Folder, Maniac, RandomBot
from bots.updown.levels import EasyBot, HardBot, MediumBot
from bots.updown.reading import read_deal
from games.engine.updown.game import Act, StartMatch, advance
from games.engine.updown.view import view, visible_record
from tests.engine.updown.table import Table, shoe_for, stacked

LEVELS = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}
BASELINES = {
    "random": RandomBot,
    "calling_station": CallingStation,
    "maniac": Maniac,
    "folder": Folder,
}


def seen(table: Table, seat: int) -> tuple[dict, list[dict]]:
    """What the seat may see: its view and its visible history."""
    return view(table.state, seat), [visible_record(item, seat) for item in table.events]


def answers(bot, table: Table, seat: int, seeds: range = range(40)) -> list:
    seat_view, history = seen(table, seat)
    return [bot.act(seat_view, history, random.Random(seed)) for seed in seeds]


# --- only the view -------------------------------------------------------------------------


def two_tables_differing_in_hidden_cards() -> tuple[Table, Table]:
    """Seat 1 holds the same cards at both; seat 0's cards (same groups, so the same signal)
    and the rest of the shoe differ."""
    first = Table()
    first.deal(shoe=shoe_for(("As1 7c1", "Kd2 4h1"), "Qs1 3d2"))
    second = Table()
    rest = list(reversed(shoe_for(("9s1 2c1", "Kd2 4h1"), "Jh2 3d2")[6:]))
    second.deal(shoe=stacked(["9s1", "Kd2", "2c1", "4h1", "Jh2", "3d2", *rest]))
    return first, second


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_answers_the_same_whatever_the_opponent_holds(level):
    first, second = two_tables_differing_in_hidden_cards()
    for table in (first, second):
        table.lock(0, sorted(table.hand(0))[0])  # the starter (seat 0) locks some card
    assert seen(first, 1) == seen(second, 1)
    bot = LEVELS[level]()
    assert answers(bot, first, 1) == answers(bot, second, 1)
    for table in (first, second):
        table.lock(1, "Kd2")
        table.bet(0, 2)
    assert seen(first, 1) == seen(second, 1)
    assert answers(bot, first, 1) == answers(bot, second, 1)


# --- reproducible --------------------------------------------------------------------------


def test_the_same_seeds_replay_the_same_match_and_other_seeds_another():
    bots = [HardBot(), MediumBot()]
    once = play_match(bots, deal_seed="replay", bot_seed="b")
    again = play_match(bots, deal_seed="replay", bot_seed="b")
    assert once == again
    others = {play_match(bots, deal_seed="replay", bot_seed=f"b{n}") for n in range(6)}
    assert len(others) > 1


def test_a_level_answers_the_same_to_the_same_seed():
    table = Table()
    table.deal(("As1 7c1", "Kd2 4h1"))
    bot = MediumBot()
    assert answers(bot, table, 0) == answers(bot, table, 0)


# --- legal, always ----------------------------------------------------------------------------

STARTS = [
    None,
    StartMatch(stacks=(3, 37), ante=1),  # short stacks: tiny trees, all-in from the ante
    StartMatch(stacks=(60, 60), ante=1),  # deeper than the tree: bets beyond it are clamped
]


@pytest.mark.parametrize("start", STARTS, ids=["cardavia", "short", "deep"])
def test_every_bot_only_ever_answers_legal_moves_through_whole_matches(start):
    """The arena plays every command through the engine, which refuses an illegal one."""
    names = [*LEVELS, *BASELINES]
    makers = {**LEVELS, **BASELINES}
    options = {} if start is None else {"start": start}
    for index, name in enumerate(names):
        for other in (names[(index + 1) % len(names)], "random", "hard"):
            result = play_match(
                [makers[name](), makers[other]()],
                deal_seed=f"legal-{name}-{other}",
                max_deals=300,
                **options,
            )
            assert sum(result.net) == 0


# --- reading the deal ------------------------------------------------------------------------


def test_the_kept_groups_are_read_from_the_previous_signal_and_reveal():
    table = Table()
    # Deal 1: seat 0 holds A and 7 (signal 1 UP), seat 1 holds K and 4.
    table.deal(("As1 7c1", "Kd2 4h1"), "Qs1 3d2")
    seat_view, history = seen(table, 0)
    assert CLASS_PAIRS[read_deal(seat_view, history).pair] == (FRESH_UD, FRESH_UD)
    table.lock(0, "7c1")  # seat 0 keeps the ace: UP
    table.lock(1, "Kd2")  # seat 1 keeps the four: DOWN
    table.check_down()
    # Deal 2: seat 1 won (K beats 7) and starts; seat 0 draws Q (UP), seat 1 draws 3 (DOWN).
    table.deal()
    seat_view, history = seen(table, 1)
    reading = read_deal(seat_view, history)
    assert reading.position == 0
    # The starter (seat 1) kept the four and drew the three; seat 0 kept the ace, drew the queen.
    assert CLASS_PAIRS[reading.pair] == (KEPT_DD, KEPT_UU)


def test_the_first_deal_after_a_restart_is_read_as_fresh_cards():
    table = Table()
    table.deal(("As1 7c1", "Kd2 4h1"))
    table.lock_both("7c1", "Kd2")
    table.check_down()
    table.restart()
    table.deal(seed=bytes(32))
    seat_view, history = seen(table, 0)
    first, second = CLASS_PAIRS[read_deal(seat_view, history).pair]
    assert first < 3 and second < 3


def test_a_level_still_answers_legally_without_any_history():
    table = Table()
    table.deal(("As1 7c1", "Kd2 4h1"))
    table.lock_both("As1", "Kd2")
    table.bet(0, 3)
    seat_view, _ = seen(table, 1)
    for seed in range(20):
        kind, amount = HardBot().act(seat_view, [], random.Random(seed))
        assert isinstance(amount, int | None)
        advance(table.state, Act(1, kind, amount))  # the engine refuses an illegal move


# --- strength ----------------------------------------------------------------------------------


def test_hard_beats_random_in_a_small_sample():
    result = play_series(HardBot(), RandomBot(), 60, seed="test-hard-random")
    assert result.win_rate >= 0.7


def test_an_off_tree_bet_is_read_as_a_neighbouring_tree_size_the_same_way_every_time():
    table = Table()
    table.deal(("As1 7c1", "Kd2 4h1"))
    table.lock_both("As1", "Kd2")
    table.bet(0, 3)  # the tree opens to 1, 2, 4 or all-in
    readings = {read_deal(*seen(table, 1)) for _ in range(5)}
    assert len(readings) == 1
    (reading,) = readings
    node = tree_for(reading.stack).nodes[reading.node]
    assert node.player == 1 and node.bets in ((2, 0), (4, 0))
    assert reading.real is not None and reading.real.bets == (3, 0)


def test_the_documented_examples_hold():
    for module in (abstraction, arena):
        assert doctest.testmod(module).failed == 0
