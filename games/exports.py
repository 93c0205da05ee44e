"""Hand histories out: a finished hand, or a whole match, as a file its owner downloads.

Each game declares its formats (``Game.exports``: Hold'em PHH and PokerStars text, Up & Down its
deal-history format) and writes its hands; this module finds the hands, names the seats and the
file, and asks the game. A game without exports refuses every format.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games import hooks
from games.engine.events import from_record
from games.engine.game import ExportFormat, ExportRequest, HandSource, UnfinishedHand
from games.errors import ExportFormatUnknown, HandNotFinished, HandNotFound
from games.models import Event as EventRow
from games.models import HandSummary, ImportedHand, Match
from games.registry import game_for

Record = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Export:
    filename: str
    content_type: str
    content: bytes


def formats(game: str) -> tuple[str, ...]:
    """The formats the hands of the game called ``game`` download in (none for some games)."""
    return tuple(game_for(game).exports)


def check_format(game: str, requested: str) -> ExportFormat:
    """The format ``requested`` of ``game``; 400 ``export_format_unknown`` if it has none such."""
    declared = game_for(game).exports
    if requested not in declared:
        raise ExportFormatUnknown(requested, list(declared))
    return declared[requested]


def hand_export(match: Match, hand_number: int, requested: str) -> Export:
    """One finished hand (or deal) of ``match`` in the format ``requested``."""
    fmt = check_format(match.game, requested)
    summary = HandSummary.objects.filter(match=match, hand_number=hand_number).first()
    if summary is None:
        raise HandNotFound(hand_number)
    # An imported hand is written as far as its history goes, finished or not.
    if not summary.finished and match.origin != Match.Origin.IMPORTED:
        raise HandNotFinished(hand_number)
    return _export(match, [hand_number], fmt, whole_match=False)


def match_export(match: Match, requested: str) -> Export:
    """Every finished hand (or deal) of ``match``, in one file."""
    fmt = check_format(match.game, requested)
    hands = HandSummary.objects.filter(match=match).order_by("hand_number")
    if match.origin != Match.Origin.IMPORTED:
        hands = hands.filter(finished=True)
    numbers = list(hands.values_list("hand_number", flat=True))
    return _export(match, numbers, fmt, whole_match=True)


def _export(match: Match, numbers: list[int], fmt: ExportFormat, *, whole_match: bool) -> Export:
    records = _records(match)
    name = f"cardavia-{str(match.id)[:8]}"
    if not whole_match:
        name += f"-hand-{numbers[0]}"
    # The match's events once, for every hand written from them.
    events = [from_record(r["type"], r["version"], r["payload"]) for r in records]
    source = _source(match)
    names = seat_names(match) if source is None else dict(enumerate(source.players))
    seat = game_for(match.game).human_seat
    texts = {
        number: _written(
            fmt, ExportRequest(number, records, events, names, seat, table=name, source=source)
        )
        for number in numbers
    }
    if not whole_match:
        return Export(f"{name}.{fmt.extension}", fmt.content_type, texts[numbers[0]].encode())
    if fmt.join is not None:
        text = fmt.join(list(texts.items()))
        return Export(f"{name}.{fmt.match_extension}", fmt.content_type, text.encode())
    return Export(f"{name}.zip", "application/zip", _zipped(texts, name, fmt))


def _source(match: Match) -> HandSource | None:
    """An imported hand's source, as its history told it (None for a match played here)."""
    if match.origin != Match.Origin.IMPORTED:
        return None
    row = ImportedHand.objects.get(match=match)
    return HandSource(
        room=row.room,
        hand_id=row.source_hand_id,
        played_at=row.played_at,
        table=row.table_name,
        unit=row.unit,
        scale=row.scale,
        small_blind=row.small_blind,
        big_blind=row.big_blind,
        players=tuple(str(name) for name in row.players),
        hero=row.hero,
    )


def _written(fmt: ExportFormat, request: ExportRequest) -> str:
    try:
        return fmt.write(request)
    except UnfinishedHand as unfinished:
        raise HandNotFinished(request.number) from unfinished


def seat_names(match: Match) -> dict[int, str]:
    """Each seat's name as the table shows it: the owner's display name, the bots' personas.
    Hand histories tell players apart by name, so a name two seats share gets its seat number."""
    personas = hooks.seat_personas(match.seats, match.game)
    # A match stored without its seats (old rows, the house's tests) names seats p1, p2, ...
    names = {seat: f"p{seat + 1}" for seat in range(game_for(match.game).seat_count)}
    names |= {
        persona["seat"]: (persona["name"] or match.owner.display_name).replace('"', "'")
        for persona in personas
    }
    shared = {name for name in names.values() if list(names.values()).count(name) > 1}
    return {seat: f"{name} {seat + 1}" if name in shared else name for seat, name in names.items()}


def bundle(files: Sequence[Export], name: str) -> Export:
    """Several exports in one zip (the admin's bulk download)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for item in files:
            archive.writestr(item.filename, item.content)
    return Export(f"{name}.zip", "application/zip", buffer.getvalue())


def _records(match: Match) -> list[dict[str, Any]]:
    rows = EventRow.objects.filter(match=match).order_by("seq")
    return [
        {
            "type": kind,
            "version": version,
            "payload": payload,
            "hand_number": number,
            "created_at": at,
        }
        for kind, version, payload, number, at in rows.values_list(
            "type", "version", "payload", "hand_number", "created_at"
        )
    ]


def _zipped(texts: Mapping[int, str], name: str, fmt: ExportFormat) -> bytes:
    """A format with no multi-hand form: one file per hand, zipped."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for number, text in texts.items():
            archive.writestr(f"{name}-{fmt.member}-{number}.{fmt.extension}", text)
    return buffer.getvalue()
