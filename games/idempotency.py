"""Safe retries: a request sent with an ``Idempotency-Key`` runs once, and its repeats get the
first response back.

The first response is stored with a fingerprint of the request (its path and body) in the same
transaction as the command it answers, so either both are kept or neither: a retry after a
failure runs the command again; a retry after a success gets the stored response and appends
nothing. Keyed requests of one player are serialised on the player's row, so two concurrent
requests with one key can never both run. The same key sent with another request is refused.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from games.errors import IdempotencyKeyReused, InvalidIdempotencyKey
from games.models import IdempotentResponse, Player, column_of

HEADER = "Idempotency-Key"
MAX_KEY_LENGTH = 128

# A command run under a key: it answers (HTTP status, JSON body).
Command = Callable[[], tuple[int, Any]]

_keyed: ContextVar[bool] = ContextVar("keyed", default=False)


def inside_keyed_command() -> bool:
    """Whether a command runs now inside its Idempotency-Key's transaction, which any failure
    of the command rolls back whole (the services take no savepoint of their own there)."""
    return _keyed.get()


@dataclass(frozen=True)
class Response:
    status: int
    body: Any
    replayed: bool  # a repeat: the stored response of the first request, nothing run


def request_fingerprint(path: str, data: Any) -> str:
    """What identifies a request: its path and its body (whatever the order of its keys)."""
    canonical = f"{path}|{json.dumps(data, sort_keys=True, default=str)}"
    return hashlib.sha256(canonical.encode()).hexdigest()


def idempotent_run(*, player: Player, key: str, fingerprint: str, run: Command) -> Response:
    """Run ``run`` once per ``key`` of ``player`` (with no key: just run it)."""
    key = key.strip()
    if len(key) > MAX_KEY_LENGTH:
        raise InvalidIdempotencyKey(maximum=MAX_KEY_LENGTH)
    if not key:
        status, body = run()
        return Response(status=status, body=body, replayed=False)
    with transaction.atomic():
        stored = _lock_and_look_up(player, key)
        if stored is not None:
            if stored.request_fingerprint != fingerprint:
                raise IdempotencyKeyReused(key)
            return Response(status=stored.status_code, body=stored.body, replayed=True)
        token = _keyed.set(True)
        try:
            status, body = run()
        finally:
            _keyed.reset(token)
        _store(player, key, fingerprint, status, body)
    return Response(status=status, body=body, replayed=False)


@dataclass(frozen=True)
class _Stored:
    request_fingerprint: str
    status_code: int
    body: Any


def _lock_and_look_up(player: Player, key: str) -> _Stored | None:
    """Lock the player's row, then read the response stored under ``key``, if any.

    NO KEY UPDATE: serializes this player's keyed commands, yet lets another transaction's
    deferred foreign-key check on the player row (FOR KEY SHARE at COMMIT, e.g. an AI turn
    writing a stats line while it holds the match) go through instead of deadlocking. Two
    statements, not one joining both: a statement that waited for the lock still reads the
    other tables as they were when it began (PostgreSQL re-reads only the locked row), so a
    racing retry would miss the response its twin just stored and run the command again.

    On PostgreSQL with client-side binding (Django's default) the two statements go in one
    message, one round trip: PostgreSQL still runs them one after the other, each with a
    snapshot of its own taken when it starts, so the look-up sees what committed while the lock
    waited, as it would sent on its own."""
    lock, look_up = _statements(connection.vendor)
    with connection.cursor() as cursor:
        if _one_message(connection.vendor):
            cursor.execute(f"{lock}; {look_up}", [player.pk, player.pk, key])
            cursor.nextset()  # past the lock's row, to the look-up's
        else:
            cursor.execute(lock, [player.pk])
            cursor.execute(look_up, [player.pk, key])
        row = cursor.fetchone()
    if row is None:
        return None
    fingerprint, status, body = row
    # As the JSON field reads it: text on PostgreSQL (Django loads jsonb as text) and SQLite.
    return _Stored(fingerprint, status, json.loads(body) if isinstance(body, str) else body)


def _store(player: Player, key: str, fingerprint: str, status: int, body: Any) -> None:
    """Store the first response under ``key``, as ``IdempotentResponse.objects.create`` would
    (``created_at`` now; the body as JSON), by a fixed statement."""
    insert = _insert_statement(connection.vendor)
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    with connection.cursor() as cursor:
        cursor.execute(insert, [player.pk, key, fingerprint, status, json.dumps(body), now])


@functools.cache
def _one_message(vendor: str) -> bool:
    """Whether the database takes several statements in one execute: PostgreSQL does with
    psycopg's client-side binding, not with its server-side binding (the extended protocol),
    nor does SQLite."""
    options = connection.settings_dict.get("OPTIONS", {})
    return vendor == "postgresql" and not options.get("server_side_binding", False)


@functools.cache
def _insert_statement(vendor: str) -> str:
    """The store, built once per database kind (``vendor``: quoting, and PostgreSQL's body is
    jsonb, which the JSON text is cast to): the ORM would compile it anew for every command."""
    quote = connection.ops.quote_name
    names = ("player", "key", "request_fingerprint", "status_code", "body", "created_at")
    columns = ", ".join(quote(column_of(IdempotentResponse, name)) for name in names)
    body = "%s::jsonb" if vendor == "postgresql" else "%s"
    return (
        f"INSERT INTO {quote(IdempotentResponse._meta.db_table)} ({columns})"
        f" VALUES (%s, %s, %s, %s, {body}, %s)"
    )


@functools.cache
def _statements(vendor: str) -> tuple[str, str]:
    """The lock and the look-up, built once per database kind (``vendor``: quoting and locking
    differ): every keyed action runs both, and the ORM would compile them anew each time."""
    quote = connection.ops.quote_name
    lock = f"SELECT 1 FROM {quote(Player._meta.db_table)} WHERE {quote('id')} = %s"
    if connection.features.has_select_for_no_key_update:
        lock += " FOR NO KEY UPDATE"
    elif connection.features.has_select_for_update:
        lock += " FOR UPDATE"
    columns = ", ".join(
        quote(column_of(IdempotentResponse, name))
        for name in ("request_fingerprint", "status_code", "body")
    )
    look_up = (
        f"SELECT {columns} FROM {quote(IdempotentResponse._meta.db_table)}"
        f" WHERE {quote(column_of(IdempotentResponse, 'player'))} = %s"
        f" AND {quote(column_of(IdempotentResponse, 'key'))} = %s"
    )
    return lock, look_up
