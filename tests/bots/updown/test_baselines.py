"""The baselines play as their names say (RULES.md §2.3 choices only)."""

from __future__ import annotations

import random
from collections import Counter

from bots.updown.baselines import CallingStation, Folder, Maniac, RandomBot
from games.engine.updown.view import view, visible_record
from tests.engine.updown.table import Table

BASELINES = (RandomBot(), CallingStation(), Maniac(), Folder())


def seen(table: Table, seat: int) -> tuple[dict, list[dict]]:
    return view(table.state, seat), [visible_record(item, seat) for item in table.events]


def table_facing_a_bet() -> Table:
    table = Table()
    table.deal(("As1 7c1", "Kd2 4h1"))
    table.lock_both("As1", "Kd2")
    table.bet(0, 3)
    return table


def table_owing_nothing() -> Table:
    table = Table()
    table.deal(("As1 7c1", "Kd2 4h1"))
    table.lock_both("As1", "Kd2")
    return table


def test_every_baseline_locks_one_of_its_own_cards_either_one():
    table = Table()
    table.deal(("As1 7c1", "Kd2 4h1"))
    seat_view, history = seen(table, 0)
    for bot in BASELINES:
        locks = Counter(bot.act(seat_view, history, random.Random(s)) for s in range(60))
        assert set(locks) == {("lock", "As1"), ("lock", "7c1")}


def test_a_calling_station_checks_or_calls_whatever_it_holds():
    assert CallingStation().act(*seen(table_facing_a_bet(), 1), random.Random(1)) == ("call", None)
    assert CallingStation().act(*seen(table_owing_nothing(), 0), random.Random(1)) == (
        "check",
        None,
    )


def test_a_maniac_bets_or_raises_its_whole_stack_and_never_folds():
    assert Maniac().act(*seen(table_owing_nothing(), 0), random.Random(1)) == ("bet", 19)
    assert Maniac().act(*seen(table_facing_a_bet(), 1), random.Random(1)) == ("raise", 19)
    table = table_facing_a_bet()
    table.raise_to(1, 19)
    assert Maniac().act(*seen(table, 0), random.Random(1)) == ("call", None)


def test_a_folder_folds_to_any_bet_and_checks_otherwise():
    assert Folder().act(*seen(table_facing_a_bet(), 1), random.Random(1)) == ("fold", None)
    assert Folder().act(*seen(table_owing_nothing(), 0), random.Random(1)) == ("check", None)


def test_the_random_bot_picks_every_legal_kind_and_sizes_within_the_limits():
    seat_view, history = seen(table_facing_a_bet(), 1)
    legal = seat_view["legal_actions"]
    choices = [RandomBot().act(seat_view, history, random.Random(s)) for s in range(300)]
    assert {kind for kind, _ in choices} == {"fold", "call", "raise"}
    sizes = [amount for kind, amount in choices if kind == "raise"]
    assert min(sizes) >= legal["min_raise_to"] and max(sizes) <= legal["max_raise_to"]
    assert len(set(sizes)) > 10
    opening = [
        RandomBot().act(*seen(table_owing_nothing(), 0), random.Random(s)) for s in range(60)
    ]
    assert {kind for kind, _ in opening} == {"check", "bet"}
