"""The hands (or deals) of a match, and a finished hand's replay."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors
from games.api import schemas
from games.api.common import match_owner


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
        return Response(selectors.hand_replay(match, hand_number))
