"""Safe retries: a request sent with an ``Idempotency-Key`` runs once, and its repeats get the
first response back.

The first response is stored with a fingerprint of the request (its path and body) in the same
transaction as the command it answers, so either both are kept or neither: a retry after a
failure runs the command again; a retry after a success gets the stored response and appends
nothing. Keyed requests of one player are serialised on the player's row, so two concurrent
requests with one key can never both run. The same key sent with another request is refused.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction

from games.errors import IdempotencyKeyReused, InvalidIdempotencyKey
from games.models import IdempotentResponse, Player

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
    """Lock the player's row and read the response stored under ``key``, if any.

    NO KEY UPDATE: serializes this player's keyed commands, yet lets another transaction's
    deferred foreign-key check on the player row (FOR KEY SHARE at COMMIT, e.g. an AI turn
    writing a stats line while it holds the match) go through instead of deadlocking. On
    PostgreSQL the lock and the look-up are one round trip (every keyed command pays it)."""
    if connection.vendor != "postgresql":
        Player.objects.select_for_update(no_key=True).filter(pk=player.pk).exists()
        row = IdempotentResponse.objects.filter(player=player, key=key).first()
        if row is None:
            return None
        return _Stored(row.request_fingerprint, row.status_code, row.body)
    responses = IdempotentResponse._meta.db_table
    players = Player._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f'SELECT r.request_fingerprint, r.status_code, r.body FROM "{players}" p '
            f'LEFT JOIN "{responses}" r ON r.player_id = p.id AND r.key = %s '
            "WHERE p.id = %s FOR NO KEY UPDATE OF p",
            [key, player.pk],
        )
        found = cursor.fetchone()
    if found is None or found[0] is None:
        return None
    fingerprint, status, body = found
    # Django reads jsonb as text (its JSONField decodes it): so does this raw read.
    return _Stored(fingerprint, int(status), json.loads(body) if isinstance(body, str) else body)
