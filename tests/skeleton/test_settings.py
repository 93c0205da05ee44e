"""Settings come from the environment: each case loads them in a fresh interpreter."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parents[2]

SETTINGS_VARIABLES = (
    "DJANGO_SETTINGS_MODULE",
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "CELERY_TASK_ALWAYS_EAGER",
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "CONN_MAX_AGE",
    "HTTPS_ONLY",
    "SECURE_HSTS_SECONDS",
    "BEHIND_HTTPS_PROXY",
    "LOG_LEVEL",
)

DUMP_SETTINGS = """
import json, django
django.setup()
from django.conf import settings
from cardavia import celery_app
db = settings.DATABASES["default"]
print(json.dumps({
    "debug": settings.DEBUG,
    "secret_key": settings.SECRET_KEY,
    "allowed_hosts": settings.ALLOWED_HOSTS,
    "engine": db["ENGINE"], "name": str(db["NAME"]), "host": db.get("HOST"),
    "port": db.get("PORT"), "user": db.get("USER"),
    "conn_max_age": db["CONN_MAX_AGE"], "conn_health_checks": db["CONN_HEALTH_CHECKS"],
    "broker_url": settings.CELERY_BROKER_URL,
    "always_eager": celery_app.conf.task_always_eager,
    "ssl_redirect": settings.SECURE_SSL_REDIRECT,
    "session_cookie_secure": settings.SESSION_COOKIE_SECURE,
    "staticfiles_backend": settings.STORAGES["staticfiles"]["BACKEND"],
}))
"""


def load_settings(**environment: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARIABLES}
    env.update(environment, DJANGO_SETTINGS_MODULE="cardavia.settings")
    return subprocess.run(
        [sys.executable, "-c", DUMP_SETTINGS],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def settings_under(**environment: str) -> dict:
    result = load_settings(**environment)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[-1])


def test_embedded_default_is_a_sqlite_file_and_in_process_tasks():
    settings = settings_under()
    assert settings["debug"] is True
    assert settings["engine"] == "django.db.backends.sqlite3"
    assert settings["name"] == str(BASE_DIR / "db.sqlite3")
    assert settings["broker_url"] is None
    assert settings["always_eager"] is True
    assert set(settings["allowed_hosts"]) == {"localhost", "127.0.0.1", "[::1]", "testserver"}


def test_database_url_and_broker_url_select_the_full_stack():
    settings = settings_under(
        DATABASE_URL="postgres://cardavia:secret@db.example:6543/cardavia",
        CELERY_BROKER_URL="redis://broker.example:6379/0",
    )
    assert settings["engine"] == "django.db.backends.postgresql"
    assert (settings["name"], settings["host"], settings["port"], settings["user"]) == (
        "cardavia",
        "db.example",
        6543,
        "cardavia",
    )
    assert settings["conn_max_age"] == 60
    assert settings["conn_health_checks"] is True
    assert settings["broker_url"] == "redis://broker.example:6379/0"
    assert settings["always_eager"] is False


def test_conn_max_age_comes_from_the_environment():
    assert settings_under(CONN_MAX_AGE="0")["conn_max_age"] == 0


def test_without_debug_a_missing_secret_key_is_refused():
    result = load_settings(DEBUG="false")
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "SECRET_KEY" in result.stderr


def test_without_debug_the_site_is_https_only_by_default():
    settings = settings_under(DEBUG="false", SECRET_KEY="k" * 60, ALLOWED_HOSTS="cardavia.example")
    assert settings["debug"] is False
    assert settings["secret_key"] == "k" * 60
    assert settings["allowed_hosts"] == ["cardavia.example"]
    assert settings["ssl_redirect"] is True
    assert settings["session_cookie_secure"] is True
    assert settings["staticfiles_backend"].startswith("whitenoise.")


@pytest.mark.parametrize("debug", ["true", "false"])
def test_development_settings_are_never_https_only(debug):
    settings = settings_under(DEBUG=debug, SECRET_KEY="k" * 60, HTTPS_ONLY="false")
    assert settings["ssl_redirect"] is False
    assert settings["session_cookie_secure"] is False
