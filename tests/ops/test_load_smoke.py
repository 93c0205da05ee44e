"""The load test's players in small (``python -m bench load`` steps them up by the hundred):
two Locust players play Hold'em over HTTP against gunicorn and a real Celery worker for a few
seconds, following their matches on the live stream, with no error, the AIs answering, no
stream event lost or repeated, and ``manage.py audit`` clean after. Their thinking is sped up
twentyfold (``LOAD_PACE``) to fit. And the figures' arithmetic (bench/load/report.py, the
capacity steps of bench/bench_load.py) on records made up here, the players' model
(think time, display time), and the CPU meter (bench/load/cpu.py).
"""

from __future__ import annotations

import os
import time

import pytest
import redis
from django.conf import settings
from django.db import connection

from bench.bench_load import run_locust
from bench.load.cpu import Meter, Sample, part_of, server_seconds, spent
from bench.load.report import Window, percentile, summarize
from bots.workers import database_url, new_queue_name, start_worker
from tests.ops.live import base_env, manage, start_gunicorn

SECONDS = 20  # a sign-up alone takes seconds on a busy machine (its password hash)


@pytest.mark.postgres
@pytest.mark.broker
@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
@pytest.mark.timeout(240)
def test_locust_players_play_against_gunicorn_and_a_real_worker(tmp_path):
    queue = new_queue_name()
    database = database_url(connection.settings_dict)
    env = base_env(
        DATABASE_URL=database,
        CELERY_BROKER_URL=settings.CELERY_BROKER_URL,
        CELERY_TASK_ALWAYS_EAGER="false",
        CELERY_TASK_DEFAULT_QUEUE=queue,
        CACHE_KEY_PREFIX=queue,
    )
    worker = start_worker(
        database=database,
        queue=queue,
        broker=settings.CELERY_BROKER_URL,
        log=tmp_path / "worker.log",
    )
    web = None
    try:
        web, url = start_gunicorn(env, tmp_path / "web.log", workers=1)
        worker.wait_ready()
        record = run_locust(url, "Player", 2, SECONDS, tmp_path, {"LOAD_PACE": "0.05"})
    finally:
        if web is not None:
            web.stop()
        worker.stop()
        redis.Redis.from_url(settings.CELERY_BROKER_URL).delete(queue)

    load = summarize(record, "action", Window(record["started"], SECONDS))
    assert load.errors == 0, (load.error_kinds, record["notes"])
    assert load.count >= 3, load.by_name  # each player acted, more than once
    assert load.ai_replies >= 1  # the worker answered, the stream said so, and it was timed
    assert record["break_count"] == 0, record["breaks"]  # the streams' events, each once
    answered = [r for r in record["requests"] if r[0] == "action" and r[3] == 200]
    assert len(record["acked"]) == len(answered)  # each answered action recorded once
    audit = manage(env, "audit")
    assert audit.returncode == 0, audit.stderr
    assert "mismatches: 0" in audit.stdout


def test_only_the_window_counts_towards_rates_and_every_failure_is_an_error():
    requests = [
        ["action", 9.0, 500.0, 200, ""],  # warm-up: not timed
        ["action", 10.0, 10.0, 200, ""],
        ["action", 11.0, 30.0, 200, ""],
        ["feed", 11.5, 5.0, 200, ""],
        ["action", 12.0, 20.0, 429, "throttled"],
        ["match", 19.0, 0.0, 0, ""],  # no answer at all
        ["action", 20.0, 99.0, 200, ""],  # after the window
    ]
    record = {"requests": requests, "replies": [[9.5, 900.0], [10.5, 300.0]]}
    load = summarize(record, "action", Window(10.0, 10.0))
    assert (load.count, load.per_s, load.p50_ms, load.p99_ms) == (2, 0.2, 10.0, 30.0)
    assert load.errors == 2
    assert load.error_kinds == {"action 429 throttled": 1, "match 0": 1}
    assert (load.ai_replies, load.ai_reply_p95_ms) == (1, 300.0)


def test_percentiles_are_nearest_rank():
    samples = [float(n) for n in range(1, 201)]
    assert percentile(samples, 0.5) == 100.0
    assert percentile(samples, 0.99) == 198.0
    assert percentile([7.0], 0.99) == 7.0


def test_cpu_spent_counts_each_process_from_its_first_reading_in_the_window_to_its_last():
    samples = [
        Sample(10.0, 100.0, {1: ("web", 5.0), 2: ("postgres", 2.0)}),
        Sample(11.0, 101.5, {1: ("web", 6.0), 2: ("postgres", 2.5), 3: ("locust", 0.2)}),
        # a PostgreSQL process born after the window's start, gone before its end
        Sample(15.0, 106.0, {1: ("web", 7.0), 2: ("postgres", 3.0), 4: ("postgres", 0.75)}),
        Sample(20.0, 112.0, {1: ("web", 9.5), 2: ("postgres", 4.0), 3: ("locust", 1.0)}),
        Sample(21.0, 113.9, {1: ("web", 9.9), 2: ("postgres", 4.1), 3: ("locust", 1.1)}),
    ]
    by_part = spent(samples, 11.2, 19.7)
    assert by_part == {"locust": 0.8, "postgres": 2.25, "web": 3.5, "machine": 10.5}
    assert server_seconds(by_part) == 5.75  # neither the load tool nor the machine total


