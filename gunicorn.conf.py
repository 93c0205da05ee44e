"""gunicorn's settings wherever Cardavia is served from the repository's root: the Procfile
(``make stack``), the Docker image (``WORKDIR /app``) and the load bench. gunicorn reads
``./gunicorn.conf.py`` by itself; flags on its command line (``--workers``, ``--bind``) still win.
"""

from __future__ import annotations

import gc
from typing import Any


def post_worker_init(worker: Any) -> None:
    """Build the hand evaluator's tables before the worker takes its first request, then set
    everything loaded so far aside from the garbage collector.

    The tables are built on first use (about 1.5 s of CPU), and the first showdown each worker
    served paid for it: the load test saw 3-4 s actions at 4 players until every worker had
    built them. What a worker loads before its first request (Django, the app, the tables: about
    100,000 objects) lives as long as the worker, yet every full collection walked it again:
    about 50 ms during which no request of the process moved (``gc.freeze``).
    """
    from games.engine.holdem.evaluator import evaluate

    evaluate(["As", "Kd", "Qh", "Jc", "9s", "3d", "2c"])
    gc.collect()
    gc.freeze()
