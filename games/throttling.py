"""Rate limits on the requests worth abusing: sign-up, log-in, starting matches, acting, sharing
hands and opening shared ones (where guessing a link would be the abuse).

One DRF throttle (``REST_FRAMEWORK["DEFAULT_THROTTLE_CLASSES"]``) picks each request's scope by
its route name, so the views carry no throttling code; every other route is never limited. Each
scope has its rate in ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` (settings, from the
environment), counted per client address for sign-up and log-in (nobody is logged in yet) and per
player for matches and actions (so players behind one address do not share a budget).

Counts live in the default cache, which is Redis in the full stack: every gunicorn worker and
every host counts together. Each window is one counter bumped with the cache's atomic ``incr``
(DRF's own throttles read a history and write it back, so two processes at once can both pass);
in Redis, created and bumped in one round trip.
A limit that cannot be counted is not enforced: with the cache down, players play on.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from typing import Any

from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, caches
from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.redis import RedisCache
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle

logger = logging.getLogger(__name__)

# (method, route name) -> scope. A test checks that every route named here exists.
SCOPES: dict[tuple[str, str], str] = {
    ("POST", "api-signup"): "signup",
    ("POST", "api-login"): "login",
    ("POST", "api-matches"): "match_start",
    ("POST", "api-match-act"): "action",
    ("POST", "api-hand-share"): "share",
    ("POST", "api-imports"): "import",
    ("DELETE", "api-share"): "share",
    # Every look-up of a link, right or wrong, counts: guessing needs millions of them.
    ("GET", "api-shared"): "shared",
}
PER_ADDRESS = frozenset({"signup", "login", "shared"})

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_rate(rate: str) -> tuple[int, int]:
    """``"30/hour"`` -> (30, 3600): DRF's format (the period's first letter counts)."""
    count, period = rate.split("/")
    return int(count), PERIODS[period.strip()[0]]


class RouteThrottle(BaseThrottle):
    def __init__(self) -> None:
        self.retry_after: int | None = None

    def allow_request(self, request: Request, view: Any) -> bool:
        scope = self.scope_of(request)
        if scope is None:
            return True
        self.retry_after = scope_wait(scope, self.client_of(request, scope))
        return self.retry_after is None

    def wait(self) -> float | None:
        return self.retry_after

    @staticmethod
    def scope_of(request: Request) -> str | None:
        route = request.resolver_match
        return SCOPES.get((request.method or "", route.url_name or "")) if route else None

    def client_of(self, request: Request, scope: str) -> str:
        player = getattr(request, "auth", None)
        player_id = getattr(player, "pk", None)
        if scope in PER_ADDRESS or player_id is None:
            return f"address:{self.get_ident(request)}"
        return f"player:{player_id}"


def scope_wait(scope: str, client: str) -> int | None:
    """Count one request of ``client`` in ``scope``: None if it is within the rate, else the
    seconds until the window ends (also used outside DRF: the shared hand's preview page)."""
    rate = api_settings.DEFAULT_THROTTLE_RATES.get(scope)
    if rate is None:
        return None
    # djangorestframework-stubs types the rates as numbers; DRF's are strings ("30/hour").
    limit, period = parse_rate(rate)  # type: ignore[arg-type]
    now = time.time()
    window = int(now // period)
    key = f"throttle:{scope}:{client}:{window}"
    try:
        count = _bump(key, period)
    except Exception:  # the cache is unreachable: never refuse play because of it
        logger.warning("throttle %s not counted: the cache is unavailable", scope, exc_info=True)
        return None
    if count <= limit:
        return None
    return max(1, math.ceil((window + 1) * period - now))


def _bump(key: str, period: int) -> int:
    counters = _counters()
    if isinstance(counters, RedisCache):
        return _bump_in_redis(counters, key, period)
    # add() creates the window's counter only if it is missing; incr() is atomic in Redis
    # (INCR) and in the local-memory cache (under its lock).
    counters.add(key, 0, timeout=period + 1)
    try:
        return counters.incr(key)
    except ValueError:  # expired between add() and incr()
        counters.add(key, 1, timeout=period + 1)
        return 1


_shared: dict[str, BaseCache] = {}
_shared_lock = threading.Lock()


def _counters() -> BaseCache:
    """The default cache as one object for the whole process (per configuration, which tests
    change). Django keeps ``caches[alias]`` per context, and the pool of threads that serves the
    WSGI views under the ASGI server runs each request in a context of its own: every request
    built a new Redis client with a pool of its own, so a new connection (a TCP connect and a
    handshake, 7% of a web process's time under load). redis-py's pool, and the local-memory
    cache's lock, are shared safely by threads."""
    config = repr(settings.CACHES.get(DEFAULT_CACHE_ALIAS))
    with _shared_lock:
        found = _shared.get(config)
        if found is None:
            found = _shared[config] = caches.create_connection(DEFAULT_CACHE_ALIAS)
        return found


def _bump_in_redis(counters: RedisCache, key: str, period: int) -> int:
    """As the cache's add() and incr() do it (add: SET NX with the window's expiry; incr:
    EXISTS, then INCRBY), in one MULTI/EXEC: one round trip to Redis where those are three,
    and atomic, so the counter cannot expire between its creation and its bump. Keys and
    values are the cache's own (an int is stored as itself), so ``cache.get`` reads them."""
    full_key = counters.make_and_validate_key(key)
    client = counters._cache.get_client(full_key, write=True)
    with client.pipeline(transaction=True) as pipeline:
        pipeline.set(full_key, 0, nx=True, ex=period + 1)
        pipeline.incr(full_key)
        _, count = pipeline.execute()
    return int(count)
