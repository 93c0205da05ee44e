"""Celery tasks that play the AI seats: thin interfaces to :mod:`bots.services`
(docs/architecture.md).

``play(match_id, seq)`` is queued after a commit leaves an AI to act (``games`` sends its
``ai_turn_due`` hook; :mod:`bots.apps` connects it here). It is idempotent by ``seq``: delivered
twice or late, it finds the match moved on and does nothing. While AI seats act one after
another it plays them on in the same task and the same transaction (up to ``CHAIN_MOVES`` moves,
starting none after ``CHAIN_SECONDS``) and queues only what is left: each move queued as a task of
its own waited its turn behind every other match's moves, so under load an answer of three AI
moves waited in the queue three times, and each move committed alone cost more than deciding it.
Each move is still its own event, decided as if alone (``games.services.ai_turn_play``); the
human's client shows them one by one. ``acks_late`` means a worker killed mid-decision leaves the
message to the next worker (the broker redelivers it after the visibility timeout, or the sweep
queues the turn again): the chain was stored whole or not at all, and is decided again the same.
Database errors are retried with backoff from the chain's first move.
``sweep`` (Celery beat) re-queues matches left waiting on an AI. The services import inside the
task bodies, so importing this module (Celery autodiscovery, the app registry) loads no model.
"""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from typing import Any

from celery import shared_task
from celery.signals import task_postrun, task_prerun, worker_process_init, worker_ready
from celery.utils.time import get_exponential_backoff_interval
from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError, close_old_connections

STALLED_AFTER = timedelta(seconds=5)

_in_process = threading.local()


@shared_task
def ping() -> str:
    """Answer ``"pong"``: proves a task reaches a worker (or runs in-process when eager)."""
    return "pong"


# A chain of AI moves in one task: at most this many moves, and none started after this many
# seconds (well inside the soft time limit, and short enough that one match never keeps a worker
# process from the others for long: an AI-only match is played on by a new task, queued last).
CHAIN_MOVES = 12
CHAIN_SECONDS = 2.0
RETRY_BACKOFF_MAX = 30
MAX_RETRIES = 8


@shared_task(bind=True, acks_late=True, max_retries=MAX_RETRIES)
def play(self: Any, match_id: str, seq: int) -> None:
    # In-process (eager) mode each queued turn would run from inside this call: loop here
    # instead of recursing, so a long AI-only run cannot exhaust the stack.
    if getattr(_in_process, "running", False):
        _in_process.pending = (match_id, seq)
        return
    _in_process.running = True
    try:
        pending: tuple[str, int] | None = (match_id, seq)
        while pending is not None:
            _in_process.pending = None
            _play_on(self, *pending)
            pending = _in_process.pending
    finally:
        _in_process.running = False


def _play_on(task: Any, match_id: str, seq: int) -> None:
    """Play the AI turn at ``seq`` and the AI turns straight after it (a chain, see
    ``CHAIN_MOVES``) in one transaction, then queue the next AI turn if one is still due."""
    from bots import cutoffs
    from bots.services import ai_turn_take
    from games.services import driving_ai_turns

    deadline = time.monotonic() + CHAIN_SECONDS
    # Commits inside queue no AI turn: this task plays them, or queues the next one below.
    with driving_ai_turns(), cutoffs.chain(match_id):
        try:
            appended = ai_turn_take(
                match_id=match_id,
                seq=seq,
                most=CHAIN_MOVES,
                until=lambda _: time.monotonic() > deadline,
            )
        except (OperationalError, InterfaceError, DatabaseError) as error:
            # Retried from this very turn: the chain is stored whole or not at all.
            raise task.retry(
                args=(match_id, seq), exc=error, countdown=_backoff(task.request.retries)
            ) from error
    if appended is not None and appended.match.awaiting_ai:
        queue_play(match_id, appended.match.seq)


def _backoff(retries: int) -> int:
    return get_exponential_backoff_interval(
        factor=1, retries=retries, maximum=RETRY_BACKOFF_MAX, full_jitter=True
    )


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
    """Build the bots' tables (each game's ``BOTS.warm_up``) before the first AI turn, not in it;
    then set everything loaded so far aside from the garbage collector
    (:mod:`games.collector`)."""
    from bots.registry import warm_up
    from games.collector import set_aside_what_is_loaded

    warm_up()
    set_aside_what_is_loaded()


@shared_task(
    acks_late=True,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=True,
    max_retries=3,
)
def analyse_hand(match_id: str, hand_number: int) -> None:
    """Build a finished hand's analysis (equity by street, the hard AI's review) into its read
    model; the API enqueues it on the first request for it."""
    from bots.analysis import store_analysis

    store_analysis(match_id, hand_number)
