"""Every event of an Up & Down match: the players' actions and the dealer's work alike.

Player actions (``CardLocked``, ``Folded``, ``Checked``, ``Called``, ``Bet``, ``Raised``) and the
inputs of chance (the seed or stacked order in ``ShoeShuffled``) are the only free choices; every
other event follows from them and is re-derived by :mod:`games.engine.updown.audit`.

Seats are 0 and 1. Amounts ``to`` are the total a player has bet in the deal's betting round,
antes not counted ("raise to"). Cards are physical card ids (``"As1"``, see
:mod:`games.engine.updown.cards`).

What a viewer may see is decided by :func:`games.engine.updown.view.visible_record`: the private
fields below (marked *private*) are removed for everybody but their owner. No event a player
receives says which of the opponent's two cards was locked: ``CardLocked`` carries the card
alone (no index, no "the new one"), and only for its owner.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from games.engine.betting import betting_events
from games.engine.events import (
    Event,
    HandClosing,
    HandOpening,
    MatchStart,
    event,
    match_events,
)


@event("updown.match_started")
@dataclass(frozen=True, slots=True)
class MatchStarted(MatchStart):
    """Two seats with their starting stacks, the ante, and who starts the first deal."""

    stacks: tuple[int, ...]
    ante: int
    first_starter: int = 0


@event("updown.deal_started")
@dataclass(frozen=True, slots=True)
class DealStarted(HandOpening):
    """A new deal; ``starter`` locks first and acts first in the betting."""

    deal_number: int
    starter: int

    @property
    def number(self) -> int:
        return self.deal_number


@event("updown.shoe_shuffled")
@dataclass(frozen=True, slots=True)
class ShoeShuffled(Event):
    """A new shoe of ``size`` cards: the full 104 at the start of a match segment, or the discards
    and the rest of the stock when fewer than two cards are left to draw.

    ``commitment`` (SHA-256 of the seed) is public; ``seed`` is *private* until
    ``ShuffleRevealed``. A stacked shoe (tests, hand histories) has no seed and carries its
    *private* ``order`` instead.
    """

    shuffle: int  # numbered 1, 2, … through the whole match
    commitment: str
    size: int
    seed: str | None = None
    order: tuple[str, ...] | None = None


@event("updown.card_dealt")
@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """One card from the top of the stock into a hand: two each in a segment's first deal, then
    one drawn per deal. ``card`` is *private* to ``seat``."""

    seat: int
    card: str


@event("updown.signals_shown")
@dataclass(frozen=True, slots=True)
class SignalsShown(Event):
    """Each seat's signal: how many of the two cards it holds as the deal begins are UP and how
    many DOWN, by seat (flat tuples: stored events are JSON, which has no nested tuples)."""

    up: tuple[int, ...]
    down: tuple[int, ...]


@event("updown.card_locked")
@dataclass(frozen=True, slots=True)
class CardLocked(Event):
    """``seat`` locked one of its two cards face down. ``card`` is *private* to ``seat``."""

    seat: int
    card: str


@event("updown.locked_cards_revealed")
@dataclass(frozen=True, slots=True)
class LockedCardsRevealed(Event):
    """Both locked cards face up, by seat — also after a fold (docs/rules.md#updown-reveal)."""

    cards: tuple[str, ...]


class Outcome(StrEnum):
    """How a deal's pot was won (docs/rules.md#updown-reveal)."""

    FOLD = "fold"
    """The other player folded; the locked cards are still revealed, their ranks do not count."""
    HIGHER_CARD = "higher_card"
    """The stronger locked card won (a 2 beats an ace)."""
    TIE = "tie"
    """Equal ranks: the pot is split."""


@event("updown.pot_awarded")
@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    """The pot settled; ``shares`` align with ``winners``; ``odd_chips`` lists who received an
    indivisible chip."""

    amount: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    outcome: Outcome
    odd_chips: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "outcome", Outcome(self.outcome))  # a stored record holds text


@event("updown.deal_ended")
@dataclass(frozen=True, slots=True)
class DealEnded(HandClosing):
    """The deal is over: the locked cards go to the discards and the stacks are final.

    ``winner`` is None after a tie; the next deal's starter follows from it
    (docs/rules.md#updown-locking).
    """

    deal_number: int
    winner: int | None
    stacks: tuple[int, ...]


@event("updown.deal_abandoned")
@dataclass(frozen=True, slots=True)
class DealAbandoned(HandClosing):
    """A deal stopped unfinished by a restart; its chips are not settled."""

    deal_number: int


@event("updown.shuffle_revealed")
@dataclass(frozen=True, slots=True)
class ShuffleRevealed(Event):
    """A shoe's seed, once no card of that shuffle is hidden any more (or the segment is over).

    ``pile`` is what was shuffled, in shoe order — the input of
    :func:`games.engine.shuffle.shuffled` — so anyone can recompute the shoe's order and check
    the seed against the commitment. A stacked shoe has no seed: its ``order`` is given instead.
    """

    shuffle: int
    seed: str | None
    pile: tuple[str, ...]
    order: tuple[str, ...] | None = None


BETTING = betting_events("updown", __name__)
AntePosted, Folded, Checked, Called, Bet, Raised, UncalledBetReturned = BETTING.classes()
MatchRestarted, MatchEnded = match_events("updown", __name__)

PLAYER_ACTIONS = (CardLocked, Folded, Checked, Called, Bet, Raised)
BETTING_ACTIONS = (Folded, Checked, Called, Bet, Raised)
