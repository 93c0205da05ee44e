"""What every game's hand-list facts share: a seat's result from the pots, the chips each won.

Pure functions over a hand's pot payloads (``winners``, ``shares``); each game reads its own
events (``games.engine.holdem.hand_facts``, ``games.engine.updown.deal_facts``) and tells its
result with these.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Record = Mapping[str, Any]

WON, LOST, SPLIT, FOLDED = "won", "lost", "split", "folded"
# A hand dealt after the seat was knocked out: the player only watched it.
WATCHED = "watched"


def result(pots: Sequence[Record], *, seat: int, folded: bool) -> str:
    """``folded``, else ``won`` (a pot alone), ``split`` (only shared pots) or ``lost``."""
    if folded:
        return FOLDED
    shares = [len(pot["winners"]) for pot in pots if seat in pot["winners"]]
    if not shares:
        return LOST
    return WON if any(count == 1 for count in shares) else SPLIT


def won(pots: Sequence[Record]) -> dict[int, int]:
    """Chips each seat took from the pots."""
    taken: dict[int, int] = {}
    for pot in pots:
        for winner, share in zip(pot["winners"], pot["shares"], strict=True):
            taken[winner] = taken.get(winner, 0) + share
    return taken
