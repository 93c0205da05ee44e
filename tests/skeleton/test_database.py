"""The database the settings select, and the rule for tests that need PostgreSQL."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from tests import conftest


@pytest.mark.django_db
def test_migrations_give_a_working_database():
    get_user_model().objects.create_user("alice", password="correct horse battery")
    assert get_user_model().objects.filter(username="alice").exists()


@pytest.mark.postgres
@pytest.mark.django_db
def test_postgresql_answers():
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version_num")
        (version,) = cursor.fetchone()
    assert int(version) >= 130000


class _PostgresItem:
    def get_closest_marker(self, name):
        return object() if name == "postgres" else None


@pytest.fixture
def without_postgresql(monkeypatch):
    monkeypatch.setattr(conftest, "_default_database_is_postgresql", lambda: False)


def test_postgres_tests_are_skipped_on_a_developer_machine(without_postgresql, monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="needs PostgreSQL: set DATABASE_URL"):
        conftest.pytest_runtest_setup(_PostgresItem())


def test_postgres_tests_fail_in_ci(without_postgresql, monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="not PostgreSQL"):
        conftest.pytest_runtest_setup(_PostgresItem())
