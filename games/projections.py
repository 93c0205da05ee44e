"""Read models built from events: the hand (or deal) list of a match (``HandSummary``), and
the owner's statistics line of each finished hand (:mod:`games.stats`).

A hand's events follow the store's one rule (``games.services._store``): from the event that
opens it to the last one before the next hand's opening or the next segment's start — so its
eliminations and the end of the match are its own, and ``last_seq`` is the last seq its replay
shows. Each game summarises a hand from those events (``Game.summarize_hand``: neutral fields,
and what only that game has in ``detail``); the projector stores that, game-blind.

The projector is the only writer of these tables; ``manage.py rebuild_projections`` empties them
and projects every stored event again, so they can always be thrown away and rebuilt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.db import connection
from psycopg.types.json import Jsonb

from games.engine.events import Event, from_record
from games.models import Event as EventRow
from games.models import HandSummary, Match
from games.registry import AnyGame, game_for
from games.stats import StatLine, hand_stat_line, line_store


@dataclass(frozen=True)
class Projected:
    """Where the projector left a match: its last hand row (number, segment) and, while
    that hand is open (no segment started since), the hand's events so far; the segment new
    hands belong to; the last seq projected. What the next ``project`` needs, so the services
    can hand it back instead of it being read again."""

    hand: tuple[int, int] | None  # (hand_number, segment) of the last row
    events: tuple[tuple[int, Event], ...] | None  # the open hand's events, None once closed off
    segment: int
    last_seq: int

    @classmethod
    def empty(cls) -> Projected:
        """A match with no event projected yet."""
        return cls(hand=None, events=None, segment=0, last_seq=0)


# Stores one hand's row given its key and its fields (``stored`` if a row of it is stored
# already) and, for a finished hand, the owner's statistics line if there is one. The services
# pass their own to send it with the rest of an append (one round trip).
SummaryWriter = Callable[[Match, int, dict[str, Any], bool, StatLine | None], None]


def project(
    match: Match,
    numbered_events: Iterable[tuple[int, Event]],
    *,
    known: Projected | None = None,
    write: SummaryWriter | None = None,
) -> Projected | None:
    """Update the read models of ``match`` with events given as ``(seq, event)`` in order (the
    next ones after those already projected), and say where that left them.

    ``known`` is what the previous call returned, if the caller kept it: it is used only if it
    ends right before the first new event; else the last hand row (and its events) is read.
    ``write`` stores a row (by default :func:`summary_write`)."""
    game = game_for(match.game)
    write = write or summary_write
    numbered = list(numbered_events)
    if not numbered:
        return known
    first = numbered[0][0]
    if known is None or known.last_seq != first - 1:
        known = _read(match, before=first)
    current: HandSummary | None = None
    if known.hand is not None:
        number, segment_of_row = known.hand
        current = HandSummary(match=match, hand_number=number, segment=segment_of_row)
    stored = current is not None  # its row is stored already: update it, by its key
    segment = known.segment
    hand = list(known.events) if known.events is not None else None
    for seq, item in numbered:
        opened = game.hand_opened_by(item)
        if game.starts_segment(item) or opened is not None:
            if current is not None and hand is not None:
                _write(game, current, hand, stored, write)
            hand = None
            if opened is None:
                segment = getattr(item, "segment", segment)
                continue
            current = HandSummary(match=match, hand_number=opened, segment=segment)
            stored = False
            hand = []
        if hand is not None:
            hand.append((seq, item))
    if current is not None and hand is not None:
        _write(game, current, hand, stored, write)
    return Projected(
        hand=None if current is None else (current.hand_number, current.segment),
        events=None if hand is None else tuple(hand),
        segment=segment,
        last_seq=numbered[-1][0],
    )


def _read(match: Match, *, before: int) -> Projected:
    """Where the stored read model of ``match`` stands, before the events from ``before`` on
    (which are stored already): its last hand row, and that hand's events if it is still open
    (its last seq is the one right before)."""
    current = HandSummary.objects.filter(match=match).order_by("-hand_number").first()
    if current is None:
        return Projected(hand=None, events=None, segment=0, last_seq=before - 1)
    events = None
    if current.last_seq == before - 1:
        events = tuple(_stored_hand(match, current.hand_number, before=before))
    return Projected(
        hand=(current.hand_number, current.segment),
        events=events,
        segment=current.segment,
        last_seq=before - 1,
    )


def _stored_hand(match: Match, hand_number: int, *, before: int) -> list[tuple[int, Event]]:
    rows = EventRow.objects.filter(match=match, hand_number=hand_number, seq__lt=before)
    rows = rows.order_by("seq")
    return [
        (seq, from_record(kind, version, payload))
        for seq, kind, version, payload in rows.values_list("seq", "type", "version", "payload")
    ]


def _fields(game: AnyGame, row: HandSummary, hand: list[tuple[int, Event]]) -> dict[str, Any]:
    """The hand's row, but for its key (match, hand number)."""
    return {"segment": row.segment, **game.summarize_hand(hand).stored_fields()}


