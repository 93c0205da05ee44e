"""The state of an Up & Down match, and ``fold``: the only way a state is made from events.

A state is a plain mutable record that :func:`apply` updates event by event; callers outside the
engine treat it as read-only. Nothing here chooses anything — the choices are in the events.

Where the 104 cards are: the undealt part of the current shoe (:meth:`UpDownState.stock`), the
hands (two cards during a deal, the kept one between deals; a locked card stays in its hand and
is also named by ``Seat.locked``), and the discards. Together they are always the whole shoe.

>>> print(fold([ev.MatchStarted(stacks=(20, 20), ante=1)]).phase)
between_deals
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from games.engine.betting import AntePosted
from games.engine.event_sourcing import Folding
from games.engine.events import MatchEnded, MatchRestarted
from games.engine.shuffle import shuffled
from games.engine.updown import events as ev
from games.engine.updown.cards import SHOE, in_shoe_order
from games.engine.updown.events import Outcome


class Phase(StrEnum):
    """Where an Up & Down match stands."""

    NO_MATCH = "no_match"
    """No table yet: the match has not started."""
    BETWEEN_DEALS = "between_deals"
    """A deal may start: the last one is over (or none was dealt yet)."""
    LOCKING = "locking"
    """The players lock one card each, the starter first."""
    BETTING = "betting"
    """The betting round; also while the dealer settles a deal nobody can bet in (all-in on the
    ante)."""
    MATCH_OVER = "match_over"
    """One player has no chips left."""


NO_MATCH = Phase.NO_MATCH
BETWEEN_DEALS = Phase.BETWEEN_DEALS
LOCKING = Phase.LOCKING
BETTING = Phase.BETTING
MATCH_OVER = Phase.MATCH_OVER

SEATS = 2
MIN_BET = 1  # docs/rules.md#updown-betting


@dataclass(frozen=True, slots=True)
class Shoe:
    """One shuffle: what was shuffled (``pile``, in shoe order) and the order it gave."""

    number: int
    commitment: str
    seed: str | None
    pile: tuple[str, ...]
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LastDeal:
    """The previous deal as its reveal left it: public once both locked cards are shown, and
    kept for the table to draw after the next deal has started (in the same command)."""

    deal_number: int
    locked_cards: tuple[str, ...]  # by seat
    folded: int | None
    winner: int | None  # None after a tie
    outcome: Outcome
    shares: tuple[int, ...]  # the chips each seat won, by seat


@dataclass(slots=True)
class Seat:
    """One player's chips and cards: ``bet`` is this deal's betting, ``contributed`` adds the
    ante."""

    stack: int
    hand: tuple[str, ...] = ()
    locked: str | None = None
    signal: tuple[int, int] = (0, 0)  # (UP, DOWN) as the deal began
    bet: int = 0
    contributed: int = 0
    folded: bool = False
    acted: bool = False
    # The bet just after this seat's last action: a short all-in does not reopen raising for a
    # seat that has acted (docs/rules.md#updown-all-ins).
    seen_bet: int = 0
    # The card kept from the previous deal (own eyes only: it is hidden from the opponent).
    kept: str | None = None

    def copy(self) -> Seat:
        # Spelled out: copy.copy on a slotted dataclass costs several times more, per decision.
        return Seat(
            self.stack,
            self.hand,
            self.locked,
            self.signal,
            self.bet,
            self.contributed,
            self.folded,
            self.acted,
            self.seen_bet,
            self.kept,
        )

    @property
    def can_act(self) -> bool:
        return not self.folded and self.stack > 0


@dataclass(frozen=True, slots=True)
class MatchConfig:
    starting_stacks: tuple[int, ...]
    ante: int
    first_starter: int


@dataclass(slots=True)
class UpDownState:
    config: MatchConfig | None = None
    seats: list[Seat] = field(default_factory=list)
    phase: Phase = Phase.NO_MATCH
    segment: int = 0
    deal_number: int = 0
    starter: int | None = None  # of the current (or last) deal
    next_starter: int | None = None
    to_act: int | None = None
    current_bet: int = 0
    last_full_raise: int = MIN_BET
    shoe: Shoe | None = None
    next_card: int = 0  # position in ``shoe.order`` of the next card to draw
    discards: tuple[str, ...] = ()
    shuffle_count: int = 0
    retired: tuple[Shoe, ...] = ()  # replaced shoes whose seeds are still secret
    revealed_seeds: tuple[tuple[int, str | None], ...] = ()  # (shuffle, seed) made public
    origin: dict[str, int] = field(default_factory=dict)  # card in a hand -> its shuffle
    revealed: tuple[str, ...] = ()  # both locked cards, by seat, once shown
    deal_winner: int | None = None
    outcome: Outcome | None = None
    shares: tuple[int, ...] = ()  # the chips each seat won in this deal, by seat
    last_deal: LastDeal | None = None
    winner: int | None = None

    def copy(self) -> UpDownState:
        return UpDownState(
            config=self.config,
            seats=[seat.copy() for seat in self.seats],
            phase=self.phase,
            segment=self.segment,
            deal_number=self.deal_number,
            starter=self.starter,
            next_starter=self.next_starter,
            to_act=self.to_act,
            current_bet=self.current_bet,
            last_full_raise=self.last_full_raise,
            shoe=self.shoe,
            next_card=self.next_card,
            discards=self.discards,
            shuffle_count=self.shuffle_count,
            retired=self.retired,
            revealed_seeds=self.revealed_seeds,
            origin=dict(self.origin),
            revealed=self.revealed,
            deal_winner=self.deal_winner,
            outcome=self.outcome,
            shares=self.shares,
            last_deal=self.last_deal,
            winner=self.winner,
        )

    def stock(self) -> tuple[str, ...]:
        """The cards still to be drawn from the current shoe, top first."""
        return () if self.shoe is None else self.shoe.order[self.next_card :]

    def stock_count(self) -> int:
        return 0 if self.shoe is None else len(self.shoe.order) - self.next_card

    def pot_total(self) -> int:
        return sum(seat.contributed for seat in self.seats)

    def shuffle_revealed(self, number: int) -> bool:
        return any(shuffle == number for shuffle, _ in self.revealed_seeds)


def first_to_act(state: UpDownState, start: int) -> int | None:
    """The first seat from ``start`` that must act, or None when the betting is over.

    A seat must act when it can (not folded, chips left) and has not acted yet or owes chips.
    When only one seat can act and it owes nothing, nobody could answer a bet: no betting —
    which is also the "all-in from the ante" rule (docs/rules.md#updown-all-ins).
    """
    seats = state.seats
    able = [i for i in range(SEATS) if seats[i].can_act]
    if not able:
        return None
    if len(able) == 1:
        only = able[0]
        return only if seats[only].bet < state.current_bet else None
    for offset in range(SEATS):
        index = (start + offset) % SEATS
        seat = seats[index]
        if not seat.acted or seat.bet < state.current_bet:
            return index
    return None


# --- applying events -----------------------------------------------------------------------


def _match_started(state: UpDownState, event: ev.MatchStarted) -> None:
    state.config = MatchConfig(tuple(event.stacks), event.ante, event.first_starter)
    state.seats = [Seat(stack=stack) for stack in event.stacks]
    state.phase = BETWEEN_DEALS
    state.next_starter = event.first_starter


def _match_restarted(state: UpDownState, event: MatchRestarted) -> None:
    assert state.config is not None
    state.seats = [Seat(stack=stack) for stack in event.stacks]
    state.segment = event.segment
    state.phase = BETWEEN_DEALS
    state.starter = None
    state.next_starter = state.config.first_starter
    state.to_act = None
    state.current_bet = 0
    state.shoe = None
    state.next_card = 0
    state.discards = ()
    state.retired = ()
    state.origin = {}
    state.revealed = ()
    state.deal_winner = None
    state.outcome = None
    state.shares = ()
    state.last_deal = None
    state.winner = None


def _deal_started(state: UpDownState, event: ev.DealStarted) -> None:
    state.deal_number = event.deal_number
    state.starter = event.starter
    state.phase = LOCKING
    state.to_act = None  # until the signals are shown
    state.current_bet = 0
    state.last_full_raise = MIN_BET
    state.revealed = ()
    state.deal_winner = None
    state.outcome = None
    for seat in state.seats:
        seat.locked = None
        seat.bet = 0
        seat.contributed = 0
        seat.folded = False
        seat.acted = False
        seat.seen_bet = 0


def _shoe_shuffled(state: UpDownState, event: ev.ShoeShuffled) -> None:
    if state.shoe is None:
        pile = SHOE
    else:
        # The discards with what is left of the stock; the cards in hands stay out
        # (docs/rules.md#updown-next-deal).
        pile = in_shoe_order(state.discards + state.stock())
        state.retired += (state.shoe,)
    if event.order is not None:
        order = tuple(event.order)
    else:
        assert event.seed is not None
        order = tuple(shuffled(bytes.fromhex(event.seed), pile))
    state.shoe = Shoe(event.shuffle, event.commitment, event.seed, pile, order)
    state.shuffle_count = event.shuffle
    state.next_card = 0
    state.discards = ()


def _card_dealt(state: UpDownState, event: ev.CardDealt) -> None:
    assert state.shoe is not None
    seat = state.seats[event.seat]
    seat.hand += (event.card,)
    state.next_card += 1
    state.origin[event.card] = state.shoe.number


def _ante_posted(state: UpDownState, event: AntePosted) -> None:
    seat = state.seats[event.seat]
    seat.stack -= event.amount
    seat.contributed += event.amount


def _signals_shown(state: UpDownState, event: ev.SignalsShown) -> None:
    for index, seat in enumerate(state.seats):
        seat.signal = (event.up[index], event.down[index])
    state.to_act = state.starter


def _card_locked(state: UpDownState, event: ev.CardLocked) -> None:
    state.seats[event.seat].locked = event.card
    other = 1 - event.seat
    if state.seats[other].locked is None:
        state.to_act = other
        return
    # Both locked: the betting starts with the starter, unless nobody can bet (all-in).
    assert state.starter is not None
    state.phase = BETTING
    state.to_act = first_to_act(state, state.starter)


def _locked_cards_revealed(state: UpDownState, event: ev.LockedCardsRevealed) -> None:
    state.revealed = tuple(event.cards)


def _pot_awarded(state: UpDownState, event: ev.PotAwarded) -> None:
    for winner, share in zip(event.winners, event.shares, strict=True):
        state.seats[winner].stack += share
    for seat in state.seats:
        seat.bet = 0
        seat.contributed = 0
    state.outcome = Outcome(event.outcome)
    won = [0] * len(state.seats)
    for winner, share in zip(event.winners, event.shares, strict=True):
        won[winner] += share
    state.shares = tuple(won)


def _deal_ended(state: UpDownState, event: ev.DealEnded) -> None:
    state.phase = BETWEEN_DEALS
    state.to_act = None
    state.current_bet = 0
    state.deal_winner = event.winner
    assert state.outcome is not None
    state.last_deal = LastDeal(
        deal_number=event.deal_number,
        locked_cards=state.revealed,
        folded=next((i for i, seat in enumerate(state.seats) if seat.folded), None),
        winner=event.winner,
        outcome=state.outcome,
        shares=state.shares,
    )
    assert state.starter is not None
    # The winner starts the next deal; after a tie, the player who did not start
    # (docs/rules.md#updown-locking).
    state.next_starter = event.winner if event.winner is not None else 1 - state.starter
    played = []
    for seat in state.seats:
        card = seat.locked
        assert card is not None
        played.append(card)
        seat.hand = tuple(held for held in seat.hand if held != card)
        seat.kept = seat.hand[0] if seat.hand else None
        seat.locked = None
        seat.bet = 0
        seat.contributed = 0
        del state.origin[card]
    state.discards += tuple(played)


def _deal_abandoned(state: UpDownState, event: ev.DealAbandoned) -> None:
    state.phase = BETWEEN_DEALS
    state.to_act = None


def _shuffle_revealed(state: UpDownState, event: ev.ShuffleRevealed) -> None:
    state.revealed_seeds += ((event.shuffle, event.seed),)
    state.retired = tuple(shoe for shoe in state.retired if shoe.number != event.shuffle)


def _match_ended(state: UpDownState, event: MatchEnded) -> None:
    state.phase = MATCH_OVER
    state.winner = event.winner


# Each applier takes its own event type; the table is keyed by that type.
FOLDING = Folding[UpDownState](
    UpDownState,
    {
        **ev.BETTING.folding(first_to_act),
        ev.MatchStarted: _match_started,
        ev.MatchRestarted: _match_restarted,
        ev.DealStarted: _deal_started,
        ev.ShoeShuffled: _shoe_shuffled,
        ev.CardDealt: _card_dealt,
        ev.AntePosted: _ante_posted,
        ev.SignalsShown: _signals_shown,
        ev.CardLocked: _card_locked,
        ev.LockedCardsRevealed: _locked_cards_revealed,
        ev.PotAwarded: _pot_awarded,
        ev.DealEnded: _deal_ended,
        ev.DealAbandoned: _deal_abandoned,
        ev.ShuffleRevealed: _shuffle_revealed,
        ev.MatchEnded: _match_ended,
    },
)

apply = FOLDING.apply
"""Update a state in place by one event."""
fold = FOLDING.fold
"""The state the events lead to, from nothing or from a copy of a snapshot ``state``."""
