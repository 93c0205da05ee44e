"""The load test's players in small (``python -m bench load`` runs them at 16 and 64 for a
minute each): two Locust players play Hold'em over HTTP against gunicorn and a real Celery
worker for a few seconds, with no error, the AIs answering, and ``manage.py audit`` clean after.
And the figures' arithmetic (bench/load/report.py) on a record made up here.
"""

from __future__ import annotations

import pytest
import redis
from django.conf import settings
from django.db import connection

from bench.bench_load import run_locust
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
