"""``make stack`` (honcho and the Procfile) runs gunicorn, a Celery worker and Celery beat that
together play a match: the web answers, the worker moves the AIs, beat sends the sweep."""

from __future__ import annotations

import http.client
import subprocess
import time
import uuid

import pytest
import redis
from django.conf import settings
from django.db import connection

from bots.workers import database_url
from tests.ops.live import (
    BIN,
    REPO,
    HttpPlayer,
    Service,
    base_env,
    free_port,
    passive_action,
    wait_for,
)

# Longer than the idle connections gunicorn's workers kept before (2 s), and than uvicorn's (5 s).
THINKING_S = 6

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.broker,
    pytest.mark.celery_worker,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(180),
]


def test_the_procfile_names_web_worker_and_beat():
    check = subprocess.run([str(BIN / "honcho"), "check"], cwd=REPO, capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    assert "(web, worker, beat)" in check.stderr + check.stdout


def test_make_stack_plays_a_match_with_web_worker_and_beat(tmp_path):
    port = free_port()
    queue = f"cardavia-stack-{uuid.uuid4().hex[:8]}"
    env = base_env(
        DATABASE_URL=database_url(connection.settings_dict),
        CELERY_BROKER_URL=settings.CELERY_BROKER_URL,
        CELERY_TASK_DEFAULT_QUEUE=queue,
        CACHE_KEY_PREFIX=queue,
        HOST_PORT=f"127.0.0.1:{port}",
        WEB_CONCURRENCY="1",
        CELERY_CONCURRENCY="1",
        CELERY_BEAT_SCHEDULE_FILE=str(tmp_path / "beat-schedule"),
    )
    stack = Service.start(
        "make stack", ["make", "--no-print-directory", "stack"], env, tmp_path / "stack.log"
    )
    try:
        stack.wait_output("Listening at: http://127.0.0.1", timeout=90)
        stack.wait_output(" ready.", timeout=60)
        player = HttpPlayer(f"http://127.0.0.1:{port}")
        player.session().ok()
        match_id = player.start(level="easy").ok().body["id"]
        for _ in range(3):  # the worker answers each human move
            body = wait_for(lambda: player.my_turn(match_id), 30, "the AIs (the worker) to move")
            player.act(match_id, passive_action(body["view"]), expected_seq=body["seq"]).ok()
        wait_for(lambda: player.my_turn(match_id), 30, "the AIs to move again")
        _assert_an_idle_connection_is_kept(port)
        stack.wait_output("Sending due task sweep-stalled-ai-turns", timeout=30)
        assert "bots.tasks.play" in stack.output()
    finally:
        processes = stack.group()
        stack.stop()
        redis.Redis.from_url(settings.CELERY_BROKER_URL).delete(queue)
    left = [pid for pid in processes if _alive(pid)]
    assert left == [], f"make stack left processes running: {left}"
    assert "web.1 stopped" in stack.output() and "worker.1 stopped" in stack.output()


def _assert_an_idle_connection_is_kept(port: int) -> None:
    """A player thinks seconds between actions: the web keeps the idle connection (gunicorn's
    own keep-alive, 2 s, closed it, and the next action opened another, or met a reset)."""
    web = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        statuses = [_get_session(web)]
        opened = web.sock
        time.sleep(THINKING_S)
        statuses.append(_get_session(web))  # the server closed it: RemoteDisconnected
        assert statuses == [200, 200] and web.sock is opened
    finally:
        web.close()


def _get_session(web: http.client.HTTPConnection) -> int:
    web.request("GET", "/api/session/")
    reply = web.getresponse()
    reply.read()
    return reply.status


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
