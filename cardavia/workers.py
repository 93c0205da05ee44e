"""gunicorn's worker class for Cardavia (Procfile, Dockerfile): uvicorn serving cardavia.asgi.

Streams never end by themselves: on a graceful stop (a deploy, a scale-down) the worker waits
this long for open connections, then closes them; each client's EventSource reconnects to
another worker and resumes after its last event id.

An idle keep-alive connection is kept ``KEEP_ALIVE_S`` (this replaces gunicorn's ``--keep-alive``,
2 s, meant for workers behind a proxy): a player thinks 3 s (median) to 15 s between actions,
and the AIs' moves take seconds to show, so with 2 s nearly every action opened a new
connection (its handshake on the server's CPU), and some were sent on a connection the server
was closing at that very moment (a reset the client must retry). 75 s is nginx's default;
browsers keep an idle connection longer still.
"""

from __future__ import annotations

from typing import Any, ClassVar

from uvicorn_worker import UvicornWorker

KEEP_ALIVE_S = 75


class StreamWorker(UvicornWorker):  # type: ignore[misc]  # uvicorn-worker ships no types
    CONFIG_KWARGS: ClassVar[dict[str, Any]] = {
        "loop": "auto",
        "http": "auto",
        "lifespan": "on",
        "timeout_graceful_shutdown": 5,
        "timeout_keep_alive": KEEP_ALIVE_S,
    }
