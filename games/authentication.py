"""DRF authentication for players: session cookies, CSRF enforced for guests and users alike."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import CsrfViewMiddleware
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request

from games.players import current_player


class _CSRFCheck(CsrfViewMiddleware):
    def _reject(self, request: Any, reason: str) -> str:
        return reason


def _no_view(request: HttpRequest) -> HttpResponse:
    """What the CSRF check is handed as the next step and as the view (it looks for
    ``csrf_exempt`` on it): outside Django's middleware chain there is neither, and it calls
    neither."""
    raise AssertionError("the CSRF check calls no view")


class PlayerSessionAuthentication(BaseAuthentication):
    """``request.auth`` is the current :class:`~games.models.Player`, or None before the first
    unsafe request creates a guest. Unlike DRF's SessionAuthentication, CSRF is checked for
    anonymous guests too: a guest's chips deserve the same protection as an account's."""

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        django_request = request._request
        if request.method not in SAFE_METHODS:
            self._enforce_csrf(django_request)
        player = current_player(django_request)
        if player is None:
            return None
        return (django_request.user, player)

    def _enforce_csrf(self, django_request: HttpRequest) -> None:
        check = _CSRFCheck(_no_view)
        check.process_request(django_request)
        reason = check.process_view(django_request, _no_view, (), {})
        if reason:
            raise exceptions.PermissionDenied(f"CSRF Failed: {reason}")

    def authenticate_header(self, request: Request) -> str:
        return "Session"


class PlayerSessionScheme(OpenApiAuthenticationExtension):
    """The OpenAPI schema's name for a player's session: the session cookie (guests included)."""

    target_class = PlayerSessionAuthentication
    name = "playerSession"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "apiKey", "in": "cookie", "name": settings.SESSION_COOKIE_NAME}
