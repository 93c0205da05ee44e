"""Shared hands: the owner shares a finished hand, lists and revokes its links; anyone holding a
link reads the hand (``GET /api/shared/{token}/``, no account needed, throttled per address)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import shares
from games.api import schemas
from games.api.common import Flag, match_owner, requester


class ShareRequest(schemas.ObjectSerializer):
    show_owner_name = Flag(
        default=False, help_text="Sign the link with your username (a guest has none to show)."
    )


class HandShareView(APIView):
    @extend_schema(
        operation_id="matches_hands_share",
        request=ShareRequest,
        responses={200: schemas.Share, 201: schemas.Share, **schemas.REFUSALS},
    )
    def post(self, request: Request, match_id: str, hand_number: int) -> Response:
        """Share one of your finished hands (or keep its link, taking the new name choice):
        201 with a new link, 200 with the one it already had."""
        data = ShareRequest(data=request.data)
        data.is_valid(raise_exception=True)
        shared, created = shares.hand_share(
            player=match_owner(request),
            match_id=match_id,
            hand_number=hand_number,
            show_owner_name=data.validated_data["show_owner_name"],
        )
        code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        return Response(shares.share_body(shared), status=code)


class ShareListView(APIView):
    @extend_schema(operation_id="shares_list", responses={200: schemas.ShareList})
    def get(self, request: Request) -> Response:
        """Your live links, newest first."""
        return Response({"shares": shares.player_shares(requester(request))})


class ShareDetailView(APIView):
    @extend_schema(operation_id="shares_revoke", responses={204: None, **schemas.REFUSALS})
    def delete(self, request: Request, token: str) -> Response:
        """Revoke one of your links: it answers 404 from now on."""
        shares.share_revoke(player=match_owner(request), token=token)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SharedHandView(APIView):
    @extend_schema(
        operation_id="shared_retrieve",
        responses={200: schemas.SharedHand, **schemas.REFUSALS},
    )
    def get(self, request: Request, token: str) -> Response:
        """A shared hand, for anyone holding its link: 404 for a wrong or revoked one."""
        return Response(shares.shared_hand_body(shares.shared_hand_get(token)))
