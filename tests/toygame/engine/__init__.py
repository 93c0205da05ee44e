"""High Card: two players, five chips each, an ante of one a hand.

Each hand both ante 1 and get one card (1 to 9, drawn from the hand's seed). The starter (seat 0
in odd hands, seat 1 in even ones) checks or folds, then the other does. A fold loses the pot;
two checks show both cards: the higher takes the pot, a tie splits it. The match ends when a
player has no chips. The seed is committed (SHA-256) when the hand starts and revealed when it
ends; the cards are the seed's first two bytes, modulo 9, plus 1.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, TypedDict

from games.engine.audit import AuditReport, replay_inputs
from games.engine.betting import ActionKind, Checked, Folded, LegalActions
from games.engine.errors import ErrorCode, refuse
from games.engine.event_sourcing import Deciding, Folding
from games.engine.events import (
    Emit,
    Event,
    HandClosing,
    HandOpening,
    MatchStart,
    event,
    match_events,
    registered_subclass,
    to_record,
)
from games.engine.game import (
    ActionRequest,
    EngineGame,
    ExportFormat,
    GameStats,
    HandSummary,
    HistoryFormat,
    Standings,
)
from games.engine.view_types import LegalActionsView

NAME = "toy"
SEATS = 2
STACK = 5
MODULE = __name__

# --- events -------------------------------------------------------------------------------


@event("toy.match_started", 1)
@dataclass(frozen=True, slots=True)
class MatchStarted(MatchStart):
    stacks: tuple[int, ...]


@event("toy.hand_started", 1)
@dataclass(frozen=True, slots=True)
class HandStarted(HandOpening):
    hand_number: int
    starter: int
    commitment: str
    seed: str  # the house's secret until the hand ends: hidden in every visible record

    @property
    def number(self) -> int:
        return self.hand_number


@event("toy.card_dealt", 1)
@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    seat: int
    card: int


@event("toy.hand_ended", 1)
@dataclass(frozen=True, slots=True)
class HandEnded(HandClosing):
    hand_number: int
    seed: str
    cards: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]


@event("toy.hand_abandoned", 1)
@dataclass(frozen=True, slots=True)
class HandAbandoned(HandClosing):
    hand_number: int
    seed: str


ToyChecked = registered_subclass(Checked, "toy.checked", MODULE)
ToyFolded = registered_subclass(Folded, "toy.folded", MODULE)
MatchRestarted, MatchEnded = match_events(NAME, MODULE)

# --- state --------------------------------------------------------------------------------


@dataclass(slots=True)
class ToyState:
    phase: str = "no_match"  # no_match, playing, between_hands, match_over
    segment: int = 0
    hand_number: int = 0
    starter: int = 0
    to_act: int | None = None
    stacks: list[int] = field(default_factory=lambda: [0] * SEATS)
    cards: list[int | None] = field(default_factory=lambda: [None] * SEATS)
    checked: int = 0
    pot: int = 0
    seed: str | None = None
    commitment: str | None = None
    winner: int | None = None

    def copy(self) -> ToyState:
        return replace(self, stacks=list(self.stacks), cards=list(self.cards))


def _started(state: ToyState, item: MatchStarted) -> None:
    state.phase, state.segment, state.stacks = "between_hands", 1, list(item.stacks)


def _restarted(state: ToyState, item: Any) -> None:
    state.phase, state.segment, state.stacks = "between_hands", item.segment, list(item.stacks)
    state.to_act, state.pot, state.winner = None, 0, None


def _hand_started(state: ToyState, item: HandStarted) -> None:
    state.phase, state.hand_number, state.starter = "playing", item.hand_number, item.starter
    state.seed, state.commitment, state.checked = item.seed, item.commitment, 0
    state.cards = [None] * SEATS
    state.stacks = [stack - 1 for stack in state.stacks]  # the antes
    state.pot = SEATS
    state.to_act = item.starter


def _dealt(state: ToyState, item: CardDealt) -> None:
    state.cards[item.seat] = item.card


def _checked(state: ToyState, item: Checked) -> None:
    state.checked += 1
    state.to_act = 1 - item.seat


def _folded(state: ToyState, item: Folded) -> None:
    state.to_act = None


def _hand_ended(state: ToyState, item: HandEnded) -> None:
    for seat, share in zip(item.winners, item.shares, strict=True):
        state.stacks[seat] += share
    state.phase, state.to_act, state.pot = "between_hands", None, 0


def _abandoned(state: ToyState, item: HandAbandoned) -> None:
    state.phase, state.to_act = "between_hands", None


def _ended(state: ToyState, item: Any) -> None:
    state.phase, state.winner = "match_over", item.winner


FOLDING = Folding[ToyState](
    ToyState,
    {
        MatchStarted: _started,
        MatchRestarted: _restarted,
        HandStarted: _hand_started,
        CardDealt: _dealt,
        ToyChecked: _checked,
        ToyFolded: _folded,
        HandEnded: _hand_ended,
        HandAbandoned: _abandoned,
        MatchEnded: _ended,
    },
)

# --- commands -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StartMatch:
    stacks: tuple[int, ...] = (STACK,) * SEATS


@dataclass(frozen=True, slots=True)
class StartHand:
    seed: bytes


@dataclass(frozen=True, slots=True)
class Act:
    seat: int
    kind: str


@dataclass(frozen=True, slots=True)
class Restart:
    pass


Command = StartMatch | StartHand | Act | Restart


def _start_match(state: ToyState, command: StartMatch, emit: Emit) -> None:
    if state.phase != "no_match":
        raise refuse(ErrorCode.MATCH_ALREADY_STARTED)
    emit(MatchStarted(stacks=tuple(command.stacks)))


def cards_of(seed: bytes) -> tuple[int, int]:
    """The two cards a seed deals: its first two bytes, modulo 9, plus 1."""
    return seed[0] % 9 + 1, seed[1] % 9 + 1


def _start_hand(state: ToyState, command: StartHand, emit: Emit) -> None:
    if state.phase != "between_hands":
        raise refuse(ErrorCode.HAND_IN_PROGRESS)
    number = state.hand_number + 1
    emit(
        HandStarted(
            hand_number=number,
            starter=(number + 1) % SEATS,
            commitment=hashlib.sha256(command.seed).hexdigest(),
            seed=command.seed.hex(),
        )
    )
    for seat, card in enumerate(cards_of(command.seed)):
        emit(CardDealt(seat=seat, card=card))


def _act(state: ToyState, command: Act, emit: Emit) -> None:
    if state.phase == "match_over":
        raise refuse(ErrorCode.MATCH_OVER)
    if state.to_act is None:
        raise refuse(ErrorCode.NO_HAND_IN_PROGRESS)
    if command.seat != state.to_act:
        raise refuse(ErrorCode.NOT_YOUR_TURN, seat=command.seat, to_act=state.to_act)
    if command.kind == ActionKind.CHECK:
        emit(ToyChecked(seat=command.seat))
    elif command.kind == ActionKind.FOLD:
        emit(ToyFolded(seat=command.seat))
        _settle(state, emit, winners=(1 - command.seat,))
        return
    else:
        raise refuse(ErrorCode.UNKNOWN_ACTION, action=command.kind, allowed=["check", "fold"])
    if state.checked == SEATS:
        high = max(card or 0 for card in state.cards)
        _settle(state, emit, winners=tuple(s for s, c in enumerate(state.cards) if c == high))


def _settle(state: ToyState, emit: Emit, winners: tuple[int, ...]) -> None:
    share = state.pot // len(winners)
    assert state.seed is not None
    emit(
        HandEnded(
            hand_number=state.hand_number,
            seed=state.seed,
            cards=tuple(card or 0 for card in state.cards),
            winners=winners,
            shares=(share,) * len(winners),
        )
    )


def _restart(state: ToyState, command: Restart, emit: Emit) -> None:
    if state.phase == "no_match":
        raise refuse(ErrorCode.NO_MATCH)
    if state.phase == "playing":
        assert state.seed is not None
        emit(HandAbandoned(hand_number=state.hand_number, seed=state.seed))
    emit(MatchRestarted(segment=state.segment + 1, stacks=(STACK,) * SEATS))


def _dealer(state: ToyState, emit: Emit) -> None:
    """After a hand, a player with no chips left ends the match."""
    if state.phase == "between_hands" and 0 in state.stacks:
        emit(MatchEnded(winner=state.stacks.index(max(state.stacks))))


DECIDING = Deciding[ToyState, Command](
    FOLDING,
    {StartMatch: _start_match, StartHand: _start_hand, Act: _act, Restart: _restart},
    _dealer,
)

# --- views --------------------------------------------------------------------------------


class ToyView(TypedDict):
    """High Card's table as one seat may see it."""

    game: Literal["toy"]
    phase: Literal["no_match", "playing", "between_hands", "match_over"]
    hand_number: int
    viewer: int | None
    to_act: int | None
    stacks: list[int]
    pot: int
    card: int | None
    legal_actions: LegalActionsView | None
    commitment: str | None
    winner: int | None


