"""A small scripted client of the Cardavia REST API, for tests.

It wraps ``django.test.Client``: JSON in and out, the CSRF token, ``Idempotency-Key``, and it keeps
every reply (so a test can check all a player was ever shown). ``around`` wraps each request:
under pytest-django's ``db`` fixture nothing commits, so pass
``lambda: django_capture_on_commit_callbacks(execute=True)`` to run the on_commit callbacks — the
AIs' turns — right after each request, as a real commit would.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any

from django.test import Client


@dataclass
class Reply:
    method: str
    path: str
    status: int
    body: Any
    headers: dict[str, str] = field(default_factory=dict)
    text: str = ""

    @property
    def code(self) -> str | None:
        return self.body.get("code") if isinstance(self.body, dict) else None

    @property
    def params(self) -> dict[str, Any]:
        return self.body.get("params", {}) if isinstance(self.body, dict) else {}

    def ok(self) -> Reply:
        """This reply, asserting it is a success."""
        assert 200 <= self.status < 300, (self.method, self.path, self.status, self.body)
        return self


class ApiClient:
    def __init__(
        self,
        http: Client | None = None,
        *,
        around: Callable[[], AbstractContextManager[Any]] | None = None,
        csrf: bool = False,
    ) -> None:
        self.http = http or Client(enforce_csrf_checks=csrf)
        self.around = around or contextlib.nullcontext
        self.csrf_token: str | None = None
        self.replies: list[Reply] = []

    def twin(
        self, *, around: Callable[[], AbstractContextManager[Any]] | None = None, csrf: bool = False
    ) -> ApiClient:
        """Another client with this one's cookies (not its CSRF token): the same browser
        session, e.g. a second tab or another thread."""
        other = ApiClient(around=around, csrf=csrf)
        other.http.cookies = SimpleCookie()
        other.http.cookies.load({key: morsel.value for key, morsel in self.http.cookies.items()})
        return other

    # --- transport ---------------------------------------------------------------------------

    def request(
        self,
        method: str,
        path: str,
        data: Any = None,
        *,
        key: str | None = None,
        csrf: bool = True,
        raw: bytes | str | None = None,
        content_type: str = "application/json",
        query: dict[str, Any] | None = None,
    ) -> Reply:
        headers: dict[str, str] = {}
        if key is not None:
            headers["Idempotency-Key"] = key
        if csrf and self.csrf_token and method not in ("GET", "HEAD", "OPTIONS"):
            headers["X-CSRFToken"] = self.csrf_token
        call = getattr(self.http, method.lower())
        with self.around():
            if method == "GET":
                response = call(path, query or {}, headers=headers)
            else:
                payload = raw if raw is not None else json.dumps({} if data is None else data)
                response = call(path, payload, content_type=content_type, headers=headers)
        text = response.content.decode(errors="replace")  # a zip export is bytes
        try:
            body = json.loads(text) if text else None
        except ValueError:
            body = None
        reply = Reply(method, path, response.status_code, body, dict(response.items()), text)
        self.replies.append(reply)
        return reply

    def get(self, path: str, **query: Any) -> Reply:
        return self.request("GET", path, query=query)

    def post(self, path: str, data: Any = None, **options: Any) -> Reply:
        return self.request("POST", path, data, **options)

    # --- session and accounts ----------------------------------------------------------------

    def session(self) -> Reply:
        reply = self.get("/api/session/").ok()
        self.csrf_token = reply.body["csrf_token"]
        return reply

    def signup(self, username: str, password: str) -> Reply:
        return self.post("/api/auth/signup/", {"username": username, "password": password})

    def login(self, username: str, password: str) -> Reply:
        return self.post("/api/auth/login/", {"username": username, "password": password})

    def logout(self) -> Reply:
        return self.post("/api/auth/logout/")

    # --- matches -----------------------------------------------------------------------------

    def start(self, level: str = "medium", **options: Any) -> Reply:
        return self.post("/api/matches/", {"game": "holdem", "level": level}, **options)

    def matches(self) -> Reply:
        return self.get("/api/matches/")

    def view(self, match_id: str) -> Reply:
        return self.get(f"/api/matches/{match_id}/")

    def act(
        self,
        match_id: str,
        action: str,
        amount: int | None = None,
        *,
        expected_seq: int | None = None,
        key: str | None = None,
    ) -> Reply:
        data: dict[str, Any] = {"action": action}
        if amount is not None:
            data["amount"] = amount
        if expected_seq is not None:
            data["expected_seq"] = expected_seq
        return self.post(f"/api/matches/{match_id}/actions/", data, key=key)

    def restart(
        self, match_id: str, *, expected_seq: int | None = None, key: str | None = None
    ) -> Reply:
        data = {} if expected_seq is None else {"expected_seq": expected_seq}
        return self.post(f"/api/matches/{match_id}/restart/", data, key=key)

    def watch(
        self, match_id: str, *, expected_seq: int | None = None, key: str | None = None
    ) -> Reply:
        data = {} if expected_seq is None else {"expected_seq": expected_seq}
        return self.post(f"/api/matches/{match_id}/watch/", data, key=key)

    def events(self, match_id: str, after: int | str | None = None) -> Reply:
        query = {} if after is None else {"after": after}
        return self.get(f"/api/matches/{match_id}/events/", **query)

    def hands(self, match_id: str) -> Reply:
        return self.get(f"/api/matches/{match_id}/hands/")

    def replay(self, match_id: str, hand_number: int | str) -> Reply:
        return self.get(f"/api/matches/{match_id}/hands/{hand_number}/")

    # --- playing -----------------------------------------------------------------------------

    def play(
        self, match_id: str, choose: Callable[[dict[str, Any]], tuple[str, int | None]]
    ) -> Reply | None:
        """If it is the human's turn, act as ``choose(view)`` says, sending the seq seen."""
        current = self.view(match_id).ok().body
        if current["view"]["legal_actions"] is None:
            return None
        action, amount = choose(current["view"])
        return self.act(match_id, action, amount, expected_seq=current["seq"]).ok()
