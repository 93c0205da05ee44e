"""RULES.md §2.3 — a deal: the starter locks first and acts first in the betting (the human in
the first deal, then the previous winner, alternating after a tie); a locked card is one of your
two, face down, and cannot be changed; betting starts only after both players have locked."""

from __future__ import annotations

import pytest

from games.engine.errors import IllegalAction
from games.engine.updown import events as ev
from games.engine.updown.state import BETTING, LOCKING
from tests.engine.updown.table import Table


def refusal(table: Table, action: object) -> str:
    """The IllegalAction code for ``action()``; the table must not change."""
    before = list(table.events)
    with pytest.raises(IllegalAction) as refused:
        action()  # type: ignore[operator]
    assert table.events == before
    return refused.value.code


def test_the_human_starts_the_first_deal() -> None:
    table = Table()

    produced = table.deal(("As1 Kd2", "7c1 2h2"))

    assert produced[0] == ev.DealStarted(deal_number=1, starter=0)
    assert table.to_act == 0


def test_the_starter_locks_first() -> None:
    table = Table()
    table.deal(("As1 Kd2", "7c1 2h2"))

    assert refusal(table, lambda: table.lock(1, "7c1")) == "not_your_turn"
    table.lock(0, "As1")

    assert table.to_act == 1
    assert table.legal is not None and table.legal.lockable == ("7c1", "2h2")


def test_betting_starts_only_after_both_players_have_locked() -> None:
    table = Table()
    table.deal(("As1 Kd2", "7c1 2h2"))

    assert refusal(table, lambda: table.bet(0, 2)) == "lock_first"
    assert refusal(table, lambda: table.check(0)) == "lock_first"
    table.lock(0, "As1")
    assert refusal(table, lambda: table.check(1)) == "lock_first"
    table.lock(1, "2h2")

    assert table.state.phase == BETTING
    assert table.to_act == 0  # the starter acts first in the betting


def test_a_locked_card_cannot_be_changed() -> None:
    table = Table()
    table.deal(("As1 Kd2", "7c1 2h2"))
    table.lock(0, "As1")

    assert refusal(table, lambda: table.lock(0, "Kd2")) == "already_locked"
    table.lock(1, "7c1")
    assert refusal(table, lambda: table.lock(0, "Kd2")) == "not_locking_phase"
    assert table.state.seats[0].locked == "As1"


def test_a_player_locks_one_of_their_own_two_cards() -> None:
    table = Table()
    table.deal(("As1 Kd2", "7c1 2h2"))

    assert refusal(table, lambda: table.lock(0, "7c1")) == "unknown_card"  # the opponent's
    assert refusal(table, lambda: table.lock(0, "As2")) == "unknown_card"  # the other deck's
    assert refusal(table, lambda: table.lock(0, "Zz9")) == "unknown_card"
    table.lock(0, "Kd2")

    assert table.state.phase == LOCKING
    assert table.state.seats[0].locked == "Kd2"


def test_no_one_locks_between_deals() -> None:
    table = Table()
    assert refusal(table, lambda: table.lock(0, "As1")) == "no_deal_in_progress"


def test_the_winner_of_the_previous_deal_starts_the_next() -> None:
    table = Table()
    table.deal(("As1 Kd2", "7c1 2h2"), "3c1 4c1")
    table.lock_both("Kd2", "7c1")
    table.check_down()  # the human checks first
    assert table.last(ev.DealEnded).winner == 0

    table.deal()
    assert table.state.starter == 0
    table.lock_both("3c1", "4c1")
    table.check_down()
    assert table.last(ev.DealEnded).winner == 1

    produced = table.deal()
    assert produced[0] == ev.DealStarted(deal_number=3, starter=1)
    assert table.to_act == 1


def test_after_a_tie_the_player_who_did_not_start_the_tied_deal_starts() -> None:
    table = Table()
    table.deal(("9s1 Kd2", "9h2 2h2"), "5c1 5d1", "Jc1 Jd1")
    table.lock_both("9s1", "9h2")
    table.check_down()
    assert table.last(ev.DealEnded).winner is None

    table.deal()
    assert table.state.starter == 1  # the human started the tie
    table.lock_both("5d1", "5c1")
    table.check_down()
    assert table.last(ev.DealEnded).winner is None

    table.deal()
    assert table.state.starter == 0  # and it alternates back


def test_the_player_who_did_not_fold_wins_and_starts_the_next_deal() -> None:
    table = Table()
    table.deal(("As1 Kd2", "7c1 2h2"))
    table.lock_both("Kd2", "2h2")
    table.bet(0, 3)
    table.fold(1)

    assert table.last(ev.DealEnded).winner == 0
    table.deal()
    assert table.state.starter == 0

    table.lock_both("As1", "7c1")
    table.bet(0, 2)
    table.raise_to(1, 4)
    table.fold(0)  # the human folds the better card: the AI still wins
    assert table.last(ev.DealEnded).winner == 1
    table.deal()
    assert table.state.starter == 1
