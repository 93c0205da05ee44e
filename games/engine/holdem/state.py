"""The state of a Hold'em match, and ``fold``: the only way a state is made from events.

A state is a plain mutable record that :func:`apply` updates event by event; callers outside the
engine treat it as read-only. Nothing here chooses anything — the choices are in the events.

>>> print(fold([ev.MatchStarted(stacks=(1000, 1000), small_blind=10, big_blind=20)]).phase)
between_hands
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from games.engine.betting import Action, ActionKind, AntePosted, chosen_action
from games.engine.cards import STANDARD_DECK
from games.engine.event_sourcing import Folding
from games.engine.events import MatchEnded, MatchRestarted
from games.engine.holdem import events as ev
from games.engine.holdem.events import Blind, Street
from games.engine.holdem.pots import Pot, side_pots
from games.engine.shuffle import shuffled


class Phase(StrEnum):
    """Where a Hold'em match stands."""

    NO_MATCH = "no_match"
    """No table yet: the match has not started."""
    BETWEEN_HANDS = "between_hands"
    """A hand may be dealt: the last one is over (or none was dealt yet)."""
    BETTING = "betting"
    """A hand is being played (also while the dealer runs the board out)."""
    MATCH_OVER = "match_over"
    """One player holds every chip."""


NO_MATCH = Phase.NO_MATCH
BETWEEN_HANDS = Phase.BETWEEN_HANDS
BETTING = Phase.BETTING
MATCH_OVER = Phase.MATCH_OVER


@dataclass(slots=True)
class Seat:
    """One seat's chips and cards. ``bet`` is this round's; ``contributed`` is this hand's."""

    stack: int
    in_match: bool = True
    dealt: bool = False
    folded: bool = False
    hole: tuple[str, ...] = ()
    bet: int = 0
    contributed: int = 0
    ante: int = 0  # the part of ``contributed`` that was ante: dead money in the main pot
    hand_start_stack: int = 0
    acted: bool = False
    # The round's highest bet just after this seat's last action: raising reopens for the seat
    # only once the bet has grown by a full raise since then (docs/rules.md#holdem-all-ins).
    seen_bet: int = 0
    # This hand's last action, for a table to show: its kind and amount (what a call added, the
    # total a bet or raise went to; None for a fold or check).
    last_action: tuple[ActionKind, int | None] | None = None

    def copy(self) -> Seat:
        # Spelled out: copy.copy on a slotted dataclass costs several times more, per seat, per
        # decision.
        return Seat(
            self.stack,
            self.in_match,
            self.dealt,
            self.folded,
            self.hole,
            self.bet,
            self.contributed,
            self.ante,
            self.hand_start_stack,
            self.acted,
            self.seen_bet,
            self.last_action,
        )

    @property
    def live(self) -> bool:
        """Dealt into the hand and not folded: still has a claim on the pots."""
        return self.dealt and not self.folded

    @property
    def can_act(self) -> bool:
        return self.dealt and not self.folded and self.stack > 0


@dataclass(slots=True)
class TableConfig:
    starting_stacks: tuple[int, ...]
    small_blind: int
    big_blind: int
    ante: int
    big_blind_ante: int
    min_bet: int
    first_button: int
    blind_levels: tuple[tuple[int, int], ...] = ()
    hands_per_level: int = 0
    rules_edition: int = 1
    # An imported table (games.engine.holdem.importing): its forced bets in posting order as
    # (seat, kind, amount), kind an ante or a :class:`Blind`; the room's rake; the seats that
    # gave up their hands at showdown; minor units per major unit.
    forced_bets: tuple[tuple[int, str, int], ...] = ()
    rake: tuple[int, ...] = ()
    mucks: tuple[int, ...] = ()
    scale: int = 1

    @property
    def imported(self) -> bool:
        """A table from another room's history posts its own forced bets."""
        return bool(self.forced_bets)


