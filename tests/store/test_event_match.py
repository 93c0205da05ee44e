"""An event names a stored match, checked by the database for each statement (migration 0017,
in place of a foreign key checked row by row): whatever path appends events — the ORM, raw SQL,
an import's COPY — an event of no match is refused with every row of its statement, and a match
that has events can be neither deleted nor given another id."""

from __future__ import annotations

import uuid

import psycopg
import pytest
from django.db import IntegrityError, connection, transaction

from games.models import Event, Match

REFUSED = "an event must belong to a stored match|FOREIGN KEY constraint failed"
KEPT = "a match with events cannot be deleted or given another id"


def _db_id(value: uuid.UUID) -> object:
    return Match._meta.pk.get_db_prep_value(value, connection)


def _event_count() -> int:
    return Event.objects.count()


def _last_seq(match: Match) -> int:
    return Event.objects.filter(match=match).order_by("-seq").values_list("seq", flat=True)[0]


def test_an_event_of_no_match_is_refused_through_the_orm(house):
    house.match()
    before = _event_count()
    with pytest.raises(IntegrityError, match=REFUSED), transaction.atomic():
        Event.objects.create(
            match_id=uuid.uuid4(), seq=1, type="holdem.checked", version=1, payload={}
        )
    assert _event_count() == before


def test_one_event_of_no_match_refuses_the_whole_statement(house):
    match = house.match()
    before, seq = _event_count(), _last_seq(match)
    rows = [
        Event(match=match, seq=seq + 1, type="holdem.checked", version=1, payload={"seat": 0}),
        Event(match_id=uuid.uuid4(), seq=1, type="holdem.checked", version=1, payload={}),
    ]
    with pytest.raises(IntegrityError, match=REFUSED), transaction.atomic():
        Event.objects.bulk_create(rows)
    assert _event_count() == before


def test_events_of_stored_matches_are_appended(house):
    match = house.match()
    seq = _last_seq(match)
    Event.objects.bulk_create(
        Event(match=match, seq=seq + step, type="holdem.checked", version=1, payload={"seat": 0})
        for step in (1, 2)
    )
    assert _last_seq(match) == seq + 2


def _copy_events(lines: str) -> None:
    columns = "match_id, seq, type, version, payload, hand_number, created_at"
    with (
        connection.cursor() as cursor,
        cursor.copy(f"COPY games_event ({columns}) FROM STDIN") as copy,
    ):
        copy.write(lines.encode())


def _execute(sql: str, params: list[object]) -> None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


@pytest.mark.postgres
def test_a_copy_holding_an_event_of_no_match_is_refused_whole(house):
    match = house.match()
    before, seq = _event_count(), _last_seq(match)
    lines = (
        f"{match.id}\t{seq + 1}\tholdem.checked\t1\t{{}}\t1\t2026-12-04T00:00:00+00:00\n"
        f"{uuid.uuid4()}\t1\tholdem.checked\t1\t{{}}\t1\t2026-12-04T00:00:00+00:00\n"
    )
    # A COPY's error reaches the caller as psycopg raised it (Django wraps only execute's).
    with pytest.raises(psycopg.errors.ForeignKeyViolation, match=REFUSED), transaction.atomic():
        _copy_events(lines)
    assert _event_count() == before


def test_a_match_with_events_cannot_be_deleted_in_raw_sql(house):
    match = house.match()
    with pytest.raises(IntegrityError, match=KEPT), transaction.atomic():
        _execute("DELETE FROM games_match WHERE id = %s", [_db_id(match.id)])
    assert Match.objects.filter(pk=match.pk).exists()


def test_a_match_with_events_cannot_be_given_another_id(house):
    match = house.match()
    with pytest.raises(IntegrityError, match=KEPT), transaction.atomic():
        _execute(
            "UPDATE games_match SET id = %s WHERE id = %s",
            [_db_id(uuid.uuid4()), _db_id(match.id)],
        )
    assert Match.objects.filter(pk=match.pk).exists()


def test_a_match_without_events_can_be_deleted(house):
    match = house.match()
    empty = Match.objects.create(game=match.game, owner=match.owner, level=match.level)
    empty.delete()
    assert not Match.objects.filter(pk=empty.pk).exists()
