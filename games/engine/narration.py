"""A hand told in words for staff: one narrator per event type, in a registry.

Each narrator reads one stored record's payload (brought to its event's current version) and adds
its line to a :class:`Telling`, which also keeps the running figures the words need (each seat's
stack, the chips in this betting round, the pot). A line is a :class:`Phrase`: a catalog key and
its values, where a value may be another phrase or :class:`Cards`; the admin renders it in the
reader's language at render time (``games.backoffice.render``), so nothing here is stored prose
and nothing here knows HTML.

Each game registers its own events' narrators from its package (``narration`` beside its
``events``), by the event classes' type names; the betting and match events every game has are
told by the shared narrators below (:func:`narrate_betting`, :func:`narrate_match`). A type
nobody narrates gets a neutral line pointing at the raw events, so a new event never breaks the
page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.engine.betting import BettingEvents
from games.engine.events import Event, event_class, upcast

Payload = Mapping[str, Any]
Narrator = Callable[["Telling", Payload], None]

NARRATORS: dict[str, Narrator] = {}


class Words(Protocol):
    """The catalog in the reader's language: ``words(key, params)`` is the message formatted."""

    def __call__(self, key: str, params: Mapping[str, Any] | None = None) -> str: ...

    def has(self, key: str) -> bool: ...


@dataclass(frozen=True)
class Phrase:
    """A catalog message and its values, said when the page is written."""

    key: str
    params: Mapping[str, Any]


@dataclass(frozen=True)
class Cards:
    """Cards shown as cards (their index and suit sign), not as words."""

    codes: tuple[str, ...]


def narrates(*types: str) -> Callable[[Narrator], Narrator]:
    """Register ``narrator`` as the line of each event type in ``types``."""

    def register(narrator: Narrator) -> Narrator:
        for name in types:
            NARRATORS[name] = narrator
        return narrator

    return register


# A game's cards carried from one hand into the next (Up & Down's kept card): the event types
# to read from the hands before, and how they give the cards each seat holds as the hand opens.
# Keyed by the type of the event that opens the game's hands.
Carry = Callable[[Iterable[tuple[str, Payload]]], dict[int, list[str]]]


@dataclass(frozen=True)
class Carried:
    types: tuple[str, ...]
    held: Carry


CARRIED: dict[str, Carried] = {}


@dataclass(frozen=True)
class Sitter:
    """Who sits in a seat: the player's username, or the AI's persona and level."""

    seat: int
    name: str
    subject: str  # the name's grammatical gender for the catalog's selects: female, male, other
    level: str | None  # the AI's level ("hard"), None for the human


@dataclass(frozen=True)
class Line:
    """One line of the story. ``kind`` styles it: heading, street, action, showdown, result."""

    seq: int
    kind: str
    text: Phrase
    aside: Phrase | None = None


@dataclass(frozen=True)
class PotRow:
    label: str
    amount: int
    eligible: str
    winners: str
    shares: str
    hand: str | Phrase
    odd_chips: str


