"""A bot that was cut off in the middle of a decision is not asked again for that turn.

An AI turn runs under Celery time limits (settings ``AI_TURN_SOFT_TIME_LIMIT`` and
``AI_TURN_TIME_LIMIT``). A bot that overruns the soft limit gets ``SoftTimeLimitExceeded`` in
its ``act`` and the turn goes to the next bot in line at once (``bots.tasks.choose``). A bot
that ignores it (a C extension that holds the interpreter, a bare ``except``) is killed with its
process at the hard limit, or its worker dies for another reason; the beat sweep (or the broker)
then queues the turn again, and asking the same bot would only hang again. So each bot's
decision is marked in the shared cache while it runs: a turn that finds a mark left over knows
that bot never finished, and skips it for the next in line (the medium level, then a move that
can never be refused).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from typing import Any

from django.core.cache import cache

from bots.policies import Bot, Choice, Record, View

logger = logging.getLogger(__name__)

# Long after any retry or sweep of the turn; the mark of a finished decision is removed at once.
MARK_SECONDS = 3600


class CutOffBefore(Exception):
    """This bot's decision on this turn started before and never finished."""


def ask(
    bot: Bot,
    name: str,
    turn: tuple[Any, int],
    view: View,
    history: Sequence[Record],
    rng: random.Random,
) -> Choice:
    """``bot.act(view, history, rng)`` for the turn ``(match_id, seq)``, unless this bot was cut
    off on this very turn before (then :class:`CutOffBefore`)."""
    match_id, seq = turn
    key = f"ai-deciding:{match_id}:{seq}:{name}"
    try:
        first_time = cache.add(key, 1, timeout=MARK_SECONDS)
    except Exception:  # no shared cache to ask: decide as if for the first time
        logger.warning("cannot mark the decision in match %s: the cache is unavailable", match_id)
        first_time, key = True, ""
    if not first_time:
        raise CutOffBefore(f"bot {name!r} was cut off on this turn (match {match_id}, seq {seq})")
    try:
        return bot.act(view, history, rng)
    finally:
        if key:
            _forget(key)


def _forget(key: str) -> None:
    try:
        cache.delete(key)
    except Exception:
        logger.warning("cannot clear the decision mark %s: the cache is unavailable", key)
