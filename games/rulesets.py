"""The games the store can hold, each as the engine functions the store and API need.

The store is game-agnostic: it appends events and folds them through the game's ``apply``; the
few things it must know about a game's events (where a hand starts and ends, where a match
segment starts) are named here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.engine.events import Event
from games.engine.holdem import events as holdem_events
from games.engine.holdem import game as holdem_game
from games.engine.holdem import rules as holdem_rules
from games.engine.holdem import state as holdem_state
from games.engine.holdem import view as holdem_view
from games.engine.holdem.audit import audit as holdem_audit
from games.engine.holdem.betting import legal_actions as holdem_legal_actions
from games.engine.updown import events as updown_events
from games.engine.updown import game as updown_game
from games.engine.updown import rules as updown_rules
from games.engine.updown import state as updown_state
from games.engine.updown import view as updown_view
from games.engine.updown.audit import audit as updown_audit
from games.engine.updown.betting import legal_actions as updown_legal_actions


@dataclass(frozen=True)
class Ruleset:
    game: str
    # Bump when the state's shape changes: older snapshots are then rebuilt from events.
    engine_version: str
    human_seat: int
    seat_count: int
    new_state: Callable[[], Any]
    apply: Callable[[Any, Event], None]
    advance: Callable[[Any, Any], tuple[Any, list[Event]]]
    start_match: Any
    start_hand: Callable[[bytes], Any]
    act: Callable[..., Any]  # (seat, kind, amount=None, card=None) -> a command
    restart: Callable[[], Any]
    view: Callable[[Any, int | None], dict[str, Any]]
    visible_record: Callable[[Event, int | None], dict[str, Any]]
    legal_actions: Callable[[Any], Any]
    audit: Callable[[list[Event]], Any]
    between_hands_phase: str
    match_over_phase: str
    seat_in_match: Callable[[Any, int], bool]
    # The hand (deal) number an event opens, or None.
    opens_hand: Callable[[Event], int | None]
    # Events that start a match segment: they belong to no hand.
    segment_types: tuple[str, ...]
    # Events that close a hand, finished or abandoned.
    hand_closing_types: tuple[str, ...]


def _holdem_act(seat: int, kind: str, amount: int | None, card: str | None = None) -> Any:
    return holdem_game.Act(seat, kind, amount)


def _updown_act(seat: int, kind: str, amount: int | None, card: str | None = None) -> Any:
    if kind == "lock":
        # Bots answer ("lock", card) in the amount's place; the API sends ``card``.
        chosen = card if card is not None else amount
        return updown_game.Lock(seat, chosen if isinstance(chosen, str) else "")
    return updown_game.Act(seat, kind, amount)


HOLDEM = Ruleset(
    game="holdem",
    engine_version="holdem-1",
    human_seat=holdem_rules.HUMAN_SEAT,
    seat_count=holdem_rules.SEATS,
    new_state=holdem_state.HoldemState,
    apply=holdem_state.apply,
    advance=holdem_game.advance,
    start_match=holdem_rules.CARDAVIA_TABLE,
    start_hand=lambda seed: holdem_game.StartHand(seed=seed),
    act=_holdem_act,
    restart=holdem_game.Restart,
    view=holdem_view.view,
    visible_record=holdem_view.visible_record,
    legal_actions=holdem_legal_actions,
    audit=holdem_audit,
    between_hands_phase=holdem_state.BETWEEN_HANDS,
    match_over_phase=holdem_state.MATCH_OVER,
    seat_in_match=lambda state, seat: bool(state.seats[seat].in_match),
    opens_hand=lambda item: (
        item.hand_number if isinstance(item, holdem_events.HandStarted) else None
    ),
    segment_types=(holdem_events.MatchStarted.TYPE, holdem_events.MatchRestarted.TYPE),
    hand_closing_types=(holdem_events.HandEnded.TYPE, holdem_events.HandAbandoned.TYPE),
)

UPDOWN = Ruleset(
    game="updown",
    engine_version="updown-1",
    human_seat=updown_rules.HUMAN_SEAT,
    seat_count=updown_rules.SEATS,
    new_state=updown_state.UpDownState,
    apply=updown_state.apply,
    advance=updown_game.advance,
    start_match=updown_rules.START_MATCH,
    # The seed is used only when the shoe needs a (re)shuffle; unused seeds are not recorded.
    start_hand=lambda seed: updown_game.StartDeal(seed=seed),
    act=_updown_act,
    restart=updown_game.Restart,
    view=updown_view.view,
    visible_record=updown_view.visible_record,
    legal_actions=updown_legal_actions,
    audit=updown_audit,
    between_hands_phase=updown_state.BETWEEN_DEALS,
    match_over_phase=updown_state.MATCH_OVER,
    # Nobody is knocked out of Up & Down before the match ends.
    seat_in_match=lambda state, seat: state.phase != updown_state.MATCH_OVER,
    opens_hand=lambda item: (
        item.deal_number if isinstance(item, updown_events.DealStarted) else None
    ),
    segment_types=(updown_events.MatchStarted.TYPE, updown_events.MatchRestarted.TYPE),
    hand_closing_types=(updown_events.DealEnded.TYPE, updown_events.DealAbandoned.TYPE),
)

RULESETS: dict[str, Ruleset] = {HOLDEM.game: HOLDEM, UPDOWN.game: UPDOWN}


def ruleset_for(game: str) -> Ruleset:
    return RULESETS[game]