@dataclass
class Telling:
    """The hand as told so far, and the figures the next line needs."""

    words: Words
    sitters: Sequence[Sitter]
    stacks: list[int]
    lines: list[Line] = field(default_factory=list)
    pots: list[PotRow] = field(default_factory=list)
    positions: dict[int, list[str]] = field(default_factory=dict)
    stacks_after: list[int] | None = None
    # Up & Down: the cards each seat holds (the page gives the one kept from the last deal),
    # the locked cards once revealed, and the card each keeps for the next deal.
    held: dict[int, list[str]] = field(default_factory=dict)
    locked: list[str] = field(default_factory=list)
    kept: dict[int, str] = field(default_factory=dict)
    seq: int = 0
    pot: int = 0
    round_bets: list[int] = field(default_factory=list)
    street_opened: bool = False
    showdown_opened: bool = False

    def __post_init__(self) -> None:
        self.round_bets = [0] * len(self.stacks)

    # --- words ----------------------------------------------------------------------------

    def text(self, key: str, **params: Any) -> Phrase:
        """The catalog's message ``key`` with ``params``; ``seat`` stands for the player's name
        and subject."""
        seat = params.pop("seat", None)
        if seat is not None:
            params.setdefault("player", self.name(seat))
            params.setdefault("subject", self.subject(seat))
        return Phrase(key, params)

    def say(
        self, key: str, kind: str = "action", aside: Phrase | None = None, **params: Any
    ) -> None:
        self.lines.append(Line(self.seq, kind, self.text(key, **params), aside))

    def heading(self, title: Phrase, aside: Phrase | None = None) -> None:
        """A street's (or a phase's) title line."""
        self.lines.append(Line(self.seq, "street", title, aside))

    def name(self, seat: int) -> str:
        if 0 <= seat < len(self.sitters):
            return self.sitters[seat].name
        return self.words("ui.player.seat", {"seat": seat})

    def subject(self, seat: int) -> str:
        return self.sitters[seat].subject if 0 <= seat < len(self.sitters) else "other"

    def names(self, seats: Iterable[int]) -> str:
        """Names as a list in words: "Vera", "Vera and Otto", "Rune, Vera and Otto"."""
        return self.listed([self.name(seat) for seat in seats])

    def listed(self, items: Sequence[str]) -> str:
        return listed(self.words, items)

    @staticmethod
    def cards(codes: Iterable[str]) -> Cards:
        return Cards(tuple(codes))

    def rank_word(self, code: str) -> str:
        return self.words(f"card.rank.{code[0]}")

    # --- chips ----------------------------------------------------------------------------

    def put(self, seat: int, chips: int, *, in_round: bool = True) -> None:
        """``seat`` puts ``chips`` in the pot (in this betting round, unless an ante)."""
        self.stacks[seat] -= chips
        self.pot += chips
        if in_round:
            self.round_bets[seat] += chips

    def new_round(self) -> None:
        self.round_bets = [0] * len(self.stacks)

    def is_all_in(self, seat: int) -> bool:
        return self.stacks[seat] == 0

    def position(self, seat: int, label: str) -> None:
        self.positions.setdefault(seat, []).append(label)


def listed(words: Words, items: Sequence[str]) -> str:
    """Items as a list in words: "Vera", "Vera and Otto", "Rune, Vera and Otto"."""
    if len(items) < 2:
        return "".join(items)
    separator = words("ui.list.separator")
    return words("ui.list.and", {"first": separator.join(items[:-1]), "last": items[-1]})


def payload_of(record: Mapping[str, Any]) -> Payload:
    """The record's payload at its event's current version (as stored for a type this code does
    not know: a narrator reads fields by name, with defaults for fields added later)."""
    payload: Payload = record["payload"]
    try:
        event_class(record["type"])
    except ValueError:
        return payload
    return upcast(record["type"], record["version"], dict(payload))


def tell(telling: Telling, records: Iterable[Mapping[str, Any]]) -> Telling:
    """Every record's line, in order."""
    for record in records:
        telling.seq = record["seq"]
        NARRATORS.get(record["type"], untold(record["type"]))(telling, payload_of(record))
    return telling


def untold(kind: str) -> Narrator:
    def line(telling: Telling, payload: Payload) -> None:
        telling.say("backoffice.line.untold", kind="note", type=kind)

    return line


# --- What every game shares: betting, the match's own events -----------------------------------


def narrate_betting(betting: BettingEvents) -> None:
    """Tell a game's betting events (registered under its own type names)."""
    narrates(betting.ante_posted.TYPE)(ante_posted)
    narrates(betting.folded.TYPE)(folded)
    narrates(betting.checked.TYPE)(checked)
    narrates(betting.called.TYPE)(called)
    narrates(betting.bet.TYPE)(bet)
    narrates(betting.raised.TYPE)(raised)
    narrates(betting.uncalled_bet_returned.TYPE)(uncalled_bet_returned)


def narrate_match(*, started: type[Event], restarted: type[Event], ended: type[Event]) -> None:
    """Tell a game's match events: its start, restarts and end."""
    narrates(started.TYPE)(match_started)
    narrates(restarted.TYPE)(match_restarted)
    narrates(ended.TYPE)(match_ended)


