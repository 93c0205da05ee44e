"""What every resource's views share: who is asking, and running a command idempotently."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from games import idempotency
from games.errors import MatchNotFound
from games.models import Player

IDEMPOTENCY_PARAMETER = OpenApiParameter(
    idempotency.HEADER,
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="Makes a command safe to retry: a repeat returns the first response and "
    "appends nothing (at most 128 characters).",
)


class WholeNumber(serializers.IntegerField):
    """A JSON integer, nothing else: DRF's IntegerField also takes ``"40"`` and ``40.0``, which
    no client of this API sends by design (a string or a float amount is a bug to report)."""

    default_error_messages = {"not_an_integer": "A whole number, not {kind}."}

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("not_an_integer", kind=type(data).__name__)
        return super().to_internal_value(data)


class Text(serializers.CharField):
    """A JSON string, nothing else: DRF's CharField also takes a number and makes it text, so
    ``{"username": 28623}`` would sign up "28623" (found by Schemathesis)."""

    default_error_messages = {"not_a_string": "A string, not {kind}."}

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("not_a_string", kind=type(data).__name__)
        return super().to_internal_value(data)


class Flag(serializers.BooleanField):
    """A JSON boolean, nothing else: DRF's BooleanField also takes ``"yes"``, ``1`` and ``"on"``."""

    default_error_messages = {"not_a_boolean": "true or false, not {kind}."}

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("not_a_boolean", kind=type(data).__name__)
        return data


def requester(request: Request) -> Player | None:
    """The player making the request (set by ``PlayerSessionAuthentication``), if any yet."""
    auth = request.auth
    return auth if isinstance(auth, Player) else None


def match_owner(request: Request) -> Player:
    """The player whose match a request names: with no player yet, there is no such match."""
    player = requester(request)
    if player is None:
        raise MatchNotFound()
    return player


def idempotent_response(request: Request, player: Player, run: idempotency.Command) -> Response:
    """``run() -> (status, body)`` once per ``Idempotency-Key`` (see :mod:`games.idempotency`)."""
    outcome = idempotency.idempotent_run(
        player=player,
        key=request.headers.get(idempotency.HEADER, ""),
        fingerprint=idempotency.request_fingerprint(request.path, request.data),
        run=run,
    )
    headers: dict[str, Any] = {"Idempotent-Replayed": "true"} if outcome.replayed else {}
    return Response(outcome.body, status=outcome.status, headers=headers)
