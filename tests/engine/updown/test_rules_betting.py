"""RULES.md §2.3 — one betting round: check or bet with nothing owed, otherwise call, raise or
fold; the minimum bet is 1 chip and a raise increases by at least the last full bet or raise;
amounts are the round's total, antes not counted; an all-in may be below the minimum; a short
all-in does not reopen raising; facing an all-in only call or fold; what cannot be matched is
returned; the round ends when both have acted and bets are matched, or on a fold."""

from __future__ import annotations

import pytest

from games.engine.errors import IllegalAction
from games.engine.updown import events as ev
from games.engine.updown.state import BETTING, BETWEEN_DEALS
from tests.engine.updown.table import Table


def refusal(table: Table, seat: int, kind: str, amount: int | None = None) -> IllegalAction:
    """The IllegalAction the engine raises for this action; the table must not change."""
    before = list(table.events)
    with pytest.raises(IllegalAction) as refused:
        table.act(seat, kind, amount)
    assert table.events == before
    return refused.value


def locked(stacks: tuple[int, int] = (20, 20)) -> Table:
    """Deal 1 with both cards locked: the human (seat 0) a king, the AI a queen."""
    table = Table(stacks=stacks)
    table.deal(("Kd1 3c1", "Qs1 4c1"))
    table.lock_both("Kd1", "Qs1")
    return table


# --- what a player may do -------------------------------------------------------------------


def test_with_nothing_owed_a_player_may_check_or_bet() -> None:
    legal = locked().legal

    assert legal is not None
    assert (legal.seat, legal.can_check, legal.can_bet, legal.can_raise) == (0, True, True, False)
    assert (legal.can_call, legal.can_fold, legal.can_lock) == (False, False, False)
    assert (legal.min_raise_to, legal.max_raise_to) == (1, 19)


def test_owing_chips_a_player_may_call_raise_or_fold() -> None:
    table = locked()
    table.bet(0, 3)

    legal = table.legal

    assert legal is not None
    assert (legal.seat, legal.can_call, legal.call_amount, legal.can_raise, legal.can_fold) == (
        1,
        True,
        3,
        True,
        True,
    )
    assert legal.can_check is False
    assert (legal.min_raise_to, legal.max_raise_to) == (6, 19)


def test_folding_is_possible_only_when_owing_chips() -> None:
    table = locked()

    assert refusal(table, 0, "fold").code == "nothing_to_fold"
    assert refusal(table, 0, "call").code == "nothing_to_call"


def test_owing_chips_a_player_cannot_check() -> None:
    table = locked()
    table.bet(0, 3)

    error = refusal(table, 1, "check")

    assert (error.code, error.params) == ("cannot_check", {"to_call": 3})


def test_acting_out_of_turn_is_refused() -> None:
    table = locked()

    assert refusal(table, 1, "check").code == "not_your_turn"
    assert refusal(table, 0, "shove", 5).code == "unknown_action"


# --- amounts ------------------------------------------------------------------------------------


def test_the_minimum_bet_is_one_chip() -> None:
    table = locked()

    error = refusal(table, 0, "bet", 0)
    produced = table.bet(0, 1)

    assert (error.code, error.params) == ("amount_below_minimum", {"minimum": 1})
    assert produced == [ev.Bet(seat=0, to=1)]


def test_a_raise_must_increase_the_bet_by_at_least_the_last_full_bet_or_raise() -> None:
    table = locked()
    table.bet(0, 3)

    error = refusal(table, 1, "raise", 5)
    table.raise_to(1, 7)  # a raise of 4
    again = refusal(table, 0, "raise", 10)

    assert (error.code, error.params) == ("amount_below_minimum", {"minimum": 6})
    assert (again.code, again.params) == ("amount_below_minimum", {"minimum": 11})
    table.raise_to(0, 11)
    assert table.state.current_bet == 11


def test_amounts_are_the_total_bet_this_round_antes_not_counted() -> None:
    table = locked()
    table.bet(0, 3)
    table.raise_to(1, 8)

    table.raise_to(0, 13)  # 10 more chips on top of the 3 already bet

    assert table.state.seats[0].bet == 13
    assert table.stacks == (20 - 1 - 13, 20 - 1 - 8)
    assert table.state.pot_total() == 2 + 13 + 8


