"""A bot cut off by the hard time limit is not asked again for that turn.

An AI turn runs under Celery time limits (settings ``AI_TURN_SOFT_TIME_LIMIT`` and
``AI_TURN_TIME_LIMIT``). A bot that overruns the soft limit gets ``SoftTimeLimitExceeded`` in
its ``act`` and the next bot in line plays the turn at once
(``bots.services.ai_command_choose``). A bot that ignores it (a C extension that holds the
interpreter, a bare ``except``) is killed with its pool process at the hard limit; the beat
sweep then queues the turn again, and asking the same bot would only hang again. So the bot
deciding a turn is noted while it decides, and when the worker's main process reports a hard
time limit for that turn, the note becomes a mark in the shared cache that skips the bot on the
turn's next attempt, for the next in line (the medium level, then a move that can never be
refused).

The note is a small file the pool process writes before each decision and its parent reads
after killing it (they share the machine, as the prefork pool's time limits need): a decision
costs a write, where a note in the shared cache cost two round trips to Redis (a third of a
worker process's time under load). A task's chain of turns reads the match's marks once
(:func:`chain`); the next attempt may run on any worker, so the marks are shared.

A worker that dies for another reason (killed, restarted) marks nothing: the turn's next attempt
asks the same bot again, which decides the same (its random source is seeded by the turn).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import json
import logging
import os
import random
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from celery.exceptions import TimeLimitExceeded
from celery.signals import task_failure
from django.core.cache import cache

from bots.policies import Bot, Choice, Record, View

logger = logging.getLogger(__name__)

# Long after any retry or sweep of the turn.
MARK_SECONDS = 3600

Turns = frozenset[tuple[int, str]]  # (seq, bot name) of the turns whose bot was cut off

# The chain of turns this task plays: its match and the marks read for it.
_chain: contextvars.ContextVar[tuple[str, Turns] | None] = contextvars.ContextVar(
    "cutoffs_chain", default=None
)


class CutOffBefore(Exception):
    """This bot was cut off by the hard time limit on this turn before."""


@contextmanager
def chain(match_id: Any) -> Iterator[None]:
    """A task's chain of AI turns in ``match_id``: the turns cut off before are read once, and
    the note of the turn being decided is removed when the chain is over (a pool process
    killed mid-decision leaves it to its parent)."""
    token = _chain.set((str(match_id), _marks(match_id)))
    try:
        yield
    finally:
        _chain.reset(token)
        _forget_note(match_id)


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
    chained = _chain.get()
    marks = chained[1] if chained and chained[0] == str(match_id) else _marks(match_id)
    if (seq, name) in marks:
        raise CutOffBefore(f"bot {name!r} was cut off on this turn (match {match_id}, seq {seq})")
    _note(match_id, seq, name)
    try:
        return bot.act(view, history, rng)
    finally:
        if not chained:
            _forget_note(match_id)


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
    note = _note_taken(match_id)
    if note:
        seq, name = note
        logger.warning(
            "bot %r cut off in match %s at seq %s: a stand-in plays", name, match_id, seq
        )
        marked = _cache("get", _cut_offs(match_id)) or []
        _cache("set", _cut_offs(match_id), [*marked, [seq, name]], MARK_SECONDS)


def _cut_offs(match_id: Any) -> str:
    return f"ai-cut-offs:{match_id}"


def _marks(match_id: Any) -> Turns:
    return frozenset((seq, name) for seq, name in _cache("get", _cut_offs(match_id)) or ())


@functools.cache
def _notes() -> Path:
    # Shared by a worker's main process and its pool: the same machine, the same user.
    return Path(tempfile.gettempdir()) / f"cardavia-ai-deciding-{os.getuid()}"


def _note_path(match_id: Any) -> Path:
    # By match, holding the turn's seq: a task plays a chain of AI turns (bots.tasks), so the
    # turn cut off may be a later one than the seq the task was sent with.
    return _notes() / str(match_id)


def _note(match_id: Any, seq: int, name: str) -> None:
    """Note the turn being decided; a note that cannot be written never fails the turn (a bot
    cut off then is asked again, as after a worker killed for another reason)."""
    try:
        try:
            _write_note(match_id, seq, name)
        except FileNotFoundError:  # the folder is made at the first note, and if cleaned away
            _notes().mkdir(mode=0o700, exist_ok=True)
            _write_note(match_id, seq, name)
    except OSError:
        logger.warning("cannot note the AI turn being decided in %s", _notes())


def _forget_note(match_id: Any) -> None:
    with contextlib.suppress(OSError):
        _note_path(match_id).unlink(missing_ok=True)


def _write_note(match_id: Any, seq: int, name: str) -> None:
    descriptor = os.open(_note_path(match_id), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(descriptor, json.dumps([seq, name]).encode())
    finally:
        os.close(descriptor)


def _note_taken(match_id: Any) -> tuple[int, str] | None:
    """The note of the turn being decided in ``match_id`` when its process was killed, removed."""
    path = _note_path(match_id)
    try:
        seq, name = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    _forget_note(match_id)
    return int(seq), str(name)


def _cache(operation: str, *args: Any) -> Any:
    """A cache call that never fails the turn: without the shared cache, nothing is marked."""
    try:
        return getattr(cache, operation)(*args)
    except Exception:
        logger.warning("cache %s failed for %s: the cache is unavailable", operation, args[0])
        return None
