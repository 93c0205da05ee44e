"""ASGI entry point: what gunicorn's uvicorn workers serve (Procfile, Dockerfile).

Live streams (``/api/matches/{id}/stream/``) are Django's asynchronous path: a waiting stream
is a coroutine, thousands to a process. Every other request goes to the WSGI application
(:mod:`cardavia.wsgi`) on a fixed pool of ``WEB_THREADS`` threads (a2wsgi), exactly as a
synchronous gunicorn worker served it: the same middleware, settings and headers, and the
threads keep their database connections (Django's own ASGI path would run each synchronous
view on a thread of its own, opening a new connection per request). docs/architecture.md,
"Live streams", has the figures behind the choice.
"""

from __future__ import annotations

import os
import re
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardavia.settings")

django_asgi = get_asgi_application()

from a2wsgi import WSGIMiddleware  # noqa: E402  (after Django is set up)
from django.conf import settings  # noqa: E402

from cardavia.wsgi import application as django_wsgi  # noqa: E402

STREAM = re.compile(r"^/api/matches/[^/]+/stream/$")

# The ignores: one WSGI call and one ASGI scope, which a2wsgi types with TypedDicts of its own
# and django-stubs as plain dicts (and its WSGIHandler as answering a response object, which
# iterates as the bytes WSGI wants): neither library's types admit the other's.
wsgi = WSGIMiddleware(django_wsgi, workers=settings.WEB_THREADS)  # type: ignore[arg-type]


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "lifespan":
        await _lifespan(receive, send)
    elif scope["type"] == "http" and STREAM.match(scope["path"]):
        await django_asgi(scope, receive, send)
    else:
        await wsgi(scope, receive, send)  # type: ignore[arg-type]


async def _lifespan(receive: Any, send: Any) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return
