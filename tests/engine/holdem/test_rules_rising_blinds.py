"""docs/rules.md#holdem-rising-blinds — a sit & go's blinds rise a level every N hands of a
segment (the last level stays), each hand posts and bets in its own level's blinds, heads-up
too, a player short of a raised blind is all-in, and a restart starts again at level 1."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from games.engine.errors import IllegalAction
from games.engine.events import Event
from games.engine.holdem import events as ev
from games.engine.holdem.audit import audit
from games.engine.holdem.betting import legal_actions
from games.engine.holdem.blinds import blinds_of, level_of
from games.engine.holdem.game import Act, StartHand, StartMatch, advance
from games.engine.holdem.rules import (
    BLIND_LEVELS,
    CARDAVIA_TABLE,
    HANDS_PER_LEVEL,
    SIT_AND_GO_TABLE,
)
from games.engine.holdem.state import HoldemState
from games.engine.holdem.view import view
from tests.engine.holdem.table import NEUTRAL_BOARD, Table

LEVELS = ((10, 20), (20, 40), (50, 100))


def fold_round(table: Table) -> None:
    """Everyone folds to the big blind, who wins the blinds."""
    while table.to_act is not None:
        table.fold(table.to_act)


def posted(table: Table) -> dict[str, tuple[int, int]]:
    return {e.blind: (e.seat, e.amount) for e in table.this_hand(ev.BlindPosted)}


def test_the_sit_and_go_schedule_rises_a_level_every_10_hands_and_stays_at_the_last() -> None:
    expected = [
        BLIND_LEVELS[min((hand - 1) // 10, len(BLIND_LEVELS) - 1)] for hand in range(1, 151)
    ]

    levels = [blinds_of(SIT_AND_GO_TABLE, hand) for hand in range(1, 151)]

    assert [(b.small, b.big) for b in levels] == expected
    assert [level_of(SIT_AND_GO_TABLE, hand) for hand in (1, 10, 11, 20, 21, 101, 150)] == [
        1, 1, 2, 2, 3, 11, 11,
    ]  # fmt: skip
    assert HANDS_PER_LEVEL == 10 and BLIND_LEVELS[0] == (10, 20)
    assert all(
        b >= a
        for low, high in itertools.pairwise(BLIND_LEVELS)
        for a, b in zip(low, high, strict=True)
    )


def test_hands_left_and_next_level_count_down_to_the_change() -> None:
    hands = [blinds_of(SIT_AND_GO_TABLE, hand) for hand in (1, 2, 10, 11, 100, 101)]

    assert [b.hands_left for b in hands] == [10, 9, 1, 10, 1, None]
    assert [b.next_level for b in hands] == [
        (15, 30), (15, 30), (15, 30), (25, 50), (500, 1000), None,
    ]  # fmt: skip


def test_fixed_blinds_never_change_and_have_no_next_level() -> None:
    for hand in (1, 11, 500):
        blinds = blinds_of(CARDAVIA_TABLE, hand)
        assert (blinds.level, blinds.small, blinds.big) == (1, 10, 20)
        assert blinds.next_level is None and blinds.hands_left is None


def test_the_level_changes_at_the_first_hand_of_each_level() -> None:
    table = Table(blind_levels=LEVELS, hands_per_level=2)
    seen = []
    for _ in range(7):
        table.deal()
        start = table.last(ev.HandStarted)
        big = posted(table)["big"][1]
        seen.append((start.hand_number, start.level, start.small_blind, start.big_blind, big))
        fold_round(table)

    assert seen == [
        (1, 1, 10, 20, 20),
        (2, 1, 10, 20, 20),
        (3, 2, 20, 40, 40),
        (4, 2, 20, 40, 40),
        (5, 3, 50, 100, 100),
        (6, 3, 50, 100, 100),
        (7, 3, 50, 100, 100),
    ]


def test_a_fixed_table_puts_its_blinds_and_level_1_on_every_hand() -> None:
    table = Table()
    for _ in range(12):
        table.deal()
        fold_round(table)

    assert {(e.level, e.small_blind, e.big_blind) for e in table.all(ev.HandStarted)} == {
        (1, 10, 20)
    }


def test_betting_at_a_raised_level_uses_its_big_blind_before_and_after_the_flop() -> None:
    table = Table(blind_levels=LEVELS, hands_per_level=1)
    table.deal()
    fold_round(table)
    table.deal(board=NEUTRAL_BOARD)  # hand 2: level 2, blinds 20/40

    legal = table.legal
    assert legal is not None and legal.min_raise_to == 80  # the big blind plus a big blind
    table.call(table.to_act)
    while table.state.street == "preflop" and table.to_act is not None:
        table.call(table.to_act) if table.legal.can_call else table.check(table.to_act)
    legal = table.legal
    assert table.state.street == "flop" and legal is not None
    assert legal.min_raise_to == 40  # the smallest bet on the flop: the level's big blind


def test_heads_up_the_button_posts_the_small_blind_of_the_level() -> None:
    table = Table((1000, 1000), blind_levels=LEVELS, hands_per_level=2)
    for _ in range(2):
        table.deal()
        fold_round(table)

    table.deal()  # hand 3: level 2

    button = table.last(ev.HandStarted).button
    other = 1 - button
    assert posted(table) == {"small": (button, 20), "big": (other, 40)}
    assert table.to_act == button  # heads-up the button acts first before the flop
    legal = table.legal
    assert legal is not None and legal.call_amount == 20 and legal.min_raise_to == 80


def test_a_player_short_of_a_raised_blind_posts_everything_and_is_all_in() -> None:
    table = Table((1000, 30, 1000, 1000), blind_levels=LEVELS, hands_per_level=1)
    table.deal()  # hand 1, level 1 (10/20): button 0; seat 1 posts the small blind 10 and folds
    fold_round(table)
    table.deal()  # hand 2, level 2 (20/40): button 1; seats 2 and 3 post
    fold_round(table)
    table.deal()  # hand 3, level 3 (50/100): button 2; seats 3 and 0 post
    fold_round(table)
    left = table.stacks[1]

    table.deal()  # hand 4, level 3: button 3; seat 0 posts 50, seat 1 owes the big blind 100

    assert left == 20
    assert posted(table) == {"small": (0, 50), "big": (1, 20)}
    assert table.state.seats[1].stack == 0 and not table.state.seats[1].can_act
    assert table.state.current_bet == 50


def test_a_restart_begins_again_at_level_1() -> None:
    table = Table(blind_levels=LEVELS, hands_per_level=1)
    for _ in range(3):
        table.deal()
        fold_round(table)
    table.restart()

    table.deal()

    start = table.last(ev.HandStarted)
    assert (start.level, start.small_blind, start.big_blind) == (1, 10, 20)
    assert posted(table)["big"][1] == 20


@pytest.mark.parametrize(
    ("levels", "hands_per_level"),
    [
        (((10, 20), (20, 40)), 0),  # levels but no hands per level
        ((), 10),  # hands per level without levels
        (((15, 30), (20, 40)), 10),  # the first level is not the table's blinds
        (((10, 20), (5, 10)), 10),  # falling blinds
        (((10, 20), (50, 40)), 10),  # a small blind above the big one
    ],
)
def test_a_table_with_impossible_levels_is_refused(
    levels: tuple[tuple[int, int], ...], hands_per_level: int
) -> None:
    command = StartMatch(
        stacks=(1000, 1000),
        small_blind=10,
        big_blind=20,
        blind_levels=levels,
        hands_per_level=hands_per_level,
    )
    with pytest.raises(IllegalAction) as refused:
        advance(HoldemState(), command)
    assert refused.value.code == "invalid_blinds"


def test_the_view_shows_the_blinds_the_next_level_and_hands_left() -> None:
    table = Table(blind_levels=LEVELS, hands_per_level=3)
    assert view(table.state, 0)["blinds"] == {
        "small": 10,
        "big": 20,
        "ante": 0,
        "level": 1,
        "next_level": {"small": 20, "big": 40},
        "hands_left": 3,
        "hand_number": 1,
        "hands_per_level": 3,
        "schedule": [{"small": 10, "big": 20}, {"small": 20, "big": 40}, {"small": 50, "big": 100}],
    }
    for _ in range(3):
        table.deal()
        fold_round(table)
    # Between hands the table shows the next hand's blinds: level 2 starts now.
    between = view(table.state, 0)["blinds"]
    assert (between["level"], between["hand_number"], between["hands_left"]) == (2, 4, 3)
    table.deal()
    seen = view(table.state, 0)["blinds"]
    assert (seen["small"], seen["big"], seen["hands_left"]) == (20, 40, 3)
    assert seen["next_level"] == {"small": 50, "big": 100}


def calm_act(rng: random.Random, state: HoldemState) -> Act:
    """Mostly checks, calls and folds, now and then a raise or an all-in: matches that last
    long enough for the blinds to rise several levels."""
    legal = legal_actions(state)
    assert legal is not None and state.to_act is not None
    roll = rng.random()
    if legal.can_bet_or_raise and roll < 0.08:
        amount = legal.max_raise_to if roll < 0.02 else legal.min_raise_to
        return Act(state.to_act, legal.bet_kind, amount)
    if legal.can_check:
        return Act(state.to_act, "check")
    return Act(state.to_act, "call" if roll < 0.45 else "fold")


def play_sit_and_go(seed: int) -> list[Event]:
    rng = random.Random(seed)
    state, events = advance(HoldemState(), SIT_AND_GO_TABLE)
    while state.phase == "between_hands":
        state, produced = advance(state, StartHand(seed=rng.randbytes(32)))
        events += produced
        while state.to_act is not None:
            state, produced = advance(state, calm_act(rng, state))
            events += produced
    return events


def test_the_audit_re_derives_every_hand_s_level_of_a_whole_sit_and_go() -> None:
    events = play_sit_and_go(5)
    starts = [e for e in events if isinstance(e, ev.HandStarted)]
    assert max(e.level for e in starts) >= 3, "the match reached raised levels"
    assert events[-1].TYPE == "holdem.match_ended"

    report = audit(events)

    assert report.ok, report.mismatches
    assert report.hands_verified == len(starts)


def test_the_audit_finds_a_hand_dealt_at_the_wrong_level() -> None:
    events = play_sit_and_go(6)
    raised = next(e for e in events if isinstance(e, ev.HandStarted) and e.level >= 2)
    tampered = [
        dataclasses.replace(e, level=1, small_blind=10, big_blind=20) if e is raised else e
        for e in events
    ]

    report = audit(tampered)

    assert not report.ok and report.mismatches[0].index == events.index(raised)
