"""A PHH file's finishing stacks by the importer's reading, in the file's own money.

``manage.py phh replay`` reads a hand with :mod:`games.engine.holdem.phh` (Cardavia's own table:
whole chips, two blinds, a uniform ante). A hand from another room's table — stakes in cents,
straddles, dead or posted blinds, antes that differ by seat — is what that reader calls
``unsupported``; the importer takes such tables as configuration
(:mod:`~games.engine.holdem.importing.table`), so the same file is replayed by it instead, and
its stacks are given back as the file writes them (``11.67``, not 1167 cents).
"""

from __future__ import annotations

import io
import tomllib
from decimal import Decimal

from games.engine.errors import ErrorCode, render
from games.engine.holdem.events import HandEnded
from games.engine.holdem.importing import ParsedHand, iter_hands
from games.engine.holdem.importing.phh import looks_like_toml


def finishing_stacks(text: str, name: str, error: type[ValueError]) -> tuple[int | Decimal, ...]:
    """The finishing stacks, in the file's player order (p1..pn) and money, of the one hand
    ``text`` holds; ``error`` with the line and the catalog's reason if the hand is refused."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    if not looks_like_toml(first):
        raise error("malformed: not a PHH file")
    hands = list(iter_hands(io.StringIO(text), name))
    if len(hands) != 1:
        raise error(f"malformed: {len(hands)} hands in one PHH file")
    (hand,) = hands
    if not isinstance(hand, ParsedHand):
        reason = render(ErrorCode(hand.code), hand.params)
        raise error(f"line {hand.line}: {reason} [{hand.code}]")
    # A player left with nothing is eliminated after the hand ends: the last HandEnded says.
    ended = [item for item in hand.events if isinstance(item, HandEnded)]
    if not ended:
        raise error("hand incomplete: the actions end before the hand does")
    stacks = in_file_order(ended[-1].stacks, _listed_from(text))
    return tuple(in_units(amount, hand.scale) for amount in stacks)


def in_units(amount: int, scale: int) -> int | Decimal:
    """``amount`` minor units written in the room's units: 1167 at scale 100 is 11.67.

    >>> in_units(1167, 100), in_units(400, 100), in_units(1500, 1)
    (Decimal('11.67'), Decimal('4.00'), 1500)
    """
    if scale == 1:
        return amount
    places = len(str(scale)) - 1
    return (Decimal(amount) / scale).quantize(Decimal(1).scaleb(-places))


def in_file_order(stacks: tuple[int, ...], button: int | None) -> tuple[int, ...]:
    """``stacks`` by seat back in the file's player order. A file that names our own
    ``_button`` field (our export) lists its players from the button's left, and the importer
    re-lists them in seat order: undo that.

    >>> in_file_order((10, 20, 30), None)
    (10, 20, 30)
    >>> in_file_order((10, 20, 30), 0)
    (20, 30, 10)
    """
    if button is None:
        return stacks
    count = len(stacks)
    return tuple(stacks[(player + button + 1) % count] for player in range(count))


def _listed_from(text: str) -> int | None:
    try:
        button = tomllib.loads(text).get("_button")
    except tomllib.TOMLDecodeError:
        return None
    return button if isinstance(button, int) else None
