"""The shape of Up & Down's view (:func:`games.engine.updown.view.view`), as typed dicts: the
API's schema is built from them (``Game.view_type``), and the schema test checks every view a
full match sends against it."""

from __future__ import annotations

from typing import Literal, TypedDict

from games.engine.updown.events import Outcome
from games.engine.updown.state import Phase
from games.engine.view_types import LegalActionsView


class UpDownLegalActions(LegalActionsView):
    """With the lock that starts each deal: while locking, ``lockable`` holds the seat's two
    cards and nothing else is allowed."""

    can_lock: bool
    lockable: list[str]


class UpDownSignal(TypedDict):
    up: int
    down: int


class UpDownSeat(TypedDict):
    """One seat: ``cards`` are the viewer's own, in shoe order; ``kept_card`` the viewer's card
    carried over from the last deal, one of ``cards`` (the other was drawn)."""

    seat: int
    stack: int
    bet: int
    in_deal: bool
    folded: bool
    all_in: bool
    signal: UpDownSignal | None
    has_locked: bool
    cards: list[str] | None
    locked_card: str | None
    kept_card: str | None


class UpDownShoe(TypedDict):
    shuffle: int
    commitment: str
    stock: int
    discards: list[str]


class UpDownRevealedSeed(TypedDict):
    shuffle: int
    seed: str


class UpDownLastDeal(TypedDict):
    """The previous deal's reveal and result, so a table can show it without the feed:
    ``folded`` the seat that folded, ``winner`` null for a tie, ``reason`` the outcome with a
    deuce beating an ace named as such, ``won`` the chips each seat won."""

    deal_number: int
    locked_cards: list[str]
    folded: int | None
    winner: int | None
    outcome: Outcome
    reason: Literal["fold", "higher_card", "tie", "two_beats_ace"]
    won: list[int]


class UpDownView(TypedDict):
    """Up & Down's table as one seat may see it."""

    game: Literal["updown"]
    phase: Phase
    segment: int
    deal_number: int
    viewer: int | None
    ante: int | None
    starter: int | None
    to_act: int | None
    pot: int
    current_bet: int
    seats: list[UpDownSeat]
    legal_actions: UpDownLegalActions | None
    shoe: UpDownShoe | None
    revealed_seeds: list[UpDownRevealedSeed]
    last_deal: UpDownLastDeal | None
    winner: int | None
