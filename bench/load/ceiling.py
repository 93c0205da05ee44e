"""The ceiling: the least a command can do on this stack — lock one row, append one event.

A bare DRF endpoint under :mod:`bench.load.ceiling_settings` only (its own gunicorn, its own
database): no session, no CSRF, no throttle, no game. ``POST /ceiling/`` makes a row to lock and
``POST /ceiling/<id>/`` locks it (``SELECT ... FOR UPDATE``), inserts the next event and bumps its
``seq`` in one transaction, as every product command does around its game logic.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.urls import path
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.models import Event, Match, Player

EVENT_TYPE = "CeilingAppended"


class _Bare(APIView):
    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    throttle_classes: list[Any] = []


class RowCreate(_Bare):
    def post(self, request: Request) -> Response:
        match = Match.objects.create(owner=Player.objects.create(), game="holdem", seats=[])
        return Response({"id": str(match.id)}, status=201)


class RowAppend(_Bare):
    def post(self, request: Request, match_id: str) -> Response:
        with transaction.atomic():
            match = Match.objects.select_for_update().get(pk=match_id)
            match.seq += 1
            Event.objects.create(
                match=match, seq=match.seq, type=EVENT_TYPE, version=1, payload={"n": match.seq}
            )
            match.save(update_fields=["seq", "updated_at"])
        return Response({"seq": match.seq})


urlpatterns = [
    path("ceiling/", RowCreate.as_view()),
    path("ceiling/<uuid:match_id>/", RowAppend.as_view()),
]
