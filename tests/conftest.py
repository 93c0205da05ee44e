"""Shared pytest setup.

Tests marked ``postgres`` need PostgreSQL (triggers, row locks, real concurrency). They run when
the default database is PostgreSQL. Otherwise they are skipped on a developer's machine, and fail
in CI (``CI`` set): CI must never pass by silently skipping them.
"""

import os

import pytest


def _ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _default_database_is_postgresql() -> bool:
    from django.db import connections

    return connections["default"].vendor == "postgresql"


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("postgres") is None or _default_database_is_postgresql():
        return
    if _ci():
        pytest.fail(
            "this test is marked 'postgres' but the default database is not PostgreSQL; "
            "CI must set DATABASE_URL=postgres://... (see .ci/run)",
            pytrace=False,
        )
    pytest.skip("needs PostgreSQL: set DATABASE_URL=postgres://USER@HOST:5432/NAME")
