"""The load test's players in small (``python -m bench load`` runs them at 16 and 64 for a
minute each): two Locust players play Hold'em over HTTP against gunicorn and a real Celery
worker for a few seconds, with no error, the AIs answering, and ``manage.py audit`` clean after.
And the figures' arithmetic (bench/load/report.py) on a record made up here, and the CPU meter
(bench/load/cpu.py) that says what a human action costs beside a ceiling append.
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

SECONDS = 10


@pytest.mark.postgres
@pytest.mark.broker
@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
@pytest.mark.timeout(120)
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
        record = run_locust(url, "Player", 2, SECONDS, tmp_path)
    finally:
        if web is not None:
            web.stop()
        worker.stop()
        redis.Redis.from_url(settings.CELERY_BROKER_URL).delete(queue)

    load = summarize(record, "action", Window(record["started"], SECONDS))
    assert load.errors == 0, (load.error_kinds, record["notes"])
    assert load.count >= 3, load.by_name  # each player acted, more than once
    assert load.ai_replies >= 1  # the worker answered, and its reply was timed
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
