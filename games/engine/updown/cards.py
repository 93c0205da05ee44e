"""The Up & Down shoe (docs/rules.md#updown-cards, docs/rules.md#updown-reveal): two French
decks, 104 physical cards, each its own id.

A card id is a card of :mod:`games.engine.cards` followed by its deck, ``1`` or ``2``: ``"As1"``
is the ace of spades of the first deck, ``"As2"`` the one of the second. Two cards of the same
rank and suit play alike; the deck digit only lets every physical card be tracked, so that the
104 cards can be counted in stock, hands and discards at any moment.

:data:`SHOE` is the shoe order: deck 1 in :data:`~games.engine.cards.STANDARD_DECK` order
(``2c1 2d1 … As1``), then deck 2 (``2c2 … As2``). It is the order cards are put in before a
shuffle (see :mod:`games.engine.updown`).

>>> len(SHOE), SHOE[0], SHOE[51], SHOE[52], SHOE[-1]
(104, '2c1', 'As1', '2c2', 'As2')
>>> signal(["As1", "7d2"]), beats("2h1", "Ac2"), beats("2h1", "3c1")
((1, 1), True, False)
"""

from __future__ import annotations

from collections.abc import Iterable

from games.engine.cards import RANKS, STANDARD_DECK

DECKS = ("1", "2")
SHOE: tuple[str, ...] = tuple(card + deck for deck in DECKS for card in STANDARD_DECK)

_SHOE_INDEX: dict[str, int] = {card: index for index, card in enumerate(SHOE)}
_RANK: dict[str, int] = {card: RANKS.index(card[0]) for card in SHOE}
DEUCE = RANKS.index("2")
ACE = RANKS.index("A")
# 8, 9, 10, J, Q, K, A are UP; 2–7 are DOWN (docs/rules.md#updown-cards).
LOWEST_UP = RANKS.index("8")


def is_card_id(text: str) -> bool:
    """True when ``text`` names one physical card of the shoe, e.g. ``"Kh2"``."""
    return text in _SHOE_INDEX


def shoe_index(card: str) -> int:
    """The card's position in :data:`SHOE`. Raises ``KeyError`` for a non-card."""
    return _SHOE_INDEX[card]


def in_shoe_order(cards: Iterable[str]) -> tuple[str, ...]:
    """The cards sorted into shoe order: the documented order a pile is put in before shuffling.

    >>> in_shoe_order(["As2", "3c1", "2c2"])
    ('3c1', '2c2', 'As2')
    """
    return tuple(sorted(cards, key=_SHOE_INDEX.__getitem__))


def rank(card: str) -> int:
    """0 for a deuce up to 12 for an ace."""
    return _RANK[card]


def is_up(card: str) -> bool:
    """Whether the card is in the UP group (8 or higher)."""
    return _RANK[card] >= LOWEST_UP


def signal(cards: Iterable[str]) -> tuple[int, int]:
    """(UP count, DOWN count) of a hand: the only public fact about it."""
    up = down = 0
    for card in cards:
        if _RANK[card] >= LOWEST_UP:
            up += 1
        else:
            down += 1
    return up, down


def compare(first: str, second: str) -> int:
    """1 if ``first`` beats ``second``, -1 if it loses, 0 for equal ranks (suits never count).

    Aces are high, except that a 2 beats an ace — and only an ace.

    >>> compare("Ks1", "Qs2"), compare("2d1", "As1"), compare("As1", "2d2"), compare("9c1", "9h2")
    (1, 1, -1, 0)
    """
    a, b = _RANK[first], _RANK[second]
    if a == b:
        return 0
    if a == DEUCE and b == ACE:
        return 1
    if a == ACE and b == DEUCE:
        return -1
    return 1 if a > b else -1


def beats(first: str, second: str) -> bool:
    return compare(first, second) > 0
