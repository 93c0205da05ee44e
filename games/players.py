"""Who is playing: a registered user's player, or the guest player of this browser session."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.http import HttpRequest

from games.models import Match, Player

SESSION_KEY = "cardavia_player_id"


def current_player(request: HttpRequest) -> Player | None:
    user = request.user
    if user.is_authenticated:
        return Player.objects.filter(user=user).first() or _player_for_user(user)
    player_id = request.session.get(SESSION_KEY)
    if player_id is None:
        return None
    return Player.objects.filter(id=player_id, user__isnull=True).first()


def ensure_player(request: HttpRequest) -> Player:
    """The current player, creating a guest for this browser session if there is none yet."""
    player = current_player(request)
    if player is None:
        player = Player.objects.create()
        request.session[SESSION_KEY] = player.id
    return player


def _player_for_user(user: AbstractBaseUser) -> Player:
    player, _ = Player.objects.get_or_create(
        user=user, defaults={"display_name": user.get_username()}
    )
    return player


def adopt_guest(request: HttpRequest, guest: Player | None, user: AbstractBaseUser) -> Player:
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
            Match.objects.filter(owner=guest).update(owner=player)
    request.session[SESSION_KEY] = player.id
    return player
