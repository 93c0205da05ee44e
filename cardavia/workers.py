"""gunicorn's worker class for Cardavia (Procfile, Dockerfile): uvicorn serving cardavia.asgi.

Streams never end by themselves: on a graceful stop (a deploy, a scale-down) the worker waits
this long for open connections, then closes them; each client's EventSource reconnects to
another worker and resumes after its last event id.
"""

from __future__ import annotations

from typing import Any, ClassVar

from uvicorn_worker import UvicornWorker


class StreamWorker(UvicornWorker):  # type: ignore[misc]  # uvicorn-worker ships no types
    CONFIG_KWARGS: ClassVar[dict[str, Any]] = {
        "loop": "auto",
        "http": "auto",
        "lifespan": "on",
        "timeout_graceful_shutdown": 5,
    }
