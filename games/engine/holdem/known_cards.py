"""What a finished hand's records tell of its cards, street by street: the hole cards of each
seat (None where the history does not tell them), each street's board and who folded in it.

A hand played here tells every card once it is over (its seed reveals the deck). A hand imported
from another room's history tells only what the history does: the importer's own cards, the hands
shown, the board; every other card is the placeholder ``"??"``
(:data:`games.engine.holdem.game.UNKNOWN_CARD`). The analysis reads this outline to compute
equity only where the cards it needs are known, never guessing one.

Unlike :func:`games.engine.holdem.played_hand.played_hand` (a hand-history writer's input), it
takes any forced bets (antes, straddles, dead blinds) and unknown cards as they come: only cards
and folds matter here.

>>> def dealt(seat, cards):
...     payload = {"seat": seat, "cards": cards}
...     return {"type": "holdem.hole_cards_dealt", "version": 1, "payload": payload}
>>> outline = known_cards([dealt(0, ["As", "Ad"]), dealt(1, ["??", "??"])])
>>> outline.hole_cards, outline.unknown_seats({0, 1})
({0: ('As', 'Ad'), 1: None}, (1,))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass
from typing import Any

from games.engine.holdem.game import UNKNOWN_CARD


@dataclass(frozen=True, slots=True)
class KnownStreet:
    """A betting round: the board cards dealt at its start (none pre-flop) and the seats that
    folded during it."""

    name: str
    cards: tuple[str, ...]
    folded: frozenset[int]


@dataclass(frozen=True, slots=True)
class KnownCards:
    """The cards of one hand as its records tell them."""

    big_blind: int
    hole_cards: Mapping[int, tuple[str, ...] | None]  # dealt seats; None: not told
    streets: tuple[KnownStreet, ...]

    @property
    def seats(self) -> frozenset[int]:
        return frozenset(self.hole_cards)

    def unknown_seats(self, seats: Set[int]) -> tuple[int, ...]:
        """Those of ``seats`` whose hole cards the records do not tell, in seat order."""
        return tuple(sorted(seat for seat in seats if self.hole_cards.get(seat) is None))

    def dead_cards(self, live: Set[int]) -> list[str]:
        """The known hole cards of the seats out of the hand (``live`` are still in)."""
        return [
            card
            for seat, cards in self.hole_cards.items()
            if seat not in live and cards is not None
            for card in cards
        ]


def known_cards(records: Iterable[Mapping[str, Any]]) -> KnownCards:
    """Read one hand's records (``{"type", "version", "payload"}``) from its start to its end."""
    big_blind = 0
    holes: dict[int, tuple[str, ...] | None] = {}
    streets: list[KnownStreet] = []
    name = "preflop"
    cards: tuple[str, ...] = ()
    folded: set[int] = set()
    for record in records:
        kind, payload = record["type"], record["payload"]
        if kind == "holdem.hand_started":
            big_blind = int(payload["big_blind"])
        elif kind == "holdem.hole_cards_dealt":
            dealt = tuple(str(card) for card in payload.get("cards") or ())
            holes[int(payload["seat"])] = dealt if dealt and UNKNOWN_CARD not in dealt else None
        elif kind == "holdem.folded":
            folded.add(int(payload["seat"]))
        elif kind == "holdem.board_dealt":
            streets.append(KnownStreet(name, cards, frozenset(folded)))
            name, cards, folded = str(payload["street"]), tuple(payload["cards"]), set()
    streets.append(KnownStreet(name, cards, frozenset(folded)))
    return KnownCards(big_blind=big_blind, hole_cards=holes, streets=tuple(streets))
