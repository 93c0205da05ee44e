"""Imports of hand histories from other rooms: upload a file (``POST /api/imports/``, 202 and
the import as a resource, its progress read back with ``GET``), and the player's imported hands
(``/api/imported-hands/``, filtered by room, player, date and import; ``rooms/`` counts them per
room). An imported hand is studied through the match endpoints with its id and hand 1."""

from __future__ import annotations

import re
from typing import Any

from django.core.files.uploadedfile import UploadedFile
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import parsers, serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import imports
from games.api import schemas
from games.api.common import match_owner, requester
from games.engine.errors import ErrorCode
from games.errors import MatchNotFound, refusal
from games.models import HandImport
from games.players import ensure_player

# --- the shapes -------------------------------------------------------------------------


class ImportUpload(serializers.Serializer[Any]):
    file = serializers.FileField(
        help_text="One hand-history file: PHH (.phh), PHHS (.phhs) or PokerStars text (.txt), "
        "optionally gzip- or zip-compressed."
    )


class ImportProgress(serializers.Serializer[Any]):
    bytes_done = serializers.IntegerField()
    bytes_total = serializers.IntegerField()
    hands_read = serializers.IntegerField()


class ImportRefusal(serializers.Serializer[Any]):
    line = serializers.IntegerField(help_text="The hand's line in the file (1 is the first).")
    hand_id = serializers.CharField(help_text="The room's hand number, '' if none.")
    code = serializers.CharField(help_text="A stable code of the error catalog.")
    params = serializers.DictField()
    message = serializers.CharField()


class ImportError(serializers.Serializer[Any]):
    code = serializers.CharField()
    params = serializers.DictField()
    message = serializers.CharField()


class ImportResource(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    file_name = serializers.CharField()
    size = serializers.IntegerField(help_text="Bytes, once uncompressed.")
    status = serializers.ChoiceField(choices=[choice for choice, _ in HandImport.Status.choices])
    progress = ImportProgress()
    imported = serializers.IntegerField()
    skipped = serializers.IntegerField(help_text="Hands already imported before.")
    refused = ImportRefusal(many=True)
    error = ImportError(allow_null=True)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


class ImportPage(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = ImportResource(many=True)


class _ImportedHandFields(serializers.Serializer[Any]):
    id = serializers.UUIDField(help_text="The match holding the hand: study it as hand 1.")
    room = serializers.CharField()
    hand_id = serializers.CharField()
    played_at = serializers.DateTimeField(allow_null=True)
    table = serializers.CharField()
    unit = serializers.CharField(help_text="chips, or a currency code such as USD.")
    scale = serializers.IntegerField(help_text="Minor units per unit (100: amounts in cents).")
    small_blind = serializers.IntegerField()
    big_blind = serializers.IntegerField()
    players = serializers.ListField(child=serializers.CharField())
    hero = serializers.IntegerField(allow_null=True)
    pot = serializers.IntegerField()
    rake = serializers.IntegerField()
    went_to_showdown = serializers.BooleanField()
    file_name = serializers.CharField()
    line = serializers.IntegerField()


# "import" is a Python keyword, so the serializer with that field is made by type().
ImportedHandItem: type[serializers.Serializer[Any]] = type(
    "ImportedHandItem",
    (_ImportedHandFields,),
    {
        "__module__": __name__,
        "import": serializers.UUIDField(allow_null=True, help_text="The import that stored it."),
    },
)


class ImportedHandPage(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = ImportedHandItem(many=True)


class RoomCount(serializers.Serializer[Any]):
    room = serializers.CharField()
    hands = serializers.IntegerField()


class RoomList(serializers.Serializer[Any]):
    rooms = RoomCount(many=True)


# --- the views --------------------------------------------------------------------------


class Pages(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


# What the schema's integer and uuid mean, and no more: int() and uuid.UUID() also take
# "+1", " 1", "1_0" and braced or unhyphenated ids, which the schema does not describe.
_PAGE_NUMBER = re.compile(r"[1-9][0-9]{0,8}")


def _page(request: Request, view: APIView, items: Any, body: Any) -> Response:
    """One page of ``items``: a page that is not a positive whole number is refused (400
    invalid), one past the last is not found (404)."""
    for name in ("page", "page_size"):
        text = request.query_params.get(name)
        if text is not None and not _PAGE_NUMBER.fullmatch(text):
            raise refusal(ErrorCode.INVALID, fields={name: [f"Not a valid {name}."]})
    pages = Pages()
    page: list[Any] | None = pages.paginate_queryset(items, request, view=view)
    return pages.get_paginated_response([body(item) for item in page or []])


PAGES = [
    OpenApiParameter("page", int, required=False, description="From 1."),
    OpenApiParameter("page_size", int, required=False, description="From 1; at most 200."),
]


class ImportListView(APIView):
    parser_classes = [parsers.MultiPartParser]

    @extend_schema(
        operation_id="imports_list",
        parameters=PAGES,
        responses={200: ImportPage, **schemas.REFUSALS},
    )
    def get(self, request: Request) -> Response:
        """Your imports, newest first."""
        return _page(request, self, imports.player_imports(requester(request)), imports.import_body)

    @extend_schema(
        operation_id="imports_create",
        request={"multipart/form-data": ImportUpload},
        responses={202: ImportResource, **schemas.REFUSALS},
    )
    def post(self, request: Request) -> Response:
        """Upload one hand-history file: 202 and the import, which runs in the background."""
        upload = request.FILES.get("file")
        if not isinstance(upload, UploadedFile):
            raise refusal(ErrorCode.INVALID, fields={"file": ["No file was submitted."]})
        player = ensure_player(request._request)
        created = imports.import_create(owner=player, upload=upload)
        created.refresh_from_db()
        return Response(imports.import_body(created), status=status.HTTP_202_ACCEPTED)


class ImportDetailView(APIView):
    @extend_schema(
        operation_id="imports_retrieve", responses={200: ImportResource, **schemas.REFUSALS}
    )
    def get(self, request: Request, import_id: str) -> Response:
        """One of your imports: its status, progress and result."""
        found = imports.import_get(owner=match_owner(request), import_id=import_id)
        if found is None:
            raise MatchNotFound()
        return Response(imports.import_body(found))


HAND_FILTERS = [
    OpenApiParameter("room", str, required=False, description="A room, e.g. pokerstars."),
    OpenApiParameter("player", str, required=False, description="A player's name in the hand."),
    OpenApiParameter("date_from", OpenApiTypes.DATE, required=False),
    OpenApiParameter("date_to", OpenApiTypes.DATE, required=False),
    OpenApiParameter("import", OpenApiTypes.UUID, required=False),
    *PAGES,
]


class ImportedHandListView(APIView):
    @extend_schema(
        operation_id="imported_hands_list",
        parameters=HAND_FILTERS,
        responses={200: ImportedHandPage, **schemas.REFUSALS},
    )
    def get(self, request: Request) -> Response:
        """Your imported hands, the latest played first."""
        hands = imports.player_imported_hands(
            requester(request), imports.HandFilters.from_query(request.query_params)
        )
        return _page(request, self, hands, imports.imported_hand_body)


class ImportedRoomsView(APIView):
    @extend_schema(operation_id="imported_hands_rooms", responses={200: RoomList})
    def get(self, request: Request) -> Response:
        """The rooms your imported hands come from, with how many of each."""
        return Response({"rooms": imports.player_rooms(requester(request))})
