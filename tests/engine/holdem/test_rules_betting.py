"""RULES.md §1.4 — betting: check or bet when owing nothing, else call, raise or fold; amounts are
"raise to" totals; the minimum bet is the big blind and a raise at least the last full bet or raise;
short all-ins do not reopen raising (unless they add up to a full raise); no raise when nobody can
respond; the big blind's option; who acts first after the flop. And the refusal codes."""

from __future__ import annotations

import pytest

from games.engine.errors import IllegalAction
from games.engine.holdem import events as ev
from tests.engine.holdem.table import NEUTRAL_BOARD, Table


def refusal(table: Table, seat: int, kind: str, amount: int | None = None) -> IllegalAction:
    """The IllegalAction the engine raises for this action; the table must not change."""
    before = list(table.events)
    with pytest.raises(IllegalAction) as refused:
        table.act(seat, kind, amount)
    assert table.events == before
    return refused.value


def limped_to_the_flop(table: Table) -> None:
    """Everyone calls the big blind and the big blind checks: flop dealt, seat 1 to act."""
    table.deal(board=NEUTRAL_BOARD)
    table.call(3)
    table.call(0)
    table.call(1)
    table.check(2)
    assert table.state.street == "flop"


# --- what a player may do -------------------------------------------------------------------


def test_a_player_who_owes_nothing_may_check_or_bet() -> None:
    table = Table()
    limped_to_the_flop(table)

    legal = table.legal

    assert legal is not None
    assert (legal.seat, legal.can_check, legal.can_bet, legal.can_raise) == (1, True, True, False)
    assert (legal.can_call, legal.can_fold) == (False, False)


def test_a_player_who_owes_chips_may_call_raise_or_fold() -> None:
    table = Table()
    table.deal()

    legal = table.legal

    assert legal is not None
    assert (legal.seat, legal.can_call, legal.call_amount, legal.can_raise, legal.can_fold) == (
        3,
        True,
        20,
        True,
        True,
    )
    assert legal.can_check is False


def test_a_call_matches_the_highest_bet_of_the_round() -> None:
    table = Table()
    table.deal()
    table.raise_to(3, 60)

    produced = table.call(0)

    assert produced[0] == ev.Called(seat=0, amount=60)
    assert table.stacks[0] == 940


def test_a_call_that_cannot_cover_the_bet_puts_in_the_whole_stack() -> None:
    table = Table(stacks=(1000, 1000, 1000, 300))
    table.deal(holes={0: "AsAd", 3: "KsKd"}, board=NEUTRAL_BOARD)
    table.call(3)
    table.raise_to(0, 500)
    table.fold(1)
    table.fold(2)

    produced = table.call(3)

    assert produced[0] == ev.Called(seat=3, amount=280)
    assert ev.UncalledBetReturned(seat=0, amount=200) in produced
    assert table.stacks == (1330, 990, 980, 0)


def test_a_raise_makes_the_players_who_already_acted_act_again() -> None:
    table = Table()
    table.deal()
    table.call(3)
    table.call(0)
    table.raise_to(1, 60)
    table.call(2)

    to_act_after_the_raise = [table.to_act]
    table.call(3)
    to_act_after_the_raise.append(table.to_act)
    table.call(0)

    assert to_act_after_the_raise == [3, 0]
    assert table.state.street == "flop"


# --- amounts ---------------------------------------------------------------------------------


def test_a_raise_amount_is_the_total_bet_in_the_round_not_the_increment() -> None:
    table = Table()
    table.deal()
    table.call(3)
    table.call(0)
    table.call(1)

    produced = table.raise_to(2, 60)

    # The big blind had 20 in: raising to 60 puts in 40 more.
    assert produced[0] == ev.Raised(seat=2, to=60)
    assert table.stacks[2] == 940


def test_a_bet_amount_after_the_flop_is_the_total_for_the_street() -> None:
    table = Table()
    limped_to_the_flop(table)
    table.bet(1, 50)

    produced = table.raise_to(2, 150)

    assert produced[0] == ev.Raised(seat=2, to=150)
    assert table.stacks[2] == 1000 - 20 - 150


@pytest.mark.parametrize("street", ["flop", "turn", "river"])
def test_the_minimum_opening_bet_is_the_big_blind_on_every_street(street: str) -> None:
    table = Table()
    limped_to_the_flop(table)
    while table.state.street != street:
        table.check_round()

    refused = refusal(table, 1, "bet", 19)
    produced = table.bet(1, 20)

    assert (refused.code, refused.params) == ("amount_below_minimum", {"minimum": 20})
    assert produced[0] == ev.Bet(seat=1, to=20)


def test_the_minimum_first_raise_pre_flop_is_to_40() -> None:
    table = Table()
    table.deal()

    refused = refusal(table, 3, "raise", 39)
    produced = table.raise_to(3, 40)

    assert (refused.code, refused.params) == ("amount_below_minimum", {"minimum": 40})
    assert produced[0] == ev.Raised(seat=3, to=40)


