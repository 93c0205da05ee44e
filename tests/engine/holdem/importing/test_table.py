"""The Hold'em engine's table as configuration (games.engine.holdem.game.StartMatch): an imported
table posts its own forced bets, pays the room's rake and deals cards the history does not tell
as unknown — while Cardavia's own table records exactly what it always did."""

from __future__ import annotations

import pytest

from games.engine.cards import STANDARD_DECK
from games.engine.errors import IllegalAction
from games.engine.events import to_record
from games.engine.holdem import events as ev
from games.engine.holdem.game import Act, StartHand, StartMatch, _raked, advance
from games.engine.holdem.rules import CARDAVIA_TABLE, SIT_AND_GO_TABLE
from games.engine.holdem.state import HoldemState

PLAYED_TABLE_FIELDS = {
    "stacks",
    "small_blind",
    "big_blind",
    "ante",
    "big_blind_ante",
    "min_bet",
    "first_button",
    "blind_levels",
    "hands_per_level",
    "rules_edition",
}


@pytest.mark.parametrize("table", [CARDAVIA_TABLE, SIT_AND_GO_TABLE])
def test_a_played_table_records_what_it_always_did(table: StartMatch) -> None:
    _, events = advance(HoldemState(), table)
    assert set(to_record(events[0])["payload"]) == PLAYED_TABLE_FIELDS


def test_a_played_hand_pot_record_has_no_rake_field() -> None:
    award = ev.PotAwarded(0, 40, (0, 1), (1,), (40,), None, ())
    assert "rake" not in to_record(award)["payload"]


def deck_with_unknowns(known: dict[int, str]) -> tuple[str, ...]:
    return tuple(known.get(position, "??") for position in range(len(STANDARD_DECK)))


def imported(**table: object) -> tuple[HoldemState, list[ev.Event]]:
    start = StartMatch(
        **{
            "stacks": (1000, 1000, 1000),
            "small_blind": 10,
            "big_blind": 20,
            "first_button": 0,
            "forced_bets": ((1, "small", 10), (2, "big", 20)),
            **table,
        }  # type: ignore[arg-type]
    )
    state, first = advance(HoldemState(), start)
    state, dealt = advance(state, StartHand(deck=deck_with_unknowns({0: "As", 3: "Ad"})))
    return state, [*first, *dealt]


def test_forced_bets_are_posted_in_the_order_the_table_gives() -> None:
    state, events = imported(
        forced_bets=((0, "ante", 5), (1, "small", 10), (2, "big", 20), (0, "dead", 10))
    )
    posted = [
        (type(item).__name__, item.seat, item.amount)
        for item in events
        if isinstance(item, ev.AntePosted | ev.BlindPosted)
    ]
    assert posted == [
        ("AntePosted", 0, 5),
        ("BlindPosted", 1, 10),
        ("BlindPosted", 2, 20),
        ("BlindPosted", 0, 10),
    ]
    # The dead blind is no bet: the button still owes the whole big blind.
    assert state.seats[0].bet == 0 and state.seats[0].contributed == 15
    assert state.to_act == 0


def test_unknown_cards_are_dealt_unknown() -> None:
    _, events = imported()
    holes = {item.seat: item.cards for item in events if isinstance(item, ev.HoleCardsDealt)}
    # Dealt clockwise from the button's left, one card a round: seat 1 takes cards 0 and 3.
    assert holes == {1: ("As", "Ad"), 2: ("??", "??"), 0: ("??", "??")}


def test_a_played_table_refuses_a_deck_with_unknown_cards() -> None:
    state, _ = advance(HoldemState(), CARDAVIA_TABLE)
    with pytest.raises(IllegalAction) as refused:
        advance(state, StartHand(deck=deck_with_unknowns({})))
    assert refused.value.code == "invalid_deck"


def test_an_unknown_forced_bet_is_refused() -> None:
    with pytest.raises(IllegalAction) as refused:
        imported(forced_bets=((1, "bribe", 10),))
    assert refused.value.code == "invalid_blinds"


def test_the_rake_is_what_the_pot_did_not_pay_out() -> None:
    state, _ = imported(rake=(3,))
    for kind in ("fold", "fold"):
        assert state.to_act is not None
        state, produced = advance(state, Act(state.to_act, kind))
    [award] = [item for item in produced if isinstance(item, ev.PotAwarded)]
    # The big blind's uncalled 10 goes back; the room keeps 3 of the 20 in the pot.
    assert (award.winners, award.amount, award.rake) == ((2,), 17, 3)
    assert [seat.stack for seat in state.seats] == [1000, 990, 1007]


def test_rake_by_pot_goes_on_to_the_next_pot_when_one_cannot_pay() -> None:
    assert _raked([100, 40], [110]) == [(0, 100), (30, 10)]
    assert _raked([100, 40], [5, 2]) == [(95, 5), (38, 2)]
