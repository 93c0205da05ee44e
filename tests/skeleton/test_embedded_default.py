"""The embedded default (``make run``: SQLite, no broker) behaves like the full stack: every
command answers at once, the AIs move outside the request, and a kept-alive connection gets its
answer without waiting on the client's delayed ACK."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import get_commands
from django.core.servers.basehttp import WSGIRequestHandler

from cardavia.management.commands.runserver import NoDelayWSGIServer

ROOT = Path(__file__).resolve().parents[2]


def test_make_run_serves_through_our_runserver() -> None:
    assert get_commands()["runserver"] == "cardavia"


def test_the_dev_server_sends_responses_without_nagle_delay() -> None:
    nodelay: list[int] = []

    class Recording(NoDelayWSGIServer):
        def get_request(self) -> tuple[socket.socket, Any]:
            connection, address = super().get_request()
            nodelay.append(connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            return connection, address

    def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "2")])
        return [b"ok"]

    server = Recording(("127.0.0.1", 0), WSGIRequestHandler)
    server.set_app(app)
    serving = threading.Thread(target=server.handle_request, daemon=True)
    serving.start()
    try:
        client = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=5)
        client.request("GET", "/")
        assert client.getresponse().read() == b"ok"
        assert nodelay and nodelay[0] != 0
        client.close()
    finally:
        serving.join(timeout=5)
        server.server_close()


class Browser:
    """One kept-alive connection with the session and CSRF cookies a browser would keep."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookies: dict[str, str] = {}

    def send(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        payload = None if body is None else json.dumps(body)
        self.connection.request(method, path, body=payload, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";")[0]
        return response.status, json.loads(data) if data else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def embedded_server(tmp_path: Path) -> Iterator[int]:
    """``manage.py runserver`` as ``make run`` starts it: a SQLite file and no broker."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "CELERY_BROKER_URL", "AI_TURNS", "CELERY_TASK_ALWAYS_EAGER")
    }
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], env=env, check=True, cwd=ROOT)
    port = _free_port()
    log = (tmp_path / "server.log").open("w")
    server = subprocess.Popen(
        [*manage, "runserver", f"127.0.0.1:{port}", "--noreload"],
        env=env,
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()


def _wait_for_my_turn(browser: Browser, match_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        status, body = browser.send("GET", f"/api/matches/{match_id}/")
        assert status == 200
        if body["view"]["to_act"] == 0 or body["status"] != "active":
            return body
        time.sleep(0.05)
    raise AssertionError("the AIs never handed the turn back")


@pytest.mark.timeout(120)
def test_commands_answer_before_the_ais_move_and_the_ais_move_on_their_own(
    embedded_server: int,
) -> None:
    browser = Browser(embedded_server)
    assert browser.send("GET", "/api/session/")[0] == 200

    # Hold'em's first hand: the button is the human, so an AI (seat 3) acts first pre-flop.
    status, started = browser.send("POST", "/api/matches/", {"game": "holdem", "level": "easy"})
    assert status == 201
    assert started["view"]["to_act"] == 3, "the answer came after the AIs had moved"

    mine = _wait_for_my_turn(browser, started["id"])
    assert mine["seq"] > started["seq"], "the AIs never moved after the request answered"

    legal = mine["view"]["legal_actions"]
    action = "call" if legal["can_call"] else "check"
    status, acted = browser.send(
        "POST",
        f"/api/matches/{started['id']}/actions/",
        {"action": action, "expected_seq": mine["seq"]},
    )
    assert status == 200
    # The answer holds my move and what the dealer did with it, and no AI move after it.
    ai_moves = [
        event
        for event in acted["events"]
        if event.get("payload", {}).get("seat") not in (None, 0)
        and event["type"].split(".")[-1] in ("folded", "checked", "called", "bet", "raised")
    ]
    assert ai_moves == []
    _wait_for_my_turn(browser, started["id"])
