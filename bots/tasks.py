"""Celery tasks that play the AI seats (DESIGN.md §7).

``play(match_id, seq)`` is queued after a commit leaves an AI to act. It is idempotent by
``seq``: delivered twice or late, it finds the match moved on and does nothing. ``acks_late``
means a worker killed mid-decision leaves the message to the next worker (the broker redelivers
it after the visibility timeout). Database errors are retried with backoff; a bot that fails or
answers an illegal move has the game's medium level play that turn (and should that fail too, a
check or a fold), so no match ever hangs on a bot. ``sweep`` (Celery beat) re-queues matches left
waiting on an AI. Bots are found by seat spec in :mod:`bots.registry`.
"""

from __future__ import annotations

import functools
import logging
import random
import threading
from datetime import timedelta
from typing import Any

from celery import shared_task
from celery.signals import task_postrun, task_prerun, worker_process_init, worker_ready
from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError, close_old_connections
from django.db.models import Q
from django.utils import timezone

from bots import cutoffs, registry
from bots.history import first_hand_shown
from bots.policies import Bot, Choice, Record
from games import services
from games.engine.errors import ErrorCode, IllegalAction, refuse
from games.engine.events import from_record
from games.models import Event as EventRow
from games.models import Match
from games.rulesets import Ruleset, ruleset_for
from games.selectors import match_state

logger = logging.getLogger(__name__)

STALLED_AFTER = timedelta(seconds=5)

_in_process = threading.local()


@shared_task
def ping() -> str:
    """Answer ``"pong"``: proves a task reaches a worker (or runs in-process when eager)."""
    return "pong"


@functools.cache
def bot_for(game: str, spec: str, seat: int) -> Bot:
    """The bot a seat spec names. Bots are pure policies, so one instance serves every match."""
    return registry.resolve(spec, game=game, seat=seat)


def seat_history(match: Match, seat: int, rules: Ruleset) -> list[Record]:
    """The seat's visible feed records (the same filter the API applies for that player) that
    :mod:`bots.history` says a bot sees: the hand in play, the game's recent hands before it and
    the segment events among them — up to ``match.seq``, never a later event.

    A finished hand never changes (events are immutable), so its records are cached per worker
    process: a move reads only the hand in play and the segment events from the database.
    """
    rows = EventRow.objects.filter(match=match, seq__lte=match.seq)
    in_hands = rows.exclude(hand_number=None).order_by("-seq")
    current = in_hands.values_list("hand_number", flat=True).first()
    if current is None:
        return [record for _, record in _visible(rules, seat, rows)]
    earliest = first_hand_shown(current, registry.recent_hands(match.game))
    numbered: list[tuple[int, Record]] = []
    for earlier in range(earliest or 1, current):
        numbered.extend(_finished_hand(match.game, str(match.id), earlier, seat))
    since = numbered[0][0] if earliest is not None and numbered else 0
    live = rows.filter(Q(hand_number=current) | Q(hand_number=None, seq__gte=since))
    numbered.extend(_visible(rules, seat, live))
    numbered.sort(key=lambda entry: entry[0])
    return [record for _, record in numbered]


@functools.lru_cache(maxsize=8192)
def _finished_hand(
    game: str, match_id: str, hand_number: int, seat: int
) -> tuple[tuple[int, Record], ...]:
    rows = EventRow.objects.filter(match_id=match_id, hand_number=hand_number)
    return tuple(_visible(ruleset_for(game), seat, rows))


def _visible(rules: Ruleset, seat: int, rows: Any) -> list[tuple[int, Record]]:
    """(seq, the record as ``seat`` may see it) for each row, in seq order."""
    fields = rows.order_by("seq").values_list("seq", "type", "version", "payload")
    return [
        (seq, rules.visible_record(from_record(kind, version, payload), seat))
        for seq, kind, version, payload in fields
    ]


def choose(match: Match, state: Any, seat: int, *, salt: str | None = None) -> Any:
    """The AI in ``seat`` picks its command from what that seat may see, reproducibly per turn.

    The bot gets the seat's view (what the API would show that player) and the seat's visible
    history; its random source is seeded by the match (or ``salt``, for a seeded simulation)
    and the turn, so a turn decided again (a redelivered task) decides the same.
    """
    rules = ruleset_for(match.game)
    spec = match.seats[seat]
    rng = random.Random(f"{salt or match.id}:{match.seq}")
    seat_view = rules.view(state, seat)
    history = seat_history(match, seat, rules)
    # The seat's own bot; should it fail or answer an illegal move, the game's medium level
    # plays the turn; should that fail too, the move that can never be refused.
    for fallback, name in enumerate((spec, "medium")):
        try:
            bot = bot_for(match.game, name, seat)
            kind, amount = cutoffs.ask(bot, name, (match.id, match.seq), seat_view, history, rng)
            command = rules.act(seat, kind, amount)
            rules.advance(state, command)  # refuses an illegal move here, before it is stored
            return command
        except DatabaseError:
            raise  # the database, not the bot: let the task retry
        except Exception:
            logger.exception(
                "bot %r in match %s seat %s failed%s",
                name,
                match.id,
                seat,
                "" if fallback else ": the medium level plays this turn",
            )
    return _safe_command(rules, state, seat)


def _safe_command(rules: Ruleset, state: Any, seat: int) -> Any:
    """Check if that is allowed, else fold (else call): the move that can never be refused."""
    fallbacks: tuple[Choice, ...] = (("check", None), ("fold", None), ("call", None))
    for kind, amount in fallbacks:
        command = rules.act(seat, kind, amount)
        try:
            rules.advance(state, command)
        except IllegalAction:
            continue
        return command
    raise refuse(ErrorCode.NO_SAFE_MOVE, seat=seat)


@shared_task(
    acks_late=True,
    autoretry_for=(OperationalError, InterfaceError, DatabaseError),
    retry_backoff=True,
    retry_backoff_max=30,
    retry_jitter=True,
    max_retries=8,
)
def play(match_id: str, seq: int) -> None:
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
            services.bot_act(match_id=pending[0], seq=pending[1], choose=choose)
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
    """Re-queue every active match that has waited on an AI for longer than STALLED_AFTER.

    ``updated_at`` changes with every append, so a match whose AI turn was queued and played is
    never swept; one whose message was lost (or whose worker died and the broker has not yet
    redelivered) is queued again — harmless if the original arrives too, as ``play`` is
    idempotent by ``seq``. Only matches flagged ``awaiting_ai`` are read (a partial index), so
    the many matches waiting on their humans cost nothing; a flag that is stale is cleared.
    """
    stalled = Match.objects.filter(
        status=Match.Status.ACTIVE,
        awaiting_ai=True,
        updated_at__lt=timezone.now() - STALLED_AFTER,
    ).select_related("snapshot")
    queued = 0
    for match in stalled.iterator(chunk_size=200):
        if services.ai_to_act(match, match_state(match)) is not None:
            queue_play(str(match.id), match.seq)
            queued += 1
        else:
            Match.objects.filter(pk=match.pk, seq=match.seq).update(awaiting_ai=False)
    return queued


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
    """Build the evaluator's tables and the preflop tables before the first AI turn, not in it."""
    from bots.holdem.preflop import hand_percentile
    from bots.holdem.ranges import board_strength
    from games.engine.cards import card_index

    hand_percentile(0)
    board_strength(tuple(card_index(card) for card in ("As", "Kd", "7h")))
