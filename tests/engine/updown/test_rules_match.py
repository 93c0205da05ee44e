"""RULES.md §2.1 — the match: two players, seat 0 the human and seat 1 the AI, 20 chips each; the
match ends when a player has no chips, and that player loses; a restart gives both 20 again."""

from __future__ import annotations

import pytest

from games.engine.errors import IllegalAction
from games.engine.updown import events as ev
from games.engine.updown.game import Restart, StartDeal, StartMatch, decide
from games.engine.updown.rules import CHIPS_IN_PLAY, HUMAN_SEAT, START_MATCH
from games.engine.updown.state import BETWEEN_DEALS, MATCH_OVER, UpDownState
from tests.engine.updown.table import Table


def human_busts(table: Table) -> None:
    """Deal 1: the human (seat 0) shoves their 19 chips with a king; the AI calls with an ace."""
    table.deal(("Kd1 3c1", "As1 4c1"))
    table.lock_both("Kd1", "As1")
    table.bet(0, 19)
    table.call(1)


def test_a_match_is_two_seats_of_20_chips_with_the_human_on_seat_0() -> None:
    produced = decide(UpDownState(), START_MATCH)

    assert produced == [ev.MatchStarted(stacks=(20, 20), ante=1, first_starter=HUMAN_SEAT)]
    assert CHIPS_IN_PLAY == 40


def test_a_match_seats_exactly_two_players_with_chips() -> None:
    for stacks in ((20,), (20, 20, 20), (20, 0)):
        with pytest.raises(IllegalAction) as refused:
            decide(UpDownState(), StartMatch(stacks=stacks, ante=1))
        assert refused.value.code == "invalid_table"


def test_the_match_ends_when_a_player_has_no_chips_and_that_player_loses() -> None:
    table = Table()

    human_busts(table)

    assert table.stacks == (0, 40)
    assert table.last(ev.MatchEnded) == ev.MatchEnded(winner=1)
    assert table.state.phase == MATCH_OVER
    assert table.state.winner == 1


def test_the_match_goes_on_while_both_players_have_chips() -> None:
    table = Table()
    table.deal(("Kd1 3c1", "As1 4c1"))
    table.lock_both("Kd1", "As1")

    table.bet(0, 18)
    table.call(1)

    assert table.stacks == (1, 39)
    assert table.state.phase == BETWEEN_DEALS
    assert not table.all(ev.MatchEnded)


def test_no_deal_starts_after_the_match_is_over() -> None:
    table = Table()
    human_busts(table)

    with pytest.raises(IllegalAction) as refused:
        table.run(StartDeal(seed=bytes(32)))

    assert refused.value.code == "match_over"
    for act in (lambda: table.lock(0, "3c1"), lambda: table.check(0)):
        with pytest.raises(IllegalAction) as refused:
            act()
        assert refused.value.code == "match_over"


def test_a_restart_gives_both_players_20_chips_again() -> None:
    table = Table()
    human_busts(table)

    produced = table.restart()

    assert produced[-1] == ev.MatchRestarted(segment=1, stacks=(20, 20))
    assert table.stacks == (20, 20)
    assert table.state.phase == BETWEEN_DEALS
    assert table.state.winner is None


def test_a_restart_during_a_deal_abandons_it_and_the_human_starts_a_fresh_shoe() -> None:
    table = Table()
    table.deal(("Kd1 3c1", "As1 4c1"), "Qh1 Jh1")
    table.lock_both("Kd1", "As1")
    table.bet(0, 5)
    table.call(1)  # the AI wins deal 1 and starts deal 2
    table.deal()
    table.lock(1, "Jh1")

    produced = table.restart()

    assert produced[0] == ev.DealAbandoned(deal_number=2)
    assert produced[-1] == ev.MatchRestarted(segment=1, stacks=(20, 20))
    assert table.stacks == (20, 20)
    # The next deal is the first of a new segment: a fresh 104-card shoe, two cards each, and
    # the human starts.
    dealt = table.deal(seed=bytes(range(32)))
    assert dealt[0] == ev.DealStarted(deal_number=3, starter=0)
    assert dealt[1].size == 104  # type: ignore[attr-defined]
    assert [e.seat for e in dealt if isinstance(e, ev.CardDealt)] == [0, 1, 0, 1]


def test_a_restart_needs_a_match() -> None:
    with pytest.raises(IllegalAction) as refused:
        decide(UpDownState(), Restart())
    assert refused.value.code == "no_match"
