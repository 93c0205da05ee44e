"""A match's event feed, filtered for its owner."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors
from games.api import schemas
from games.api.common import match_owner


class MatchEventsView(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("after", int, description="Only events with a greater seq.")],
        responses={200: schemas.Feed, **schemas.REFUSALS},
    )
    def get(self, request: Request, match_id: str) -> Response:
        match = selectors.match_get(match_id=match_id, player=match_owner(request))
        after = serializers.IntegerField(min_value=0).run_validation(
            request.query_params.get("after", 0)
        )
        return Response(selectors.match_feed(match, after=after))
