"""While the database cannot be reached, every request gets 503 with ``Retry-After`` and the
usual error body, and a command cut off half-way stores nothing (cardavia/outages.py).

The database is made to fail with Django's own hook, ``connection.execute_wrapper``: from a
chosen query on, or for one query. ``tests/ops/test_faults.py`` stops a real PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import InterfaceError, OperationalError, connection
from django.test import Client

from tests.api.client import ApiClient
from tests.api.test_errors import assert_refused, nothing_changes


@contextmanager
def database_fails(
    *, error: type[Exception] = OperationalError, when: Callable[[str], bool] | None = None
) -> Iterator[list[str]]:
    """Queries fail with ``error``: every query, or only the first one ``when(sql)`` accepts
    (then the database answers again, as a connection does once the server is back)."""
    failed: list[str] = []

    def fail(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        # A new connection's own SET statements (tests/conftest.py) go through: this is about
        # the requests, and the test database's teardown needs them.
        if sql.startswith("SET "):
            return execute(sql, params, many, context)
        if when is None or (not failed and when(sql)):
            failed.append(sql)
            raise error("server closed the connection unexpectedly")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(fail):
        yield failed


def assert_unavailable(reply: Any) -> None:
    assert_refused(reply, 503, "service_unavailable", wait=5)
    assert reply.headers["Retry-After"] == "5"


def test_reads_while_the_database_is_down_are_503_with_retry_after(quiet, house):
    match_id = quiet.start().ok().body["id"]
    with database_fails():
        assert_unavailable(quiet.view(match_id))
        assert_unavailable(quiet.events(match_id))
        assert_unavailable(quiet.matches())
        assert_unavailable(quiet.get("/api/session/"))  # the session itself lives in the database
    assert quiet.view(match_id).ok()


def test_a_command_cut_off_after_its_events_were_written_stores_nothing(quiet, house):
    match_id = quiet.start().ok().body["id"]
    while house.to_act(match_id) != 0:
        house.ai(match_id, "call")
    seq = house.match(match_id).seq
    # The connection dies once the events are written: at the next write (on PostgreSQL the
    # events, match row, read model and snapshot go in one query, then the idempotency record).
    after_the_events = lambda sql: sql.startswith(  # noqa: E731
        ('UPDATE "games_match"', 'UPDATE "games_snapshot"', 'INSERT INTO "games_idempotentresp')
    )
    with nothing_changes(house, match_id), database_fails(when=after_the_events) as failed:
        assert_unavailable(quiet.act(match_id, "call", key="outage-1"))
    assert failed, "the failure never happened: the test proves nothing"
    retried = quiet.act(match_id, "call", key="outage-1").ok()  # the client's retry
    assert [event["type"] for event in retried.body["events"]][:1] == ["holdem.called"]
    assert house.match(match_id).seq > seq
    assert quiet.act(match_id, "call", key="outage-1").headers.get("Idempotent-Replayed")


def test_a_connection_lost_between_queries_is_503_too(quiet, house):
    match_id = quiet.start().ok().body["id"]
    with nothing_changes(house, match_id), database_fails(error=InterfaceError):
        assert_unavailable(quiet.restart(match_id))


# transaction=True: under the test's own transaction, the failed guest INSERT would spoil it for
# the counts below, as no autocommit request ever sees.
@pytest.mark.django_db(transaction=True)
def test_starting_a_match_while_the_database_is_down_creates_nothing(quiet):
    from games.models import Match, Player

    with database_fails():
        assert_unavailable(quiet.start())
    assert Match.objects.count() == Player.objects.count() == 0


def test_a_failure_after_the_view_while_saving_the_session_is_503(db):
    """The view succeeded, but saving the new guest's session did not: only Django's 500
    handler sees that error, and it answers 503 as well."""
    client = ApiClient(Client(raise_request_exception=False))
    saves_session = lambda sql: '"django_session"' in sql and not sql.startswith("SELECT")  # noqa: E731
    with database_fails(when=saves_session) as failed:
        reply = client.start()
    assert failed
    assert_unavailable(reply)


def test_other_errors_stay_500s(db, monkeypatch):
    from games import selectors

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("a bug, not an outage")

    client = ApiClient(Client(raise_request_exception=False))
    match_id = client.start().ok().body["id"]
    monkeypatch.setattr(selectors, "match_state", broken)
    reply = client.view(match_id)
    assert reply.status == 500
