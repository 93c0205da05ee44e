"""A card room for tests: stack a deck, seat the players, deal, act, and read what happened.

``deck_for`` stacks a 52-card deck so that the engine's deal (RULES.md §1.2) hands out exactly
the cards a test names::

    deck_for(holes={1: "AsKs", 3: "7c2d"}, board="AhKhQh2c3d", button=0)

Cards a test does not name are filled in from the rest of the deck in its standard order.

``Table`` drives a Cardavia match through the engine's commands and keeps every event. After each
command it checks that no chip was made or lost (RULES.md §1.1: the chip total never changes)::

    table = Table()
    table.deal(holes={0: "AsAd", 1: "KsKd"}, board="2c7d9hJsQc")
    table.raise_to(3, 60)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

from games.engine.cards import STANDARD_DECK, parse_cards
from games.engine.events import Event
from games.engine.holdem import events as ev
from games.engine.holdem.betting import LegalActions, legal_actions
from games.engine.holdem.game import (
    Act,
    Command,
    Restart,
    StartHand,
    StartMatch,
    advance,
    next_button,
)
from games.engine.holdem.state import HoldemState
from tests.engine.betting_moves import BettingMoves

SEATS = 4
STARTING_STACK = 1000
SMALL_BLIND = 10
BIG_BLIND = 20
CHIPS_IN_PLAY = SEATS * STARTING_STACK
# No pair, no three of a suit, no four to a straight: against it pocket pairs rank by their rank.
NEUTRAL_BOARD = "2c7d9h4sTc"

E = TypeVar("E", bound=Event)


def deal_order(button: int, seats_in_hand: Iterable[int], seat_count: int = SEATS) -> list[int]:
    """The seats in the hand clockwise, starting with the first one left of the button."""
    return sorted(seats_in_hand, key=lambda seat: (seat - button - 1) % seat_count)


def deck_positions(players: int) -> dict[str, list[int]]:
    """Where the deal takes its cards from, for ``players`` players in the hand.

    The k-th player from the button's left gets positions k and players + k; then burn, three
    flop cards, burn, turn, burn, river.
    """
    top = 2 * players
    return {
        "burns": [top, top + 4, top + 6],
        "board": [top + 1, top + 2, top + 3, top + 5, top + 7],
    }


def deck_for(
    holes: Mapping[int, str] | None = None,
    board: str = "",
    *,
    button: int = 0,
    seats_in_hand: Iterable[int] = range(SEATS),
    burns: str = "",
    seat_count: int = SEATS,
) -> tuple[str, ...]:
    """A 52-card deck order that deals ``holes`` (seat → two cards), then ``burns`` and ``board``
    (up to three and five cards, in the order they are dealt), with ``button`` on the button."""
    order = deal_order(button, seats_in_hand, seat_count)
    players = len(order)
    placed: dict[int, str] = {}
    for position_in_order, seat in enumerate(order):
        cards = parse_cards((holes or {}).get(seat, ""))
        if len(cards) not in (0, 2):
            raise ValueError(f"seat {seat} needs two hole cards, not {cards}")
        for round_, card in enumerate(cards):
            placed[round_ * players + position_in_order] = card
    unknown = set(holes or {}) - set(order)
    if unknown:
        raise ValueError(f"seats {sorted(unknown)} are not in the hand")
    positions = deck_positions(players)
    for kind, cards in (("board", parse_cards(board)), ("burns", parse_cards(burns))):
        if len(cards) > len(positions[kind]):
            raise ValueError(f"too many {kind} cards: {cards}")
        placed.update(zip(positions[kind], cards, strict=False))
    chosen = list(placed.values())
    if len(set(chosen)) != len(chosen):
        raise ValueError(f"a card is used twice: {sorted(chosen)}")
    filler = iter(card for card in STANDARD_DECK if card not in set(chosen))
    return tuple(placed[i] if i in placed else next(filler) for i in range(52))


class Table(BettingMoves):
    """A Cardavia Hold'em match driven through the engine, one command at a time."""

    Act = Act
    Restart = Restart

    def __init__(
        self,
        stacks: Iterable[int] = (STARTING_STACK,) * SEATS,
        *,
        small_blind: int = SMALL_BLIND,
        big_blind: int = BIG_BLIND,
        blind_levels: tuple[tuple[int, int], ...] = (),
        hands_per_level: int = 0,
    ) -> None:
        self.state = HoldemState()
        self.events: list[Event] = []
        stacks = tuple(stacks)
        self.chips = sum(stacks)
        self.run(
            StartMatch(
                stacks=stacks,
                small_blind=small_blind,
                big_blind=big_blind,
                blind_levels=blind_levels,
                hands_per_level=hands_per_level,
            )
        )

    # --- commands --------------------------------------------------------------------------

    def run(self, command: Command) -> list[Event]:
        """Apply one command; on IllegalAction nothing changes (the engine works on a copy)."""
        state, produced = advance(self.state, command)
        self.state = state
        self.events.extend(produced)
        self._assert_no_chip_made_or_lost()
        return produced

    def deal(
        self,
        holes: Mapping[int, str] | None = None,
        board: str = "",
        *,
        burns: str = "",
    ) -> list[Event]:
        """Start the next hand from a deck stacked for ``holes``, ``board`` and ``burns``."""
        button = next_button(self.state)
        deck = deck_for(
            holes,
            board,
            button=button,
            seats_in_hand=self.state.players_in_match(),
            burns=burns,
            seat_count=self.state.seat_count,
        )
        produced = self.run(StartHand(deck=deck))
        dealt = {e.seat: "".join(e.cards) for e in produced if isinstance(e, ev.HoleCardsDealt)}
        for seat, cards in (holes or {}).items():
            assert dealt.get(seat) == cards, (
                f"the deck was stacked to give seat {seat} {cards}, the deal gave {dealt.get(seat)}"
            )
        return produced

    def deal_seed(self, seed: bytes) -> list[Event]:
        return self.run(StartHand(seed=seed))

    def check_round(self) -> list[Event]:
        """Everyone to act checks until the street changes or the hand is over."""
        street = self.state.street
        produced: list[Event] = []
        while self.state.to_act is not None and self.state.street == street:
            produced += self.check(self.state.to_act)
        return produced

    # --- what the table shows --------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return self.state.to_act

    @property
    def legal(self) -> LegalActions | None:
        return legal_actions(self.state)

    @property
    def stacks(self) -> tuple[int, ...]:
        return tuple(seat.stack for seat in self.state.seats)

    @property
    def board(self) -> str:
        return "".join(self.state.board)

    @property
    def hand_events(self) -> list[Event]:
        """The events of the current (or last) hand, from its HandStarted on."""
        starts = [i for i, e in enumerate(self.events) if isinstance(e, ev.HandStarted)]
        return self.events[starts[-1] :] if starts else []

    def this_hand(self, kind: type[E]) -> list[E]:
        return [e for e in self.hand_events if isinstance(e, kind)]

    def all(self, kind: type[E]) -> list[E]:
        return [e for e in self.events if isinstance(e, kind)]

    def last(self, kind: type[E]) -> E:
        found = self.all(kind)
        assert found, f"no {kind.__name__} yet"
        return found[-1]

    def won(self) -> dict[int, int]:
        """Chips each seat won from the pots of the current (or last) hand."""
        totals: dict[int, int] = {}
        for award in self.this_hand(ev.PotAwarded):
            for seat, share in zip(award.winners, award.shares, strict=True):
                totals[seat] = totals.get(seat, 0) + share
        return totals

    def _assert_no_chip_made_or_lost(self) -> None:
        in_play = sum(seat.stack + seat.contributed for seat in self.state.seats)
        assert in_play == self.chips, f"{in_play} chips on the table, should be {self.chips}"