def legal_actions(state: ToyState) -> LegalActions | None:
    if state.to_act is None:
        return None
    return LegalActions(seat=state.to_act, can_fold=True, can_check=True)


class Views:
    @staticmethod
    def view(state: ToyState, viewer: int | None) -> dict[str, Any]:
        legal = legal_actions(state)
        shown: ToyView = {
            "game": "toy",
            "phase": state.phase,  # type: ignore[typeddict-item]
            "hand_number": state.hand_number,
            "viewer": viewer,
            "to_act": state.to_act,
            "stacks": list(state.stacks),
            "pot": state.pot,
            "card": None if viewer is None else state.cards[viewer],
            "legal_actions": legal.as_dict()  # type: ignore[typeddict-item]
            if legal is not None and legal.seat == viewer
            else None,
            "commitment": state.commitment,
            "winner": state.winner,
        }
        return dict(shown)

    @staticmethod
    def visible_record(item: Event, viewer: int | None) -> dict[str, Any]:
        record = to_record(item)
        if isinstance(item, HandStarted):
            record["payload"]["seed"] = None
        elif isinstance(item, CardDealt) and item.seat != viewer:
            record["payload"]["card"] = None
        return record


# --- audit and history --------------------------------------------------------------------


def _command_at(events: Sequence[Event], index: int) -> Command | None:
    item = events[index]
    if isinstance(item, HandStarted):
        return StartHand(seed=bytes.fromhex(item.seed))
    if isinstance(item, MatchRestarted | HandAbandoned):
        return Restart()
    return None


