"""Who is playing: a registered user's player, or the guest player of this browser session;
and the services that sign a guest up or log them in, keeping their matches."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from django.contrib import auth
from django.contrib.auth import authenticate, get_user_model, login
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import (
    MinimumLengthValidator,
    get_default_password_validators,
    validate_password,
)
from django.contrib.sessions.backends.base import SessionBase
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.models.expressions import Col
from django.http import HttpRequest

from games.errors import InvalidCredentials, InvalidUsername, UsernameTaken, WeakPassword
from games.models import HandImport, ImportedHand, Match, Player, column_of

SESSION_KEY = "cardavia_player_id"


@runtime_checkable
class PlayerReadingSession(Protocol):
    """A session store that read its player's row with its own (``games.sessions``)."""

    def take_player_read(self) -> Player | None:
        """The row of the player named by the session's data, read in the session's own
        statement, or None; handed out once, so only the first look-up after the read uses it
        and any later one reads the row again."""
        ...


def current_player(request: HttpRequest) -> Player | None:
    user = request.user
    if user.is_authenticated:  # the session is read by now (it names the user)
        read = _player_read(request)
        # A user has one player (user is one-to-one): the row read is theirs if it says so.
        if read is not None and read.user_id == user.pk:
            return read
        return _player_where("user", user.pk) or _player_for_user(user)
    player_id = request.session.get(SESSION_KEY)
    read = _player_read(request)
    if player_id is None:
        return None
    if read is not None and read.pk == player_id and read.user_id is None:
        return read
    return _player_where("guest", player_id)


def _player_read(request: HttpRequest) -> Player | None:
    """The player row read with this request's session, if its store read one."""
    session = request.session
    return session.take_player_read() if isinstance(session, PlayerReadingSession) else None


def _player_where(kind: str, key: int) -> Player | None:
    """The account's player (``kind`` "user") or the guest player ``key`` (``"guest"``): read
    on every request, by a fixed statement rather than an ORM query compiled each time."""
    statement = _player_statement(connection.vendor, kind)
    with connection.cursor() as cursor:
        cursor.execute(statement, [key])
        row = cursor.fetchone()
    return player_from_row(row) if row is not None else None


@functools.cache
def _player_statement(vendor: str, kind: str) -> str:
    """Built once per database kind (``vendor``: quoting differs)."""
    quote = connection.ops.quote_name
    user = quote(column_of(Player, "user"))
    where = f"{user} = %s" if kind == "user" else f"{quote('id')} = %s AND {user} IS NULL"
    # The first by id, as the ORM's .first() would take it (one row at most either way).
    return (
        f"SELECT {player_columns(None)} FROM {quote(Player._meta.db_table)} WHERE {where}"
        f" ORDER BY {quote('id')} LIMIT 1"
    )


def player_columns(table: str | None) -> str:
    """The player's columns, as :func:`player_from_row` takes them (each qualified by the name
    ``table`` stands for in a join)."""
    quote = connection.ops.quote_name
    prefix = f"{quote(table)}." if table else ""
    return ", ".join(
        prefix + quote(column_of(Player, field.name)) for field in Player._meta.concrete_fields
    )


def player_from_row(row: Sequence[Any]) -> Player:
    """A player from the values of :func:`player_columns`, converted as the ORM converts them
    (SQLite's datetimes are text)."""
    values = list(row)
    for index, converters, column in _player_converters(connection.vendor):
        for convert in converters:
            values[index] = convert(values[index], column, connection)
    return Player.from_db(connection.alias, _PLAYER_FIELDS, values)


_PLAYER_FIELDS = [field.attname for field in Player._meta.concrete_fields]


@functools.cache
def _player_converters(vendor: str) -> list[tuple[int, list[Any], Col]]:
    """The database's converters of each player column that has any (once per ``vendor``)."""
    found = []
    backend = connection.ops
    for index, field in enumerate(Player._meta.concrete_fields):
        column = field.get_col(Player._meta.db_table)
        converters = backend.get_db_converters(column) + column.get_db_converters(connection)
        if converters:
            found.append((index, converters, column))
    return found


#: A session's logged-in user id (as Django's auth keeps it, a string) and player id.
SessionOwner = tuple[str | None, int | None]


