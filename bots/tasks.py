"""Celery tasks that play the AI seats: thin interfaces to :mod:`bots.services`
(docs/architecture.md).

``play(match_id, seq)`` is queued after a commit leaves an AI to act (``games`` sends its
``ai_turn_due`` hook; :mod:`bots.apps` connects it here). It is idempotent by ``seq``: delivered
twice or late, it finds the match moved on and does nothing. ``acks_late`` means a worker killed
mid-decision leaves the message to the next worker (the broker redelivers it after the
visibility timeout). Database errors are retried with backoff. ``sweep`` (Celery beat) re-queues
matches left waiting on an AI. The services import inside the task bodies, so importing this
module (Celery autodiscovery, the app registry) loads no model.
"""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

from celery import shared_task
from celery.signals import task_postrun, task_prerun, worker_process_init, worker_ready
from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError, close_old_connections

STALLED_AFTER = timedelta(seconds=5)

_in_process = threading.local()


@shared_task
def ping() -> str:
    """Answer ``"pong"``: proves a task reaches a worker (or runs in-process when eager)."""
    return "pong"


@shared_task(
    acks_late=True,
    autoretry_for=(OperationalError, InterfaceError, DatabaseError),
    retry_backoff=True,
    retry_backoff_max=30,
    retry_jitter=True,
    max_retries=8,
)
def play(match_id: str, seq: int) -> None:
    from bots.services import ai_turn_take

    # In-process (eager) mode each AI move would queue the next from inside this call: loop here
    # instead of recursing, so a long AI-only run cannot exhaust the stack.
    if getattr(_in_process, "running", False):
        _in_process.pending = (match_id, seq)
        return
    _in_process.running = True
    try:
        pending: tuple[str, int] | None = (match_id, seq)
        while pending is not None:
            _in_process.pending = None
            ai_turn_take(match_id=pending[0], seq=pending[1])
            pending = _in_process.pending
    finally:
        _in_process.running = False


def queue_play(match_id: str, seq: int) -> None:
    """Hand the AI turn at ``seq`` to whatever plays AI turns here (``settings.AI_TURNS``): the
    Celery broker, the embedded worker thread (:mod:`bots.inprocess`), or — in tests that want
    every AI move done before the request answers — Celery's in-process eager mode."""
    if settings.AI_TURNS == "thread":
        from bots import inprocess

        inprocess.submit(match_id, seq)
    else:
        play.delay(match_id, seq)


@shared_task
def sweep() -> int:
    """Re-queue every active match that has waited on an AI for longer than STALLED_AFTER —
    harmless if the original message arrives too, as ``play`` is idempotent by ``seq``."""
    from games.services import ai_turns_stalled

    due = ai_turns_stalled(older_than=STALLED_AFTER)
    for match_id, seq in due:
        queue_play(match_id, seq)
    return len(due)


# --- worker process hygiene ---------------------------------------------------------------


def _is_eager(sender: Any) -> bool:
    return bool(getattr(getattr(sender, "request", None), "is_eager", False))


@task_prerun.connect
def _fresh_connection_before(sender: Any = None, **kwargs: Any) -> None:
    """Reuse the worker's database connection across tasks, as Django does across requests:
    drop it only when it is broken or older than CONN_MAX_AGE (CELERY_DB_REUSE_MAX keeps Celery
    from closing it after every task, which costs a new connection per AI move)."""
    if not _is_eager(sender):
        close_old_connections()


@task_postrun.connect
def _fresh_connection_after(sender: Any = None, **kwargs: Any) -> None:
    if not _is_eager(sender):
        close_old_connections()


@worker_process_init.connect
@worker_ready.connect
def _warm_up(**kwargs: Any) -> None:
    """Build the bots' tables (each game's ``BOTS.warm_up``) before the first AI turn, not in it."""
    from bots.registry import warm_up

    warm_up()
