"""The REST API (thin DRF views): input serializers in, services and selectors, JSON out.

A player sees and acts only in their own matches; anyone else's match answers 404. Responses
carry only what the player's seat may see (``view`` and the filtered event feed).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.contrib.auth import authenticate, get_user_model, login, logout
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.middleware.csrf import get_token
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bots import registry
from games import selectors, services
from games.engine.betting import ACTION_KINDS
from games.engine.events import from_record
from games.errors import (
    ApplicationError,
    HandInProgress,
    HandNotFound,
    IdempotencyKeyReused,
    MatchNotFound,
)
from games.models import HandSummary, IdempotentResponse, Match, Player
from games.players import adopt_guest, current_player, ensure_player
from games.rulesets import RULESETS, ruleset_for

IDEMPOTENCY_HEADER = "Idempotency-Key"
LEVELS = ("easy", "medium", "hard")


def _player(request: Request) -> Player | None:
    auth = request.auth
    return auth if isinstance(auth, Player) else None


def _match_body(match: Match, state: Any) -> dict[str, Any]:
    rules = ruleset_for(match.game)
    return {
        "id": str(match.id),
        "game": match.game,
        "level": match.level,
        "status": match.status,
        "watching": match.watching,
        "seq": match.seq,
        "players": _players(match),
        "view": rules.view(state, rules.human_seat),
    }


def _players(match: Match) -> list[dict[str, Any]]:
    """Who sits where: the human, and each AI seat's name, level and playing style."""
    human = {"name": None, "level": "human", "style": None, "style_label": None}
    return [
        persona or {"seat": seat, **human}
        for seat, persona in enumerate(registry.seat_personas(match.seats, match.game))
    ]


def _appended_body(appended: services.Appended) -> dict[str, Any]:
    match = appended.match
    rules = ruleset_for(match.game)
    events = [
        {"seq": seq, **rules.visible_record(item, rules.human_seat)}
        for seq, item in appended.events
    ]
    return {**_match_body(match, appended.state), "events": events}


class _Expected(serializers.Serializer):
    expected_seq = serializers.IntegerField(required=False, min_value=0)


def _idempotent(request: Request, player: Player, run: Any) -> Response:
    """Run ``run() -> (status, body)`` once per ``Idempotency-Key``: a repeat of the same request
    gets the stored response back and runs nothing; the same key on another request is refused.

    Keyed requests of one player are serialised on the player's row, so two concurrent requests
    with one key can never both run.
    """
    key = request.headers.get(IDEMPOTENCY_HEADER, "").strip()
    if len(key) > 128:
        raise ApplicationError(
            "invalid_idempotency_key", "An Idempotency-Key has at most 128 characters."
        )
    fingerprint = hashlib.sha256(
        f"{request.path}|{json.dumps(request.data, sort_keys=True, default=str)}".encode()
    ).hexdigest()
    with transaction.atomic():
        if key:
            Player.objects.select_for_update().filter(pk=player.pk).exists()
            stored = IdempotentResponse.objects.filter(player=player, key=key).first()
            if stored is not None:
                if stored.request_fingerprint != fingerprint:
                    raise IdempotencyKeyReused(key)
                return Response(
                    stored.body,
                    status=stored.status_code,
                    headers={"Idempotent-Replayed": "true"},
                )
        status_code, body = run()
        if key:
            IdempotentResponse.objects.create(
                player=player,
                key=key,
                request_fingerprint=fingerprint,
                status_code=status_code,
                body=body,
            )
    return Response(body, status=status_code)


def _idempotent_command(request: Request, match_id: Any, run: Any) -> Response:
    """A command on one of the player's matches, row-locked for the transaction."""
    player = _player(request)
    if player is None:
        raise MatchNotFound()

    def locked_run() -> tuple[int, dict[str, Any]]:
        match = services.lock_match(match_id=match_id, player=player)
        return 200, _appended_body(run(match))

    return _idempotent(request, player, locked_run)


# --- session and accounts ------------------------------------------------------------------


class SessionView(APIView):
    """Who is playing, and the CSRF token the client sends back on unsafe requests."""

    @extend_schema(responses={200: dict})
    def get(self, request: Request) -> Response:
        player = _player(request)
        return Response(
            {
                "player": None
                if player is None
                else {"id": player.id, "name": player.display_name, "guest": player.is_guest},
                "user": request.user.get_username() if request.user.is_authenticated else None,
                "csrf_token": get_token(request._request),
            }
        )