def session_owner(session: SessionBase) -> SessionOwner:
    """Who a session speaks for: its logged-in user's id and its player's id (None, None once
    it has ended). A live stream compares it with what it was when the stream opened."""
    return session.get(auth.SESSION_KEY), session.get(SESSION_KEY)


def ensure_player(request: HttpRequest) -> Player:
    """The current player, creating a guest for this browser session if there is none yet."""
    player = current_player(request)
    if player is None:
        player = Player.objects.create()
        request.session[SESSION_KEY] = player.id
    return player


def _player_for_user(user: User) -> Player:
    player, _ = Player.objects.get_or_create(
        user=user, defaults={"display_name": user.get_username()}
    )
    return player


def player_for_user(user: User) -> Player:
    """The account's player, made on its first use (``manage.py import_hands``)."""
    return _player_for_user(user)


def adopt_guest(request: HttpRequest, guest: Player | None, user: User) -> Player:
    """After sign-up or log-in, the guest's matches become the account's, on every device."""
    with transaction.atomic():
        player = Player.objects.filter(user=user).first()
        if player is None and guest is not None and guest.user_id is None:
            guest.user = user
            guest.display_name = user.get_username()
            guest.save(update_fields=["user", "display_name"])
            player = guest
        elif player is None:
            player = _player_for_user(user)
        elif guest is not None and guest.pk != player.pk and guest.user_id is None:
            Match.objects.filter(owner=guest, origin=Match.Origin.PLAYED).update(owner=player)
            adopt_imports(guest, player)
    request.session[SESSION_KEY] = player.id
    return player


def adopt_imports(guest: Player, player: Player) -> None:
    """The guest's imports and imported hands become the account's — but a hand the account
    imported already, which stays the guest's (a hand is imported once per player)."""
    HandImport.objects.filter(owner=guest).update(owner=player)
    taken = set(
        ImportedHand.objects.filter(owner=player).values_list(
            "room", "source_hand_id", "fingerprint"
        )
    )
    ids = {(room, hand_id) for room, hand_id, _ in taken if hand_id}
    prints = {fingerprint for _, hand_id, fingerprint in taken if not hand_id}
    moving = [
        match_id
        for match_id, room, hand_id, fingerprint in ImportedHand.objects.filter(
            owner=guest
        ).values_list("match_id", "room", "source_hand_id", "fingerprint")
        if ((room, hand_id) not in ids if hand_id else fingerprint not in prints)
    ]
    ImportedHand.objects.filter(match_id__in=moving).update(owner=player)
    Match.objects.filter(pk__in=moving).update(owner=player)


def minimum_password_length() -> int:
    """The shortest password the configured validators accept (1 when none sets a minimum)."""
    lengths = [
        validator.min_length
        for validator in get_default_password_validators()
        if isinstance(validator, MinimumLengthValidator)
    ]
    return max(lengths, default=1)


def user_sign_up(*, request: HttpRequest, username: str, password: str) -> Player:
    """A new account, logged in on this session, keeping the guest's matches."""
    users = get_user_model()
    # The name as it will be stored (NFKC), checked by the model's own validators.
    username = users.normalize_username(username)
    field = users._meta.get_field("username")
    try:
        field.run_validators(username)
    except ValidationError:
        assert field.max_length is not None  # a username's column has a length
        raise InvalidUsername(maximum=field.max_length) from None
    if users.objects.filter(username__iexact=username).exists():
        raise UsernameTaken(username)
    try:
        # With the would-be user, so a password like the username is refused too.
        validate_password(password, user=users(username=username))
    except ValidationError as weak:
        # Django's validator codes ("password_too_short", ...): clients translate each.
        problems = [str(error.code) for error in weak.error_list]
        raise WeakPassword(problems, min_length=minimum_password_length()) from None
    guest = current_player(request)
    try:
        with transaction.atomic():
            user = users.objects.create_user(username=username, password=password)
            login(request, user)
            return adopt_guest(request, guest, user)
    except IntegrityError:  # taken by a concurrent sign-up since the check above
        raise UsernameTaken(username) from None


def user_log_in(*, request: HttpRequest, username: str, password: str) -> Player:
    """Log in on this session; the guest's matches become the account's."""
    user = authenticate(request, username=username, password=password)
    if user is None:
        raise InvalidCredentials()
    guest = current_player(request)
    login(request, user)
    return adopt_guest(request, guest, user)
