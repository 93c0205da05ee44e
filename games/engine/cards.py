"""Cards of the standard 52-card French deck, written as two characters: rank then suit.

Ranks ``23456789TJQKA``, suits ``cdhs``. The text form (``"As"``, ``"Td"``) is what events and
hand histories carry; the integer form ``rank * 4 + suit`` (0..51) is what evaluators index.

>>> card_index("2c"), card_index("As")
(0, 51)
>>> STANDARD_DECK[:5]
('2c', '2d', '2h', '2s', '3c')
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "23456789TJQKA"
SUITS = "cdhs"

STANDARD_DECK: tuple[str, ...] = tuple(rank + suit for rank in RANKS for suit in SUITS)

_INDEX_OF: dict[str, int] = {card: index for index, card in enumerate(STANDARD_DECK)}


def is_card(text: str) -> bool:
    """True when ``text`` names one card of the standard deck, e.g. ``"Kh"``."""
    return text in _INDEX_OF


def card_index(card: str) -> int:
    """The card's integer form, ``rank * 4 + suit``. Raises ``KeyError`` for a non-card."""
    return _INDEX_OF[card]


def card_rank(card: str) -> int:
    """0 for a deuce up to 12 for an ace."""
    return RANKS.index(card[0])


def parse_cards(text: str) -> list[str]:
    """Split concatenated cards such as ``"AsKd"`` (as PHH writes them) into a list.

    >>> parse_cards("AsKd7c")
    ['As', 'Kd', '7c']
    """
    if len(text) % 2:
        raise ValueError(f"{text!r} is not a sequence of two-character cards")
    cards = [text[i : i + 2] for i in range(0, len(text), 2)]
    for card in cards:
        if not is_card(card):
            raise ValueError(f"{card!r} is not a card")
    return cards


def format_cards(cards: Iterable[str]) -> str:
    """The concatenated form PHH uses: ``["As", "Kd"]`` → ``"AsKd"``."""
    return "".join(cards)
