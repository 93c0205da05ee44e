"""A bot that hangs (not dies) on a decision does not hang its match: a real worker's time limits
and the beat sweep hand the turn to a stand-in (settings AI_TURN_*, bots/cutoffs.py).

The same set-up as tests/bots/test_worker.py (a real worker on this test's PostgreSQL database
and a queue of its own on the broker), with the prefork pool the time limits need and, for a
bot that survives the soft limit, a real Celery beat.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from bots.tasks import play
from bots.workers import WorkerProcess, database_url, new_queue_name, route_tasks_to, start_worker
from cardavia.celery import app
from games import services
from games.audit import audit_match
from games.engine.holdem import events as ev
from games.models import Match, Player
from games.selectors import stored_events
from tests.bots.test_worker import ais_done, fresh, gapless, wait_for
from tests.ops.live import Service

pytestmark = [
    pytest.mark.celery_worker,
    pytest.mark.broker,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(120),
]

_QUEUE = new_queue_name()
LIMITS = {"AI_TURN_SOFT_TIME_LIMIT": "1", "AI_TURN_TIME_LIMIT": "3"}


@pytest.fixture
def stack(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[..., WorkerProcess]]:
    """``stack(beat=False)``: a prefork worker (two processes) with short AI time limits, and
    Celery beat if asked; all stopped afterwards."""
    # A task message carries its sender's time limits: this process sends the first AI turn.
    # (Celery caches a task's sending options on first use: drop them to take these.)
    task = app.tasks[play.name]
    monkeypatch.setattr(task, "soft_time_limit", float(LIMITS["AI_TURN_SOFT_TIME_LIMIT"]))
    monkeypatch.setattr(task, "time_limit", float(LIMITS["AI_TURN_TIME_LIMIT"]))
    monkeypatch.setattr(task, "_exec_options", None)
    route_tasks_to(app, _QUEUE)
    previous_eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    started: list[WorkerProcess] = []
    beats: list[Service] = []

    def start(*, beat: bool = False) -> WorkerProcess:
        worker = start_worker(
            database=database_url(connection.settings_dict),
            queue=_QUEUE,
            broker=settings.CELERY_BROKER_URL,
            extra_env=LIMITS,
            concurrency=2,
            log=tmp_path / "worker.log",
        )
        started.append(worker)
        worker.wait_ready()
        if beat:
            command = [sys.executable, "-m", "celery", "-A", "cardavia", "beat", "--loglevel=INFO"]
            command += ["--schedule", str(tmp_path / "beat-schedule")]
            beats.append(Service.start("beat", command, worker.env, tmp_path / "beat.log"))
        return worker

    yield start
    for beat_process in beats:
        beat_process.stop()
    for worker in started:
        worker.stop()
    app.conf.task_always_eager = previous_eager
    with app.connection_for_write() as broker:
        broker.default_channel.queue_purge(_QUEUE)


def moves_after(match: Match, seq: int) -> list[int]:
    return [
        item.seat
        for number, item in stored_events(fresh(match))
        if number > seq and isinstance(item, ev.PLAYER_ACTIONS)
    ]


def start_with_seat_3(bot: str) -> tuple[Match, int]:
    """A match whose seat 3 (the first to act) is ``bot``; the seq it waits on."""
    seats = ["human", "calling_station", "calling_station", f"tests.bots.hangs:{bot}"]
    match = services.match_start(player=Player.objects.create(), seats=seats).match
    return match, match.seq


def test_past_the_soft_limit_the_medium_level_plays_the_hung_bots_turn(stack):
    worker = stack()
    match, waiting_at = start_with_seat_3("Hangs")
    started = time.monotonic()
    wait_for(lambda: ais_done(match) and fresh(match).seq > waiting_at, 30, "a stand-in move")
    assert time.monotonic() - started < 15
    assert moves_after(match, waiting_at)[:1] == [3]
    assert moves_after(match, waiting_at).count(3) == 1  # one move for that turn, no duplicate
    assert "Soft time limit (1.0s) exceeded for bots.tasks.play" in worker.output()
    assert "the medium level plays this turn" in worker.output()
    assert gapless(match)
    assert audit_match(fresh(match)).report.mismatches == []


def test_a_bot_that_survives_the_soft_limit_is_killed_and_the_sweep_hands_its_turn_on(stack):
    worker = stack(beat=True)
    match, waiting_at = start_with_seat_3("HangsStubbornly")
    wait_for(lambda: "Hard time limit" in worker.output(), 30, "the hard time limit")
    assert fresh(match).seq == waiting_at  # killed mid-decision: nothing stored
    wait_for(lambda: ais_done(match) and fresh(match).seq > waiting_at, 45, "a stand-in move")
    time.sleep(2)  # room for a duplicate (a re-queued turn played twice) to show up
    assert moves_after(match, waiting_at).count(3) == 1
    assert "HangsStubbornly' cut off in match" in worker.output()  # the main process's mark
    assert "was cut off on this turn" in worker.output()  # and the next attempt skipped it
    assert gapless(match)
    assert audit_match(fresh(match)).report.mismatches == []
