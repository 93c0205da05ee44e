"""The arena's instruments for a bench: every decision and every event, hidden cards included,
seen without changing the match."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bots import registry
from bots.holdem.arena import play_match
from games.engine.events import Event
from games.engine.holdem import events as ev

SPECS = ("equity", "maniac", "calling_station", "random")


def test_observe_and_on_events_see_the_whole_match_and_change_nothing() -> None:
    def bots() -> list[Any]:
        return [registry.resolve(spec, seat=seat) for seat, spec in enumerate(SPECS)]

    plain = play_match(bots(), deal_seed="instruments", max_hands=30)
    decisions: list[tuple[int, str]] = []
    seen: list[Event] = []

    def observe(seat: int, view: Any, history: Any, answer: Any) -> None:
        # The events reached on_events before the decision: the seat's cards are the last dealt.
        dealt = [item for item in seen if isinstance(item, ev.HoleCardsDealt) and item.seat == seat]
        assert view["seats"][seat]["cards"] == list(dealt[-1].cards)
        decisions.append((seat, answer[0]))

    def on_events(events: Sequence[Event]) -> None:
        seen.extend(events)

    watched = play_match(
        bots(), deal_seed="instruments", max_hands=30, observe=observe, on_events=on_events
    )
    assert watched == plain
    hole = [item for item in seen if isinstance(item, ev.HoleCardsDealt)]
    assert {item.seat for item in hole} == set(range(len(SPECS)))
    assert all(len(item.cards) == 2 for item in hole)
    actions = (ev.Folded, ev.Checked, ev.Called, ev.Bet, ev.Raised)
    assert len(decisions) == sum(isinstance(item, actions) for item in seen)
