"""A bot cut off by the hard time limit is not asked again for that turn.

An AI turn runs under Celery time limits (settings ``AI_TURN_SOFT_TIME_LIMIT`` and
``AI_TURN_TIME_LIMIT``). A bot that overruns the soft limit gets ``SoftTimeLimitExceeded`` in
its ``act`` and the next bot in line plays the turn at once
(``bots.services.ai_command_choose``). A bot that ignores it (a C extension that holds the
interpreter, a bare ``except``) is killed with its pool process at the hard limit; the beat
sweep then queues the turn again, and asking the same bot would only hang again. So the bot
deciding a turn is noted in the shared cache while it decides, and when the worker's main
process reports a hard time limit for that turn, the note becomes a mark that skips the bot on
the turn's next attempt, for the next in line (the medium level, then a move that can never be
refused).

A worker that dies for another reason (killed, restarted) marks nothing: the turn's next attempt
asks the same bot again, which decides the same (its random source is seeded by the turn).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from typing import Any

from celery.exceptions import TimeLimitExceeded
from celery.signals import task_failure
from django.core.cache import cache

from bots.policies import Bot, Choice, Record, View

logger = logging.getLogger(__name__)

# Long after any retry or sweep of the turn.
MARK_SECONDS = 3600


class CutOffBefore(Exception):
    """This bot was cut off by the hard time limit on this turn before."""


def _deciding(match_id: Any) -> str:
    # By match, holding the turn's seq: a task plays a chain of AI turns (bots.tasks), so the
    # turn cut off may be a later one than the seq the task was sent with.
    return f"ai-deciding:{match_id}"


def _cut_off(match_id: Any, seq: int, name: str) -> str:
    return f"ai-cut-off:{match_id}:{seq}:{name}"


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
    if _cache("get", _cut_off(match_id, seq, name)):
        raise CutOffBefore(f"bot {name!r} was cut off on this turn (match {match_id}, seq {seq})")
    _cache("set", _deciding(match_id), [seq, name], MARK_SECONDS)
    try:
        return bot.act(view, history, rng)
    finally:
        _cache("delete", _deciding(match_id))


@task_failure.connect
def _on_hard_time_limit(
    sender: Any = None, exception: BaseException | None = None, args: Any = None, **kwargs: Any
) -> None:
    """In the worker's main process, once a pool process was killed for overrunning ``play``'s
    hard limit: mark the bot that was deciding that turn."""
    if not isinstance(exception, TimeLimitExceeded) or getattr(sender, "name", "") != (
        "bots.tasks.play"
    ):
        return
    match_id = args[0]
    note = _cache("get", _deciding(match_id))
    if note:
        seq, name = note
        logger.warning(
            "bot %r cut off in match %s at seq %s: a stand-in plays", name, match_id, seq
        )
        _cache("set", _cut_off(match_id, seq, name), 1, MARK_SECONDS)
        _cache("delete", _deciding(match_id))


def _cache(operation: str, *args: Any) -> Any:
    """A cache call that never fails the turn: without the shared cache, nothing is marked."""
    try:
        return getattr(cache, operation)(*args)
    except Exception:
        logger.warning("cache %s failed for %s: the cache is unavailable", operation, args[0])
        return None
