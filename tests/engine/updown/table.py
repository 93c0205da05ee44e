"""A card room for Up & Down tests: stack a shoe, seat two players, deal, lock, bet, read.

``shoe_for`` stacks the 104-card shoe so that the engine's deals hand out exactly the cards a
test names: the two hands of the first deal, then the card each player draws in later deals::

    shoe_for(("As1 7c1", "Kd2 2h1"), "Qs1 3d2", "9h1 9h2")

gives seat 0 As1 and 7c1 and seat 1 Kd2 and 2h1; in deal 2 seat 0 draws Qs1 and seat 1 draws 3d2;
in deal 3 they draw 9h1 and 9h2. The rest of the shoe follows in shoe order.

``Table`` drives a match through the engine's commands and keeps every event. After each command
it checks that no chip was made or lost and that the 104 cards are all accounted for::

    table = Table()
    table.deal(("As1 7c1", "Kd2 2h1"))
    table.lock(0, "As1")
    table.lock(1, "2h1")
    table.bet(0, 3)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TypeVar

from games.engine.events import Event
from games.engine.updown import events as ev
from games.engine.updown.betting import UpDownLegalActions as LegalActions
from games.engine.updown.betting import legal_actions
from games.engine.updown.cards import SHOE
from games.engine.updown.game import (
    Act,
    Command,
    Lock,
    Restart,
    StartDeal,
    StartMatch,
    advance,
    shuffle_due,
    shuffle_pile,
)
from games.engine.updown.rules import ANTE, STARTING_STACK
from games.engine.updown.state import UpDownState
from tests.engine.betting_moves import BettingMoves

E = TypeVar("E", bound=Event)


def stacked(cards: Iterable[str], pile: Iterable[str] = SHOE) -> tuple[str, ...]:
    """An order of ``pile`` that starts with ``cards``, the rest in shoe order."""
    chosen = list(cards)
    if len(set(chosen)) != len(chosen):
        raise ValueError(f"a card is used twice: {sorted(chosen)}")
    rest = [card for card in pile if card not in set(chosen)]
    if len(rest) + len(chosen) != len(list(pile)):
        raise ValueError(f"not all of {chosen} are in the pile")
    return (*chosen, *rest)


def shoe_for(hands: tuple[str, str], *draws: str) -> tuple[str, ...]:
    """A shoe whose first deal gives seat 0 ``hands[0]`` and seat 1 ``hands[1]`` (two cards
    each, space-separated), and whose later deals draw ``draws`` ("seat 0's card seat 1's")."""
    first, second = hands[0].split(), hands[1].split()
    order = [first[0], second[0], first[1], second[1]]
    for pair in draws:
        order += pair.split()
    return stacked(order)


def cards_in_play(state: UpDownState) -> list[str]:
    """Every card the state holds: stock, hands (locked cards included) and discards."""
    return [*state.stock(), *(card for seat in state.seats for card in seat.hand), *state.discards]


class Table(BettingMoves):
    """An Up & Down match driven through the engine, one command at a time."""

    Act = Act
    Restart = Restart

    def __init__(
        self,
        stacks: Iterable[int] = (STARTING_STACK, STARTING_STACK),
        *,
        ante: int = ANTE,
        first_starter: int = 0,
    ) -> None:
        self.state = UpDownState()
        self.events: list[Event] = []
        stacks = tuple(stacks)
        self.chips = sum(stacks)
        self.run(StartMatch(stacks=stacks, ante=ante, first_starter=first_starter))

    # --- commands --------------------------------------------------------------------------

    def run(self, command: Command) -> list[Event]:
        """Apply one command; on IllegalAction nothing changes (the engine works on a copy)."""
        state, produced = advance(self.state, command)
        self.state = state
        self.events.extend(produced)
        self._assert_nothing_made_or_lost()
        return produced

    def deal(
        self,
        hands: tuple[str, str] | None = None,
        *draws: str,
        shoe: tuple[str, ...] | None = None,
        seed: bytes | None = None,
    ) -> list[Event]:
        """Start the next deal; a first deal (or reshuffle) takes a stacked shoe or a seed."""
        if hands is not None:
            shoe = shoe_for(hands, *draws)
        if shoe is None and seed is None and shuffle_due(self.state):
            shoe = shuffle_pile(self.state)  # unshuffled: the pile as it lies, in shoe order
        return self.run(StartDeal(seed=seed, shoe=shoe))

    def lock(self, seat: int, card: str) -> list[Event]:
        return self.run(Lock(seat=seat, card=card))

    def lock_both(self, first: str, second: str) -> list[Event]:
        """The starter locks ``first``, the other player ``second``."""
        starter = self.state.starter
        assert starter is not None
        return self.lock(starter, first) + self.lock(1 - starter, second)

    def lock_cards(self, cards: dict[int, str]) -> list[Event]:
        """Each seat locks its card from ``cards`` (seat → card), in turn order."""
        starter = self.state.starter
        assert starter is not None
        return self.lock(starter, cards[starter]) + self.lock(1 - starter, cards[1 - starter])

    def lock_first_cards(self) -> list[Event]:
        """Both players lock their first card in shoe order, the starter first."""
        produced: list[Event] = []
        for _ in range(2):
            legal = self.legal
            assert legal is not None and legal.can_lock
            produced += self.lock(legal.seat, legal.lockable[0])
        return produced

    def play_checked_deal(self) -> list[Event]:
        """Deal from the shoe as it lies, both lock their first card in shoe order, both check."""
        produced = self.deal()
        produced += self.lock_first_cards()
        return produced + self.check_down()

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

    def hand(self, seat: int) -> set[str]:
        return set(self.state.seats[seat].hand)

    @property
    def deal_events(self) -> list[Event]:
        """The events of the current (or last) deal, from its DealStarted on."""
        starts = [i for i, e in enumerate(self.events) if isinstance(e, ev.DealStarted)]
        return self.events[starts[-1] :] if starts else []

    def this_deal(self, kind: type[E]) -> list[E]:
        return [e for e in self.deal_events if isinstance(e, kind)]

    def all(self, kind: type[E]) -> list[E]:
        return [e for e in self.events if isinstance(e, kind)]

    def last(self, kind: type[E]) -> E:
        found = self.all(kind)
        assert found, f"no {kind.__name__} yet"
        return found[-1]

    def won(self) -> dict[int, int]:
        """Chips each seat won from the pot of the current (or last) deal."""
        totals: dict[int, int] = {}
        for award in self.this_deal(ev.PotAwarded):
            for seat, share in zip(award.winners, award.shares, strict=True):
                totals[seat] = totals.get(seat, 0) + share
        return totals

    def _assert_nothing_made_or_lost(self) -> None:
        state = self.state
        in_play = sum(seat.stack + seat.contributed for seat in state.seats)
        assert in_play == self.chips, f"{in_play} chips on the table, should be {self.chips}"
        if state.shoe is not None:
            assert Counter(cards_in_play(state)) == Counter(SHOE), "a card went missing"
