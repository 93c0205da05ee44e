"""Reads of the event store for the AI seats: what a seat's bot is shown of the past.

A seat's history is the window :mod:`bots.history` defines, read from its visible feed (the same
filter the API applies for that player), up to ``match.seq`` and never a later event.
"""

from __future__ import annotations

import functools

from django.db.models import Q, QuerySet

from bots import registry
from bots.history import first_hand_shown
from bots.policies import Record
from games.engine.events import from_record
from games.models import Event as EventRow
from games.models import Match
from games.registry import game_for


def seat_history(match: Match, seat: int) -> list[Record]:
    """The seat's visible feed records that :mod:`bots.history` says a bot sees: the hand in
    play, the game's recent hands before it and the segment events among them.

    A finished hand never changes (events are immutable), so its records are cached per worker
    process: a move reads only the hand in play and the segment events from the database.
    """
    rows = EventRow.objects.filter(match=match, seq__lte=match.seq)
    in_hands = rows.exclude(hand_number=None).order_by("-seq")
    current = in_hands.values_list("hand_number", flat=True).first()
    if current is None:
        return [record for _, record in _visible(match.game, seat, rows)]
    earliest = first_hand_shown(current, registry.recent_hands(match.game))
    numbered: list[tuple[int, Record]] = []
    for earlier in range(earliest or 1, current):
        numbered.extend(_finished_hand(match.game, str(match.id), earlier, seat))
    since = numbered[0][0] if earliest is not None and numbered else 0
    live = rows.filter(Q(hand_number=current) | Q(hand_number=None, seq__gte=since))
    numbered.extend(_visible(match.game, seat, live))
    numbered.sort(key=lambda entry: entry[0])
    return [record for _, record in numbered]


@functools.lru_cache(maxsize=8192)
def _finished_hand(
    game: str, match_id: str, hand_number: int, seat: int
) -> tuple[tuple[int, Record], ...]:
    rows = EventRow.objects.filter(match_id=match_id, hand_number=hand_number)
    return tuple(_visible(game, seat, rows))


def _visible(game: str, seat: int, rows: QuerySet[EventRow]) -> list[tuple[int, Record]]:
    """(seq, the record as ``seat`` may see it) for each row, in seq order."""
    visible_record = game_for(game).visible_record
    fields = rows.order_by("seq").values_list("seq", "type", "version", "payload")
    return [
        (seq, visible_record(from_record(kind, version, payload), seat))
        for seq, kind, version, payload in fields
    ]