def ante_posted(telling: Telling, p: Payload) -> None:
    telling.put(p["seat"], p["amount"], in_round=False)
    telling.say("event.ante_posted", seat=p["seat"], amount=p["amount"])


def folded(telling: Telling, p: Payload) -> None:
    telling.say("event.folded", seat=p["seat"])


def checked(telling: Telling, p: Payload) -> None:
    telling.say("event.checked", seat=p["seat"])


def called(telling: Telling, p: Payload) -> None:
    telling.put(p["seat"], p["amount"])
    _action(telling, "event.called", p["seat"], p["amount"])


def bet(telling: Telling, p: Payload) -> None:
    telling.put(p["seat"], p["to"] - telling.round_bets[p["seat"]])
    _action(telling, "event.bet", p["seat"], p["to"])


def raised(telling: Telling, p: Payload) -> None:
    telling.put(p["seat"], p["to"] - telling.round_bets[p["seat"]])
    _action(telling, "event.raised", p["seat"], p["to"])


def _action(telling: Telling, key: str, seat: int, amount: int) -> None:
    """A betting action, and ", all-in" when it left the player nothing behind."""
    text = telling.text(key, seat=seat, amount=amount)
    if telling.is_all_in(seat):
        text = telling.text("backoffice.line.all_in", action=text)
    telling.lines.append(Line(telling.seq, "action", text))


def uncalled_bet_returned(telling: Telling, p: Payload) -> None:
    telling.put(p["seat"], -p["amount"])
    telling.say("event.uncalled_bet_returned", seat=p["seat"], amount=p["amount"])


def match_started(telling: Telling, p: Payload) -> None:
    telling.say("event.match_started", kind="heading")


def match_restarted(telling: Telling, p: Payload) -> None:
    telling.say("event.match_restarted", kind="heading")


def match_ended(telling: Telling, p: Payload) -> None:
    telling.say("event.match_ended", kind="result", seat=p["winner"])


def player_eliminated(telling: Telling, p: Payload) -> None:
    telling.say("event.player_eliminated", kind="result", seat=p["seat"], place=p["place"])


@dataclass(frozen=True)
class Award:
    """A pot as both games settle it: which pot, to whom, who could win it, and how (the hand
    name or the reason, empty for none)."""

    label: str
    pot: int
    amount: int
    winners: Sequence[int]
    shares: Sequence[int]
    eligible: Iterable[int]
    odd_chips: Sequence[int]
    how: str  # said in the pot's line: the winning hand's name
    odd_chips_key: str  # the game's reason for the odd chips (replay.settle.odd_*)
    why: Phrase | None = None  # for the pots table only, when the story says it on its own line


def award(telling: Telling, pot: Award) -> None:
    """The pot's line ("Vera wins the pot: 160 (Pair of eights)"), the odd chips' line, and
    its row in the pots table."""
    winners = list(pot.winners)
    telling.say(
        "event.pot_awarded",
        kind="result",
        subject=telling.subject(winners[0]) if len(winners) == 1 else "several",
        winners=telling.names(winners),
        others=telling.names(winners),
        pot=pot.pot,
        amount=pot.amount,
        hand=pot.how,
        has_hand="yes" if pot.how else "no",
    )
    if pot.odd_chips:
        telling.say(
            pot.odd_chips_key,
            kind="result",
            count=len(pot.odd_chips),
            players=telling.names(pot.odd_chips),
        )
    shares = [
        telling.words("backoffice.pot.share", {"player": telling.name(w), "amount": s})
        for w, s in zip(winners, pot.shares, strict=False)
    ]
    telling.pots.append(
        PotRow(
            label=pot.label,
            amount=pot.amount,
            eligible=telling.names(pot.eligible),
            winners=telling.names(winners),
            shares=telling.listed(shares),
            hand=pot.why or pot.how or telling.words("replay.settle.uncontested"),
            odd_chips=telling.names(pot.odd_chips),
        )
    )
