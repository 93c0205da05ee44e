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
        IdempotentResponse.objects.create(
            player=player,
            key=key,
            request_fingerprint=fingerprint,
            status_code=status,
            body=body,
        )
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
    racing retry would miss the response its twin just stored and run the command again."""
    lock, look_up = _statements(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(lock, [player.pk])
        cursor.execute(look_up, [player.pk, key])
        row = cursor.fetchone()
    if row is None:
        return None
    fingerprint, status, body = row
    # As the JSON field reads it: text on PostgreSQL (Django loads jsonb as text) and SQLite.
    return _Stored(fingerprint, status, json.loads(body) if isinstance(body, str) else body)


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
