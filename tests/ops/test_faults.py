"""Faults survived by the real stack: gunicorn (two workers), a Celery worker and Celery beat on
a PostgreSQL and a Redis of the test's own, which the test stops and starts while a player plays
over HTTP (tests/ops/services.py). After each fault the stored match is checked: its events are
numbered 1..seq with no gap or repeat, every human action that was answered is stored exactly
once, and ``manage.py audit`` re-derives every hand.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import pytest

from bots.workers import WorkerProcess, new_queue_name, start_worker
from tests.ops.live import (
    HttpPlayer,
    HttpReply,
    Service,
    base_env,
    free_port,
    manage,
    passive_action,
    start_gunicorn,
    wait_for,
)
from tests.ops.services import PrivatePostgres, PrivateRedis

pytestmark = [pytest.mark.faults, pytest.mark.timeout(240)]

HUMAN_ACTIONS = ("holdem.folded", "holdem.checked", "holdem.called", "holdem.bet", "holdem.raised")


@dataclass
class Stack:
    """The processes of one test; ``web_url`` is gunicorn's address."""

    root: Path
    postgres: PrivatePostgres
    redis: PrivateRedis
    env: dict[str, str]
    web: Service | None = None
    web_url: str = ""
    worker: WorkerProcess | None = None
    beat: Service | None = None
    others: list[Service] = field(default_factory=list)

    def start_web(self, **overrides: str) -> None:
        self.web, self.web_url = start_gunicorn({**self.env, **overrides}, self.root / "web.log")

    def start_celery(self) -> None:
        self.worker = start_worker(
            database=self.env["DATABASE_URL"],
            queue=self.env["CELERY_TASK_DEFAULT_QUEUE"],
            broker=self.env["CELERY_BROKER_URL"],
            extra_env={key: self.env[key] for key in ("CACHE_KEY_PREFIX",)},
            concurrency=2,
            log=self.root / "worker.log",
        )
        self.worker.wait_ready()
        beat = [sys.executable, "-m", "celery", "-A", "cardavia", "beat", "--loglevel=INFO",
                "--schedule", str(self.root / "beat-schedule")]  # fmt: skip
        self.beat = Service.start("beat", beat, self.worker.env, self.root / "beat.log")

    def logs(self) -> str:
        parts = [(self.web, "web"), (self.beat, "beat")]
        text = "".join(f"\n--- {name} ---\n{p.output()[-3000:]}" for p, name in parts if p)
        if self.worker:
            text += f"\n--- worker ---\n{self.worker.output()[-3000:]}"
        return text

    def stop(self) -> None:
        for service in (self.web, self.beat, *self.others):
            if service is not None:
                service.stop()
        if self.worker is not None:
            self.worker.stop()

    def stored(self, match_id: str) -> tuple[int, list[tuple[int, str, dict[str, Any]]]]:
        """The match's seq and its events, read in one snapshot (the AIs may be moving)."""
        with psycopg.connect(self.env["DATABASE_URL"]) as connection:
            connection.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
            with connection.transaction():
                key = (uuid.UUID(match_id),)
                row = connection.execute("SELECT seq FROM games_match WHERE id = %s", key)
                (seq,) = row.fetchone() or (None,)
                rows = connection.execute(
                    "SELECT seq, type, payload FROM games_event WHERE match_id = %s ORDER BY seq",
                    key,
                ).fetchall()
        assert seq is not None
        return int(seq), [(number, kind, payload) for number, kind, payload in rows]

    def assert_intact(self, match_id: str, human_actions: int) -> None:
        """Events 1..seq, each once; ``human_actions`` of the human's; every hand re-derived."""
        seq, events = self.stored(match_id)
        assert [number for number, _, _ in events] == list(range(1, seq + 1))
        mine = [
            seq for seq, kind, payload in events if kind in HUMAN_ACTIONS and payload["seat"] == 0
        ]
        assert len(mine) == human_actions, (mine, human_actions)
        audit = manage(self.env, "audit", match_id)
        assert audit.returncode == 0, audit.stdout + audit.stderr


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[Stack]:
    postgres = PrivatePostgres.create()
    redis = PrivateRedis(port=free_port(), directory=tmp_path)
    running: Stack | None = None
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
            STALL_DIR=str(tmp_path),
        )
        migrated = manage(env, "migrate", "--noinput")
        assert migrated.returncode == 0, migrated.stderr
        running = Stack(tmp_path, postgres, redis, env)
        yield running
    finally:
        if running is not None:
            running.stop()
        redis.stop()
        postgres.remove()


