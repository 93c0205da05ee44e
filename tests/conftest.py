"""Shared pytest setup.

Tests marked ``postgres`` need PostgreSQL (triggers, row locks, real concurrency). They run when
the default database is PostgreSQL. Otherwise they are skipped on a developer's machine, and fail
in CI (``CI`` set): CI must never pass by silently skipping them. Likewise ``broker`` (a Celery
broker) and ``faults`` (the PostgreSQL server programs and redis-server, to run private
instances a test can stop: tests/ops/services.py).
"""

import os
import uuid
from collections.abc import Iterator
from typing import Any

import pytest


def _ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _default_database_is_postgresql() -> bool:
    from django.db import connections

    return connections["default"].vendor == "postgresql"


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("postgres") is not None and not _default_database_is_postgresql():
        _missing(
            "this test is marked 'postgres' but the default database is not PostgreSQL; "
            "CI must set DATABASE_URL=postgres://... (see .ci/run)",
            "needs PostgreSQL: set DATABASE_URL=postgres://USER@HOST:5432/NAME",
        )
    if item.get_closest_marker("broker") is not None and not os.environ.get("CELERY_BROKER_URL"):
        _missing(
            "this test is marked 'broker' but CELERY_BROKER_URL is not set; CI must set it "
            "(see .ci/run)",
            "needs a Celery broker: set CELERY_BROKER_URL=redis://HOST:6379/0",
        )
    if item.get_closest_marker("faults") is not None:
        from tests.ops.services import missing_tools

        missing = missing_tools()
        if missing:
            _missing(
                f"this test is marked 'faults' but the machine lacks {', '.join(missing)}; "
                ".ci/run installs them",
                f"needs {', '.join(missing)}",
            )


def _missing(in_ci: str, locally: str) -> None:
    """A service a test needs is missing: a failure in CI (never a silent skip there), else a
    skip that says what to set."""
    if _ci():
        pytest.fail(in_ci, pytrace=False)
    pytest.skip(locally)


def _allow_event_truncate(sender: object, connection: object, **kwargs: object) -> None:
    """Let the test harness empty the events table between transactional tests.

    The immutability trigger (migration 0002) rejects TRUNCATE unless this session setting is
    on; Django's flush after a ``transactional_db`` test truncates every table. Production
    connections never set it, and the test that proves TRUNCATE is rejected turns it off first.
    """
    if getattr(connection, "vendor", None) == "postgresql":
        with connection.cursor() as cursor:  # type: ignore[attr-defined]
            cursor.execute("SET cardavia.allow_event_truncate = on")


def pytest_configure(config: pytest.Config) -> None:
    from django.db.backends.signals import connection_created

    connection_created.connect(_allow_event_truncate, dispatch_uid="cardavia-allow-truncate")


@pytest.fixture(autouse=True)
def _tasks_run_in_process(request: pytest.FixtureRequest) -> object:
    """AI turns run in-process unless a test starts a real worker (marker ``celery_worker``).

    CI exports CELERY_BROKER_URL for the worker tests; every other test would otherwise send its
    tasks to a broker that no worker reads.
    """
    from django.conf import settings

    from cardavia.celery import app

    if request.node.get_closest_marker("celery_worker") is not None:
        yield None
        return
    previous = app.conf.task_always_eager, settings.AI_TURNS
    app.conf.task_always_eager = True
    # Inline, not the embedded worker thread: a test reads the table after the AIs have moved.
    settings.AI_TURNS = "inline"
    yield None
    app.conf.task_always_eager, settings.AI_TURNS = previous


@pytest.fixture(autouse=True)
def _a_cache_of_its_own(settings: object) -> None:
    """Each test gets a new, empty local-memory cache, so no test is throttled by another's
    requests. The settings would otherwise pick CI's Redis, shared by every test process (and
    every run within a throttle's window); the tests of the shared cache start servers of their
    own with a key prefix of their own."""
    settings.CACHES = {  # type: ignore[attr-defined]
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"test-{uuid.uuid4().hex}",
        }
    }


# Debian's Chromium, started the way this machine's closed network needs (no background
# connections, no component updates); never a browser Playwright downloads.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium per test process: Playwright's sync API allows only one."""
    import shutil

    # Playwright's sync API runs an event loop in the test thread; the ORM calls tests make
    # between browser steps are plain synchronous calls all the same.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail("the browser tests need Chromium on PATH (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=executable, headless=True, args=CHROMIUM_ARGS
        )
        yield launched
        launched.close()
