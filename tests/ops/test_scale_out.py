"""Scale out: two gunicorn servers and two Celery workers on one PostgreSQL (and one Redis), both
the test's own (tests/ops/services.py), play many matches at once, players in threads sending
their requests to either server at random.

Afterwards every match's events are numbered 1..seq with no gap, repeat or reordering, every
human action a server accepted is stored exactly once (and no other), no match is left stalled
(each is back at its human's turn), and ``manage.py audit`` re-derives every hand.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bots.workers import WorkerProcess, new_queue_name, start_worker
from tests.ops.live import (
    HttpPlayer,
    Service,
    base_env,
    free_port,
    manage,
    passive_action,
    start_gunicorn,
    wait_for,
)
from tests.ops.services import PrivatePostgres, PrivateRedis
from tests.ops.test_faults import Stack

pytestmark = [pytest.mark.faults, pytest.mark.timeout(400)]

PLAYERS = 8
MOVES = 6


@dataclass
class Cluster:
    stack: Stack
    urls: list[str] = field(default_factory=list)
    webs: list[Service] = field(default_factory=list)
    workers: list[WorkerProcess] = field(default_factory=list)

    def logs(self) -> str:
        parts = [f"\n--- web {i} ---\n{web.output()[-2000:]}" for i, web in enumerate(self.webs)]
        parts += [
            f"\n--- worker {i} ---\n{worker.output()[-2000:]}"
            for i, worker in enumerate(self.workers)
        ]
        return "".join(parts)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    postgres = PrivatePostgres.create()
    redis = PrivateRedis(port=free_port(), directory=tmp_path)
    running: Cluster | None = None
    try:
        postgres.start()
        redis.start()
        queue = new_queue_name()
        env = base_env(
            DATABASE_URL=postgres.create_database("cardavia"),
            CELERY_BROKER_URL=redis.url,
            CELERY_TASK_ALWAYS_EAGER="false",
            CELERY_TASK_DEFAULT_QUEUE=queue,
            CACHE_KEY_PREFIX=queue,
        )
        migrated = manage(env, "migrate", "--noinput")
        assert migrated.returncode == 0, migrated.stderr
        running = Cluster(Stack(tmp_path, postgres, redis, env))
        for index in range(2):
            web, url = start_gunicorn(env, tmp_path / f"web-{index}.log", workers=1)
            running.webs.append(web)
            running.urls.append(url)
            worker = start_worker(
                database=env["DATABASE_URL"],
                queue=queue,
                broker=redis.url,
                extra_env={"CACHE_KEY_PREFIX": queue},
                concurrency=1,
                log=tmp_path / f"worker-{index}.log",
            )
            running.workers.append(worker)
        for worker in running.workers:
            worker.wait_ready()
        yield running
    finally:
        if running is not None:
            for web in running.webs:
                web.stop()
            for worker in running.workers:
                worker.stop()
        redis.stop()
        postgres.remove()


@dataclass
class Seat:
    """One player in a thread: a browser whose requests go to either server."""

    urls: list[str]
    rng: random.Random
    game: str
    match_id: str = ""
    accepted: int = 0
    error: BaseException | None = None
    browser: HttpPlayer = field(init=False)

    def __post_init__(self) -> None:
        self.browser = HttpPlayer(self.urls[0])

    def to_any_server(self) -> HttpPlayer:
        self.browser.base_url = self.rng.choice(self.urls)
        return self.browser

    def my_turn(self) -> dict[str, Any]:
        return wait_for(
            lambda: self.to_any_server().my_turn(self.match_id), 60, "the human's turn", 0.05
        )

    def play(self) -> None:
        try:
            self.to_any_server().session().ok()
            body = self.to_any_server().start(game=self.game, level="easy").ok().body
            self.match_id = body["id"]
            for _ in range(MOVES):
                body = self.my_turn()
                legal = body["view"]["legal_actions"]
                if legal.get("can_lock"):
                    action, extra = "lock", {"card": legal["lockable"][0]}
                else:
                    action, extra = passive_action(body["view"]), {}
                data = {"action": action, "expected_seq": body["seq"], **extra}
                path = f"/api/matches/{self.match_id}/actions/"
                self.to_any_server().post(path, data).ok()
                self.accepted += 1
            self.my_turn()  # the AIs answered the last move too
        except BaseException as failed:  # reported by the test, with the logs
            self.error = failed


def human_actions(events: list[tuple[int, str, dict[str, Any]]]) -> int:
    kinds = {"checked", "called", "folded", "bet", "raised", "card_locked"}
    return sum(
        1 for _, kind, payload in events if kind.split(".")[1] in kinds and payload["seat"] == 0
    )


def test_two_servers_and_two_workers_play_many_matches_at_once(cluster):
    seats = [
        Seat(cluster.urls, random.Random(n), ("holdem", "updown")[n % 2]) for n in range(PLAYERS)
    ]
    threads = [threading.Thread(target=seat.play) for seat in seats]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    failed = [seat.error for seat in seats if seat.error is not None]
    if failed:
        print(cluster.logs())
    assert not failed, failed

    served = [web.output().count('"POST /api/matches/') for web in cluster.webs]
    assert all(count > 0 for count in served), served  # both servers took commands
    moved = [worker.output().count("bots.tasks.play[") for worker in cluster.workers]
    assert all(count > 0 for count in moved), moved  # both workers played AI turns

    for seat in seats:
        seq, events = cluster.stack.stored(seat.match_id)
        assert [number for number, _, _ in events] == list(range(1, seq + 1)), seat.match_id
        assert human_actions(events) == seat.accepted, (seat.match_id, seat.accepted)
    audit = manage(cluster.stack.env, "audit")
    assert audit.returncode == 0, audit.stdout + audit.stderr