def audit(events: Sequence[Event]) -> AuditReport:
    return replay_inputs(
        events,
        DECIDING,
        _command_at,
        HandEnded,
        table=lambda **fields: StartMatch(stacks=tuple(fields["stacks"])),
        act=lambda seat, kind, amount: Act(seat, kind),
    )


class ToyHistoryError(ValueError):
    pass


def _replay_file(path: str | Path) -> tuple[int, ...]:
    raise ToyHistoryError("High Card has no hand-history format")


# --- the game -----------------------------------------------------------------------------


class Toy(EngineGame[ToyState, Command]):
    """High Card as a :class:`~games.engine.game.Game`."""

    name = NAME
    engine_version = "toy-1"
    seat_count = SEATS
    between_hands = "between_hands"
    view_type = ToyView
    bots_package = "tests.toygame.bots"
    history_format = HistoryFormat("TOY", ("TOY",), _replay_file, ToyHistoryError)
    # No downloads, no player statistics, no analysis (EngineGame's defaults, said here); the
    # hand list's facts are EngineGame's neutral ones (no cards, nothing won).
    exports: Mapping[str, ExportFormat] = MappingProxyType({})
    stats: GameStats | None = None
    offers_analysis = False

    def __init__(self) -> None:
        super().__init__(
            DECIDING, Views(), legal_actions, audit, StartMatch(), Restart(), deal=StartHand
        )

    def command(self, seat: int, request: ActionRequest) -> Command:
        return Act(seat, request.kind)

    def seat_in_match(self, state: ToyState, seat: int) -> bool:
        return state.phase != "match_over"

    def standings(self, state: ToyState) -> Standings:
        return Standings(
            hands=state.hand_number,
            starting=(STACK,) * SEATS,
            chips=tuple(stack + (1 if state.phase == "playing" else 0) for stack in state.stacks),
            places={} if state.winner is None else {state.winner: 1},
        )

    def summarize_hand(self, events: Sequence[tuple[int, Event]]) -> HandSummary:
        opening = events[0][1]
        assert isinstance(opening, HandStarted)
        ended = next((item for _, item in events if isinstance(item, HandEnded)), None)
        abandoned = any(isinstance(item, HandAbandoned) for _, item in events)
        return HandSummary(
            hand_number=opening.hand_number,
            first_seq=events[0][0],
            last_seq=events[-1][0],
            pot_total=0 if ended is None else sum(ended.shares),
            winners=() if ended is None else ended.winners,
            showdown=ended is not None and not any(isinstance(i, Folded) for _, i in events),
            finished=ended is not None,
            abandoned=abandoned,
            detail={"cards": [] if ended is None else list(ended.cards)},
        )

    def replay_proof(self, hand: Sequence[Event], match: Sequence[Event]) -> dict[str, Any]:
        opening = next(item for item in hand if isinstance(item, HandStarted))
        closing = next((i for i in hand if isinstance(i, HandEnded | HandAbandoned)), None)
        return {"commitment": opening.commitment, "seed": None if closing is None else closing.seed}


TOY = Toy()
