"""Hand histories out: a finished hand, or a whole match, as a file its owner downloads.

Hold'em hands go out as PHH (PokerKit's TOML standard; a match is a ``.phhs`` file, one TOML
table per hand) or as PokerStars text (hands two blank lines apart, as PokerStars writes them);
Up & Down deals in the project's deal-history format (docs/updown-hand-history.md; a match is a
zip of one ``.udh`` file per deal, since that format has no multi-deal form).

A finished Hold'em hand revealed its seed, so every card of it may be shown. An Up & Down
deal's shoe serves later deals, so its history is the owner's (``for_seat``): the opponent's kept
card is ``??`` and the shoe's seed is written only once revealed.
"""

from __future__ import annotations

import io
import itertools
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from games import hooks
from games.engine.events import Event, from_record
from games.engine.holdem.evaluator import describe, evaluate, hand_rank
from games.engine.holdem.phh_export import to_phh
from games.engine.holdem.played_hand import NotAFinishedHand, PlayedHand, played_hand
from games.engine.holdem.pokerstars import join_hands, to_pokerstars
from games.engine.updown.history import HistoryError, deal_history
from games.errors import ExportFormatUnknown, HandNotFinished, HandNotFound
from games.models import Event as EventRow
from games.models import HandSummary, Match
from games.registry import game_for

FORMATS = {"holdem": ("phh", "pokerstars"), "updown": ("ud",)}
Record = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Export:
    filename: str
    content_type: str
    content: bytes


def check_format(game: str, requested: str) -> str:
    allowed = list(FORMATS[game])
    if requested not in allowed:
        raise ExportFormatUnknown(requested, allowed)
    return requested


def hand_export(match: Match, hand_number: int, requested: str) -> Export:
    """One finished hand (or deal) of ``match`` in the format ``requested``."""
    fmt = check_format(match.game, requested)
    summary = HandSummary.objects.filter(match=match, hand_number=hand_number).first()
    if summary is None:
        raise HandNotFound(hand_number)
    if not summary.finished:
        raise HandNotFinished(hand_number)
    return _export(match, [hand_number], fmt, whole_match=False)


def match_export(match: Match, requested: str) -> Export:
    """Every finished hand (or deal) of ``match``, in one file."""
    fmt = check_format(match.game, requested)
    numbers = list(
        HandSummary.objects.filter(match=match, finished=True)
        .order_by("hand_number")
        .values_list("hand_number", flat=True)
    )
    return _export(match, numbers, fmt, whole_match=True)


def _export(match: Match, numbers: list[int], fmt: str, *, whole_match: bool) -> Export:
    records = _records(match)
    name = f"cardavia-{str(match.id)[:8]}"
    if not whole_match:
        name += f"-hand-{numbers[0]}"
    if match.game == "holdem":
        hands = [_holdem_hand(records, number) for number in numbers]
        names = seat_names(match)
        if fmt == "phh":
            text = phh_document(hands, names, single=not whole_match)
            return Export(f"{name}.{'phh' if not whole_match else 'phhs'}", TOML, text.encode())
        started = {r["hand_number"]: r["created_at"] for r in reversed(records)}
        text = join_hands(
            pokerstars_text(hand, names, started[hand.hand_number], table=name) for hand in hands
        )
        return Export(f"{name}.txt", TEXT, text.encode())
    events = [from_record(r["type"], r["version"], r["payload"]) for r in records]
    human = game_for(match.game).human_seat
    texts = {number: _deal_text(events, number, human) for number in numbers}
    if not whole_match:
        return Export(f"{name}.udh", TOML, texts[numbers[0]].encode())
    return Export(f"{name}.zip", "application/zip", _zipped(texts, name))


TOML = "application/toml; charset=utf-8"
TEXT = "text/plain; charset=utf-8"


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


def phh_document(hands: Sequence[PlayedHand], names: Mapping[int, str], *, single: bool) -> str:
    """One hand as a PHH document, or several as a ``.phhs`` (a TOML table per hand)."""
    texts = [to_phh(hand, names=names) for hand in hands]
    if single:
        return texts[0]
    return "".join(
        f"[{hand.hand_number}]\n{text}\n" for hand, text in zip(hands, texts, strict=True)
    )


def pokerstars_text(
    hand: PlayedHand, names: Mapping[int, str], played_at: datetime, *, table: str
) -> str:
    return to_pokerstars(
        hand,
        names=names,
        played_at=played_at,
        table=table,
        describe=best_hand_name,
        seat_count=len(names),
    )


def best_hand_name(cards: Sequence[str]) -> str:
    """The best five of the cards, named in English as PokerStars text names them."""
    best = max(evaluate(list(five)) for five in itertools.combinations(cards, 5))
    return describe(hand_rank(best))


def blinds(records: Sequence[Record]) -> tuple[int, int]:
    """The match's blinds, from its start (every segment restarts the same table)."""
    start = next(r for r in records if r["type"] == "holdem.match_started")
    return start["payload"]["small_blind"], start["payload"]["big_blind"]


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


def _holdem_hand(records: Sequence[Record], number: int) -> PlayedHand:
    small, big = blinds(records)
    try:
        return played_hand(
            [r for r in records if r["hand_number"] == number], small_blind=small, big_blind=big
        )
    except NotAFinishedHand as unfinished:
        raise HandNotFinished(number) from unfinished


def _deal_text(events: Sequence[Event], number: int, seat: int) -> str:
    try:
        return deal_history(events, number, for_seat=seat)
    except HistoryError as unfinished:
        raise HandNotFinished(number) from unfinished


def _zipped(texts: Mapping[int, str], name: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for number, text in texts.items():
            archive.writestr(f"{name}-deal-{number}.udh", text)
    return buffer.getvalue()
