"""Hold'em hands out as files: PHH (PokerKit's TOML standard; a match is a ``.phhs`` file, one
TOML table per hand) or PokerStars text (hands two blank lines apart, as PokerStars writes them).

A finished Hold'em hand revealed its seed, so every card of it may be shown. An imported hand
(the request carries its source) is written as its history told it, in the room's money, with
``??`` for the cards it did not tell, even where it stops before its end
(:mod:`games.engine.holdem.imported_hand`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.game import ExportFormat, ExportRequest, UnfinishedHand
from games.engine.holdem.imported_hand import ImportedHand, imported_hand
from games.engine.holdem.phh_export import imported_to_phh, to_phh
from games.engine.holdem.played_hand import NotAFinishedHand, PlayedHand, played_hand
from games.engine.holdem.pokerstars import imported_to_pokerstars, join_hands, to_pokerstars

Record = Mapping[str, Any]

TOML = "application/toml; charset=utf-8"
TEXT = "text/plain; charset=utf-8"


def rising_blinds(records: Sequence[Record]) -> bool:
    """Whether the match's blinds rise by levels (its start lists them)."""
    start = next(r for r in records if r["type"] == "holdem.match_started")
    return bool(start["payload"].get("blind_levels"))


def hand_of(request: ExportRequest) -> PlayedHand:
    """The finished hand ``request`` names, as played; :class:`UnfinishedHand` if it is not."""
    try:
        return played_hand(
            [r for r in request.records if r["hand_number"] == request.number],
            rising=rising_blinds(request.records),
        )
    except NotAFinishedHand as unfinished:
        raise UnfinishedHand(request.number) from unfinished


def imported_of(request: ExportRequest) -> ImportedHand | None:
    """The imported hand ``request`` names (None: a hand played here)."""
    if request.source is None:
        return None
    return imported_hand(request.events, request.source)


def phh_text(request: ExportRequest) -> str:
    imported = imported_of(request)
    if imported is not None:
        return imported_to_phh(imported)
    return to_phh(hand_of(request), names=request.names)


def phh_document(hands: Sequence[tuple[int, str]]) -> str:
    """Several hands' PHH texts as one ``.phhs`` (a TOML table per hand)."""
    return "".join(f"[{number}]\n{text}\n" for number, text in hands)


def pokerstars_text(request: ExportRequest) -> str:
    imported = imported_of(request)
    if imported is not None:
        return imported_to_pokerstars(imported, played_at=request.played_at)
    return to_pokerstars(
        hand_of(request),
        names=request.names,
        played_at=request.played_at,
        table=request.table,
        seat_count=len(request.names),
    )


EXPORTS: Mapping[str, ExportFormat] = {
    "phh": ExportFormat(phh_text, "phh", TOML, match_extension="phhs", join=phh_document),
    "pokerstars": ExportFormat(
        pokerstars_text,
        "txt",
        TEXT,
        match_extension="txt",
        join=lambda hands: join_hands(text for _, text in hands),
    ),
}
"""Hold'em's download formats, by the name ``?format=`` takes."""
