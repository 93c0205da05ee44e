"""While the database cannot be reached, every request is answered 503 with ``Retry-After``.

A lost connection (PostgreSQL restarting, a failover, the network) raises
:class:`django.db.OperationalError` or :class:`django.db.InterfaceError` wherever the request
first touches the database. Each command runs in one transaction, so such a request has stored
nothing (or, if the connection died during COMMIT itself, everything: the client's retry with the
same ``Idempotency-Key`` then gets the stored answer). Either way the client is told to come back
soon, in the API's usual error body, instead of getting a 500 page.

Two places catch it: the middleware for errors raised in a view (DEBUG or not), and the 500
handler (``cardavia.urls.handler500``) for those raised outside a view, e.g. while the session
middleware saves the session after the view, where only Django's handler sees them.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults

from games.engine.errors import ErrorCode
from games.errors import http_status, refusal

logger = logging.getLogger(__name__)

DATABASE_ERRORS = (OperationalError, InterfaceError)


def service_unavailable() -> JsonResponse:
    wait = settings.DATABASE_OUTAGE_RETRY_AFTER
    response = JsonResponse(
        refusal(ErrorCode.SERVICE_UNAVAILABLE, wait=wait).as_dict(),
        status=http_status(ErrorCode.SERVICE_UNAVAILABLE),
    )
    response["Retry-After"] = str(wait)
    return response


class DatabaseOutageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, DATABASE_ERRORS):
            return None
        logger.warning("database unavailable: %s %s: %s", request.method, request.path, exception)
        return service_unavailable()


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's 500 page, unless the error being handled is the database being unreachable."""
    if isinstance(sys.exception(), DATABASE_ERRORS):
        return service_unavailable()
    return defaults.server_error(request)
