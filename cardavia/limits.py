"""Hostile request bodies are refused before anything reads them.

- **Size**: an API body is a few hundred bytes (an action, credentials, a new match's options).
  DRF parses JSON from the raw stream, which Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE`` does not
  guard (it guards ``request.body`` and form fields only), so a body of any size would be read
  and parsed. :class:`ApiBodyLimitMiddleware` answers 413 ``request_too_large`` to an ``/api/``
  request whose declared ``Content-Length`` is over ``API_MAX_BODY_BYTES``, unread. (A body with
  no ``Content-Length``, chunked, is never read by Django's WSGI handler: it is empty.)
- **Depth**: Python's JSON decoder recurses, so ``[[[[...]]]]`` a few thousand deep (well under
  the size limit) raises ``RecursionError``, which DRF does not catch: a 500. :class:`JSONParser`
  turns it into the usual 400 ``parse_error``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import IO, Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from rest_framework import parsers
from rest_framework.exceptions import ParseError

from games.engine.errors import ErrorCode
from games.errors import http_status, refusal

IMPORT_PATH = "/api/imports/"
FORM_OVERHEAD = 64 * 1024


def _declared_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:  # as Django reads it: a malformed length is no body
        return 0


class ApiBodyLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        maximum = settings.API_MAX_BODY_BYTES
        if request.path == IMPORT_PATH:
            # A hand-history file: its own limit (the form's few fields on top).
            maximum = settings.IMPORT_MAX_UPLOAD_BYTES + FORM_OVERHEAD
        if request.path.startswith("/api/") and _declared_length(request) > maximum:
            refused = refusal(ErrorCode.REQUEST_TOO_LARGE, maximum=maximum)
            response = JsonResponse(refused.as_dict(), status=http_status(refused.code))
            # The body is left unread: the connection cannot be reused for another request.
            response["Connection"] = "close"
            return response
        return self.get_response(request)


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, with nesting too deep to decode refused as a parse error."""

    def parse(
        self,
        stream: IO[Any],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError as deep:
            raise ParseError("JSON nested too deeply.") from deep