def test_no_player_may_bet_more_than_their_stack() -> None:
    table = locked(stacks=(20, 10))

    error = refusal(table, 0, "bet", 20)

    # A bet may exceed the opponent's stack (9 after the ante), but not the bettor's own.
    assert (error.code, error.params) == ("amount_above_stack", {"maximum": 19})


def test_a_bet_or_raise_needs_a_whole_number_amount() -> None:
    table = locked()

    assert refusal(table, 0, "bet").code == "amount_required"
    assert refusal(table, 0, "bet", True).code == "amount_required"  # type: ignore[arg-type]


# --- all-ins --------------------------------------------------------------------------------


def test_an_all_in_raise_may_be_below_the_minimum() -> None:
    table = locked(stacks=(20, 6))  # the AI has 5 after the ante
    table.bet(0, 4)

    legal = table.legal
    produced = table.raise_to(1, 5)

    assert legal is not None and (legal.min_raise_to, legal.max_raise_to) == (5, 5)
    assert produced == [ev.Raised(seat=1, to=5)]


def test_a_short_all_in_does_not_reopen_raising_for_a_player_who_already_acted() -> None:
    table = locked(stacks=(20, 6))
    table.bet(0, 4)
    table.raise_to(1, 5)  # all-in, an increase of 1 where a full raise is 4

    legal = table.legal

    assert legal is not None
    assert (legal.seat, legal.can_call, legal.can_fold, legal.can_raise) == (0, True, True, False)
    assert refusal(table, 0, "raise", 9).code == "raise_not_reopened"


def test_facing_an_all_in_opponent_a_player_may_only_call_or_fold() -> None:
    table = locked(stacks=(10, 20))
    table.bet(0, 9)  # all-in, a full bet; the AI has 19 behind

    legal = table.legal

    assert legal is not None
    assert (legal.can_call, legal.can_fold, legal.can_raise) == (True, True, False)
    assert refusal(table, 1, "raise", 19).code == "opponent_all_in"
    table.call(1)
    assert table.stacks == (20, 10)


def test_a_call_that_cannot_be_covered_commits_the_stack_and_the_excess_is_returned() -> None:
    table = locked(stacks=(20, 8))  # the AI has 7 after the ante
    table.bet(0, 12)

    produced = table.call(1)

    assert produced[0] == ev.Called(seat=1, amount=7)
    assert produced[1] == ev.UncalledBetReturned(seat=0, amount=5)
    assert table.this_deal(ev.PotAwarded)[0].amount == 16  # 8 each: ante and 7
    assert table.stacks == (28, 0)  # the king wins


def test_a_bet_larger_than_the_opponents_stack_is_allowed_and_the_excess_returned() -> None:
    table = locked(stacks=(3, 20))
    table.check(0)
    table.bet(1, 15)

    produced = table.call(0)  # the human can put in only 2

    assert produced[:2] == [
        ev.Called(seat=0, amount=2),
        ev.UncalledBetReturned(seat=1, amount=13),
    ]
    assert table.stacks == (6, 17)


# --- the end of the round -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "actions",
    [
        [("check", None), ("check", None)],
        [("bet", 2), ("call", None)],
        [("check", None), ("bet", 2), ("call", None)],
        [("bet", 2), ("raise", 5), ("call", None)],
        [("bet", 2), ("raise", 5), ("raise", 9), ("call", None)],
    ],
    ids=["check-check", "bet-call", "check-bet-call", "bet-raise-call", "reraise-call"],
)
def test_the_round_ends_when_both_have_acted_and_the_bets_are_matched(
    actions: list[tuple[str, int | None]],
) -> None:
    table = locked()
    seat = 0
    for number, (kind, amount) in enumerate(actions):
        assert table.state.phase == BETTING, f"the round ended before action {number}"
        table.act(seat, kind, amount)
        seat = 1 - seat

    assert table.state.phase == BETWEEN_DEALS
    assert table.this_deal(ev.LockedCardsRevealed)


def test_the_round_ends_on_a_fold_and_an_uncalled_bet_is_returned() -> None:
    table = locked()
    table.bet(0, 5)

    produced = table.fold(1)

    assert produced[:2] == [ev.Folded(seat=1), ev.UncalledBetReturned(seat=0, amount=5)]
    assert table.won() == {0: 2}
    assert table.stacks == (21, 19)


def test_no_betting_action_between_deals() -> None:
    table = locked()
    table.check_down()

    assert refusal(table, 1, "check").code == "no_deal_in_progress"
