"""A match's event feed, filtered for its owner: read (``events/``) or pushed (``stream/``)."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.handlers.asgi import ASGIRequest
from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.negotiation import BaseContentNegotiation, DefaultContentNegotiation
from rest_framework.parsers import BaseParser
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors, streams
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


class _ErrorsInJson(BaseContentNegotiation):
    """A stream's refusals are JSON, as every other refusal, whatever the ``Accept`` header (an
    ``EventSource`` asks for ``text/event-stream``); the stream itself is not rendered."""

    def select_parser(self, request: Request, parsers: Iterable[BaseParser]) -> BaseParser | None:
        return DefaultContentNegotiation().select_parser(request, parsers)

    def select_renderer(
        self, request: Request, renderers: Iterable[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        first = next(iter(renderers))
        return first, first.media_type


class MatchStreamView(APIView):
    renderer_classes = [JSONRenderer]
    content_negotiation_class = _ErrorsInJson

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "after", int, description="Start after this seq (Last-Event-ID wins over it)."
            ),
            OpenApiParameter(
                "Last-Event-ID",
                int,
                OpenApiParameter.HEADER,
                required=False,
                description="The last seq received: a reconnecting EventSource sends it, and "
                "the stream resumes after it with nothing lost or repeated.",
            ),
        ],
        responses={
            (200, "text/event-stream"): OpenApiResponse(
                OpenApiTypes.STR,
                description="Server-sent events, as long as the session lasts: each of the "
                "feed's events as `data:` (the JSON of one item of the feed's `events`) with "
                "its seq as `id:`; `event: match` with `{seq, status, awaiting_ai}` when they "
                "change (and first); `event: view` with the match body (as "
                "`GET /api/matches/{id}/`) whenever the match waits on its human or is over; "
                "a `: heartbeat` comment every 15 s. It ends when the session logs out.",
            ),
            **schemas.REFUSALS,
        },
    )
    def get(self, request: Request, match_id: str) -> StreamingHttpResponse:
        player = match_owner(request)
        match = selectors.match_get(match_id=match_id, player=player)
        resume = request.headers.get("Last-Event-ID") or request.query_params.get("after", "0")
        after = serializers.IntegerField(min_value=0).run_validation(resume)
        cursor = streams.Cursor.open(request._request, match, player, after)
        return streams.response(cursor, asynchronous=isinstance(request._request, ASGIRequest))
