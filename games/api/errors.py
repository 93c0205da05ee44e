"""The error catalog clients translate from, and the JSON 404 of an address no route matches."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api import schemas
from games.errors import catalog


class ErrorCatalogView(APIView):
    """Every error code the API can send, with its params and English template."""

    @extend_schema(responses={200: schemas.ErrorSpec(many=True)})
    def get(self, request: Request) -> Response:
        return Response(catalog())


class NotFoundView(APIView):
    """Any /api/ address no route matches: a JSON 404 like every other refusal."""

    schema = None

    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        raise exceptions.NotFound("No API endpoint at this address.")

    post = put = patch = delete = get