def test_a_pre_flop_re_raise_must_increase_by_the_last_full_raise() -> None:
    table = Table()
    table.deal()
    table.raise_to(3, 100)  # a raise of 80

    refused = refusal(table, 0, "raise", 179)

    assert (refused.code, refused.params) == ("amount_below_minimum", {"minimum": 180})
    assert table.legal is not None and table.legal.min_raise_to == 180


def test_a_raise_after_the_flop_must_increase_by_the_last_full_bet_or_raise() -> None:
    table = Table()
    limped_to_the_flop(table)
    table.bet(1, 50)
    assert table.legal is not None and table.legal.min_raise_to == 100
    table.raise_to(2, 150)  # a raise of 100

    refused = refusal(table, 3, "raise", 249)
    produced = table.raise_to(3, 250)

    assert (refused.code, refused.params) == ("amount_below_minimum", {"minimum": 250})
    assert produced[0] == ev.Raised(seat=3, to=250)


def test_the_last_full_raise_resets_to_the_big_blind_on_each_street() -> None:
    table = Table()
    table.deal()
    table.raise_to(3, 300)
    table.call(0)
    table.fold(1)
    table.fold(2)
    assert table.state.street == "flop"

    legal = table.legal

    assert legal is not None and legal.min_raise_to == 20


def test_nobody_may_bet_more_than_their_stack() -> None:
    table = Table()
    table.deal()
    table.call(3)
    table.call(0)
    table.call(1)

    refused = refusal(table, 2, "raise", 1001)

    # The big blind's 20 already count: everything in is a raise to 1000.
    assert (refused.code, refused.params) == ("amount_above_stack", {"maximum": 1000})
    assert table.raise_to(2, 1000)[0] == ev.Raised(seat=2, to=1000)
    assert table.stacks[2] == 0


def test_an_all_in_may_be_below_the_minimum_raise() -> None:
    table = Table(stacks=(1000, 1000, 1000, 30))
    table.deal()

    legal = table.legal
    produced = table.raise_to(3, 30)

    assert legal is not None and (legal.min_raise_to, legal.max_raise_to) == (30, 30)
    assert produced[0] == ev.Raised(seat=3, to=30)
    assert table.stacks[3] == 0


def test_an_all_in_may_be_below_the_minimum_bet() -> None:
    table = Table(stacks=(1000, 1000, 1000, 35))
    table.deal(board=NEUTRAL_BOARD)
    table.call(3)
    table.call(0)
    table.fold(1)
    table.check(2)
    table.check(2)
    assert table.to_act == 3

    produced = table.bet(3, 15)

    assert produced[0] == ev.Bet(seat=3, to=15)
    assert table.stacks[3] == 0


# --- short all-ins ---------------------------------------------------------------------------


def test_short_all_in_does_not_reopen_raising_for_players_who_already_acted() -> None:
    table = Table(stacks=(90, 1000, 1000, 1910))
    table.deal()
    table.raise_to(3, 60)  # a full raise of 40
    table.raise_to(0, 90)  # all-in: 30 more, short of a full raise
    table.fold(1)
    table.call(2)

    legal = table.legal
    refused = refusal(table, 3, "raise", 200)

    assert legal is not None and legal.seat == 3
    assert (legal.can_call, legal.can_fold, legal.can_raise) == (True, True, False)
    assert refused.code == "raise_not_reopened"
    assert table.call(3)[0] == ev.Called(seat=3, amount=30)


def test_short_all_in_leaves_raising_open_for_players_who_have_not_acted() -> None:
    table = Table(stacks=(90, 1000, 1000, 1910))
    table.deal()
    table.raise_to(3, 60)
    table.raise_to(0, 90)
    table.fold(1)

    legal = table.legal

    # The big blind has not acted yet: a raise is allowed, by the last full raise (40).
    assert legal is not None and legal.seat == 2
    assert (legal.can_raise, legal.min_raise_to) == (True, 130)


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_raising() -> None:
    table = Table(stacks=(90, 1900, 110, 1900))
    table.deal()
    table.raise_to(3, 60)  # a full raise of 40
    table.raise_to(0, 90)  # all-in, +30
    table.call(1)
    table.raise_to(2, 110)  # all-in, +20: since seat 3 acted the bet grew by 50

    reopened = table.legal
    table.call(3)
    still_closed = table.legal

    assert reopened is not None and reopened.seat == 3
    assert (reopened.can_raise, reopened.min_raise_to) == (True, 150)
    # Seat 1 acted at 90: only 20 more since then, short of a full raise.
    assert still_closed is not None and still_closed.seat == 1
    assert still_closed.can_raise is False
    assert refusal(table, 1, "raise", 200).code == "raise_not_reopened"


