"""The shape of Hold'em's view (:func:`games.engine.holdem.view.view`), as typed dicts: the
API's schema is built from them (``Game.view_type``), and the schema test checks every view a
full match sends against it."""

from __future__ import annotations

from typing import Literal, TypedDict

from games.engine.holdem.evaluator import HandRank
from games.engine.holdem.events import Street
from games.engine.holdem.state import Phase
from games.engine.view_types import BettingKind, LegalActionsView


class HoldemBlindLevel(TypedDict):
    small: int
    big: int


class HoldemBlinds(TypedDict):
    """The blinds of hand ``hand_number``: the hand in play, or between hands the next one to
    be dealt. With rising blinds: the level, the next level's blinds and how many hands, this
    one included, are still dealt at this level (both null at the last level, or when the
    blinds never rise), and the whole schedule (``schedule``, level 1 first, a level every
    ``hands_per_level`` hands of a segment; empty and 0 at a table whose blinds never rise)."""

    small: int
    big: int
    ante: int
    level: int
    next_level: HoldemBlindLevel | None
    hands_left: int | None
    hand_number: int
    hands_per_level: int
    schedule: list[HoldemBlindLevel]


class HoldemPot(TypedDict):
    """A pot as it stands: its amount and the seats that can still win it."""

    amount: int
    eligible: list[int]


class HoldemLastAction(TypedDict):
    """A seat's last action this hand: ``amount`` is what a call added or the total a bet or
    raise went to; null for a fold or check."""

    kind: BettingKind
    amount: int | None


class HoldemShownHand(TypedDict):
    """A hand shown at this hand's showdown, with its rank as data."""

    seat: int
    cards: list[str]
    rank: HandRank


class HoldemPotAwarded(TypedDict):
    """One pot's result, once the hand is over: ``pot`` 0 is the main pot; ``shares`` what each
    winner won, in winners' order; ``hand_rank`` null when everyone else folded."""

    pot: int
    amount: int
    winners: list[int]
    shares: list[int]
    hand_rank: HandRank | None
    kickers: int  # how many of hand_rank's kickers decided the pot (0: none did)


class HoldemSeat(TypedDict):
    """One seat: ``cards`` are the viewer's own, or shown ones, else null."""

    seat: int
    stack: int
    bet: int
    in_match: bool
    in_hand: bool
    folded: bool
    all_in: bool
    cards: list[str] | None
    place: int | None
    last_action: HoldemLastAction | None


class HoldemView(TypedDict):
    """Texas Hold'em's table as one seat may see it; ``made_hand`` is the viewer's own best
    hand (their cards and the board) from the flop on while their hand is live, else null."""

    game: Literal["holdem"]
    phase: Phase
    segment: int
    hand_number: int
    viewer: int | None
    blinds: HoldemBlinds | None
    button: int | None
    small_blind_seat: int | None
    big_blind_seat: int | None
    street: Street | None
    board: list[str]
    pot: int
    pots: list[HoldemPot]
    seats: list[HoldemSeat]
    to_act: int | None
    legal_actions: LegalActionsView | None
    commitment: str | None
    revealed_seed: str | None
    shown_hands: list[HoldemShownHand]
    pots_awarded: list[HoldemPotAwarded]
    winner: int | None
    made_hand: HandRank | None