@dataclass(slots=True)
class HoldemState:
    config: TableConfig | None = None
    seats: list[Seat] = field(default_factory=list)
    phase: Phase = Phase.NO_MATCH
    segment: int = 0
    hand_number: int = 0
    button: int | None = None
    small_blind_seat: int | None = None
    big_blind_seat: int | None = None
    last_big_blind: int | None = None
    # The blinds of the hand in play (or the last one), its level, the smallest bet after the
    # flop, and how many hands this segment has dealt: the next hand's level follows from it.
    level: int = 1
    small_blind: int = 0
    big_blind: int = 0
    min_bet: int = 0
    segment_hands: int = 0
    street: Street | None = None
    board: list[str] = field(default_factory=list)
    deck: tuple[str, ...] = ()
    next_card: int = 0
    seed: str | None = None
    commitment: str = ""
    current_bet: int = 0
    last_full_raise: int = 0
    round_start: int = 0
    to_act: int | None = None
    # Hands face up this hand: turned up for an all-in run-out, or shown at the showdown.
    shown: dict[int, tuple[str, ...]] = field(default_factory=dict)
    # The hands shown at this hand's showdown and the pots awarded, kept until the next hand
    # (or a restart) so that a table can show the result without the feed.
    hands_shown: list[ev.HandShown] = field(default_factory=list)
    pots_awarded: list[ev.PotAwarded] = field(default_factory=list)
    places: dict[int, int] = field(default_factory=dict)
    winner: int | None = None

    def copy(self) -> HoldemState:
        return HoldemState(
            config=self.config,
            seats=[seat.copy() for seat in self.seats],
            phase=self.phase,
            segment=self.segment,
            hand_number=self.hand_number,
            button=self.button,
            small_blind_seat=self.small_blind_seat,
            big_blind_seat=self.big_blind_seat,
            last_big_blind=self.last_big_blind,
            level=self.level,
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            min_bet=self.min_bet,
            segment_hands=self.segment_hands,
            street=self.street,
            board=list(self.board),
            deck=self.deck,
            next_card=self.next_card,
            seed=self.seed,
            commitment=self.commitment,
            current_bet=self.current_bet,
            last_full_raise=self.last_full_raise,
            round_start=self.round_start,
            to_act=self.to_act,
            shown=dict(self.shown),
            hands_shown=list(self.hands_shown),
            pots_awarded=list(self.pots_awarded),
            places=dict(self.places),
            winner=self.winner,
        )

    @property
    def seat_count(self) -> int:
        return len(self.seats)

    def clockwise_from(self, seat: int) -> Iterable[int]:
        """Every seat once, starting at ``seat`` and going clockwise."""
        n = len(self.seats)
        return ((seat + offset) % n for offset in range(n))

    def next_in_match(self, seat: int) -> int:
        """The next seat clockwise after ``seat`` whose player is still in the match."""
        n = len(self.seats)
        for offset in range(1, n + 1):
            candidate = (seat + offset) % n
            if self.seats[candidate].in_match:
                return candidate
        raise ValueError("nobody is left in the match")

    def players_in_match(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.in_match]

    def pot_total(self) -> int:
        return sum(seat.contributed for seat in self.seats)

    def pots(self) -> list[Pot]:
        """The main pot and side pots of the chips put in so far (antes: dead money, main pot)."""
        return side_pots(
            [seat.contributed - seat.ante for seat in self.seats],
            [seat.live for seat in self.seats],
            [seat.live and seat.stack == 0 for seat in self.seats],
            dead=sum(seat.ante for seat in self.seats),
        )


def first_to_act(state: HoldemState, start: int) -> int | None:
    """The first seat from ``start`` clockwise that must act, or None when the round is over.

    A seat must act when it can (live, with chips) and has not acted this round or owes chips.
    When only one seat can act and it owes nothing, nobody could respond to it: no betting.
    """
    seats = state.seats
    current_bet = state.current_bet
    able = [i for i, seat in enumerate(seats) if seat.can_act]
    if not able:
        return None
    if len(able) == 1:
        only = able[0]
        return only if seats[only].bet < current_bet else None
    n = len(seats)
    for offset in range(n):
        index = (start + offset) % n
        seat = seats[index]
        if seat.can_act and (not seat.acted or seat.bet < current_bet):
            return index
    return None


