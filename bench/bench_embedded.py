"""The embedded default as a player meets it: ``manage.py runserver`` on a SQLite file, no broker.

Figures (medians over kept-alive connections, as a browser reuses them):
- ``embedded_keepalive_get_ms``: ``GET /api/session/`` on a reused connection, vs the same on a
  fresh connection each time (before TCP_NODELAY the reused one paid a ~40 ms delayed ACK).
- ``embedded_action_answer_ms``: a human action's answer in a Hold'em match against hard AIs,
  AI turns on the embedded worker thread (``AI_TURNS=thread``), vs the same server playing the
  AIs inside the request (``AI_TURNS=inline``, what the embedded default did before).
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench.common import Figure, figure

ROOT = Path(__file__).resolve().parents[1]
GETS = 60
ACTIONS = 30


class Browser:
    def __init__(self, port: int, reuse: bool = True) -> None:
        self.port, self.reuse = port, reuse
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookies: dict[str, str] = {}

    def send(self, method: str, path: str, body: Any = None) -> tuple[int, Any, float]:
        if not self.reuse:
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Content-Type": "application/json"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        started = time.perf_counter()
        payload = None if body is None else json.dumps(body)
        self.connection.request(method, path, body=payload, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        elapsed_ms = (time.perf_counter() - started) * 1000
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";")[0]
        if not self.reuse:
            self.connection.close()
        return response.status, json.loads(data) if data else None, elapsed_ms


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def embedded_server(ai_turns: str) -> Iterator[int]:
    with tempfile.TemporaryDirectory() as folder:
        env = {
            key: value
            for key, value in os.environ.items()
            if key not in ("DATABASE_URL", "CELERY_BROKER_URL", "CELERY_TASK_ALWAYS_EAGER")
        }
        env.update(DATABASE_URL=f"sqlite:///{folder}/db.sqlite3", AI_TURNS=ai_turns)
        manage = [sys.executable, str(ROOT / "manage.py")]
        subprocess.run([*manage, "migrate", "--noinput", "-v0"], env=env, check=True, cwd=ROOT)
        port = _free_port()
        server = subprocess.Popen(
            [*manage, "runserver", f"127.0.0.1:{port}", "--noreload"],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            for _ in range(300):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            yield port
        finally:
            server.terminate()
            server.wait(timeout=10)


def median_get_ms(port: int, reuse: bool) -> float:
    browser = Browser(port, reuse=reuse)
    timings = [browser.send("GET", "/api/session/")[2] for _ in range(GETS)]
    return statistics.median(timings[5:])


def _my_turn(browser: Browser, match_id: str) -> dict[str, Any]:
    for _ in range(2000):
        body = browser.send("GET", f"/api/matches/{match_id}/")[1]
        view = body["view"]
        if view["to_act"] == 0 or body["status"] != "active" or not view["seats"][0]["in_match"]:
            return dict(body)
        time.sleep(0.01)
    raise RuntimeError("the AIs never handed the turn back")


def median_action_ms(port: int) -> float:
    """Call or check whenever it is my turn, in fresh matches against hard AIs."""
    browser = Browser(port)
    browser.send("GET", "/api/session/")
    timings: list[float] = []
    match_id = ""
    while len(timings) < ACTIONS:
        if not match_id:
            match_id = browser.send("POST", "/api/matches/", {"game": "holdem", "level": "hard"})[
                1
            ]["id"]
        body = _my_turn(browser, match_id)
        if body["status"] != "active" or body["view"]["legal_actions"] is None:
            match_id = ""
            continue
        legal = body["view"]["legal_actions"]
        action = {"action": "call" if legal["can_call"] else "check", "expected_seq": body["seq"]}
        status, _, elapsed = browser.send("POST", f"/api/matches/{match_id}/actions/", action)
        if status == 200:
            timings.append(elapsed)
    return statistics.median(timings)


def run() -> list[Figure]:
    with embedded_server("thread") as port:
        reused = median_get_ms(port, reuse=True)
        fresh = median_get_ms(port, reuse=False)
        threaded = median_action_ms(port)
    with embedded_server("inline") as port:
        inline = median_action_ms(port)
    return [
        figure("embedded_keepalive_get_ms", "ms", reused, "fresh connection", fresh),
        figure("embedded_action_answer_ms", "ms", threaded, "AIs inside the request", inline),
    ]
