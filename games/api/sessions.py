"""Who is playing, and accounts: sign up, log in, log out, and the account's language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth import logout
from django.middleware.csrf import get_token
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import hooks, streams
from games.api import schemas
from games.api.common import Text, requester
from games.errors import LanguageUnavailable
from games.models import Player
from games.players import user_log_in, user_sign_up

# --- the account's language: kept by the app connected to games.hooks (cardavia.i18n) ------


def _account_language(user: Any) -> str | None:
    provider = hooks.account_languages()
    if provider is None or not user.is_authenticated:
        return None
    return provider.read(user)


def _choose_language(user: Any, code: str) -> str:
    provider = hooks.account_languages()
    if provider is None:
        raise LanguageUnavailable(code)  # nothing keeps languages: none is offered
    return provider.choose(user, code)


def _keep_language_if_none(user: Any, code: str | None) -> None:
    provider = hooks.account_languages()
    if provider is not None and code:
        provider.keep_if_none(user, code)


def _player_body(player: Player) -> dict[str, object]:
    return {"id": player.id, "name": player.display_name, "guest": player.is_guest}


class SessionView(APIView):
    """Who is playing, and the CSRF token the client sends back on unsafe requests."""

    @extend_schema(responses={200: schemas.Session})
    def get(self, request: Request) -> Response:
        player = requester(request)
        return Response(
            {
                "player": None if player is None else _player_body(player),
                "user": request.user.get_username() if request.user.is_authenticated else None,
                "language": _account_language(request.user),
                "csrf_token": get_token(request._request),
            }
        )


class _Credentials(schemas.ObjectSerializer):
    username = Text(max_length=150)
    password = Text(max_length=128, style={"input_type": "password"})
    # The language the browser shows the page in: kept on the account if it has none yet.
    language = Text(max_length=35, required=False)


def _log_in_with(request: Request, data: dict[str, str], log_in: Callable[..., Player]) -> Player:
    """Sign up or log in (``log_in``), then keep the browser's language if the account has none."""
    language = data.pop("language", None)
    player = log_in(request=request._request, **data)
    _keep_language_if_none(request._request.user, language)
    return player


class _LanguageChoice(schemas.ObjectSerializer):
    language = Text(max_length=35)


class AccountLanguageView(APIView):
    """The signed-in account's language, chosen in the picker and kept for every device."""

    @extend_schema(
        request=_LanguageChoice,
        responses={200: schemas.AccountLanguage, 401: schemas.ErrorBody, **schemas.REFUSALS},
    )
    def post(self, request: Request) -> Response:
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        data = _LanguageChoice(data=request.data)
        data.is_valid(raise_exception=True)
        code = _choose_language(request.user, data.validated_data["language"])
        return Response({"language": code})


class SignUpView(APIView):
    @extend_schema(request=_Credentials, responses={201: schemas.Account, **schemas.REFUSALS})
    def post(self, request: Request) -> Response:
        data = _Credentials(data=request.data)
        data.is_valid(raise_exception=True)
        player = _log_in_with(request, dict(data.validated_data), user_sign_up)
        return Response(
            {"player": _player_body(player), "user": request._request.user.get_username()},
            status=status.HTTP_201_CREATED,
        )


class LogInView(APIView):
    @extend_schema(request=_Credentials, responses={200: schemas.Account, **schemas.REFUSALS})
    def post(self, request: Request) -> Response:
        data = _Credentials(data=request.data)
        data.is_valid(raise_exception=True)
        player = _log_in_with(request, dict(data.validated_data), user_log_in)
        return Response(
            {"player": _player_body(player), "user": request._request.user.get_username()}
        )


class LogOutView(APIView):
    @extend_schema(request=None, responses={204: None, **schemas.REFUSALS})
    def post(self, request: Request) -> Response:
        player = requester(request)
        logout(request._request)
        if player is not None:
            streams.player_left(player.pk)  # its open streams end
        return Response(status=status.HTTP_204_NO_CONTENT)