# --- applying events -----------------------------------------------------------------------


def _match_started(state: HoldemState, event: ev.MatchStarted) -> None:
    state.config = TableConfig(
        starting_stacks=tuple(event.stacks),
        small_blind=event.small_blind,
        big_blind=event.big_blind,
        ante=event.ante,
        big_blind_ante=event.big_blind_ante,
        min_bet=event.min_bet or event.big_blind,
        first_button=event.first_button,
        blind_levels=tuple(event.blind_levels),
        hands_per_level=event.hands_per_level,
        rules_edition=event.rules_edition,
        forced_bets=tuple(event.forced_bets),
        rake=tuple(event.rake),
        mucks=tuple(event.mucks),
        scale=event.scale,
    )
    state.seats = [Seat(stack=stack) for stack in event.stacks]
    state.phase = BETWEEN_HANDS


def _match_restarted(state: HoldemState, event: MatchRestarted) -> None:
    state.seats = [Seat(stack=stack) for stack in event.stacks]
    state.segment = event.segment
    state.phase = BETWEEN_HANDS
    state.button = None
    state.last_big_blind = None
    state.segment_hands = 0
    state.places = {}
    state.winner = None
    _clear_hand(state)


def _clear_hand(state: HoldemState) -> None:
    state.street = None
    state.board = []
    state.to_act = None
    state.current_bet = 0
    state.shown = {}
    state.hands_shown = []
    state.pots_awarded = []
    state.small_blind_seat = None
    state.big_blind_seat = None


def _hand_started(state: HoldemState, event: ev.HandStarted) -> None:
    assert state.config is not None
    state.hand_number = event.hand_number
    state.button = event.button
    state.segment_hands += 1
    state.level = event.level
    state.small_blind = event.small_blind
    state.big_blind = event.big_blind
    # A table with levels bets in its level's big blinds; a fixed one keeps its own minimum.
    state.min_bet = event.big_blind if state.config.blind_levels else state.config.min_bet
    state.commitment = event.commitment
    state.seed = event.seed
    if event.deck is not None:
        state.deck = tuple(event.deck)
    else:
        assert event.seed is not None
        state.deck = tuple(shuffled(bytes.fromhex(event.seed), STANDARD_DECK))
    state.next_card = 0
    _clear_hand(state)
    state.street = Street.PREFLOP
    state.phase = BETTING
    state.last_full_raise = event.big_blind
    if state.config.imported:
        # Until a big blind or straddle says otherwise (one may be missing, or all-in on its
        # ante), the action starts after the big blind's place: heads-up, on the button.
        count = len(state.seats)
        state.round_start = (event.button + (3 if count > 2 else 0)) % count
    for seat in state.seats:
        seat.dealt = seat.in_match
        seat.folded = False
        seat.hole = ()
        seat.bet = 0
        seat.contributed = 0
        seat.ante = 0
        seat.hand_start_stack = seat.stack
        seat.acted = False
        seat.seen_bet = 0
        seat.last_action = None


def _ante_posted(state: HoldemState, event: AntePosted) -> None:
    seat = state.seats[event.seat]
    seat.stack -= event.amount
    seat.contributed += event.amount
    seat.ante += event.amount


def _blind_posted(state: HoldemState, event: ev.BlindPosted) -> None:
    seat = state.seats[event.seat]
    seat.stack -= event.amount
    seat.contributed += event.amount
    if event.blind == Blind.DEAD:
        seat.ante += event.amount  # dead money, as an ante: no bet to match
        return
    seat.bet += event.amount
    before = state.current_bet
    state.current_bet = max(state.current_bet, seat.bet)
    if event.blind == Blind.SMALL:
        state.small_blind_seat = event.seat
    elif event.blind == Blind.BIG:
        state.big_blind_seat = event.seat
        state.last_big_blind = event.seat
        state.round_start = (event.seat + 1) % len(state.seats)
    elif event.blind == Blind.STRADDLE:
        # The action starts after the straddle, and a raise must add at least what it added.
        state.round_start = (event.seat + 1) % len(state.seats)
        state.last_full_raise = max(state.current_bet - before, 1)