class _Credentials(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, style={"input_type": "password"})


class SignUpView(APIView):
    @extend_schema(request=_Credentials, responses={201: dict})
    def post(self, request: Request) -> Response:
        data = _Credentials(data=request.data)
        data.is_valid(raise_exception=True)
        users = get_user_model()
        # The name as it will be stored (NFKC), checked by the model's own validators.
        username = users.normalize_username(data.validated_data["username"])
        try:
            users._meta.get_field("username").run_validators(username)
        except ValidationError as invalid:
            raise ApplicationError("invalid_username", " ".join(invalid.messages)) from None
        if users.objects.filter(username__iexact=username).exists():
            raise ApplicationError("username_taken", "That username is taken.", username=username)
        try:
            # With the would-be user, so a password like the username is refused too.
            validate_password(data.validated_data["password"], user=users(username=username))
        except ValidationError as weak:
            raise ApplicationError("weak_password", " ".join(weak.messages)) from None
        guest = current_player(request._request)
        try:
            with transaction.atomic():
                user = users.objects.create_user(
                    username=username, password=data.validated_data["password"]
                )
                login(request._request, user)
                player = adopt_guest(request._request, guest, user)
        except IntegrityError:  # taken by a concurrent sign-up since the check above
            raise ApplicationError(
                "username_taken", "That username is taken.", username=username
            ) from None
        return Response(
            {
                "player": {"id": player.id, "name": player.display_name, "guest": False},
                "user": username,
            },
            status=201,
        )


class LogInView(APIView):
    @extend_schema(request=_Credentials, responses={200: dict})
    def post(self, request: Request) -> Response:
        data = _Credentials(data=request.data)
        data.is_valid(raise_exception=True)
        user = authenticate(request._request, **data.validated_data)
        if user is None:
            raise ApplicationError("invalid_credentials", "Wrong username or password.")
        guest = current_player(request._request)
        login(request._request, user)
        player = adopt_guest(request._request, guest, user)
        return Response(
            {
                "player": {"id": player.id, "name": player.display_name, "guest": False},
                "user": user.get_username(),
            }
        )


class LogOutView(APIView):
    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request) -> Response:
        logout(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


# --- matches -------------------------------------------------------------------------------


class _NewMatch(serializers.Serializer):
    game = serializers.ChoiceField(choices=sorted(RULESETS), default="holdem")
    level = serializers.ChoiceField(choices=LEVELS, default="medium")


class MatchListView(APIView):
    @extend_schema(operation_id="matches_list", responses={200: dict})
    def get(self, request: Request) -> Response:
        player = _player(request)
        matches = Match.objects.filter(owner=player) if player else Match.objects.none()
        return Response(
            {
                "matches": [
                    {
                        "id": str(match.id),
                        "game": match.game,
                        "level": match.level,
                        "status": match.status,
                        "seq": match.seq,
                        "created_at": match.created_at.isoformat(),
                        "updated_at": match.updated_at.isoformat(),
                    }
                    for match in matches[:200]
                ]
            }
        )

    @extend_schema(
        request=_NewMatch,
        responses={201: dict},
        parameters=[
            OpenApiParameter(IDEMPOTENCY_HEADER, str, OpenApiParameter.HEADER, required=False)
        ],
    )
    def post(self, request: Request) -> Response:
        data = _NewMatch(data=request.data)
        data.is_valid(raise_exception=True)
        player = ensure_player(request._request)

        def start() -> tuple[int, dict[str, Any]]:
            appended = services.match_start(player=player, **data.validated_data)
            return status.HTTP_201_CREATED, _match_body(appended.match, appended.state)

        return _idempotent(request, player, start)


class MatchDetailView(APIView):
    @extend_schema(responses={200: dict})
    def get(self, request: Request, match_id: str) -> Response:
        match = selectors.match_for_player(match_id=match_id, player=_player(request))
        return Response(_match_body(match, selectors.match_state(match)))


class _Action(_Expected):
    action = serializers.ChoiceField(choices=(*ACTION_KINDS, "lock"))
    amount = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=10**9)
    card = serializers.CharField(required=False, allow_null=True, max_length=8)


