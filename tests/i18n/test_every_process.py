"""An edit saved in the admin is served at once by every web process: two gunicorn servers on one
database, both having served (and so warmed) the German catalog; a translator saves an edit
through the admin of the first, and the very next catalog request to either server gets it, with
a new ETag (the old one no longer answers 304). No restart, no deploy, no per-process cache.

The servers share a SQLite file, so the test needs no database server; the processes are real
(gunicorn, as ``make stack`` runs it).
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from email.message import Message
from pathlib import Path
from typing import Any

import pytest

from tests.ops.live import Service, base_env, manage, start_gunicorn

pytestmark = pytest.mark.timeout(300)

KEY = "ui.tabs.rules"
EDITED = "Spielregeln (neu)"

_STAFF = """
from django.contrib.auth.models import Permission, User
from cardavia.i18n.models import Translation
user = User.objects.create_user("translator", password="a long enough secret 1", is_staff=True)
user.user_permissions.add(*Permission.objects.filter(
    content_type__app_label="i18n",
    codename__in=["view_translation", "change_translation", "view_language"],
))
print(Translation.objects.get(language__code="de", message__key=%r).pk)
"""


class Browser:
    """Cookies, forms and JSON over real HTTP to one server (redirects not followed)."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect()
        )

    def open(
        self, path: str, form: dict[str, str] | None = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Message, bytes]:
        """Status, headers (names in any case: uvicorn sends them in lower case) and body."""
        data = None if form is None else urllib.parse.urlencode(form).encode()
        request = urllib.request.Request(self.base_url + path, data=data, headers=headers or {})
        if form is not None:
            request.add_header("Referer", self.base_url + path)
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def form_token(self, path: str) -> str:
        status, _, body = self.open(path)
        assert status == 200, (path, status)
        found = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', body)
        assert found, path
        return found.group(1).decode()

    def catalog(self, etag: str | None = None) -> tuple[int, str, dict[str, Any] | None]:
        headers = {"Accept": "application/json"}
        if etag:
            headers["If-None-Match"] = etag
        status, received, body = self.open("/api/i18n/de/", headers=headers)
        return status, received["ETag"], json.loads(body) if body else None


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[tuple[list[str], int]]:
    """Two gunicorn servers (two workers each) on one migrated, loaded database; the pk of the
    German translation of KEY. A translator ``translator`` may edit translations."""
    env = base_env(
        DATABASE_URL=f"sqlite:///{tmp_path / 'cardavia.sqlite3'}",
        CELERY_TASK_ALWAYS_EAGER="true",
        CACHE_KEY_PREFIX=tmp_path.name,
    )
    for command in (("migrate", "--noinput"), ("load_catalog",)):
        done = manage(env, *command)
        assert done.returncode == 0, done.stdout + done.stderr
    staff = manage(env, "shell", "-c", _STAFF % KEY)
    assert staff.returncode == 0, staff.stderr
    pk = int(staff.stdout.strip().splitlines()[-1])
    running: list[Service] = []
    try:
        urls = []
        for index in range(2):
            web, url = start_gunicorn(env, tmp_path / f"web-{index}.log", workers=2)
            running.append(web)
            urls.append(url)
        yield urls, pk
    finally:
        for web in running:
            web.stop()


def test_an_admin_edit_is_served_at_once_by_every_process(
    servers: tuple[list[str], int],
) -> None:
    urls, pk = servers
    readers = [Browser(url) for url in urls]
    # Every worker of both servers has served the catalog (more requests than workers).
    before = set()
    for reader in readers:
        for _ in range(4):
            status, etag, body = reader.catalog()
            assert status == 200 and body is not None
            assert body["messages"][KEY] != EDITED
            before.add(etag)
    assert len(before) == 1  # one version of the catalog, whichever process serves it
    (old_etag,) = before
    assert readers[1].catalog(old_etag)[0] == 304

    # A translator saves an edit in the admin of the first server.
    admin = Browser(urls[0])
    token = admin.form_token("/admin/login/")
    status, headers, _ = admin.open(
        "/admin/login/?next=/admin/",
        {
            "csrfmiddlewaretoken": token,
            "username": "translator",
            "password": "a long enough secret 1",
            "next": "/admin/",
        },
    )
    assert status == 302 and headers["Location"] == "/admin/", status
    change = f"/admin/i18n/translation/{pk}/change/"
    token = admin.form_token(change)
    status, headers, body = admin.open(
        change, {"csrfmiddlewaretoken": token, "text": EDITED, "reviewed": "on"}
    )
    assert status == 302, body[:2000]

    # The next request to either server, on any worker, serves it.
    for reader in readers:
        for _ in range(4):
            status, etag, body = reader.catalog(old_etag)
            assert status == 200, "a process answered 304 for the catalog before the edit"
            assert body is not None and body["messages"][KEY] == EDITED
            assert etag != old_etag