def test_a_process_belongs_to_its_stack_group_before_anything_its_name_says():
    groups = {4100: "worker", 4200: "ceiling"}
    assert part_of("celery", ["celery", "-A", "cardavia"], 4100, groups) == "worker"
    assert part_of("postgres", ["postgres"], 4200, groups) == "ceiling"
    assert part_of("postgres", ["postgres: walwriter"], 1, groups) == "postgres"
    assert part_of("redis-server", ["redis-server *:6379"], 1, groups) == "redis"
    locust = ["/v/bin/python", "-m", "locust", "-f", "l.py"]
    assert part_of("python3", locust, 1, groups) == "locust"
    assert part_of("bash", ["bash"], 1, groups) is None


def test_the_meter_sees_cpu_its_own_process_group_spends():
    group = os.getpgid(0)
    with Meter(lambda: {group: "bench"}) as meter:
        deadline = time.process_time() + 0.3
        while time.process_time() < deadline:
            pass
    assert len(meter.samples) >= 2
    by_part = spent(meter.samples, meter.samples[0].at, meter.samples[-1].at)
    assert by_part["bench"] >= 0.25
    assert by_part["machine"] >= by_part["bench"] * 0.9


def test_think_times_follow_the_fixed_model():
    import math
    import random

    from bench.load.model import THINK_CAP_S, think_s

    rng = random.Random(7)
    samples = sorted(think_s(rng) for _ in range(20000))
    assert abs(samples[len(samples) // 2] - 3.0) < 0.1  # median 3 s
    assert max(samples) == THINK_CAP_S  # capped
    logs = [math.log(s) for s in samples if s < THINK_CAP_S]
    mean = sum(logs) / len(logs)
    sigma = math.sqrt(sum((x - mean) ** 2 for x in logs) / len(logs))
    assert 0.55 < sigma < 0.65


def test_the_display_time_is_the_clients_at_normal_speed():
    from bench.load.model import display_ms

    def record(kind: str, seat: int | None = None) -> dict:
        return {"type": f"holdem.{kind}", "payload": {} if seat is None else {"seat": seat}}

    shown = [
        record("checked", 0),  # the player's own: at once
        record("called", 1),
        record("raised", 2),
        record("board_dealt"),
        record("pot_awarded"),
        record("hand_started"),
        record("hole_cards_dealt"),  # no pause of its own
    ]
    assert display_ms(shown, viewer=0) == 900 + 900 + 900 + 1800 + 450


def test_capacity_is_the_last_step_that_held_with_every_step_before_it_holding():
    from bench.bench_load import Step, capacity_of
    from bench.load.report import Load

    def step(players: int, p99: float, errors: int = 0) -> Step:
        load = Load(1.0, 10.0, p99, 100, errors, {}, 100.0, 50, {})
        held = errors == 0 and p99 <= 100
        return Step(players, Window(0, 60), load, {}, held)

    steps = [step(100, 40), step(200, 60), step(300, 250), step(400, 80)]
    at = capacity_of(steps, audit_clean=True)
    assert at is not None and at.players == 200  # 400 held again, but after 300 missed
    assert capacity_of(steps, audit_clean=False) is None
    assert capacity_of([step(100, 500)], audit_clean=True) is None


def test_a_capacity_at_the_last_step_says_every_step_held(monkeypatch):
    import bench.bench_load as bench_load
    from bench.bench_load import Step, figures_for
    from bench.load.report import Load

    def step(players: int, p99: float) -> Step:
        load = Load(1.0, 10.0, p99, 100, 0, {}, 100.0, 50, {})
        return Step(players, Window(0, 60), load, {"web": 1.0}, p99 <= 100)

    monkeypatch.setattr(bench_load, "STEPS", [100, 200])
    held_all = [step(100, 40), step(200, 60)]
    peer = figures_for(held_all, held_all[-1], None, None)[0]["peer"]
    assert peer.endswith("figures at 200 players (the last step: every step held)")
    missed = [step(100, 40), step(200, 160)]
    peer = figures_for(missed, missed[0], None, None)[0]["peer"]
    assert peer.endswith("figures at 100 players")


def test_the_host_reference_is_fixed_work_timed_in_cpu():
    from bench.load.host import _work, reference_ms

    assert _work() == _work()  # the same work every time, or runs would not compare
    began = time.process_time()
    measured = reference_ms(rounds=1)
    assert 0 < measured <= 1000 * (time.process_time() - began)  # its own run, not the warm-up
