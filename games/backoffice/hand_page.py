"""What the admin's hand page shows: the table, the story, the pots, the stacks, the raw events.

A handful of queries whatever the hand or the match: the hand's events, the last stacks before
it, its neighbours, and for Up & Down the cards dealt and locked before it (to know the card each
player kept from the last deal).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.safestring import SafeString

from games import exports, hooks
from games.backoffice.render import html
from games.engine.narration import CARRIED, Sitter, Telling, tell
from games.hooks import Words
from games.models import Event as EventRow
from games.models import HandSummary, Match
from games.registry import game_for
from games.selectors import hand_events


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    level: str
    position: str
    before: int | None
    after: int | None
    net: int | None
    kept: Any


@dataclass(frozen=True)
class ShownLine:
    seq: int
    kind: str
    text: SafeString
    aside: SafeString | None


@dataclass(frozen=True)
class ShownPot:
    label: str
    amount: int
    eligible: str
    winners: str
    shares: str
    hand: SafeString
    odd_chips: str


@dataclass(frozen=True)
class RawEvent:
    seq: int
    type: str
    version: int
    payload: str


@dataclass(frozen=True)
class HandPage:
    seats: list[SeatRow]
    lines: list[ShownLine]
    pots: list[ShownPot]
    kept: bool  # a game that carries cards into the next hand: the table shows them
    raw: list[RawEvent]
    previous: int | None
    next: int | None
    replay_url: str
    exports: list[tuple[str, str]]


def sitters(match: Match, words: Words) -> list[Sitter]:
    """Every seat's player: the owner's username (or "Guest N"), each AI's persona name."""
    owner = match.owner
    human = (
        owner.user.get_username()
        if owner.user is not None
        else words("backoffice.player.guest", {"number": owner.pk})
    )
    if not match.seats:
        # A match stored without its seats (old rows, the house's tests): the owner sits in
        # the game's human seat, the others are named by their seat.
        game = game_for(match.game)
        return [
            Sitter(seat, human, "other", None)
            if seat == game.human_seat
            else Sitter(seat, words("ui.player.seat", {"seat": seat}), "other", "")
            for seat in range(game.seat_count)
        ]
    found = []
    for persona in hooks.seat_personas(match.seats, match.game):
        is_human = persona["level"] == hooks.HUMAN
        gender = persona["gender"] if persona["gender"] in ("female", "male") else "other"
        found.append(
            Sitter(
                seat=persona["seat"],
                name=human if is_human else (persona["name"] or persona["level"]),
                subject=gender,
                level=None if is_human else persona["level"],
            )
        )
    return found


def level_label(words: Words, sitter: Sitter) -> str:
    if sitter.level is None:
        return words("backoffice.seat.human")
    key = f"level.{sitter.level}.name"
    return words(key) if words.has(key) else sitter.level  # "" for a seat nobody named


def hand_page(match: Match, hand_number: int, words: Words) -> HandPage:
    rows = hand_events(match, hand_number)
    seated = sitters(match, words)
    first = rows[0].seq if rows else match.seq + 1
    before = _stacks_before(match, first, len(seated))
    telling = Telling(words=words, sitters=seated, stacks=list(before))
    carried = CARRIED.get(rows[0].type) if rows else None
    if carried is not None:
        telling.held = carried.held(_records_before(match, first, carried.types))
    records = [
        {"seq": r.seq, "type": r.type, "version": r.version, "payload": r.payload} for r in rows
    ]
    tell(telling, records)
    after = telling.stacks_after
    seats = [
        SeatRow(
            seat=sitter.seat,
            name=sitter.name,
            level=level_label(words, sitter),
            position=" · ".join(telling.positions.get(sitter.seat, [])),
            before=before[sitter.seat],
            after=after[sitter.seat] if after and sitter.seat < len(after) else None,
            net=after[sitter.seat] - before[sitter.seat]
            if after and sitter.seat < len(after)
            else None,
            kept=html(words, telling.cards([telling.kept[sitter.seat]]))
            if sitter.seat in telling.kept
            else "",
        )
        for sitter in seated
    ]
    previous, following = _neighbours(match, hand_number)
    return HandPage(
        seats=seats,
        lines=[
            ShownLine(
                line.seq,
                line.kind,
                html(words, line.text),
                html(words, line.aside) if line.aside else None,
            )
            for line in telling.lines
        ],
        pots=[
            ShownPot(
                pot.label,
                pot.amount,
                pot.eligible,
                pot.winners,
                pot.shares,
                html(words, pot.hand),
                pot.odd_chips,
            )
            for pot in telling.pots
        ],
        kept=bool(telling.kept),
        raw=[_raw(r) for r in rows],
        previous=previous,
        next=following,
        # The player's own replay of this hand (the web client's route).
        replay_url=f"/#/match/{match.pk}/hand/{hand_number}",
        exports=[
            (fmt, reverse("admin:games_match_hand_export", args=[match.pk, hand_number, fmt]))
            for fmt in exports.formats(match.game)  # a game may have none
        ],
    )


def _raw(row: EventRow) -> RawEvent:
    payload = json.dumps(row.payload, indent=2, ensure_ascii=False, sort_keys=True)
    return RawEvent(row.seq, row.type, row.version, payload)


def _stacks_before(match: Match, first_seq: int, seats: int) -> list[int]:
    """The stacks as the last event before the hand left them (the table's start, a restart,
    or the previous hand's end): one indexed read back from the hand's first event."""
    payload = (
        EventRow.objects.filter(match=match, seq__lt=first_seq, payload__has_key="stacks")
        .order_by("-seq")
        .values_list("payload", flat=True)
        .first()
    )
    stacks = list(payload["stacks"]) if payload else []
    return stacks + [0] * (seats - len(stacks))


def _records_before(match: Match, first_seq: int, types: tuple[str, ...]) -> list[Any]:
    """The type and payload of every event of ``types`` stored before the hand."""
    return list(
        EventRow.objects.filter(match=match, seq__lt=first_seq, type__in=types)
        .order_by("seq")
        .values_list("type", "payload")
    )


def _neighbours(match: Match, hand_number: int) -> tuple[int | None, int | None]:
    numbers = set(
        HandSummary.objects.filter(
            match=match, hand_number__in=(hand_number - 1, hand_number + 1)
        ).values_list("hand_number", flat=True)
    )
    return (
        hand_number - 1 if hand_number - 1 in numbers else None,
        hand_number + 1 if hand_number + 1 in numbers else None,
    )
