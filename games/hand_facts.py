"""What the hand list tells about one hand from the owner's seat, read from the hand's records.

Pure, no database: the selector reads a match's events once and hands each hand's records
(``{"type", "payload"}``) here; the game reads them (its ``hand_facts``). The owner's own cards
are theirs to see (Hold'em: their hole cards; Up & Down: the card they locked); nobody else's are
read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.registry import game_for

Record = Mapping[str, Any]


def hand_facts(game: str, records: Sequence[Record], *, seat: int) -> dict[str, Any]:
    """``you``, ``pot``, ``showdown``, ``all_in``, ``result``, ``stacks_after`` and
    ``eliminated`` of one hand (or deal) of the game called ``game``, as the contract of the
    hand list names them."""
    return game_for(game).hand_facts(records, seat)
