"""Celery tasks that play the AI seats (DESIGN.md §7).

``play(match_id, seq)`` is queued after a commit leaves an AI to act. It is idempotent by
``seq``: delivered twice or late, it finds the match moved on and does nothing. ``acks_late``
means a worker killed mid-decision leaves the message to the next worker. ``sweep`` (Celery beat)
re-queues matches left waiting on an AI.
"""

from __future__ import annotations

import random
import threading
from datetime import timedelta
from typing import Any

from celery import shared_task
from django.db import OperationalError
from django.utils import timezone

from bots.policies import PLACEHOLDER_BOTS
from games import services
from games.models import Match
from games.rulesets import ruleset_for
from games.selectors import match_state

STALLED_AFTER = timedelta(seconds=5)

_in_process = threading.local()


@shared_task
def ping() -> str:
    """Answer ``"pong"``: proves a task reaches a worker (or runs in-process when eager)."""
    return "pong"


def choose(match: Match, state: Any, seat: int) -> Any:
    """The AI in ``seat`` picks its command from its own view only, reproducibly per turn."""
    rules = ruleset_for(match.game)
    seat_view = rules.view(state, seat)
    rng = random.Random(f"{match.id}:{match.seq}")
    if match.game == "updown":
        from bots.updown import BOTS as UPDOWN_BOTS

        bot = UPDOWN_BOTS.get(match.seats[seat], UPDOWN_BOTS["medium"])()
        history = [rules.visible_record(item, seat) for item in _hand_events(match)]
        kind, amount = bot.act(seat_view, history, rng)
        return rules.act(seat, kind, amount)
    kind, amount = PLACEHOLDER_BOTS.get(match.seats[seat], PLACEHOLDER_BOTS["medium"]).act(
        seat_view, rng
    )
    return rules.act(seat, kind, amount)


def _hand_events(match: Match) -> list[Any]:
    """The events of the hand (deal) in play: the public history a bot may read."""
    from games.selectors import stored_events

    rules = ruleset_for(match.game)
    events = [item for _, item in stored_events(match, upto=match.seq)]
    starts = [i for i, item in enumerate(events) if rules.opens_hand(item) is not None]
    return events[starts[-1] :] if starts else []


@shared_task(
    acks_late=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=5,
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


@shared_task
def sweep() -> int:
    """Re-queue every active match that has waited on an AI for longer than STALLED_AFTER."""
    stalled = Match.objects.filter(
        status=Match.Status.ACTIVE, updated_at__lt=timezone.now() - STALLED_AFTER
    )
    queued = 0
    for match in stalled.iterator():
        if services.ai_to_act(match, match_state(match)) is not None:
            play.delay(str(match.id), match.seq)
            queued += 1
    return queued
