"""What every hand-history reader produces: a hand as its room told it (:class:`SourceHand`),
then either the hand as our engine's events (:class:`ParsedHand`) or its refusal
(:class:`RefusedHand`, with the line and a stable code of the error catalog).

Amounts are integers in minor units (cents at a cash table, chips at a tournament); ``scale`` is
how many minor units make one of the room's units, so ``$0.25`` at scale 100 is 25. Never a float.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from games.engine.cards import is_card
from games.engine.errors import ErrorCode
from games.engine.events import Event

CHIPS = "chips"


class HandRefused(Exception):
    """A hand a reader cannot accept: a stable ``code`` of the catalog and its ``params``,
    found at ``line`` of the file (the hand's own first line when no better one is known)."""

    def __init__(self, code: ErrorCode, line: int | None = None, **params: Any) -> None:
        super().__init__(code.value)
        self.code = code
        self.line = line
        self.params = params


@dataclass(frozen=True, slots=True)
class SourceAction:
    """One betting action of a history: the player's index, the street it was on (0 preflop ..
    3 river), ``kind`` (fold, check, call, bet, raise) and, for a bet or raise, the total this
    round ("to"); ``line`` is where the file says it."""

    line: int
    player: int
    street: int
    kind: str
    amount: int | None = None


@dataclass(slots=True)
class SourceHand:
    """A hand as a history tells it, players in clockwise table order (only those dealt in).

    ``hole`` holds None for every card the file does not tell; ``forced`` the forced bets in
    posting order as (player, kind, amount) with kind ``ante`` or a ``Blind`` value; ``mucks``
    the players who gave up their hand at showdown; ``collected`` what the file says each
    player was paid (None when it does not say); ``complete`` whether the file tells the hand
    to its end.
    """

    room: str
    hand_id: str
    line: int
    players: list[str]
    seat_numbers: list[int]
    stacks: list[int]
    button: int
    small_blind: int
    big_blind: int
    unit: str = CHIPS
    scale: int = 1
    played_at: datetime | None = None
    table: str = ""
    max_seats: int = 0
    hero: int | None = None
    forced: list[tuple[int, str, int]] = field(default_factory=list)
    hole: list[list[str | None]] = field(default_factory=list)
    board: list[str | None] = field(default_factory=list)
    min_bet: int = 0  # 0: the big blind
    actions: list[SourceAction] = field(default_factory=list)
    mucks: set[int] = field(default_factory=set)
    rake: int = 0
    collected: dict[int, int] | None = None
    complete: bool = True
    tournament: str = ""


@dataclass(frozen=True, slots=True)
class ParsedHand:
    """A hand read and replayed by our engine: its source and its events (MatchStarted for the
    source table, then one hand numbered 1)."""

    room: str
    hand_id: str
    played_at: datetime | None
    table: str
    line: int
    players: tuple[str, ...]
    hero: int | None
    unit: str
    scale: int
    small_blind: int
    big_blind: int
    events: tuple[Event, ...]
    pot: int
    rake: int
    went_to_showdown: bool
    finished: bool
    fingerprint: str


@dataclass(frozen=True, slots=True)
class RefusedHand:
    """A hand refused: where (the line), which (the file's hand id, "" if none) and why."""

    line: int
    hand_id: str
    code: str
    params: dict[str, Any]


def minor_units(text: str, scale: int, unit: str, line: int) -> int:
    """The amount ``text`` ("$1,247.15", "0.25", "1500") in minor units at ``scale``.

    >>> minor_units("$1,247.15", 100, "USD", 3)
    124715
    >>> try:
    ...     minor_units("0.125", 100, "USD", 3)
    ... except HandRefused as refused:
    ...     print(refused.code.value, refused.params)
    amount_not_exact {'amount': '0.125', 'unit': 'USD'}
    """
    if text.isdigit():
        return int(text) * scale  # chips, as a tournament counts them: nothing to clean
    cleaned = text.strip().lstrip("$€£¥").replace(",", "")
    whole, point, fraction = cleaned.partition(".")
    if whole.isdigit() and (not point or (fraction.isdigit() and 10 ** len(fraction) <= scale)):
        # The common case, in integers: "1500", "0.25" (at most as many decimals as the scale).
        return int(whole) * scale + (int(fraction) * scale // 10 ** len(fraction) if point else 0)
    try:
        value = Decimal(cleaned) * scale
    except InvalidOperation:
        raise HandRefused(ErrorCode.MALFORMED_LINE, line, text=text[:80]) from None
    if not value.is_finite() or value != value.to_integral_value() or value < 0:
        raise HandRefused(ErrorCode.AMOUNT_NOT_EXACT, line, amount=text.strip(), unit=unit)
    return int(value)


class CardBook:
    """Every card a history tells, with whose it is (a player's index, or ``"board"``): a card
    told for two owners is a card dealt twice, refused at the line that tells it the second
    time; a text that is no card is refused where it stands."""

    def __init__(self) -> None:
        self.owners: dict[str, int | str] = {}

    def card(self, text: str, line: int) -> str | None:
        """A card's text checked (``??`` is a card the history does not tell: None)."""
        if text == "??":
            return None
        if not is_card(text):
            raise HandRefused(ErrorCode.INVALID_CARD, line, card=text[:20])
        return text

    def add(self, card: str | None, owner: int | str, line: int) -> None:
        if card is None:
            return
        previous = self.owners.setdefault(card, owner)
        if previous != owner:
            raise HandRefused(ErrorCode.CARD_DEALT_TWICE, line, card=card)