@dataclass
class Table:
    """The player's side: plays passively, counts the actions the server accepted."""

    player: HttpPlayer
    match_id: str = ""
    accepted: int = 0

    def start(self) -> None:
        self.player.session().ok()
        self.match_id = self.player.start(level="easy").ok().body["id"]

    def my_turn(self, timeout: float = 45) -> dict[str, Any]:
        return wait_for(lambda: self.player.my_turn(self.match_id), timeout, "the human's turn")

    def act(self, body: dict[str, Any], key: str | None = None) -> HttpReply:
        reply = self.player.act(
            self.match_id, passive_action(body["view"]), expected_seq=body["seq"], key=key
        )
        if reply.status == 200 and "idempotent-replayed" not in reply.headers:
            self.accepted += 1
        return reply

    def play(self, moves: int) -> None:
        for _ in range(moves):
            self.act(self.my_turn()).ok()


def assert_unavailable(reply: HttpReply) -> None:
    assert reply.status == 503, (reply.status, reply.body)
    assert reply.headers["retry-after"] == "5"
    assert reply.body["code"] == "service_unavailable"
    assert reply.body["params"] == {"wait": 5}


def test_postgresql_restarted_during_play(stack):
    stack.start_web()
    stack.start_celery()
    table = Table(HttpPlayer(stack.web_url))
    table.start()
    table.play(2)
    try:
        body = table.my_turn()
        table.act(body).ok()  # the AIs are moving in the worker when the database goes
        stack.postgres.stop()

        player = table.player
        assert_unavailable(player.view(table.match_id))
        assert_unavailable(player.get(f"/api/matches/{table.match_id}/events/"))
        assert_unavailable(player.get("/api/session/"))
        assert_unavailable(player.start())
        assert_unavailable(player.act(table.match_id, "call", key="during-the-outage"))

        stack.postgres.start()
        # The keyed action refused during the outage, sent again: it was never stored.
        body = table.my_turn()
        first = table.act(body, key="after-the-outage").ok()
        again = table.act(body, key="after-the-outage").ok()
        assert again.headers["idempotent-replayed"] == "true"
        assert again.body == first.body
        table.play(2)  # the worker reconnected by itself and answers again
        table.my_turn()
    except BaseException:
        print(stack.logs())
        raise
    stack.assert_intact(table.match_id, table.accepted)


def test_redis_stopped_during_play(stack):
    stack.start_web()
    stack.start_celery()
    table = Table(HttpPlayer(stack.web_url))
    table.start()
    table.play(2)
    try:
        body = table.my_turn()
        stack.redis.stop()

        started = time.monotonic()
        answered = table.act(body).ok()  # stored and answered; queuing the AI's turn failed
        assert time.monotonic() - started < 5
        assert answered.body["seq"] > body["seq"]
        assert table.player.view(table.match_id).ok()
        second = Table(table.player)
        second.match_id = table.player.start(level="easy").ok().body["id"]  # new matches too
        time.sleep(3)  # the AIs wait: no broker

        stack.redis.start()  # empty: every queued message is lost
        table.my_turn(timeout=60)  # beat's sweep queues the AI turns again
        second.my_turn(timeout=30)
        table.play(2)
    except BaseException:
        print(stack.logs())
        raise
    stack.assert_intact(table.match_id, table.accepted)
    stack.assert_intact(second.match_id, 0)
    assert "in on_commit()" in stack.web.output()  # the failed queuing, logged, not raised


@pytest.mark.parametrize("moment", ["before-commit", "after-commit"])
def test_a_web_worker_killed_in_the_middle_of_an_action(stack, moment):
    """SIGKILL to the gunicorn worker running the action: before its COMMIT nothing is stored
    and the retry acts; after it the action is stored and the retry gets the stored answer.
    Either way the client's retries with the same Idempotency-Key give exactly one action."""
    stack.start_web(DJANGO_SETTINGS_MODULE="tests.ops.stall_settings")
    stack.start_celery()
    table = Table(HttpPlayer(stack.web_url))
    table.start()
    table.play(1)
    try:
        body = table.my_turn()
        stall = stack.root / f"stall-{moment}"
        stall.touch()
        outcome: list[Any] = []

        def send() -> None:
            try:
                outcome.append(table.act(body, key="killed-mid-action"))
            except OSError as lost:  # the connection dies with the worker
                outcome.append(lost)

        sender = threading.Thread(target=send)
        sender.start()
        stalled = stack.root / "stalled"
        pid = int(wait_for(lambda: stalled.exists() and stalled.read_text(), 30, "the stall"))
        assert pid in stack.web.group()  # a gunicorn worker of this test's server
        os.kill(pid, signal.SIGKILL)
        sender.join(timeout=30)
        assert outcome and isinstance(outcome[0], OSError), outcome
        stall.unlink()

        retried = table.act(body, key="killed-mid-action").ok()
        replayed = retried.headers.get("idempotent-replayed") == "true"
        assert replayed == (moment == "after-commit")
        if replayed:
            table.accepted += 1  # stored by the killed worker, its answer lost
        table.act(body, key="killed-mid-action").ok()  # and once more: replayed
        table.play(1)  # after-commit, the AI turn was never queued: the sweep did it
        table.my_turn()
    except BaseException:
        print(stack.logs())
        raise
    stack.assert_intact(table.match_id, table.accepted)
