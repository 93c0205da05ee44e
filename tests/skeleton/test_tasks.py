"""Celery wiring: the app reads the CELERY_* settings and finds each app's tasks."""

import pytest
from django.conf import settings

from cardavia import celery_app


def test_celery_is_configured_from_django_settings():
    conf = celery_app.conf
    assert conf.task_acks_late is True
    assert conf.worker_prefetch_multiplier == 1
    assert conf.task_serializer == "json"
    assert conf.accept_content == ["json"]
    assert conf.timezone == "UTC"


# django_db: importing the task modules as a worker does runs Celery's Django fixup, whose system
# checks may query the database.
@pytest.mark.django_db
def test_tasks_are_autodiscovered():
    celery_app.loader.import_default_modules()
    assert "bots.tasks.ping" in celery_app.tasks


def test_ping_runs_in_process():
    from bots.tasks import ping

    # .result, not .get(): Celery's "would block" guard is a process-wide flag that eager tasks
    # running at the same moment in other threads (the concurrency tests) can leave set.
    result = ping.apply()
    assert result.successful() and result.result == "pong"


@pytest.mark.broker
def test_configured_broker_is_reachable():
    assert settings.CELERY_BROKER_URL
    with celery_app.connection_for_write() as connection:
        connection.ensure_connection(max_retries=2, interval_start=0.2)
