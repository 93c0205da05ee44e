"""The catalog for the client: the enabled languages, and one language's every message.

Both answer ``Cache-Control: no-cache``: a browser may keep a copy but asks again each time, so an
edit saved in the admin is served on the next request. The catalog carries an ETag; a client
that sends it back in ``If-None-Match`` gets 304 for the price of one small query.
"""

from __future__ import annotations

from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cardavia.i18n import selectors
from games.api.schemas import AnyField, ErrorBody

REVALIDATE = {"Cache-Control": "no-cache"}


def _language_fields() -> dict[str, AnyField]:
    return {
        "code": serializers.CharField(),
        "name": serializers.CharField(help_text="The language's name in itself."),
        "direction": serializers.ChoiceField(choices=["ltr", "rtl"]),
        "plural_categories": serializers.ListField(child=serializers.CharField()),
    }


class _CatalogView(APIView):
    # Public, read-only, the same for everyone: no session, no CSRF, JSON only (one
    # representation per URL, so the ETag names exactly one body).
    authentication_classes: list[type] = []
    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer]


class LanguagesView(_CatalogView):
    @extend_schema(
        responses={
            200: inline_serializer(
                "Languages",
                {"languages": inline_serializer("Language", _language_fields(), many=True)},
            )
        }
    )
    def get(self, request: Request) -> Response:
        """The enabled languages, English first: the client's language picker."""
        return Response({"languages": selectors.enabled_languages()}, headers=REVALIDATE)


class CatalogView(_CatalogView):
    @extend_schema(
        parameters=[
            OpenApiParameter(
                "If-None-Match",
                location=OpenApiParameter.HEADER,
                required=False,
                description="The ETag of the catalog the client has: 304 if it is current.",
            )
        ],
        responses={
            200: inline_serializer(
                "Catalog",
                {
                    **_language_fields(),
                    "messages": serializers.DictField(
                        child=serializers.CharField(),
                        help_text="Every key, as ICU MessageFormat; English where untranslated.",
                    ),
                },
            ),
            304: OpenApiResponse(description="The catalog named by If-None-Match is current."),
            404: OpenApiResponse(
                response=ErrorBody, description="No such enabled language (code not_found)."
            ),
        },
    )
    def get(self, request: Request, code: str) -> Response:
        """One language's whole catalog, every key present (missing translations in English)."""
        found = selectors.enabled_language_with_version(code)
        if found is None:
            raise exceptions.NotFound(f"No enabled language {code!r}.")
        language, etag = found
        headers = {**REVALIDATE, "ETag": etag}
        if _matches(request.headers.get("If-None-Match", ""), etag):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers=headers)
        return Response(selectors.catalog(language), headers=headers)


def _matches(if_none_match: str, etag: str) -> bool:
    """RFC 9110's weak comparison: ``*`` or any listed tag, with or without ``W/``."""
    tags = [tag.strip() for tag in if_none_match.split(",")]
    return any(tag == "*" or tag.removeprefix("W/") == etag for tag in tags if tag)
