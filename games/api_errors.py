"""Every API refusal is a 4xx JSON body ``{"code", "message", "params"}`` with a code of the one
catalog (:mod:`games.engine.errors`) and the HTTP status :data:`games.errors.HTTP_STATUS` gives
it — the rules' refusals, the store's and the API's, and what DRF refuses before a view runs."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from games.engine.errors import ErrorCode, Refusal
from games.errors import http_status, refusal


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    if isinstance(exc, exceptions.APIException):
        response = drf_exception_handler(exc, context)  # its headers: Allow, Retry-After...
        if response is None:
            return None
        refused = _from_drf(exc, context)
        response.data = refused.as_dict()
        response.status_code = http_status(refused.code)
        return response
    if isinstance(exc, Refusal):
        return Response(exc.as_dict(), status=http_status(exc.code))
    return None


def _from_drf(exc: exceptions.APIException, context: dict[str, Any]) -> Refusal:
    request = context.get("request")
    if isinstance(exc, exceptions.ValidationError):
        return refusal(ErrorCode.INVALID, fields=exc.detail)
    if isinstance(exc, exceptions.PermissionDenied) and "CSRF" in str(exc.detail):
        return refusal(ErrorCode.CSRF_FAILED)
    if isinstance(exc, exceptions.MethodNotAllowed):
        return refusal(ErrorCode.METHOD_NOT_ALLOWED, method=getattr(request, "method", ""))
    if isinstance(exc, exceptions.UnsupportedMediaType):
        return refusal(
            ErrorCode.UNSUPPORTED_MEDIA_TYPE, media_type=getattr(request, "content_type", "")
        )
    if isinstance(exc, exceptions.Throttled):
        # djangorestframework-stubs omit the `wait` DRF's Throttled keeps (its seconds or None).
        return refusal(ErrorCode.THROTTLED, wait=exc.wait)  # type: ignore[attr-defined]
    simple = {
        exceptions.ParseError: ErrorCode.PARSE_ERROR,
        exceptions.NotFound: ErrorCode.NOT_FOUND,
        exceptions.NotAuthenticated: ErrorCode.NOT_AUTHENTICATED,
        exceptions.AuthenticationFailed: ErrorCode.AUTHENTICATION_FAILED,
        exceptions.PermissionDenied: ErrorCode.PERMISSION_DENIED,
        exceptions.NotAcceptable: ErrorCode.NOT_ACCEPTABLE,
    }
    for kind, code in simple.items():
        if isinstance(exc, kind):
            return refusal(code)
    return refusal(ErrorCode.ERROR)
