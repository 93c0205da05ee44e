"""AI turns outside the request in the embedded default (no broker): one worker thread.

Without a broker Celery runs tasks in-process (``task_always_eager``), which would play every AI
move inside the human's request — the answer would wait for the AIs, and ``watch`` would play a
whole match in one request. This thread is the embedded stand-in for the full stack's worker:
a committed move queues ``play(match_id, seq)`` here and the request answers at once; the client
follows the AIs on the event feed, exactly as it does against a real worker. When idle it runs
the beat sweep's work, so a turn lost in a crash is picked up again, as beat does.

One thread is enough: AI moves are milliseconds, and SQLite takes one writer at a time anyway.
"""

from __future__ import annotations

import functools
import logging
import queue
import threading
from collections.abc import Callable

from django.db import close_old_connections, connection

logger = logging.getLogger(__name__)

SWEEP_EVERY_S = 5.0

_turns: queue.Queue[tuple[str, int]] = queue.Queue()
_start_lock = threading.Lock()
_worker: threading.Thread | None = None


def submit(match_id: str, seq: int) -> None:
    """Queue the AI turn of ``match_id`` at ``seq``; the worker thread starts on first use."""
    start()
    _turns.put((match_id, seq))


def start() -> None:
    """Start the worker thread if it is not running (``runserver`` starts it with the server, so
    its warm-up and its first sweep do not wait for the first move)."""
    global _worker
    with _start_lock:
        if _worker is None or not _worker.is_alive():
            _worker = threading.Thread(target=_work, name="cardavia-ai-turns", daemon=True)
            _worker.start()


def _work() -> None:
    from bots.tasks import _warm_up, play, sweep

    _warm_up()
    while True:
        try:
            match_id, seq = _turns.get(timeout=SWEEP_EVERY_S)
        except queue.Empty:
            _run(lambda: sweep.apply())
            continue
        try:
            _run(functools.partial(play.apply, args=(match_id, seq)))
        finally:
            _turns.task_done()


def _run(task: Callable[[], object]) -> None:
    """Run one task with a sound connection, as a Celery worker would: a failure is logged and
    the thread goes on (the sweep retries the turn)."""
    close_old_connections()
    try:
        task()
    except Exception:
        logger.exception("an in-process AI task failed; the sweep will try the turn again")
    finally:
        close_old_connections()
        if not connection.in_atomic_block:
            connection.close_if_unusable_or_obsolete()


def wait_until_idle(timeout: float = 10.0) -> bool:
    """For tests and benchmarks: whether every queued turn was taken within ``timeout``."""
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if _turns.unfinished_tasks == 0:
            return True
        time.sleep(0.01)
    return False
