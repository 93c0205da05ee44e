"""Two server processes count a client's requests together in Redis: the limit holds across
processes (and hosts). With a cache of their own each would let the client through."""

from __future__ import annotations

import os
import uuid

import pytest

from tests.ops.live import HttpPlayer, base_env, manage, start_gunicorn

pytestmark = pytest.mark.timeout(120)


@pytest.mark.parametrize(
    ("cache", "fourth_login"),
    [
        pytest.param("redis", 429, marks=pytest.mark.broker, id="redis-counts-together"),
        pytest.param("locmemcache://", 400, id="per-process-cache-does-not"),
    ],
)
def test_two_processes_count_one_clients_logins_together(tmp_path, cache, fourth_login):
    cache_url = os.environ["CELERY_BROKER_URL"] if cache == "redis" else cache
    env = base_env(
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        CACHE_URL=cache_url,
        CACHE_KEY_PREFIX=f"cardavia-test-{uuid.uuid4().hex}",
        THROTTLE_RATE_LOGIN="3/day",
    )
    migrated = manage(env, "migrate", "--noinput")
    assert migrated.returncode == 0, migrated.stderr
    first, first_url = start_gunicorn(env, tmp_path / "first.log", workers=1)
    second, second_url = start_gunicorn(env, tmp_path / "second.log", workers=1)
    try:
        on_first, on_second = HttpPlayer(first_url), HttpPlayer(second_url)
        on_first.session().ok()
        on_second.session().ok()
        guesses = [(on_first, "guess-one"), (on_first, "guess-two"), (on_second, "guess-three")]
        for player, guess in guesses:
            reply = player.post("/api/auth/login/", {"username": "gil", "password": guess})
            assert (reply.status, reply.code) == (400, "invalid_credentials"), reply.body
        reply = on_second.post("/api/auth/login/", {"username": "gil", "password": "guess-four"})
        assert reply.status == fourth_login, reply.body
        if fourth_login == 429:
            assert reply.code == "throttled"
            assert int(reply.headers["retry-after"]) == reply.body["params"]["wait"] > 0
    finally:
        first.stop()
        second.stop()
