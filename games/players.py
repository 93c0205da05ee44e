"""Who is playing: a registered user's player, or the guest player of this browser session;
and the services that sign a guest up or log them in, keeping their matches."""

from __future__ import annotations

import functools

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
from django.http import HttpRequest

from games.errors import InvalidCredentials, InvalidUsername, UsernameTaken, WeakPassword
from games.models import HandImport, ImportedHand, Match, Player, column_of

SESSION_KEY = "cardavia_player_id"


def current_player(request: HttpRequest) -> Player | None:
    user = request.user
    if user.is_authenticated:
        return _player_where("user", user.pk) or _player_for_user(user)
    player_id = request.session.get(SESSION_KEY)
    if player_id is None:
        return None
    return _player_where("guest", player_id)


def _player_where(kind: str, key: object) -> Player | None:
    """The account's player (``kind`` "user") or the guest player ``key`` (``"guest"``): read
    on every request, by a fixed statement rather than an ORM query compiled each time."""
    found = list(Player.objects.raw(_player_statement(connection.vendor, kind), [key]))
    return found[0] if found else None


@functools.cache
def _player_statement(vendor: str, kind: str) -> str:
    """Built once per database kind (``vendor``: quoting differs)."""
    quote = connection.ops.quote_name
    columns = ", ".join(
        quote(column_of(Player, field.name)) for field in Player._meta.concrete_fields
    )
    user = quote(column_of(Player, "user"))
    where = f"{user} = %s" if kind == "user" else f"{quote('id')} = %s AND {user} IS NULL"
    # The first by id, as the ORM's .first() would take it (one row at most either way).
    return (
        f"SELECT {columns} FROM {quote(Player._meta.db_table)} WHERE {where}"
        f" ORDER BY {quote('id')} LIMIT 1"
    )


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
