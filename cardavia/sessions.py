"""The session engine (``SESSION_ENGINE``): Django's database sessions, read by one fixed
statement. Every request that carries a session cookie reads its session first; the ORM would
compile that same query anew each time (about a millisecond of CPU, measured with
``bench.load.profile_action``'s loop)."""

from __future__ import annotations

import functools

from django.contrib.sessions.backends import db
from django.contrib.sessions.base_session import AbstractBaseSession
from django.db import connections, router
from django.utils import timezone


class SessionStore(db.SessionStore):
    def _get_session_from_db(self) -> AbstractBaseSession | None:
        alias = router.db_for_read(self.model)
        connection = connections[alias]
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        found = list(
            self.model.objects.using(alias).raw(
                _statement(alias, self.model._meta.db_table), [self.session_key, now]
            )
        )
        if not found:
            self._session_key = None  # as Django's: an unknown or expired key starts anew
            return None
        return found[0]


@functools.cache
def _statement(alias: str, table: str) -> str:
    """The session's row by its key, if it has not expired (built once per database)."""
    quote = connections[alias].ops.quote_name
    return (
        f"SELECT {quote('session_key')}, {quote('session_data')}, {quote('expire_date')}"
        f" FROM {quote(table)}"
        f" WHERE {quote('session_key')} = %s AND {quote('expire_date')} > %s"
    )
