"""Each game's hand summary says whether a player went all-in (the admin's filter): someone
dealt in whose final stack, less what the pots paid them, is nothing."""

from __future__ import annotations

from games.engine.events import Event
from games.engine.holdem import events as holdem_events
from games.engine.updown import events as updown_events
from games.registry import game_for
from tests.engine.holdem.table import Table as HoldemTable
from tests.engine.updown.table import Table as UpDownTable


def last_hand(events: list[Event], opening: type[Event]) -> list[tuple[int, Event]]:
    numbered = list(enumerate(events, start=1))
    start = max(i for i, (_, item) in enumerate(numbered) if isinstance(item, opening))
    return numbered[start:]


def holdem_all_in(shove: bool) -> bool:
    table = HoldemTable(stacks=(1000, 300, 1000, 1000))
    table.deal(holes={0: "AsAh", 1: "KsKh", 2: "7c2d", 3: "8c3d"}, board="2h5d9cJs4s")
    table.raise_to(3, 300 if shove else 60)
    table.call(0)
    table.call(1)  # all-in for 300 after a shove, else 60 of its 300
    table.fold(2)
    table.check_down()
    hand = last_hand(table.events, holdem_events.HandStarted)
    return bool(game_for("holdem").summarize_hand(hand).detail["all_in"])


def test_a_holdem_hand_with_and_without_an_all_in() -> None:
    assert holdem_all_in(shove=True) is True
    assert holdem_all_in(shove=False) is False


def test_an_up_and_down_deal_with_and_without_an_all_in() -> None:
    table = UpDownTable(stacks=(10, 10))
    table.deal(("2s1 7c1", "Ad2 Kh1"))
    table.lock(0, "2s1")
    table.lock(1, "Ad2")
    table.bet(0, 3)
    table.call(1)
    first = last_hand(table.events, updown_events.DealStarted)
    assert game_for("updown").summarize_hand(first).detail["all_in"] is False
    table.deal()
    starter = table.state.starter
    table.lock(starter, table.state.seats[starter].hand[0])
    table.lock(1 - starter, table.state.seats[1 - starter].hand[0])
    chips = table.state.seats[starter].stack
    table.bet(starter, min(chips, table.state.seats[1 - starter].stack))
    table.call(1 - starter)
    second = last_hand(table.events, updown_events.DealStarted)
    assert game_for("updown").summarize_hand(second).detail["all_in"] is True
