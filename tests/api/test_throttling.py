"""Sign-up, log-in, new matches and actions are rate-limited: the request past the limit gets
429 with ``Retry-After`` and the usual error body, and changes nothing (games/throttling.py).

Each test has a cache of its own (tests/conftest.py) and lowers the rates it tests.
``tests/ops/test_shared_throttle.py`` shows two server processes counting together in Redis.
"""

from __future__ import annotations

import os
import time
import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches

from games import urls
from games.models import Match
from games.throttling import SCOPES, RouteThrottle, parse_rate, scope_wait
from tests.api.client import Reply
from tests.api.test_errors import assert_refused, nothing_changes
from tests.ops.live import free_port

PASSWORD = "correct horse battery staple"


@pytest.fixture
def rates(settings: Any) -> Any:
    """``rates(scope="2/day", ...)``: lower these scopes' limits for this test. A day's window,
    so no test straddles a window's end."""

    def lower(**scopes: str) -> None:
        settings.REST_FRAMEWORK = {
            **settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {
                **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                **scopes,
            },
        }

    return lower


def assert_throttled(reply: Reply) -> int:
    wait = int(reply.headers["Retry-After"])
    assert 1 <= wait <= 86400
    assert_refused(reply, 429, "throttled", wait=wait)
    return wait


def test_sign_up_is_limited_per_address(make_client, rates):
    rates(signup="2/day")
    first, second = make_client(ai=False), make_client(ai=False)
    first.signup("ann", PASSWORD).ok()
    second.signup("bob", PASSWORD).ok()  # another browser, the same address: the same count
    assert_throttled(make_client(ai=False).signup("cyd", PASSWORD))
    assert list(get_user_model().objects.values_list("username", flat=True).order_by("id")) == [
        "ann",
        "bob",
    ]


def test_failed_logins_count_and_then_even_the_right_password_waits(make_client, rates):
    rates(login="3/day")
    make_client(ai=False).signup("dee", PASSWORD).ok()
    guessing = make_client(ai=False)
    for guess in ("password1", "letmein", "dee12345"):
        assert_refused(guessing.login("dee", guess), 400, "invalid_credentials")
    assert_throttled(guessing.login("dee", PASSWORD))
    assert guessing.session().body["user"] is None


def test_starting_matches_is_limited_per_player(make_client, rates):
    rates(match_start="2/day")
    busy, other = make_client(ai=False), make_client(ai=False)
    busy.start().ok()  # a new guest: counted by address until the guest exists
    busy.start().ok()
    busy.start().ok()
    assert_throttled(busy.start())
    assert Match.objects.count() == 3
    other.start().ok()  # a new guest has a budget of its own... by address
    other.start().ok()  # ...then by player
    assert Match.objects.count() == 5


def test_actions_past_the_limit_are_refused_and_change_nothing(quiet, make_client, house, rates):
    rates(action="3/day")
    match_id = quiet.start().ok().body["id"]
    for _ in range(3):  # refused by the rules (not their turn), but counted all the same
        assert quiet.act(match_id, "check").status == 422
    with nothing_changes(house, match_id):
        assert_throttled(quiet.act(match_id, "fold"))
    assert quiet.view(match_id).ok()  # reads are never limited
    assert quiet.restart(match_id).ok()  # nor is starting over
    another = make_client(ai=False)
    mine = another.start().ok().body["id"]
    assert another.act(mine, "check").status == 422  # another player's budget is untouched


def test_default_rates_never_limit_a_player(make_client):
    client = make_client(ai=False)
    match_id = client.start().ok().body["id"]
    for _ in range(100):
        assert client.act(match_id, "check").status == 422
    for _ in range(20):
        client.start().ok()


def test_with_the_cache_unreachable_nobody_is_limited(make_client, rates, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",  # nothing listens there
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    rates(signup="1/day")
    make_client(ai=False).signup("eve", PASSWORD).ok()
    make_client(ai=False).signup("fay", PASSWORD).ok()


def test_every_throttled_route_exists():
    names = {pattern.name for pattern in urls.urlpatterns}
    assert {name for _, name in SCOPES} <= names
    assert set(SCOPES.values()) <= set(_rates())
    for rate in _rates().values():
        assert parse_rate(rate)[0] > 0
    assert RouteThrottle().wait() is None


def _rates() -> dict[str, str]:
    from rest_framework.settings import api_settings

    return api_settings.DEFAULT_THROTTLE_RATES


@pytest.mark.broker
def test_a_redis_counter_is_made_and_bumped_as_the_cache_makes_it(settings, rates):
    """In Redis a window's counter is created and bumped in one round trip: it counts, expires
    with its window, and is the cache's own key and value."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["CELERY_BROKER_URL"],
            "KEY_PREFIX": f"cardavia-test-{uuid.uuid4().hex}",
        }
    }
    rates(action="2/day")
    assert scope_wait("action", "player:1") is None
    assert scope_wait("action", "player:1") is None
    assert 1 <= (scope_wait("action", "player:1") or 0) <= 86400
    assert scope_wait("action", "player:2") is None  # each client its own counter
    counters = caches["default"]
    key = f"throttle:action:player:1:{int(time.time() // 86400)}"
    assert counters.get(key) == 3
    client = counters._cache.get_client(write=True)
    assert 0 < client.ttl(counters.make_and_validate_key(key)) <= 86400 + 1


def test_the_counters_are_one_cache_object_for_every_request_context() -> None:
    """The WSGI views under the ASGI server run each request in a context of its own, where
    Django's ``caches`` gives a new cache object (with Redis, a new client, pool and
    connection): the throttle counts through one object for the process instead."""
    import contextvars

    from django.core.cache import caches

    from games import throttling

    def each_request() -> tuple[object, object]:
        return caches["default"], throttling._counters()

    first, second = contextvars.Context().run(each_request), contextvars.Context().run(each_request)
    assert first[0] is not second[0]  # Django's, per context
    assert first[1] is second[1]  # the counters', per process
