"""Every API refusal is a 4xx JSON body ``{"code", "message", "params"}`` with a stable code."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from games.engine.errors import IllegalAction
from games.errors import ApplicationError

RULES_REFUSAL_STATUS = status.HTTP_422_UNPROCESSABLE_ENTITY


def error_body(code: str, message: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"code": code, "message": message, "params": params or {}}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, IllegalAction):
        return Response(error_body(exc.code, exc.message, exc.params), status=RULES_REFUSAL_STATUS)
    if isinstance(exc, ApplicationError):
        return Response(error_body(exc.code, exc.message, exc.params), status=exc.status_code)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    response.data = _drf_error_body(exc, response.data)
    return response


def _drf_error_body(exc: Exception, detail: Any) -> dict[str, Any]:
    if isinstance(exc, exceptions.ValidationError):
        return error_body("invalid", "Some fields are missing or invalid.", {"fields": detail})
    if isinstance(exc, exceptions.PermissionDenied) and "CSRF" in str(exc.detail):
        return error_body("csrf_failed", str(exc.detail))
    if isinstance(exc, exceptions.Throttled):  # DRF's handler has set Retry-After already
        return error_body(
            "throttled",
            f"Too many requests: try again in {exc.wait} seconds.",
            {"wait": exc.wait},
        )
    if isinstance(exc, exceptions.MethodNotAllowed):
        return error_body("method_not_allowed", str(exc.detail))
    if isinstance(exc, exceptions.APIException):
        return error_body(str(exc.default_code), str(exc.detail))
    return error_body("error", str(detail))
