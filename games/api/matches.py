"""Matches: the player's list, starting one, the match body, and the commands on it.

Every command answers with the match body and the new events as the player may see them.
"""

from __future__ import annotations

from typing import Any, ClassVar

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors, services
from games.api import schemas
from games.api.common import (
    IDEMPOTENCY_PARAMETER,
    Text,
    WholeNumber,
    idempotent_response,
    match_owner,
    requester,
)
from games.players import ensure_player
from games.registry import DEFAULT_GAME, game_for

LEVELS = ("easy", "medium", "hard")
BLINDS = ("fixed", "rising")


def _command_body(appended: services.Appended) -> dict[str, Any]:
    return selectors.command_body(
        appended.match, appended.state, appended.events, appended.created_at
    )


class _Expected(schemas.ObjectSerializer):
    expected_seq = WholeNumber(
        required=False,
        min_value=0,
        help_text="The seq of the view the command was chosen from: another answers 409 "
        "stale_seq and changes nothing.",
    )


class _NewMatch(schemas.ObjectSerializer):
    game = schemas.GameName(default=DEFAULT_GAME)
    level = serializers.ChoiceField(choices=LEVELS, default="medium")
    blinds = serializers.ChoiceField(
        choices=BLINDS,
        default=BLINDS[0],
        help_text="fixed: the game's own table (Hold'em: blinds 10/20 all match); rising: a "
        "sit & go, the blinds up a level every 10 hands (Hold'em only).",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        offered = game_for(attrs["game"]).blinds_options
        if attrs["blinds"] not in offered:
            raise serializers.ValidationError(
                {"blinds": [f"{attrs['game']} offers only: {', '.join(offered)}."]}
            )
        return attrs


class MatchListView(APIView):
    @extend_schema(operation_id="matches_list", responses={200: schemas.MatchList})
    def get(self, request: Request) -> Response:
        return Response({"matches": selectors.player_matches(requester(request))})

    @extend_schema(
        request=_NewMatch,
        responses={201: schemas.CommandResult, **schemas.REFUSALS},
        parameters=[IDEMPOTENCY_PARAMETER],
    )
    def post(self, request: Request) -> Response:
        data = _NewMatch(data=request.data)
        data.is_valid(raise_exception=True)
        player = ensure_player(request._request)

        def start() -> tuple[int, dict[str, Any]]:
            appended = services.match_start(player=player, **data.validated_data)
            return status.HTTP_201_CREATED, _command_body(appended)

        return idempotent_response(request, player, start)


class MatchDetailView(APIView):
    @extend_schema(responses={200: schemas.MatchOpening, **schemas.REFUSALS})
    def get(self, request: Request, match_id: str) -> Response:
        match = selectors.match_get(match_id=match_id, player=match_owner(request), snapshot=True)
        return Response(selectors.match_opening(match))


class _Action(_Expected):
    action = serializers.ChoiceField(choices=schemas.ACTION_KINDS)
    amount = WholeNumber(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=10**9,
        help_text="For bet and raise: the total to have bet this round (raise to).",
    )
    card = Text(
        required=False,
        allow_null=True,
        max_length=8,
        help_text="For lock (Up & Down): the card to lock, one of legal_actions.lockable.",
    )


class MatchActionView(APIView):
    @extend_schema(
        request=_Action,
        responses={200: schemas.CommandResult, **schemas.REFUSALS},
        parameters=[IDEMPOTENCY_PARAMETER],
    )
    def post(self, request: Request, match_id: str) -> Response:
        data = _Action(data=request.data)
        data.is_valid(raise_exception=True)
        player = match_owner(request)
        values = data.validated_data

        def act() -> tuple[int, dict[str, Any]]:
            appended = services.match_act(
                match_id=match_id,
                player=player,
                kind=values["action"],
                amount=values.get("amount"),
                card=values.get("card"),
                expected_seq=values.get("expected_seq"),
            )
            return status.HTTP_200_OK, _command_body(appended)

        return idempotent_response(request, player, act)


# A command on the owner's match that carries nothing but ``expected_seq``: ``command`` names
# the service that runs it (called with the match, the player and that seq). A comment, not a
# docstring: drf-spectacular would publish a docstring as the operations' description.
class _SeqCommandView(APIView):
    command: ClassVar[str]

    @extend_schema(
        request=_Expected,
        responses={200: schemas.CommandResult, **schemas.REFUSALS},
        parameters=[IDEMPOTENCY_PARAMETER],
    )
    def post(self, request: Request, match_id: str) -> Response:
        data = _Expected(data=request.data)
        data.is_valid(raise_exception=True)
        player = match_owner(request)
        expected = data.validated_data.get("expected_seq")
        service = getattr(services, self.command)

        def run() -> tuple[int, dict[str, Any]]:
            appended = service(match_id=match_id, player=player, expected_seq=expected)
            return status.HTTP_200_OK, _command_body(appended)

        return idempotent_response(request, player, run)


class MatchRestartView(_SeqCommandView):
    command = "match_restart"


class MatchWatchView(_SeqCommandView):
    command = "match_watch"
