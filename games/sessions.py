"""The session engine (``SESSION_ENGINE``): Django's database sessions, read by one fixed
statement that also reads the session's player.

Every request that carries a session cookie reads its session first; the ORM would compile that
same query anew each time (about a millisecond of CPU, measured with
``bench.load.profile_action``'s loop). Nearly every such request then reads the session's player
(``games.players.current_player``): the session row keeps that player's id in a column of its
own (``games.models.PlayerSession``, written from the session's data on every save), so one
statement joins the player's row to the session's, and the request pays one round trip, not two.
The row joined is as fresh as a second query would be (same statement), and is used only when
it is the player the session's signed data names.
"""

from __future__ import annotations

import functools
from typing import Any

from django.contrib.sessions.backends import db
from django.db import connections, router
from django.utils import timezone

from games.models import Player, PlayerSession
from games.players import SESSION_KEY, player_columns, player_from_row


class SessionStore(db.SessionStore):
    def __init__(self, session_key: str | None = None) -> None:
        super().__init__(session_key)
        self._player_read: Player | None = None

    @classmethod
    def get_model_class(cls) -> type[PlayerSession]:
        return PlayerSession

    def load(self) -> dict[str, Any]:
        """The session's data, and its player's row if the session row names one (kept for
        :meth:`take_player_read`)."""
        self._player_read = None
        alias = router.db_for_read(self.model)
        connection = connections[alias]
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(_statement(alias), [self.session_key, now])
            row = cursor.fetchone()
        if row is None:
            self._session_key = None  # as Django's: an unknown or expired key starts anew
            return {}
        session_data, *player = row
        if player[0] is not None:
            self._player_read = player_from_row(player)
        return self.decode(session_data)

    def take_player_read(self) -> Player | None:
        """The player row read with the session (see :meth:`load`), once: any later look-up
        reads it again, as the row may have changed since."""
        player, self._player_read = self._player_read, None
        return player

    def create_model_instance(self, data: dict[str, Any]) -> PlayerSession:
        session = super().create_model_instance(data)
        assert isinstance(session, PlayerSession)  # get_model_class's
        player_id = data.get(SESSION_KEY)
        # What the session's data names, if it is an id at all (the data is the truth: a read
        # checks the joined row against it).
        valid = isinstance(player_id, int) and not isinstance(player_id, bool)
        session.player_id = player_id if valid else None
        return session


@functools.cache
def _statement(alias: str) -> str:
    """The session's data by its key, if it has not expired, and the row of the player its
    ``player_id`` names, if any (built once per database)."""
    quote = connections[alias].ops.quote_name
    session = quote(PlayerSession._meta.db_table)
    player = quote(Player._meta.db_table)
    return (
        f"SELECT {session}.{quote('session_data')}, {player_columns(Player._meta.db_table)}"
        f" FROM {session} LEFT JOIN {player}"
        f" ON {player}.{quote('id')} = {session}.{quote('player_id')}"
        f" WHERE {session}.{quote('session_key')} = %s AND {session}.{quote('expire_date')} > %s"
    )
