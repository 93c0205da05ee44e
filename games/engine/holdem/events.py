"""Every event of a Hold'em match: the players' actions and the dealer's work alike.

Player actions (``Folded``, ``Checked``, ``Called``, ``Bet``, ``Raised``) and the inputs of chance
(the seed in ``HandStarted``) are the only free choices; every other event follows from them and
is re-derived by :mod:`games.engine.holdem.audit`.

Amounts ``to`` are the total a player has bet in the current betting round ("raise to").
Card lists are tuples of two-character cards (``"As"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from games.engine.betting import betting_events
from games.engine.events import (
    Event,
    HandClosing,
    HandOpening,
    MatchStart,
    Payload,
    event,
    match_events,
    upcaster,
)
from games.engine.holdem.evaluator import HandRank, parse_description


@event("holdem.match_started")
@dataclass(frozen=True, slots=True)
class MatchStarted(MatchStart):
    """A table: seats clockwise from 0, each seat's starting stack, the blinds and antes.

    Rising blinds (docs/rules.md#holdem-rising-blinds): ``blind_levels`` lists each level's
    (small, big) blinds from level 1 (which is ``small_blind``/``big_blind``), and every
    ``hands_per_level`` hands of a segment the next level begins; the last level stays. No
    levels (the default): the blinds never change.
    """

    stacks: tuple[int, ...]
    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: int = 0
    min_bet: int = 0  # 0 means the big blind
    first_button: int = 0
    blind_levels: tuple[tuple[int, int], ...] = ()
    hands_per_level: int = 0
    # The edition of docs/rules.md the table plays: a record from before edition 2 has no such
    # field and reads as 1, so its hands are audited by the rules they were played under.
    rules_edition: int = 1
    # A table configured from a hand history (games.engine.holdem.importing); each left out of
    # the record at its default, so a played table's record is what it always was.
    OMITTED_AT_DEFAULT: ClassVar[frozenset[str]] = frozenset(
        {"forced_bets", "rake", "mucks", "scale"}
    )
    forced_bets: tuple[tuple[int, str, int], ...] = ()
    rake: tuple[int, ...] = ()
    mucks: tuple[int, ...] = ()
    scale: int = 1

    def __post_init__(self) -> None:
        # A stored record holds lists: levels become pairs again.
        levels = tuple((int(small), int(big)) for small, big in self.blind_levels)
        object.__setattr__(self, "blind_levels", levels)
        forced = tuple(
            (int(seat), str(kind), int(amount)) for seat, kind, amount in self.forced_bets
        )
        object.__setattr__(self, "forced_bets", forced)
        object.__setattr__(self, "mucks", tuple(int(seat) for seat in self.mucks))
        object.__setattr__(self, "rake", tuple(int(amount) for amount in self.rake))


@event("holdem.hand_started", version=2)
@dataclass(frozen=True, slots=True)
class HandStarted(HandOpening):
    """A new hand. ``commitment`` is published; ``seed`` stays on the server until the hand ends.

    A hand replayed from an outside history (PHH) has no seed and carries its ``deck`` instead.
    ``level``, ``small_blind`` and ``big_blind`` are the hand's own blinds (1 and the table's
    blinds at a table without rising blinds); version 1 had none: :func:`_hand_started_v1`.
    """

    hand_number: int
    button: int
    commitment: str
    level: int
    small_blind: int
    big_blind: int
    seed: str | None = None
    deck: tuple[str, ...] | None = None

    @property
    def number(self) -> int:
        return self.hand_number


class Street(StrEnum):
    """The stages of a hand; ``SHOWDOWN`` once live hands are shown."""

    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    SHOWDOWN = "showdown"


class Blind(StrEnum):
    """The forced bets of a hand (docs/rules.md#holdem-blinds). Cardavia's tables post the
    small and the big blind; a table from another room's history may also have these:"""

    SMALL = "small"
    BIG = "big"
    STRADDLE = "straddle"
    """A live blind after the big blind (or the last straddle): the preflop action starts
    after it, and it is the bet to call."""
    POSTED = "posted"
    """A live blind posted out of turn (a player joining or returning): a bet, but the
    preflop action does not move."""
    DEAD = "dead"
    """A blind that goes to the pot and is no bet (a dead small blind): dead money, as an ante."""


@event("holdem.blind_posted")
@dataclass(frozen=True, slots=True)
class BlindPosted(Event):
    seat: int
    blind: Blind
    amount: int

    def __post_init__(self) -> None:
        if type(self.blind) is not Blind:  # a stored record holds the text; a deal, the blind
            object.__setattr__(self, "blind", Blind(self.blind))


@event("holdem.hole_cards_dealt")
@dataclass(frozen=True, slots=True)
class HoleCardsDealt(Event):
    seat: int
    cards: tuple[str, ...]


@event("holdem.board_dealt")
@dataclass(frozen=True, slots=True)
class BoardDealt(Event):
    """A street's board cards, after one burned card (hidden until the seed is revealed)."""

    street: Street  # flop, turn or river
    burned: str
    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        if type(self.street) is not Street:  # a stored record holds the text; a deal, the street
            object.__setattr__(self, "street", Street(self.street))


@event("holdem.cards_exposed")
@dataclass(frozen=True, slots=True)
class CardsExposed(Event):
    """A live hand turned face up before the rest of the board is dealt, because betting is
    over with a player all-in (docs/rules.md#holdem-pots): public from this event on."""

    seat: int
    cards: tuple[str, ...]


@event("holdem.hand_shown", version=2)
@dataclass(frozen=True, slots=True)
class HandShown(Event):
    """A live hand shown at showdown, with its best five-card rank as data (``HandRank``).

    Version 1 stored the rank as English text; :func:`_hand_shown_v1` reads it as data.
    """

    seat: int
    cards: tuple[str, ...]
    rank: HandRank


@event("holdem.pot_awarded", version=3)
@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    """One pot settled. ``pot`` 0 is the main pot; ``shares`` align with ``winners``.

    ``odd_chips`` lists, in the order given, the winners who received one indivisible chip.
    ``hand_rank`` is the winning hand's rank as data, None when the pot was won uncontested
    (version 1 stored English text, "" when uncontested: :func:`_pot_awarded_v1` reads it).
    ``kickers`` is how many of ``hand_rank``'s kicker ranks it took to beat the best other hand
    shown for the pot (:func:`~games.engine.holdem.evaluator.kickers_needed`): 0 when the pot
    was uncontested or the category and the ranks that name it decided (version 2 had no such
    field: read as 0).
    """

    pot: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    hand_rank: HandRank | None
    odd_chips: tuple[int, ...]
    kickers: int = 0
    # What the room kept of this pot (an imported hand: ``amount`` is what it paid out); left
    # out of the record when 0, so a played hand's record is what it always was.
    rake: int = 0
    OMITTED_AT_DEFAULT: ClassVar[frozenset[str]] = frozenset({"rake"})


@event("holdem.hand_ended")
@dataclass(frozen=True, slots=True)
class HandEnded(HandClosing):
    """The hand is over: its seed is revealed and the settled stacks are final."""

    hand_number: int
    seed: str | None
    stacks: tuple[int, ...]


@event("holdem.hand_abandoned")
@dataclass(frozen=True, slots=True)
class HandAbandoned(HandClosing):
    """A hand stopped unfinished by a restart; its seed is revealed, its chips are not settled."""

    hand_number: int
    seed: str | None


@event("holdem.player_eliminated")
@dataclass(frozen=True, slots=True)
class PlayerEliminated(Event):
    seat: int
    place: int


BETTING = betting_events("holdem", __name__)
AntePosted, Folded, Checked, Called, Bet, Raised, UncalledBetReturned = BETTING.classes()
MatchRestarted, MatchEnded = match_events("holdem", __name__)

PLAYER_ACTIONS = (Folded, Checked, Called, Bet, Raised)


# Every version-1 hand was stored from the one table a match could start with then: Cardavia's
# fixed 10/20 (games.engine.holdem.rules.CARDAVIA_TABLE); levels did not exist.
V1_BLINDS = (10, 20)


@upcaster("holdem.hand_started", from_version=1)
def _hand_started_v1(payload: Payload) -> Payload:
    small, big = V1_BLINDS
    return {**payload, "level": 1, "small_blind": small, "big_blind": big}


@upcaster("holdem.hand_shown", from_version=1)
def _hand_shown_v1(payload: Payload) -> Payload:
    return {**payload, "rank": parse_description(payload["rank"])}


@upcaster("holdem.pot_awarded", from_version=1)
def _pot_awarded_v1(payload: Payload) -> Payload:
    text = payload["hand_rank"]
    return {**payload, "hand_rank": parse_description(text) if text else None}


@upcaster("holdem.pot_awarded", from_version=2)
def _pot_awarded_v2(payload: Payload) -> Payload:
    return {**payload, "kickers": 0}
