"""The games the store can hold, each as the engine functions the store and API need.

The store is game-agnostic: it appends events and folds them through the game's ``apply``.
Up & Down joins here with its engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.engine.events import Event
from games.engine.holdem import game as holdem_game
from games.engine.holdem import state as holdem_state
from games.engine.holdem import view as holdem_view
from games.engine.holdem.audit import AuditReport
from games.engine.holdem.audit import audit as holdem_audit
from games.engine.holdem.betting import legal_actions as holdem_legal_actions
from games.engine.holdem.rules import CARDAVIA_TABLE, HUMAN_SEAT, SEATS


@dataclass(frozen=True)
class Ruleset:
    game: str
    engine_version: str
    human_seat: int
    seat_count: int
    new_state: Callable[[], Any]
    apply: Callable[[Any, Event], None]
    advance: Callable[[Any, Any], tuple[Any, list[Event]]]
    start_match: Any
    start_hand: Callable[[bytes], Any]
    act: Callable[[int, str, int | None], Any]
    restart: Callable[[], Any]
    view: Callable[[Any, int | None], dict[str, Any]]
    visible_record: Callable[[Event, int | None], dict[str, Any]]
    legal_actions: Callable[[Any], Any]
    audit: Callable[[list[Event]], AuditReport]


HOLDEM = Ruleset(
    game="holdem",
    # Bump when HoldemState's shape changes: older snapshots are then rebuilt from events.
    engine_version="holdem-1",
    human_seat=HUMAN_SEAT,
    seat_count=SEATS,
    new_state=holdem_state.HoldemState,
    apply=holdem_state.apply,
    advance=holdem_game.advance,
    start_match=CARDAVIA_TABLE,
    start_hand=lambda seed: holdem_game.StartHand(seed=seed),
    act=lambda seat, kind, amount: holdem_game.Act(seat, kind, amount),
    restart=holdem_game.Restart,
    view=holdem_view.view,
    visible_record=holdem_view.visible_record,
    legal_actions=holdem_legal_actions,
    audit=holdem_audit,
)

RULESETS: dict[str, Ruleset] = {HOLDEM.game: HOLDEM}


def ruleset_for(game: str) -> Ruleset:
    return RULESETS[game]
