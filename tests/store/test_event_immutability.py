"""Events are append-only in the database itself: triggers reject UPDATE and DELETE on every
database, and TRUNCATE on PostgreSQL, whatever code path tries."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.models.deletion import ProtectedError

from games.models import Event, Match


def _rows(match: Match) -> list[tuple]:
    return list(
        Event.objects.filter(match=match)
        .order_by("seq")
        .values_list("seq", "type", "version", "payload", "hand_number", "created_at")
    )


@pytest.fixture
def stored(house) -> tuple[Match, list[tuple]]:
    match = house.match()  # started, its first hand dealt
    rows = _rows(match)
    assert len(rows) > 5
    return match, rows


def _db_id(match: Match) -> object:
    return Match._meta.pk.get_db_prep_value(match.pk, connection)


def _rejected(statement) -> None:
    with pytest.raises(IntegrityError, match="events are immutable"), transaction.atomic():
        statement()


def test_an_update_through_the_orm_is_rejected(stored):
    match, rows = stored
    _rejected(lambda: Event.objects.filter(match=match).update(type="holdem.folded"))
    assert _rows(match) == rows


def test_saving_a_changed_event_is_rejected(stored):
    match, rows = stored
    event = Event.objects.filter(match=match).order_by("seq").last()
    event.payload = {**event.payload, "seat": 3}
    _rejected(event.save)
    assert _rows(match) == rows


def test_an_update_in_raw_sql_is_rejected(stored):
    match, rows = stored

    def update() -> None:
        with connection.cursor() as cursor:
            cursor.execute(
                "UPDATE games_event SET seq = seq + 1000 WHERE match_id = %s", [_db_id(match)]
            )

    _rejected(update)
    assert _rows(match) == rows


def test_a_delete_through_the_orm_is_rejected(stored):
    match, rows = stored
    _rejected(lambda: Event.objects.filter(match=match).order_by("-seq").first().delete())
    _rejected(lambda: Event.objects.filter(match=match).delete())
    assert _rows(match) == rows


def test_a_delete_in_raw_sql_is_rejected(stored):
    match, rows = stored

    def delete() -> None:
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM games_event WHERE match_id = %s", [_db_id(match)])

    _rejected(delete)
    assert _rows(match) == rows


def test_a_match_with_events_cannot_be_deleted(stored):
    match, rows = stored
    with pytest.raises(ProtectedError), transaction.atomic():
        match.delete()
    assert _rows(match) == rows


def test_appending_a_second_event_with_the_same_seq_is_rejected(stored):
    match, rows = stored
    with pytest.raises(IntegrityError), transaction.atomic():
        Event.objects.create(
            match=match, seq=rows[-1][0], type="holdem.checked", version=1, payload={"seat": 0}
        )
    assert _rows(match) == rows


@pytest.mark.postgres
def test_truncate_is_rejected_on_postgresql(stored):
    match, rows = stored
    with connection.cursor() as cursor:
        # The test harness turns the escape hatch on for every connection; production never does.
        cursor.execute("SET LOCAL cardavia.allow_event_truncate = off")
        # Fire the deferred foreign-key checks of the rows this test inserted now: PostgreSQL
        # refuses to TRUNCATE a table with pending trigger events for another reason.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")

    def truncate() -> None:
        with connection.cursor() as cursor:
            cursor.execute("TRUNCATE games_event")

    _rejected(truncate)
    assert _rows(match) == rows


@pytest.mark.postgres
def test_truncate_is_rejected_on_a_connection_that_never_set_the_escape_hatch(stored):
    match, rows = stored
    with connection.cursor() as cursor:
        cursor.execute("RESET cardavia.allow_event_truncate")
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")

    def truncate() -> None:
        with connection.cursor() as cursor:
            cursor.execute("TRUNCATE games_event CASCADE")

    # (The test's transaction is rolled back at its end, and the setting with it.)
    _rejected(truncate)
    assert _rows(match) == rows


@pytest.mark.postgres
def test_truncate_passes_only_with_the_test_harness_escape_hatch(stored):
    match, _ = stored
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL cardavia.allow_event_truncate = on")
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    with pytest.raises(RuntimeError, match="undo"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("TRUNCATE games_event")
        assert not Event.objects.filter(match=match).exists()
        raise RuntimeError("undo the truncate")


@pytest.mark.postgres
def test_the_immutability_triggers_are_installed_on_postgresql(db):
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tgname FROM pg_trigger WHERE tgrelid = 'games_event'::regclass "
            "AND NOT tgisinternal ORDER BY tgname"
        )
        names = [name for (name,) in cursor.fetchall()]
    assert names == [
        "games_event_match_exists",
        "games_event_no_truncate",
        "games_event_no_update_or_delete",
    ]


def test_no_migration_left_the_store_without_its_triggers(db):
    """SQLite drops a table's triggers when a migration rebuilds the table (as an AlterField
    does there): each must be installed again after such a migration."""
    if connection.vendor == "sqlite":
        query = "SELECT name FROM sqlite_master WHERE type = 'trigger'"
        expected = {"games_event_no_delete", "games_event_no_update"}
    else:
        query = "SELECT tgname FROM pg_trigger WHERE NOT tgisinternal"
        expected = {"games_event_no_truncate", "games_event_no_update_or_delete"}
    expected |= {
        "games_event_match_exists",
        "games_match_keep_events_on_delete",
        "games_match_keep_events_on_new_id",
    }
    with connection.cursor() as cursor:
        cursor.execute(query)
        names = {name for (name,) in cursor.fetchall()}
    assert expected <= names