def _write(
    game: AnyGame,
    row: HandSummary,
    hand: list[tuple[int, Event]],
    stored: bool,
    write: SummaryWriter,
) -> None:
    fields = _fields(game, row, hand)
    # The player's statistics (games.stats) follow each hand as it ends.
    line = hand_stat_line(row.match, hand) if fields["finished"] else None
    write(row.match, row.hand_number, fields, stored, line)


def summary_write(
    match: Match,
    hand_number: int,
    fields: dict[str, Any],
    stored: bool,
    line: StatLine | None = None,
) -> None:
    """One INSERT for a hand just opened, else one UPDATE by its key (match, hand number),
    which a rebuild keeps (the pk it does not), or an INSERT if its row went missing; and the
    statistics ``line`` of a finished hand, which needs the row's pk."""
    if line is not None:
        line_store(_summary_row(match, hand_number, fields, stored), line)
        return
    rows = HandSummary.objects.filter(match=match, hand_number=hand_number)
    if not (stored and rows.update(**fields)):
        HandSummary.objects.create(match=match, hand_number=hand_number, **fields)


def _summary_row(
    match: Match, hand_number: int, fields: dict[str, Any], stored: bool
) -> HandSummary:
    """:func:`summary_write`, and the row written."""
    if connection.vendor == "postgresql":
        return _summary_upserted(match, hand_number, fields)
    row = HandSummary.objects.filter(match=match, hand_number=hand_number).first()
    if row is None:
        return HandSummary.objects.create(match=match, hand_number=hand_number, **fields)
    for name, value in fields.items():
        setattr(row, name, value)
    row.save()
    return row


def _summary_upserted(match: Match, hand_number: int, fields: dict[str, Any]) -> HandSummary:
    """The row inserted or updated by its key in one statement, which returns its pk."""
    quote = connection.ops.quote_name
    columns = ("match_id", "hand_number", *fields)
    sets = ", ".join(f"{quote(name)} = EXCLUDED.{quote(name)}" for name in fields)
    sql = (
        f"INSERT INTO {quote(HandSummary._meta.db_table)} "
        f"({', '.join(quote(c) for c in columns)}) VALUES ({', '.join(['%s'] * len(columns))}) "
        f"ON CONFLICT ({quote('match_id')}, {quote('hand_number')}) DO UPDATE SET {sets} "
        f"RETURNING {quote('id')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [match.pk, hand_number, *db_values(fields.values())])
        (pk,) = cursor.fetchone()
    row = HandSummary(pk=pk, match=match, hand_number=hand_number, **fields)
    row._state.adding = False
    row._state.db = connection.alias
    return row


def db_values(values: Iterable[Any]) -> list[Any]:
    """Values as raw statements take them: JSON columns' dicts and lists wrapped."""
    return [Jsonb(value) if isinstance(value, dict | list) else value for value in values]