def test_a_full_raise_after_a_short_all_in_reopens_raising() -> None:
    table = Table(stacks=(90, 1000, 1000, 1910))
    table.deal()
    table.raise_to(3, 60)
    table.raise_to(0, 90)  # short
    table.fold(1)
    table.raise_to(2, 130)  # a full raise of 40 over 90

    legal = table.legal

    assert legal is not None and legal.seat == 3
    assert (legal.can_raise, legal.min_raise_to) == (True, 170)


# --- nobody left to respond ------------------------------------------------------------------


def test_no_raise_when_nobody_could_respond() -> None:
    table = Table(stacks=(1000, 1000, 1500, 500))
    table.deal(holes={2: "AsAd", 3: "KsKd"}, board=NEUTRAL_BOARD)
    table.raise_to(3, 500)  # all-in
    # Seat 0 may still raise: seats 1 and 2 could respond.
    assert table.legal is not None and table.legal.can_raise is True
    table.fold(0)
    table.fold(1)

    legal = table.legal
    refused = refusal(table, 2, "raise", 1000)

    assert legal is not None and legal.seat == 2
    assert (legal.can_call, legal.can_fold, legal.can_raise) == (True, True, False)
    assert refused.code == "no_one_can_respond"


# --- the big blind's option ------------------------------------------------------------------


def test_the_big_blind_may_check_an_unraised_pot_pre_flop() -> None:
    table = Table()
    table.deal()
    table.call(3)
    table.call(0)
    table.call(1)

    legal = table.legal
    produced = table.check(2)

    assert legal is not None and legal.seat == 2
    assert (legal.can_check, legal.can_raise, legal.min_raise_to) == (True, True, 40)
    assert produced[0] == ev.Checked(seat=2)
    assert isinstance(produced[1], ev.BoardDealt) and produced[1].street == "flop"


def test_the_big_blind_may_raise_an_unraised_pot_and_the_others_act_again() -> None:
    table = Table()
    table.deal()
    table.call(3)
    table.call(0)
    table.call(1)

    table.raise_to(2, 60)

    assert table.state.street == "preflop"
    assert table.legal is not None
    assert (table.legal.seat, table.legal.call_amount) == (3, 40)


def test_the_big_blind_has_no_option_when_the_pot_was_raised() -> None:
    table = Table()
    table.deal()
    table.raise_to(3, 60)
    table.call(0)
    table.call(1)

    legal = table.legal

    assert legal is not None and legal.seat == 2
    assert (legal.can_check, legal.call_amount) == (False, 40)


# --- who acts first after the flop ------------------------------------------------------------


def test_after_the_flop_the_first_to_act_is_the_first_live_player_left_of_the_button() -> None:
    table = Table()
    table.deal()
    table.call(3)
    table.call(0)
    table.fold(1)
    table.check(2)

    # The small blind folded: the big blind is first after the button.
    assert (table.state.street, table.to_act) == ("flop", 2)


def test_after_the_flop_an_all_in_player_is_skipped() -> None:
    table = Table(stacks=(1000, 100, 1000, 1000))
    table.deal()
    table.raise_to(3, 100)
    table.call(0)
    table.call(1)  # all-in
    table.call(2)

    assert table.stacks[1] == 0
    assert (table.state.street, table.to_act) == ("flop", 2)


def test_with_everyone_checking_the_round_ends_when_all_have_acted() -> None:
    table = Table()
    limped_to_the_flop(table)

    order = []
    while table.state.street == "flop":
        order.append(table.to_act)
        table.check(table.to_act)

    assert order == [1, 2, 3, 0]
    assert table.state.street == "turn"


# --- refusals --------------------------------------------------------------------------------


def test_acting_out_of_turn_is_refused() -> None:
    table = Table()
    table.deal()

    refused = refusal(table, 0, "call")

    assert refused.code == "not_your_turn"
    assert refused.params == {"seat": 0, "to_act": 3}


def test_checking_while_owing_chips_is_refused() -> None:
    table = Table()
    table.deal()

    assert refusal(table, 3, "check").code == "cannot_check"


def test_calling_with_nothing_to_call_is_refused() -> None:
    table = Table()
    limped_to_the_flop(table)

    assert refusal(table, 1, "call").code == "nothing_to_call"


def test_folding_with_nothing_owed_is_refused() -> None:
    table = Table()
    limped_to_the_flop(table)

    assert refusal(table, 1, "fold").code == "nothing_to_fold"


def test_the_big_blind_cannot_fold_its_option() -> None:
    table = Table()
    table.deal()
    table.call(3)
    table.call(0)
    table.call(1)

    assert refusal(table, 2, "fold").code == "nothing_to_fold"


def test_acting_between_hands_is_refused() -> None:
    table = Table()

    assert refusal(table, 3, "call").code == "no_hand_in_progress"


def test_an_unknown_action_is_refused() -> None:
    table = Table()
    table.deal()

    assert refusal(table, 3, "limp").code == "unknown_action"
