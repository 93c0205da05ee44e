"""The cache the rate limits count in: shared Redis in the full stack, local memory embedded."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.skeleton.test_settings import BASE_DIR, SETTINGS_VARIABLES

DUMP_CACHE = """
import json, django
django.setup()
from django.conf import settings
print(json.dumps(settings.CACHES["default"]))
"""


def cache_under(**environment: str) -> dict:
    env = {key: value for key, value in os.environ.items() if key not in SETTINGS_VARIABLES}
    env.pop("CACHE_URL", None)
    env.update(environment, DJANGO_SETTINGS_MODULE="cardavia.settings")
    result = subprocess.run(
        [sys.executable, "-c", DUMP_CACHE],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[-1])


def test_embedded_default_counts_in_local_memory():
    assert cache_under()["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"


def test_the_full_stack_counts_in_the_brokers_redis():
    cache = cache_under(CELERY_BROKER_URL="redis://broker.example:6379/0")
    assert cache["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert cache["LOCATION"] == "redis://broker.example:6379/0"
    assert cache["KEY_PREFIX"] == "cardavia"
    assert cache["OPTIONS"]["socket_timeout"] <= 1


def test_cache_url_chooses_another_cache():
    cache = cache_under(
        CELERY_BROKER_URL="redis://broker.example:6379/0",
        CACHE_URL="redis://cache.example:6379/1",
        CACHE_KEY_PREFIX="blue",
    )
    assert (cache["LOCATION"], cache["KEY_PREFIX"]) == ("redis://cache.example:6379/1", "blue")
    assert cache_under(CACHE_URL="dbcache://cardavia_cache")["BACKEND"].endswith("DatabaseCache")
