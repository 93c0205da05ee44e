"""Production settings pass Django's deployment checklist, and their responses carry the
security headers: each case runs in a fresh interpreter with a production environment."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys

from tests.skeleton.test_settings import BASE_DIR, SETTINGS_VARIABLES

PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "ALLOWED_HOSTS": "cardavia.example,testserver",
}


def production_env(**overrides: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in SETTINGS_VARIABLES}
    env.pop("CACHE_URL", None)
    # The browser tests allow Django's ORM under Playwright's event loop in this process; no
    # production server runs that way.
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    env.update(PRODUCTION, DJANGO_SETTINGS_MODULE="cardavia.settings")
    env.update(overrides)
    return env


def check_deploy(**overrides: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=BASE_DIR,
        env=production_env(**overrides),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_with_production_settings():
    result = check_deploy()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_check_deploy_complains_when_https_is_off():
    """The same check can fail: plain HTTP in production loses HSTS and secure cookies."""
    result = check_deploy(HTTPS_ONLY="false")
    assert result.returncode != 0
    for warning in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert warning in result.stderr


REQUEST_HEADERS = """
import json, django
django.setup()
from django.test import Client
client = Client()
secure = client.get("/api/session/", secure=True)
plain = client.get("/api/session/")
print(json.dumps({
    "secure": [secure.status_code, dict(secure.items())],
    "plain": [plain.status_code, dict(plain.items())],
}))
"""


def test_responses_carry_the_security_headers():
    result = subprocess.run(
        [sys.executable, "-c", REQUEST_HEADERS],
        cwd=BASE_DIR,
        env=production_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    replies = json.loads(result.stdout.splitlines()[-1])
    status, headers = replies["secure"]
    assert status == 200
    assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
    status, headers = replies["plain"]
    assert status == 301 and headers["Location"].startswith("https://")
    assert "Strict-Transport-Security" not in headers  # HSTS only over HTTPS, as RFC 6797 says
