"""What the admin's hand page shows: the table, the story, the pots, the stacks, the raw events.

A handful of queries whatever the hand or the match: the hand's events, the last stacks before
it, its neighbours, and for Up & Down the cards dealt and locked before it (to know the card each
player kept from the last deal).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from games import exports, hooks
from games.backoffice import holdem, updown  # noqa: F401 - registers the games' narrators
from games.backoffice.story import Line, PotRow, Sitter, Telling, tell
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
class RawEvent:
    seq: int
    type: str
    version: int
    payload: str


@dataclass(frozen=True)
class HandPage:
    seats: list[SeatRow]
    lines: list[Line]
    pots: list[PotRow]
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
    if match.game == "updown":
        telling.held = _held_before(match, first)
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
            kept=telling.card(telling.kept[sitter.seat]) if sitter.seat in telling.kept else "",
        )
        for sitter in seated
    ]
    previous, following = _neighbours(match, hand_number)
    return HandPage(
        seats=seats,
        lines=telling.lines,
        pots=telling.pots,
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


UPDOWN_CARDS = ("updown.card_dealt", "updown.card_locked", "updown.match_restarted")


def _held_before(match: Match, first_seq: int) -> dict[int, list[str]]:
    """Up & Down: the card each seat kept from the deals before (every card it was dealt since
    the segment began, less every card it locked; a reshuffled card may come round again)."""
    held: dict[int, Counter[str]] = {}
    rows = (
        EventRow.objects.filter(match=match, seq__lt=first_seq, type__in=UPDOWN_CARDS)
        .order_by("seq")
        .values_list("type", "payload")
    )
    for kind, payload in rows:
        if kind == "updown.match_restarted":
            held = {}
            continue
        cards = held.setdefault(payload["seat"], Counter())
        cards[payload["card"]] += 1 if kind == "updown.card_dealt" else -1
    return {seat: sorted(cards.elements()) for seat, cards in held.items()}


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
