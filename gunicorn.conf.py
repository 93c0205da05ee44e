"""gunicorn's settings wherever Cardavia is served from the repository's root: the Procfile
(``make stack``), the Docker image (``WORKDIR /app``) and the load bench. gunicorn reads
``./gunicorn.conf.py`` by itself; flags on its command line (``--workers``, ``--bind``) still win.
"""

from __future__ import annotations

from typing import Any


def post_worker_init(worker: Any) -> None:
    """Build the hand evaluator's tables before the worker takes its first request, then set
    everything loaded so far aside from the garbage collector (:mod:`games.collector`).

    The tables are built on first use (about 1.5 s of CPU), and the first showdown each worker
    served paid for it: the load test saw 3-4 s actions at 4 players until every worker had
    built them.
    """
    from games.collector import set_aside_what_is_loaded
    from games.engine.holdem.evaluator import evaluate

    evaluate(["As", "Kd", "Qh", "Jc", "9s", "3d", "2c"])
    set_aside_what_is_loaded()
