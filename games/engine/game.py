"""The game interface: what the store, the API, the AI and the tools need from a game.

Each game package exports one object implementing :class:`Game` over its own state and command
types (``games.engine.holdem.HOLDEM``, ``games.engine.updown.UPDOWN``); ``games.registry`` lists
them. A new game is its own packages (its engine, its bots) plus one registry line: nothing
else names a game (docs/architecture.md#adding-a-game).

The engine is event-sourced: ``apply`` folds one event into a state; ``advance`` turns a command
into events (or refuses it with :class:`~games.engine.errors.IllegalAction`) and returns the
state after them. Everything a player may see goes through ``view`` and ``visible_record``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, Protocol, Self, TypeVar, cast

from games.engine.audit import AuditReport
from games.engine.betting import LegalActions
from games.engine.event_sourcing import Deciding
from games.engine.events import Event, HandClosing, HandOpening, SegmentStart
from games.engine.share_preview import SharePreview, neutral_preview

__all__ = [
    "ActionRequest",
    "AuditReport",
    "EngineGame",
    "ExportFormat",
    "ExportRequest",
    "Game",
    "GameStats",
    "HandSummary",
    "HistoryFormat",
    "LegalActions",
    "Standings",
    "Tally",
    "UnfinishedHand",
    "neutral_hand_facts",
    "summarize",
]

#: A stored event as the store hands it out: ``{"type", "version", "payload", ...}``.
Record = Mapping[str, Any]

StateT = TypeVar("StateT")
CommandT = TypeVar("CommandT")


@dataclass(frozen=True, slots=True)
class ActionRequest:
    """A player's move as a client sends it: ``kind`` (``fold``, ``check``, ``call``, ``bet``,
    ``raise``, or a game's own kind such as Up & Down's ``lock``), the bet-to ``amount``, and
    the ``card`` a kind names (the card to lock)."""

    kind: str
    amount: int | None = None
    card: str | None = None


@dataclass(frozen=True, slots=True)
class HandSummary:
    """One hand (a Hold'em hand, an Up & Down deal) of a match, as the hand list shows it.

    The fields every game has are named here; what only one game has (the button and board of
    Hold'em, the starter, locked cards and outcome of Up & Down) goes in ``detail`` (JSON-ready).
    ``first_seq``/``last_seq`` bound the hand's events in the store, from the event that opens it
    to the last one before the next hand or match segment (eliminations and the end of the match
    included), the same events its replay shows.
    """

    hand_number: int
    first_seq: int
    last_seq: int
    pot_total: int = 0
    winners: tuple[int, ...] = ()
    showdown: bool = False
    finished: bool = False
    abandoned: bool = False
    detail: dict[str, Any] = field(default_factory=dict)

    def stored_fields(self) -> dict[str, Any]:
        """What the store's hand row keeps of it, but for its key (match, hand number) and
        segment: JSON-ready values."""
        return {
            "first_seq": self.first_seq,
            "last_seq": self.last_seq,
            "pot_total": self.pot_total,
            "winners": list(self.winners),
            "showdown": self.showdown,
            "finished": self.finished,
            "abandoned": self.abandoned,
            "detail": self.detail,
        }


@dataclass(frozen=True, slots=True)
class Standings:
    """Where a match stands, for tools that score matches (``manage.py simulate``).

    ``hands`` dealt so far; per seat its ``starting`` stack (this segment's) and its ``chips``
    (its stack plus what it has in the pot now); ``places`` of the seats placed so far
    (knocked out, or the winner), by seat.
    """

    hands: int
    starting: tuple[int, ...]
    chips: tuple[int, ...]
    places: dict[int, int]


class PotAward(Protocol):
    """What a game's pot-settlement event has: the chips paid out and who won them."""

    @property
    def amount(self) -> int: ...

    @property
    def winners(self) -> tuple[int, ...]: ...


def summarize(
    events: Sequence[tuple[int, Event]],
    *,
    awards: type[Event],
    ended: type[Event],
    showdown: bool,
    detail: dict[str, Any],
) -> HandSummary:
    """A hand's summary from its ``(seq, event)`` pairs, as every game tells it: its number
    from the opening event, the pot paid out and its winners from the ``awards`` events,
    finished with an ``ended`` event, abandoned with any other closing one. The game adds
    whether it came to a ``showdown`` and its own ``detail``."""
    opening = events[0][1]
    assert isinstance(opening, HandOpening)
    pot_total = 0
    winners: set[int] = set()
    finished = abandoned = False
    for _, item in events:
        if isinstance(item, awards):
            award = cast(PotAward, item)
            pot_total += award.amount
            winners.update(award.winners)
        elif isinstance(item, ended):
            finished = True
        elif isinstance(item, HandClosing):
            abandoned = True
    return HandSummary(
        hand_number=opening.number,
        first_seq=events[0][0],
        last_seq=events[-1][0],
        pot_total=pot_total,
        winners=tuple(sorted(winners)),
        showdown=showdown,
        finished=finished,
        abandoned=abandoned,
        detail=detail,
    )


def went_all_in(
    events: Sequence[tuple[int, Event]],
    *,
    dealt: Iterable[int],
    awards: type[Event],
    ended: type[Event],
) -> bool:
    """Whether a player dealt into a finished hand had nothing behind once the betting was
    over: their final stack (the ``ended`` event's ``stacks``) less what the pots paid them is 0."""
    paid: dict[int, int] = {}
    final: Sequence[int] | None = None
    for _, item in events:
        if isinstance(item, awards):
            award = cast(Any, item)  # both games' awards carry winners and their shares
            for winner, share in zip(award.winners, award.shares, strict=True):
                paid[winner] = paid.get(winner, 0) + share
        elif isinstance(item, ended):
            final = cast(Any, item).stacks
    if final is None:
        return False
    return any(final[seat] - paid.get(seat, 0) == 0 for seat in dealt)


@dataclass(frozen=True, slots=True)
class HistoryFormat:
    """A game's hand-history file format (PHH for Hold'em, UD for Up & Down).

    ``variants`` are the values of a file's ``variant`` field this game replays;
    ``replay_file(path)`` returns the finishing stacks in the file's player order and money
    (whole chips, or a ``Decimal`` such as 11.67 where the file counts in cents) or raises
    ``error`` (a ``ValueError`` whose text is the one-line reason).
    """

    name: str
    variants: tuple[str, ...]
    replay_file: Callable[[str | Path], tuple[int | Decimal, ...]]
    error: type[ValueError]


class UnfinishedHand(ValueError):
    """A hand asked for (to export it) that is not finished."""


@dataclass(frozen=True, slots=True)
class HandSource:
    """Where an imported hand comes from, as its history told it (``games.models.ImportedHand``):
    the room, its hand id, when and at which table it was played, its unit (``scale`` minor
    units make one), its stakes, its players in seat order and the hero's index (None: an
    observer's history). Amounts are in minor units."""

    room: str
    hand_id: str
    played_at: datetime | None
    table: str
    unit: str
    scale: int
    small_blind: int
    big_blind: int
    players: tuple[str, ...]
    hero: int | None


@dataclass(frozen=True, slots=True)
class ExportRequest:
    """What a hand-history writer needs to write hand ``number`` of a match.

    ``records`` are every stored record of the match so far, in order (``type``, ``version``,
    ``payload``, ``hand_number``, ``created_at``) and ``events`` the same as events; ``names``
    each seat's name as the table shows it; ``seat`` the owner's (a writer shows only what that
    seat may see); ``table`` the name of the file the hand goes out in; ``source`` the history
    an imported hand was read from (None for a hand played here).
    """

    number: int
    records: Sequence[Record]
    events: Sequence[Event]
    names: Mapping[int, str]
    seat: int
    table: str
    source: HandSource | None = None

    @property
    def played_at(self) -> datetime:
        """When the hand started: the time of its first record."""
        started: datetime = next(r for r in self.records if r["hand_number"] == self.number)[
            "created_at"
        ]
        return started


@dataclass(frozen=True, slots=True)
class ExportFormat:
    """One hand-history format a game's hands can be downloaded in.

    ``write`` turns one hand into its text (raising :class:`UnfinishedHand` for a hand not
    finished); one hand goes out as ``<table>.<extension>``. A whole match is ``join`` of its
    hands' ``(number, text)`` in one ``<table>.<match_extension>`` file, or, when the format has
    no multi-hand form (``join`` None), a zip of one ``<table>-<member>-<number>.<extension>``
    file per hand.
    """

    write: Callable[[ExportRequest], str]
    extension: str
    content_type: str
    match_extension: str = "zip"
    join: Callable[[Sequence[tuple[int, str]]], str] | None = None
    member: str = "hand"


@dataclass(frozen=True, slots=True)
class Tally:
    """One sum the statistics query adds up per level over a game's stored stat lines.

    ``kind``: ``count`` (lines where every field of ``where`` has its value; all lines when
    ``where`` is empty), ``distinct`` (different values of ``column``), ``sum`` (of ``column``)
    or ``squares`` (sum of ``column`` squared).
    """

    kind: Literal["count", "distinct", "sum", "squares"]
    column: str | None = None
    where: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class GameStats:
    """A game's player statistics: a line stored per finished hand, added up per level.

    ``model`` names the read model (in ``games.models``) that holds the lines, with a
    ``player``, ``match``, ``level`` and ``hand`` beside the fields ``line`` returns: the owner's
    line for one finished hand from its records, or None when the seat did not play it (knocked
    out earlier). ``tallies`` are the sums the query adds per level (besides ``level``);
    ``entry`` turns one level's sums into the figures ``GET /api/stats/`` shows.
    """

    model: str
    line: Callable[[Sequence[Record], int], dict[str, Any] | None]
    tallies: Mapping[str, Tally]
    entry: Callable[[Mapping[str, Any]], dict[str, Any]]


def neutral_hand_facts(records: Sequence[Record], seat: int) -> dict[str, Any]:
    """The hand list's facts for a game that reads nothing more from a hand than its summary:
    no cards shown, nothing won or lost from the seat's view."""
    return {
        "you": {"seat": seat, "cards": [], "net": 0},
        "pot": 0,
        "showdown": False,
        "all_in": False,
        "result": "folded",
        "stacks_after": [],
        "eliminated": [],
    }


class Game(Protocol[StateT, CommandT]):
    """One game: its rules engine seen through the few operations the rest of the system uses.

    ``StateT`` is the game's folded state (treated as read-only outside the engine), ``CommandT``
    its commands (the players' moves and the house's: start the match, deal, restart).
    """

    name: str
    #: Bump when the state's shape changes: older snapshots are then rebuilt from events.
    engine_version: str
    human_seat: int
    seat_count: int
    #: The package of this game's bots, e.g. ``"bots.holdem"``: imported by ``bots``, never by
    #: ``games``.
    bots_package: str
    history_format: HistoryFormat

    @property
    def exports(self) -> Mapping[str, ExportFormat]:
        """The formats its hands download in, by the name the API's ``?format=`` takes
        (empty for a game without exports)."""
        ...

    @property
    def stats(self) -> GameStats | None:
        """Its player statistics, or None for a game without any."""
        ...

    @property
    def offers_analysis(self) -> bool:
        """Whether a finished hand has an analysis (equity by street, the hard AI's review)."""
        ...

    @property
    def view_type(self) -> type:
        """The shape of ``view``'s answer: a ``TypedDict`` (its ``game`` a ``Literal`` of
        ``name``), from which the API's schema describes the view."""
        ...

    def new_state(self) -> StateT:
        """The state before any event."""
        ...

    def warm_up(self) -> None:
        """Build now what the rules build once per process (lookup tables), so that no
        player's request pays for it: a server process calls it before it serves."""
        ...

    def apply(self, state: StateT, event: Event) -> None:
        """Fold one event into ``state`` (in place)."""
        ...

    def advance(self, state: StateT, command: CommandT) -> tuple[StateT, list[Event]]:
        """The state after ``command`` and the events it produced; ``state`` is not changed.
        Raises :class:`~games.engine.errors.IllegalAction` for a command the rules refuse."""
        ...

    @property
    def blinds_options(self) -> tuple[str, ...]:
        """The values a new match's ``blinds`` option may take, the default first: ``fixed``
        (the Cardavia table), and for a game that offers it ``rising`` (a sit & go)."""
        ...

    def start_match(self, blinds: str = "fixed") -> CommandT:
        """The command a new match of this game starts with: the Cardavia table, or the
        table of the ``blinds`` option (one of :attr:`blinds_options`)."""
        ...

    def start_hand(self, seed: bytes) -> CommandT:
        """Deal the next hand with the house's fresh secret ``seed``."""
        ...

    def restart(self) -> CommandT:
        """Begin a new match segment, every stack back to the start."""
        ...

    def command(self, seat: int, request: ActionRequest) -> CommandT:
        """The command for ``seat`` making the move ``request``; ``advance`` judges it."""
        ...

    def to_act(self, state: StateT) -> int | None:
        """The seat whose move the game waits for, or None."""
        ...

    def is_between_hands(self, state: StateT) -> bool:
        """Whether the next hand may be dealt (the last one is over, the match is not)."""
        ...

    def is_match_over(self, state: StateT) -> bool: ...

    def seat_in_match(self, state: StateT, seat: int) -> bool:
        """Whether ``seat`` still plays (has not been knocked out, the match is not over)."""
        ...

    def standings(self, state: StateT) -> Standings:
        """Hands dealt, chips and places so far."""
        ...

    def words(self, event: Event) -> dict[str, Any]:
        """The event's payload for staff (the admin, in English): data the game can say in
        words (a Hold'em hand rank: "full house, sixes full of kings") said so."""
        ...

    def view(self, state: StateT, viewer: int | None) -> dict[str, Any]:
        """What ``viewer`` (a seat, or None for a spectator) may see: JSON-ready, tagged with
        ``"game": name``. Nothing hidden from the viewer may be in it."""
        ...

    def visible_record(self, event: Event, viewer: int | None) -> dict[str, Any]:
        """The event's record (``type``, ``version``, ``payload``) with everything ``viewer`` may
        not see yet removed."""
        ...

    def legal_actions(self, state: StateT) -> LegalActions | None:
        """The choices of the seat to act, or None when nobody is to act."""
        ...

    def audit(self, events: Sequence[Event]) -> AuditReport:
        """Replay a match's free inputs and compare every stored event with the rules'."""
        ...

    def hand_opened_by(self, event: Event) -> int | None:
        """The number of the hand ``event`` opens, or None."""
        ...

    def starts_segment(self, event: Event) -> bool:
        """Whether ``event`` starts a match segment (a match or a restart): it belongs to no
        hand."""
        ...

    def closes_hand(self, event: Event) -> bool:
        """Whether ``event`` ends a hand, finished or abandoned."""
        ...

    def summarize_hand(self, events: Sequence[tuple[int, Event]]) -> HandSummary:
        """The summary of one hand from its ``(seq, event)`` pairs, in order, from the event
        that opens it (possibly unfinished)."""
        ...

    def hand_facts(self, records: Sequence[Record], seat: int) -> dict[str, Any]:
        """What the hand list tells of one hand from ``seat``'s view, from the hand's stored
        records (``type``, ``payload``): ``you`` (``seat``, ``cards``, ``net``), ``pot``,
        ``showdown``, ``all_in``, ``result``, ``stacks_after``, ``eliminated``."""
        ...

    def share_preview(self, records: Sequence[Record], seat: int) -> SharePreview:
        """What a shared hand's link preview says, from the hand's records and ``seat``'s view
        (:mod:`games.engine.share_preview`): hands shown, how it ended, the pot."""
        ...

    def replay_proof(self, hand: Sequence[Event], match: Sequence[Event]) -> dict[str, Any]:
        """What lets anyone verify a finished hand's deal: its commitments and revealed seeds.

        ``hand`` is the hand's events, ``match`` every event of the match so far (a shuffle may
        serve many hands and be revealed later)."""
        ...


# --- the wiring every game object shares -------------------------------------------------------


class TableState(Protocol):
    """What :class:`EngineGame` reads of a game's state."""

    @property
    def phase(self) -> str: ...

    @property
    def to_act(self) -> int | None: ...

    def copy(self) -> Self: ...


class Views[S](Protocol):
    """A game's view module: what a viewer may see of a state, and of an event."""

    def view(self, state: S, viewer: int | None) -> dict[str, Any]: ...

    def visible_record(self, event: Event, viewer: int | None) -> dict[str, Any]: ...


class EngineGame[S: TableState, C]:
    """A :class:`Game` built from its engine's parts: what every game object shares.

    A game subclasses it, states its facts as class attributes (``name``, ``engine_version``,
    ``seat_count``, ``view_type``, ``history_format``, ``exports``, ``stats``,
    ``offers_analysis``, ``between_hands``: the phase in which the
    next hand may be dealt; ``bots_package`` if not ``bots.<name>``), hands its parts to
    ``__init__`` (``deal``: the command that deals a hand from the house's seed), and writes only
    what is its own: reading a request, who is still in the match, its standings, a hand's
    summary (:func:`summarize` does the common part) and its replay proof. Hands
    open, close and segments start with the game's events of the shared kinds
    (:class:`~games.engine.events.HandOpening`, :class:`~games.engine.events.HandClosing`,
    :class:`~games.engine.events.SegmentStart`).
    """

    name: str
    engine_version: str
    #: Every Cardavia table seats its human on seat 0.
    human_seat = 0
    seat_count: int
    history_format: HistoryFormat
    between_hands: str
    view_type: type
    #: The package of the game's bots; by default ``bots.<name>``.
    bots_package: str
    #: By default a game has no exports, no statistics and no analysis.
    exports: Mapping[str, ExportFormat] = MappingProxyType({})
    stats: GameStats | None = None
    offers_analysis = False
    #: By default a game's blinds (or antes) never change: it offers only ``fixed``.
    blinds_options: tuple[str, ...] = ("fixed",)

    def warm_up(self) -> None:
        """Nothing to build, by default."""

    def __init__(
        self,
        deciding: Deciding[S, C],
        views: Views[S],
        legal_actions: Callable[[S], LegalActions | None],
        audit: Callable[[Sequence[Event]], AuditReport],
        start: C,
        restart: C,
        deal: Callable[[bytes], C],
    ) -> None:
        # A game names its bots package, or has it by convention in ``bots.<name>``.
        self.bots_package = getattr(type(self), "bots_package", f"bots.{self.name}")
        self._deciding = deciding
        self._views = views
        self._legal_actions = legal_actions
        self._audit = audit
        self._start = start
        self._restart = restart
        self._deal = deal

    def new_state(self) -> S:
        return self._deciding.folding.new_state()

    def apply(self, state: S, event: Event) -> None:
        self._deciding.folding.apply(state, event)

    def advance(self, state: S, command: C) -> tuple[S, list[Event]]:
        return self._deciding.advance(state, command)

    def start_match(self, blinds: str = "fixed") -> C:
        if blinds not in self.blinds_options:
            raise ValueError(f"{self.name} offers no {blinds!r} blinds")
        return self._start

    def restart(self) -> C:
        return self._restart

    def start_hand(self, seed: bytes) -> C:
        return self._deal(seed)

    def to_act(self, state: S) -> int | None:
        return state.to_act

    def is_between_hands(self, state: S) -> bool:
        return state.phase == self.between_hands

    def is_match_over(self, state: S) -> bool:
        return state.phase == "match_over"

    def view(self, state: S, viewer: int | None) -> dict[str, Any]:
        return self._views.view(state, viewer)

    def visible_record(self, event: Event, viewer: int | None) -> dict[str, Any]:
        return self._views.visible_record(event, viewer)

    def legal_actions(self, state: S) -> LegalActions | None:
        return self._legal_actions(state)

    def words(self, event: Event) -> dict[str, Any]:
        return event.payload()

    def audit(self, events: Sequence[Event]) -> AuditReport:
        return self._audit(events)

    def hand_facts(self, records: Sequence[Record], seat: int) -> dict[str, Any]:
        return neutral_hand_facts(records, seat)

    def share_preview(self, records: Sequence[Record], seat: int) -> SharePreview:
        return neutral_preview(self.hand_facts(records, seat))

    def hand_opened_by(self, event: Event) -> int | None:
        return event.number if isinstance(event, HandOpening) else None

    def starts_segment(self, event: Event) -> bool:
        return isinstance(event, SegmentStart)

    def closes_hand(self, event: Event) -> bool:
        return isinstance(event, HandClosing)
