"""An imported hand as a hand-history writer needs it: the table its history configured (the
``MatchStarted`` event: stacks, button, forced bets, rake, mucks, scale), the cards it told,
and its events in order, with the facts of its source (:class:`~games.engine.game.HandSource`).

Unlike a hand played here (:mod:`games.engine.holdem.played_hand`), an imported hand may hide
cards (``"??"``: read here as None), post antes, straddles and dead blinds, pay a rake, and stop
before its end: the writers (:func:`games.engine.holdem.phh_export.imported_to_phh`,
:func:`games.engine.holdem.pokerstars.imported_to_pokerstars`) write it back as its history
told it, so that our importer reads their text back to the same events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.engine.events import Event
from games.engine.game import HandSource
from games.engine.holdem import events as ev
from games.engine.holdem.game import UNKNOWN_CARD

Card = str | None


@dataclass(frozen=True, slots=True)
class ImportedHand:
    """One imported hand: ``events`` are the hand's own, from its start on."""

    source: HandSource
    table: ev.MatchStarted
    start: ev.HandStarted
    holes: dict[int, tuple[Card, ...]]
    board: tuple[Card, ...]
    events: tuple[Event, ...]
    end: ev.HandEnded | None

    @property
    def seat_count(self) -> int:
        return len(self.table.stacks)

    @property
    def button(self) -> int:
        return self.start.button

    @property
    def finished(self) -> bool:
        return self.end is not None

    def known(self, seat: int) -> tuple[str, ...] | None:
        """The seat's hole cards if the history told both, else None."""
        cards = self.holes.get(seat, (None, None))
        if any(card is None for card in cards):
            return None
        return tuple(card for card in cards if card is not None)

    def paid(self) -> dict[int, int]:
        """What each seat collected, by seat (only seats paid something)."""
        paid: dict[int, int] = {}
        for award in self.awards():
            for seat, share in zip(award.winners, award.shares, strict=True):
                if share:
                    paid[seat] = paid.get(seat, 0) + share
        return paid

    def awards(self) -> list[ev.PotAwarded]:
        return sorted(
            (item for item in self.events if isinstance(item, ev.PotAwarded)),
            key=lambda award: award.pot,
        )

    def rake(self) -> int:
        return sum(award.rake for award in self.awards())


class NotAnImportedHand(ValueError):
    """The events are not one imported Hold'em hand."""


def imported_hand(events: Sequence[Event], source: HandSource) -> ImportedHand:
    """Read an imported match's events (its table, then its one hand)."""
    table = next((item for item in events if isinstance(item, ev.MatchStarted)), None)
    start = next((item for item in events if isinstance(item, ev.HandStarted)), None)
    if table is None or start is None:
        raise NotAnImportedHand("an imported hand starts with its table and its hand")
    own = tuple(events[events.index(start) + 1 :])
    holes = {
        item.seat: tuple(_card(card) for card in item.cards)
        for item in own
        if isinstance(item, ev.HoleCardsDealt)
    }
    board = tuple(
        _card(card) for item in own if isinstance(item, ev.BoardDealt) for card in item.cards
    )
    end = next((item for item in own if isinstance(item, ev.HandEnded)), None)
    return ImportedHand(source, table, start, holes, board, own, end)


def _card(text: str) -> Card:
    return None if text == UNKNOWN_CARD else text


def money(amount: int, scale: int) -> str:
    """An amount in minor units written in the room's unit, exactly (never a float).

    >>> money(1167, 100), money(7, 100), money(1500, 1), money(-25, 100)
    ('11.67', '0.07', '1500', '-0.25')
    """
    if amount < 0:  # a live blind posted out of turn, as PHH writes it
        return f"-{money(-amount, scale)}"
    if scale == 1:
        return str(amount)
    decimals = len(str(scale)) - 1
    if 10**decimals != scale:
        raise ValueError(f"a scale of {scale} minor units is no power of ten")
    whole, fraction = divmod(amount, scale)
    return f"{whole}.{fraction:0{decimals}d}"