def _hole_cards_dealt(state: HoldemState, event: ev.HoleCardsDealt) -> None:
    state.seats[event.seat].hole = tuple(event.cards)
    state.next_card += len(event.cards)
    if all(seat.hole for seat in state.seats if seat.dealt):
        state.to_act = first_to_act(state, state.round_start)


def _board_dealt(state: HoldemState, event: ev.BoardDealt) -> None:
    state.street = event.street  # a Street already (BoardDealt converts a stored record's text)
    state.board.extend(event.cards)
    state.next_card += 1 + len(event.cards)
    state.current_bet = 0
    state.last_full_raise = state.min_bet
    for seat in state.seats:
        seat.bet = 0
        seat.acted = False
        seat.seen_bet = 0
    assert state.button is not None
    state.round_start = (state.button + 1) % len(state.seats)
    state.to_act = first_to_act(state, state.round_start)


def _action(state: HoldemState, event: Action) -> None:
    _BETTING[type(event)](state, event)
    chosen = chosen_action(event)
    assert chosen is not None
    _, kind, amount = chosen
    state.seats[event.seat].last_action = (
        kind,
        event.amount if isinstance(event, ev.Called) else amount,
    )


def _cards_exposed(state: HoldemState, event: ev.CardsExposed) -> None:
    state.shown[event.seat] = tuple(event.cards)


def _hand_shown(state: HoldemState, event: ev.HandShown) -> None:
    state.shown[event.seat] = tuple(event.cards)
    state.hands_shown.append(event)
    state.street = Street.SHOWDOWN


def _pot_awarded(state: HoldemState, event: ev.PotAwarded) -> None:
    state.pots_awarded.append(event)
    for winner, share in zip(event.winners, event.shares, strict=True):
        state.seats[winner].stack += share


def _hand_ended(state: HoldemState, event: ev.HandEnded) -> None:
    state.phase = BETWEEN_HANDS
    state.seed = event.seed
    state.to_act = None
    for seat in state.seats:
        seat.contributed = 0
        seat.ante = 0
        seat.bet = 0


def _hand_abandoned(state: HoldemState, event: ev.HandAbandoned) -> None:
    state.phase = BETWEEN_HANDS
    state.seed = event.seed
    state.to_act = None


def _player_eliminated(state: HoldemState, event: ev.PlayerEliminated) -> None:
    state.seats[event.seat].in_match = False
    state.places[event.seat] = event.place


def _match_ended(state: HoldemState, event: MatchEnded) -> None:
    state.phase = MATCH_OVER
    state.winner = event.winner
    state.places[event.winner] = 1


_BETTING = ev.BETTING.folding(first_to_act)

# Each applier takes its own event type; the table is keyed by that type.
FOLDING = Folding[HoldemState](
    HoldemState,
    {
        **_BETTING,
        # A player's action also stays on the table until the next hand.
        **dict.fromkeys(ev.PLAYER_ACTIONS, _action),
        ev.MatchStarted: _match_started,
        ev.MatchRestarted: _match_restarted,
        ev.HandStarted: _hand_started,
        ev.AntePosted: _ante_posted,
        ev.BlindPosted: _blind_posted,
        ev.HoleCardsDealt: _hole_cards_dealt,
        ev.BoardDealt: _board_dealt,
        ev.CardsExposed: _cards_exposed,
        ev.HandShown: _hand_shown,
        ev.PotAwarded: _pot_awarded,
        ev.HandEnded: _hand_ended,
        ev.HandAbandoned: _hand_abandoned,
        ev.PlayerEliminated: _player_eliminated,
        ev.MatchEnded: _match_ended,
    },
)

apply = FOLDING.apply
"""Update a state in place by one event."""
fold = FOLDING.fold
"""The state the events lead to, from nothing or from a copy of a snapshot ``state``."""
