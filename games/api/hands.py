"""The hands (or deals) of a match, and a finished hand's replay."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.http import HttpResponse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import exports, hooks, imports, selectors
from games.api import schemas
from games.api.common import match_owner
from games.errors import AnalysisUnavailable, HandNotFinished, HandNotFound
from games.models import HandAnalysis, HandSummary
from games.registry import game_for


class MatchHandsView(APIView):
    @extend_schema(
        operation_id="matches_hands_list",
        responses={200: schemas.HandList, **schemas.REFUSALS},
    )
    def get(self, request: Request, match_id: str) -> Response:
        match = selectors.match_get(match_id=match_id, player=match_owner(request))
        return Response({"hands": selectors.match_hands(match)})


class HandReplayView(APIView):
    """A finished hand's events in order, with what the rules revealed by its end: hands shown
    at showdown, the shuffle commitment and the revealed seed (so the deck can be verified)."""

    @extend_schema(responses={200: schemas.Replay, **schemas.REFUSALS})
    def get(self, request: Request, match_id: str, hand_number: int) -> Response:
        match = selectors.match_get(match_id=match_id, player=match_owner(request))
        if match.origin == match.Origin.IMPORTED:
            return Response(imports.imported_replay(match, hand_number))
        return Response(selectors.hand_replay(match, hand_number))


FORMAT_PARAMETER = OpenApiParameter(
    "format",
    str,
    required=True,
    enum=["phh", "pokerstars", "ud"],
    description="Hold'em: phh or pokerstars; Up & Down: ud (the deal-history format).",
)
_FILE = OpenApiResponse(
    OpenApiTypes.BINARY, description="The hand history, as an attachment (Content-Disposition)."
)
# PHH and deal histories are TOML, PokerStars text is text, a match of Up & Down deals a zip.
ATTACHMENTS: dict[Any, Any] = {
    (200, media): _FILE for media in ("application/toml", "text/plain", "application/zip")
}


class FormatIsTheExport(BaseContentNegotiation):
    """``?format=`` names the file to export, not a renderer (DRF's URL format override):
    refusals are JSON, as everywhere in the API."""

    def select_parser(self, request: Request, parsers: Any) -> Any:
        return parsers[0] if parsers else None

    def select_renderer(
        self, request: Request, renderers: Any, format_suffix: str | None = None
    ) -> tuple[Any, str]:
        return renderers[0], renderers[0].media_type


def _attachment(export: exports.Export) -> HttpResponse:
    response = HttpResponse(export.content, content_type=export.content_type)
    response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
    return response


class HandExportView(APIView):
    """One finished hand as a hand-history file."""

    content_negotiation_class = FormatIsTheExport

    @extend_schema(
        operation_id="matches_hands_export",
        parameters=[FORMAT_PARAMETER],
        responses={**ATTACHMENTS, **schemas.REFUSALS},
    )
    def get(self, request: Request, match_id: str, hand_number: int) -> HttpResponse:
        match = selectors.match_get(match_id=match_id, player=match_owner(request))
        requested = request.query_params.get("format", "")
        return _attachment(exports.hand_export(match, hand_number, requested))


class MatchExportView(APIView):
    """Every finished hand of a match in one file (Up & Down: a zip of deal histories)."""

    content_negotiation_class = FormatIsTheExport

    @extend_schema(
        operation_id="matches_export",
        parameters=[FORMAT_PARAMETER],
        responses={**ATTACHMENTS, **schemas.REFUSALS},
    )
    def get(self, request: Request, match_id: str) -> HttpResponse:
        match = selectors.match_get(match_id=match_id, player=match_owner(request))
        return _attachment(exports.match_export(match, request.query_params.get("format", "")))


# A pending analysis whose task was lost (a worker restarted mid-way) is asked for again.
STALE_ANALYSIS = timedelta(minutes=10)


class HandAnalysisView(APIView):
    """A finished Hold'em hand's analysis: 202 while the Celery task builds it (the first
    request enqueues it), then 200 with equity by street and the hard AI's review.

    An imported hand is analysed too, from the cards its history tells
    (:mod:`bots.holdem.imported_analysis`), even when it tells none of the hero's: a 200 that
    marks each street it cannot compute (``method`` ``unknown``, with the seats whose hands are
    not told) and says why no decision is reviewed (``unreviewed``) tells the player what is
    missing and where, and still gives the equity of the hands shown at showdown; a bare 404
    would say only "no analysis", as if the hand were not Hold'em."""

    @extend_schema(
        operation_id="matches_hands_analysis",
        responses={200: schemas.Analysis, 202: schemas.AnalysisPending, **schemas.REFUSALS},
    )
    def get(self, request: Request, match_id: str, hand_number: int) -> Response:
        match = selectors.match_get(match_id=match_id, player=match_owner(request))
        if not game_for(match.game).offers_analysis:
            raise AnalysisUnavailable(hand_number)
        hand = HandSummary.objects.filter(match=match, hand_number=hand_number).first()
        if hand is None:
            raise HandNotFound(hand_number)
        if hand.abandoned:
            raise AnalysisUnavailable(hand_number)
        if not hand.finished:
            raise HandNotFinished(hand_number)
        analysis, created = HandAnalysis.objects.get_or_create(hand=hand)
        if analysis.status == HandAnalysis.Status.READY:
            return Response(analysis.body)
        if created or analysis.updated_at < timezone.now() - STALE_ANALYSIS:
            analysis.save(update_fields=["updated_at"])
            transaction.on_commit(lambda: hooks.analysis_due(str(match.id), hand_number))
        return Response({"status": "pending"}, status=202)