class MatchActionView(APIView):
    @extend_schema(
        request=_Action,
        responses={200: dict},
        parameters=[
            OpenApiParameter(IDEMPOTENCY_HEADER, str, OpenApiParameter.HEADER, required=False)
        ],
    )
    def post(self, request: Request, match_id: str) -> Response:
        data = _Action(data=request.data)
        data.is_valid(raise_exception=True)
        if _player(request) is None:
            raise MatchNotFound()
        values = data.validated_data
        return _idempotent_command(
            request,
            match_id,
            lambda match: services.match_act(
                match=match,
                kind=values["action"],
                amount=values.get("amount"),
                card=values.get("card"),
                expected_seq=values.get("expected_seq"),
            ),
        )


class MatchRestartView(APIView):
    @extend_schema(request=_Expected, responses={200: dict})
    def post(self, request: Request, match_id: str) -> Response:
        data = _Expected(data=request.data)
        data.is_valid(raise_exception=True)
        expected = data.validated_data.get("expected_seq")
        return _idempotent_command(
            request,
            match_id,
            lambda match: services.match_restart(match=match, expected_seq=expected),
        )


class MatchWatchView(APIView):
    @extend_schema(request=_Expected, responses={200: dict})
    def post(self, request: Request, match_id: str) -> Response:
        data = _Expected(data=request.data)
        data.is_valid(raise_exception=True)
        expected = data.validated_data.get("expected_seq")
        return _idempotent_command(
            request,
            match_id,
            lambda match: services.match_watch(match=match, expected_seq=expected),
        )


class MatchEventsView(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("after", int, description="Only events with a greater seq.")],
        responses={200: dict},
    )
    def get(self, request: Request, match_id: str) -> Response:
        match = selectors.match_for_player(match_id=match_id, player=_player(request))
        after = serializers.IntegerField(min_value=0).run_validation(
            request.query_params.get("after", 0)
        )
        rules = ruleset_for(match.game)
        events = selectors.visible_feed(match, viewer=rules.human_seat, after=after)
        # Events committed after ``match`` was read are included: report the last one's seq, so
        # that reading on from ``seq`` never returns an event twice.
        seq = max([match.seq, *(item["seq"] for item in events)])
        return Response({"seq": seq, "events": events})


class MatchHandsView(APIView):
    @extend_schema(operation_id="matches_hands_list", responses={200: dict})
    def get(self, request: Request, match_id: str) -> Response:
        match = selectors.match_for_player(match_id=match_id, player=_player(request))
        hands = HandSummary.objects.filter(match=match).order_by("hand_number")
        return Response(
            {
                "hands": [
                    {
                        "hand_number": hand.hand_number,
                        "segment": hand.segment,
                        "button": hand.button,
                        "board": hand.board,
                        "pot_total": hand.pot_total,
                        "winners": hand.winners,
                        "showdown": hand.showdown,
                        "finished": hand.finished,
                        "abandoned": hand.abandoned,
                        "first_seq": hand.first_seq,
                        "last_seq": hand.last_seq,
                    }
                    for hand in hands
                ]
            }
        )


class HandReplayView(APIView):
    """A finished hand's events in order, with what the rules revealed by its end: hands shown
    at showdown, the shuffle commitment and the revealed seed (so the deck can be verified)."""

    @extend_schema(responses={200: dict})
    def get(self, request: Request, match_id: str, hand_number: int) -> Response:
        match = selectors.match_for_player(match_id=match_id, player=_player(request))
        rules = ruleset_for(match.game)
        rows = selectors.hand_events(match, hand_number)
        if not rows:
            raise HandNotFound(hand_number)
        closing = [row for row in rows if row.type in rules.hand_closing_types]
        if not closing:
            raise HandInProgress(hand_number)
        events = [
            {
                "seq": row.seq,
                **rules.visible_record(
                    from_record(row.type, row.version, row.payload), rules.human_seat
                ),
            }
            for row in rows
        ]
        body: dict[str, Any] = {"hand_number": hand_number, "events": events}
        if match.game == "holdem":
            body["commitment"] = rows[0].payload.get("commitment")
            body["seed"] = closing[0].payload.get("seed")
        else:
            # An Up & Down shoe serves many deals: its seed is revealed once no card of it can
            # still be hidden (games/engine/updown/__init__.py), so list every shoe's proof.
            body["shuffles"] = selectors.shuffle_proofs(match)
        return Response(body)


class NotFoundView(APIView):
    """Any /api/ address no route matches: a JSON 404 like every other refusal."""

    schema = None

    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        raise exceptions.NotFound("No API endpoint at this address.")

    post = put = patch = delete = get
