"""A real Celery worker (a ``celery -A cardavia worker`` subprocess) plays the AI seats, against
Redis and the PostgreSQL test database.

How the worker reaches the test database: pytest-django created it under its own name
(``connection.settings_dict["NAME"]``, e.g. ``test_cardavia_gw0``); the worker is started with
``DATABASE_URL`` naming exactly that database, and the tests use ``transactional_db`` so what
they write is committed and visible to the worker (and its moves to them). Each worker reads a
queue of its own, so test processes sharing one Redis never take each other's tasks. The broker's
visibility timeout is two seconds for these workers, so a message whose worker died comes back
quickly.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from bots.workers import WorkerProcess, database_url, new_queue_name, route_tasks_to, start_worker
from cardavia.celery import app
from games import services
from games.audit import audit_match
from games.engine.holdem import events as ev
from games.models import Match, Player
from games.registry import game_for
from games.selectors import ai_seat_to_act, match_state, stored_events
from tests.bots.tables import calls

pytestmark = [
    pytest.mark.celery_worker,
    pytest.mark.broker,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(240),
]

VISIBILITY_TIMEOUT = "2"
_QUEUE = new_queue_name()  # one per test process: routing is fixed at the first task sent


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[Callable[..., WorkerProcess]]:
    """``workers()`` starts a real worker on this test's database; all are stopped afterwards."""
    if not settings.CELERY_BROKER_URL:
        pytest.fail("CELERY_BROKER_URL must name a broker (CI: redis://127.0.0.1:6379/0)")
    route_tasks_to(app, _QUEUE)
    previous_eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    started: list[WorkerProcess] = []

    def start(**extra_env: str) -> WorkerProcess:
        worker = start_worker(
            database=database_url(connection.settings_dict),
            queue=_QUEUE,
            broker=settings.CELERY_BROKER_URL,
            extra_env={"CELERY_VISIBILITY_TIMEOUT": VISIBILITY_TIMEOUT, **extra_env},
            log=tmp_path / f"worker-{len(started)}.log",
        )
        started.append(worker)
        worker.wait_ready()
        return worker

    yield start
    for worker in started:
        worker.stop()
    app.conf.task_always_eager = previous_eager
    with app.connection_for_write() as broker:
        broker.default_channel.queue_purge(_QUEUE)


def wait_for(condition: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")


def fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def ais_done(match: Match) -> bool:
    """No AI is to act: the human's turn, the human out of the match, or the match over."""
    current = fresh(match)
    return ai_seat_to_act(current, match_state(current)) is None


def gapless(match: Match) -> bool:
    events = stored_events(match)
    return [seq for seq, _ in events] == list(range(1, fresh(match).seq + 1))


def test_a_real_worker_plays_an_ai_only_match_to_its_end(workers):
    worker = workers()
    player = Player.objects.create()
    match = services.match_start(
        player=player, seats=["maniac", "hard", "maniac", "calling_station"]
    ).match
    wait_for(
        lambda: fresh(match).status == Match.Status.FINISHED, 180, "the AIs to finish the match"
    )
    assert gapless(match)
    assert audit_match(fresh(match)).report.mismatches == []
    assert "bots.tasks.play" in worker.output()


def test_human_actions_are_answered_by_the_worker(workers):
    """The AIs' answers come from the worker alone (how fast is bench_bots' ai_reply_ms_p95)."""
    workers()
    player = Player.objects.create()
    match = services.match_start(player=player, level="hard").match
    wait_for(lambda: ais_done(match), 30, "the AIs before the human's first turn")
    answered = 0
    while answered < 8 and match_state(fresh(match)).to_act == 0:
        current = fresh(match)
        seat_view = game_for(current.game).view(match_state(current), 0)
        kind, amount = calls(seat_view)
        acted_at = services.match_act(
            match_id=match.id, player=player, kind=kind, amount=amount, expected_seq=current.seq
        ).match.seq
        wait_for(lambda: ais_done(match), 30, "the AIs to answer the human")
        answered += fresh(match).seq > acted_at
    assert answered >= 1
    assert gapless(match)


def test_a_worker_killed_mid_decision_leaves_the_move_to_the_next_worker_exactly_once(
    workers, tmp_path
):
    log = tmp_path / "slow-bot.log"
    first = workers(SLOW_BOT_LOG=str(log))
    player = Player.objects.create()
    seats = ["human", "calling_station", "calling_station", "tests.bots.spies:SlowFirstTime"]
    match = services.match_start(player=player, seats=seats).match
    waiting_at = match.seq  # seat 3 (the slow bot) acts first

    wait_for(lambda: log.exists() and log.read_text().count("deciding") == 1, 30, "a decision")
    first.kill()  # SIGKILL in the middle of the decision: no move, no acknowledgement
    assert fresh(match).seq == waiting_at

    workers(SLOW_BOT_LOG=str(log))  # the broker redelivers the unacknowledged message
    wait_for(lambda: ais_done(match) and fresh(match).seq > waiting_at, 60, "the move")
    time.sleep(3 * float(VISIBILITY_TIMEOUT))  # room for any duplicate delivery to show up

    assert log.read_text().count("deciding") == 2  # decided again by the second worker...
    moves = [
        item
        for seq, item in stored_events(fresh(match))
        if seq > waiting_at and isinstance(item, ev.PLAYER_ACTIONS)
    ]
    assert [move.seat for move in moves] == [3]  # ...and played exactly once
    assert gapless(match)
