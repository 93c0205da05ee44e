"""The current player's statistics across matches, per game and level."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import stats
from games.api import schemas
from games.api.common import requester


class StatsView(APIView):
    """Served from a read model the events keep up to date (one query per game)."""

    @extend_schema(
        operation_id="stats",
        parameters=[
            OpenApiParameter(
                "source",
                str,
                required=False,
                description="played (the default: hands played here), imported (every imported "
                "hand), or a room's name (e.g. pokerstars): the hands imported from it.",
            )
        ],
        responses={200: schemas.Stats, **schemas.REFUSALS},
    )
    def get(self, request: Request) -> Response:
        source = request.query_params.get("source") or stats.PLAYED
        return Response(stats.player_stats(requester(request), source[:32]))
