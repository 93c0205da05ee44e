"""One finished Hold'em hand as a hand-history writer needs it, read from its stored records.

Hand-history formats (PHH, PokerStars text) describe a hand from its own start: who sat where
with how many chips, the blinds, the cards, each action as the players took it, and the result.
Our events hold all of that, but spread over a match: :func:`played_hand` reads the records of
one hand (``{"type", "version", "payload"}``, as :func:`games.engine.events.to_record` and the
store give them) and rebuilds the hand's start from its own events — each seat's starting stack
is its final stack plus what it put in, less what it won — so a writer needs nothing else.

Records, not event classes, are the input on purpose: they are the stored, versioned contract,
the same for the API's replay and the admin's history.

The hand must be finished (``holdem.hand_ended``) and fully revealed: every dealt seat's hole
cards known (the server's own records, or a replay whose seed the hand's end revealed).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine.events import upcast
from games.engine.holdem import events as ev
from games.engine.holdem.evaluator import HandRank

Record = Mapping[str, Any]

ACTION_TYPES = {
    "holdem.folded": "fold",
    "holdem.checked": "check",
    "holdem.called": "call",
    "holdem.bet": "bet",
    "holdem.raised": "raise",
}


@dataclass(frozen=True, slots=True)
class PlayedAction:
    """A player's action. ``added`` is the chips it put in; ``to`` the round total after it.

    ``answerable`` is False for a raise no other player could answer with more than the bet it
    faced (each is all-in, or can at most call it all-in). Our rules allow that raise while
    anyone still holds chips (docs/rules.md#holdem-all-ins); the part nobody calls comes back
    as an uncalled bet, so its chips end exactly where a call's would. PokerKit refuses such a
    raise, so the writers record it as the call it amounts to, with the raise as a comment.
    ``faced`` is the bet the player faced: what a call would have made their round total.
    """

    seat: int
    kind: str  # fold, check, call, bet, raise
    added: int
    to: int
    all_in: bool = False
    answerable: bool = True
    faced: int = 0


@dataclass(frozen=True, slots=True)
class Street:
    """A betting round: its name, the board cards it dealt (none pre-flop) and its actions."""

    name: str
    cards: tuple[str, ...]
    actions: tuple[PlayedAction, ...]


@dataclass(frozen=True, slots=True)
class PotResult:
    """One pot as settled: ``pot`` 0 is the main pot, 1.. the side pots."""

    pot: int
    amount: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    odd_chips: tuple[int, ...]
    contested: bool
    hand_rank: HandRank | None = None  # the winning hand's rank (None: uncontested)
    kickers: int = 0  # how many of its kicker ranks decided the pot


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """One finished hand. Seats are table seats; ``seats`` lists those dealt in, clockwise from
    the first seat left of the button (so the button, when dealt in, is last)."""

    hand_number: int
    button: int
    small_blind: int
    big_blind: int
    seats: tuple[int, ...]
    starting_stacks: Mapping[int, int]
    blinds_posted: Mapping[int, tuple[str, int]]  # seat -> ("small" | "big", amount)
    hole_cards: Mapping[int, tuple[str, ...]]
    streets: tuple[Street, ...]
    returned: Mapping[int, int]  # uncalled chips given back, by seat
    shown: Mapping[int, tuple[str, ...]]  # seat -> cards, in the order they were shown
    pots: tuple[PotResult, ...]  # main pot first
    finishing_stacks: Mapping[int, int]
    seed: str | None = None
    commitment: str = ""
    board: tuple[str, ...] = field(default=())
    # Where an all-in turned the live hands up (docs/rules.md#holdem-pots): the index in
    # ``streets`` of the betting round after which they were exposed, before the next board
    # card; None if not.
    exposed_after: int | None = None
    level: int | None = None  # the blinds' level, at a table whose blinds rise; else None

    @property
    def won(self) -> dict[int, int]:
        totals = dict.fromkeys(self.seats, 0)
        for pot in self.pots:
            for seat, share in zip(pot.winners, pot.shares, strict=True):
                totals[seat] += share
        return totals


class NotAFinishedHand(ValueError):
    """The records are not one whole, finished, fully revealed Hold'em hand."""


def played_hand(records: Iterable[Record], *, rising: bool = False) -> PlayedHand:
    """Read one hand's records, from ``holdem.hand_started`` to ``holdem.hand_ended``.

    Records of other events around them (eliminations, the match's end) are ignored. The
    hand's blinds are its own, from its start (at any level of rising blinds); ``rising`` says
    the hand was played at a table whose blinds rise, so its level is kept.
    """
    reader = _Reader()
    for record in records:
        reader.read(record)
    hand = reader.result()
    if not rising:
        return hand
    assert reader.start is not None  # result() refuses a hand without its start
    return dataclasses.replace(hand, level=int(reader.start["level"]))


class _Reader:
    def __init__(self) -> None:
        self.start: dict[str, Any] | None = None
        self.end: dict[str, Any] | None = None
        self.blinds: dict[int, tuple[str, int]] = {}
        self.holes: dict[int, tuple[str, ...]] = {}
        self.contributed: dict[int, int] = {}
        self.round_bets: dict[int, int] = {}
        self.stacks_left: dict[int, int] = {}
        self.streets: list[Street] = []
        self.street_name = "preflop"
        self.street_cards: tuple[str, ...] = ()
        self.actions: list[PlayedAction] = []
        self.returned: dict[int, int] = {}
        self.shown: dict[int, tuple[str, ...]] = {}
        self.exposed_after: int | None = None
        self.pots: list[PotResult] = []
        self.board: list[str] = []

    def read(self, record: Record) -> None:
        kind, payload = record["type"], record["payload"]
        if kind == ev.HandStarted.TYPE:
            # A stored record of an older version gains the fields of today's (its blinds).
            self.start = upcast(kind, record["version"], dict(payload))
        elif self.start is None or self.end is not None:
            return
        elif kind == "holdem.blind_posted":
            self.blinds[payload["seat"]] = (payload["blind"], payload["amount"])
            self._put_in(payload["seat"], payload["amount"])
        elif kind == "holdem.ante_posted":
            raise NotAFinishedHand("antes are not written to hand histories (Cardavia has none)")
        elif kind == "holdem.hole_cards_dealt":
            if not payload.get("cards"):
                raise NotAFinishedHand(f"seat {payload['seat']}'s hole cards are not revealed")
            self.holes[payload["seat"]] = tuple(payload["cards"])
        elif kind in ACTION_TYPES:
            self._act(payload["seat"], ACTION_TYPES[kind], payload)
        elif kind == "holdem.board_dealt":
            self._next_street(payload["street"], tuple(payload["cards"]))
        elif kind == "holdem.uncalled_bet_returned":
            seat, amount = payload["seat"], payload["amount"]
            self.returned[seat] = self.returned.get(seat, 0) + amount
            self.contributed[seat] -= amount
        elif kind == "holdem.cards_exposed":
            self.exposed_after = len(self.streets)
        elif kind == "holdem.hand_shown":
            self.shown[payload["seat"]] = tuple(payload["cards"])
        elif kind == "holdem.pot_awarded":
            self.pots.append(
                PotResult(
                    pot=payload["pot"],
                    amount=payload["amount"],
                    winners=tuple(payload["winners"]),
                    shares=tuple(payload["shares"]),
                    odd_chips=tuple(payload.get("odd_chips", ())),
                    contested=bool(payload.get("hand_rank")),
                    hand_rank=_rank(payload["hand_rank"])
                    if isinstance(payload.get("hand_rank"), Mapping)
                    else None,
                    kickers=payload.get("kickers", 0),
                )
            )
        elif kind == "holdem.hand_ended":
            self.end = dict(payload)

    def _put_in(self, seat: int, amount: int) -> None:
        self.contributed[seat] = self.contributed.get(seat, 0) + amount
        self.round_bets[seat] = self.round_bets.get(seat, 0) + amount

    def _act(self, seat: int, kind: str, payload: Mapping[str, Any]) -> None:
        before = self.round_bets.get(seat, 0)
        if kind == "call":
            added = payload["amount"]
        elif kind in ("bet", "raise"):
            added = payload["to"] - before
        else:
            added = 0
        self._put_in(seat, added)
        self.actions.append(PlayedAction(seat=seat, kind=kind, added=added, to=before + added))

    def _next_street(self, name: str, cards: tuple[str, ...]) -> None:
        self.streets.append(Street(self.street_name, self.street_cards, tuple(self.actions)))
        self.street_name, self.street_cards, self.actions = name, cards, []
        self.board.extend(cards)
        self.round_bets = {}

    def result(self) -> PlayedHand:
        if self.start is None or self.end is None:
            raise NotAFinishedHand("the records hold no whole hand (hand_started .. hand_ended)")
        self.streets.append(Street(self.street_name, self.street_cards, tuple(self.actions)))
        finishing = dict(enumerate(self.end["stacks"]))
        won: dict[int, int] = {}
        for pot in self.pots:
            for seat, share in zip(pot.winners, pot.shares, strict=True):
                won[seat] = won.get(seat, 0) + share
        button = self.start["button"]
        seat_count = len(finishing)
        seats = tuple(sorted(self.holes, key=lambda seat: (seat - button - 1) % seat_count))
        starting = {
            seat: finishing[seat] + self.contributed.get(seat, 0) - won.get(seat, 0)
            for seat in seats
        }
        return PlayedHand(
            hand_number=self.start["hand_number"],
            button=button,
            small_blind=self.start["small_blind"],
            big_blind=self.start["big_blind"],
            seats=seats,
            starting_stacks=starting,
            blinds_posted=self.blinds,
            hole_cards=self.holes,
            streets=tuple(_annotate(self.streets, starting, self.blinds)),
            returned=self.returned,
            shown=self.shown,
            pots=tuple(sorted(self.pots, key=lambda pot: pot.pot)),
            finishing_stacks={seat: finishing[seat] for seat in seats},
            seed=self.end.get("seed"),
            commitment=self.start.get("commitment", ""),
            board=tuple(self.board),
            exposed_after=self.exposed_after,
        )


def _rank(data: Mapping[str, Any]) -> HandRank:
    return {"category": data["category"], "ranks": list(data["ranks"])}


def _annotate(
    streets: Sequence[Street], starting: Mapping[int, int], blinds: Mapping[int, tuple[str, int]]
) -> list[Street]:
    """Fill in what each action meant at the table: the bet it faced, whether it put the
    player's last chip in, and whether anyone could answer a raise."""
    left = {seat: stack - blinds.get(seat, ("", 0))[1] for seat, stack in starting.items()}
    bets = {seat: blinds.get(seat, ("", 0))[1] for seat in starting}
    folded: set[int] = set()
    annotated = []
    for street in streets:
        if street.name != "preflop":
            bets = dict.fromkeys(starting, 0)
        actions = []
        for action in street.actions:
            faced = max(bets.values())
            answerable = any(
                left[other] + bets[other] > faced
                for other in starting
                if other != action.seat and other not in folded
            )
            left[action.seat] -= action.added
            bets[action.seat] += action.added
            if action.kind == "fold":
                folded.add(action.seat)
            all_in = action.added > 0 and left[action.seat] == 0
            actions.append(
                PlayedAction(
                    action.seat,
                    action.kind,
                    action.added,
                    action.to,
                    all_in=all_in,
                    answerable=answerable or action.kind not in ("bet", "raise"),
                    faced=faced,
                )
            )
        annotated.append(Street(street.name, street.cards, tuple(actions)))
    return annotated
