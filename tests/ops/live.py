"""Real processes for the ops tests: servers on free loopback ports, a player that speaks HTTP.

Everything here is started by the test that uses it, in its own process group, and stopped by
that test: the machine's shared PostgreSQL and Redis are never touched (see ``services.py`` for
private ones).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(condition: Callable[[], Any], timeout: float, what: str, every: float = 0.1) -> Any:
    """Poll ``condition`` until it returns something truthy (and return it); fail after
    ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        result = condition()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(every)


def base_env(**overrides: str) -> dict[str, str]:
    """The environment for a child process: this one's, less any settings a test did not choose,
    plus ``overrides``."""
    chosen = {
        "DJANGO_SETTINGS_MODULE",
        "DATABASE_URL",
        "CELERY_BROKER_URL",
        "CELERY_TASK_ALWAYS_EAGER",
        "CELERY_TASK_DEFAULT_QUEUE",
        "CACHE_URL",
        "CACHE_KEY_PREFIX",
    }
    env = {key: value for key, value in os.environ.items() if key not in chosen}
    env.update(
        {
            "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]),
            "PATH": os.pathsep.join([str(BIN), os.environ.get("PATH", "")]),
            "LOG_LEVEL": "INFO",
            "PYTHONUNBUFFERED": "1",
        }
    )
    env.update(overrides)
    return env


@dataclass
class Service:
    """A process (and everything it started, in its process group) whose output goes to ``log``."""

    name: str
    process: subprocess.Popen[bytes]
    log: Path

    @classmethod
    def start(cls, name: str, command: list[str], env: dict[str, str], log: Path) -> Service:
        with log.open("ab") as output:
            process = subprocess.Popen(
                command,
                cwd=REPO,
                env=env,
                stdout=output,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        return cls(name, process, log)

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def alive(self) -> bool:
        return self.process.poll() is None

    def wait_output(self, text: str, timeout: float = 60) -> None:
        def seen() -> bool:
            if not self.alive() and text not in self.output():
                raise AssertionError(f"{self.name} exited early:\n{self.output()[-4000:]}")
            return text in self.output()

        wait_for(seen, timeout, f"{self.name} to print {text!r}")

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 20) -> None:
        """Signal the whole process group, then SIGKILL whatever is left after ``timeout``."""
        members = self.group()
        if self.alive():
            _signal_group(self.process.pid, sig)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                _signal_group(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=30)
        for pid in members:  # children that left the group (honcho starts each in a session)
            _kill(pid, signal.SIGKILL)

    def group(self) -> list[int]:
        """Every live descendant of this process (pids), however it was started."""
        return descendants(self.process.pid)


def _signal_group(pgid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pgid, sig)


def _kill(pid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, sig)


def descendants(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry.name))
    found: list[int] = []
    pending = [root]
    while pending:
        for child in children.get(pending.pop(), []):
            found.append(child)
            pending.append(child)
    return found


# What the Procfile and the Docker image serve: the ASGI app on gunicorn's uvicorn workers.
SERVED_APP = ("cardavia.asgi", "--worker-class", "cardavia.workers.StreamWorker")


def start_gunicorn(
    env: dict[str, str], log: Path, *, workers: int = 2, port: int | None = None
) -> tuple[Service, str]:
    """gunicorn serving the app on a free loopback port; returns it and its base URL."""
    port = port or free_port()
    command = [
        str(BIN / "gunicorn"),
        *SERVED_APP,
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--timeout",
        "60",
        "--graceful-timeout",
        "5",
        "--access-logfile",
        "-",
    ]
    server = Service.start("gunicorn", command, env, log)
    url = f"http://127.0.0.1:{port}"
    wait_for(lambda: _answers(url, server), 60, "gunicorn to answer")
    return server, url


def _answers(url: str, server: Service) -> bool:
    if not server.alive():
        raise AssertionError(f"gunicorn exited:\n{server.output()[-4000:]}")
    try:
        HttpPlayer(url).get("/api/session/")
    except OSError:
        return False
    return True


def manage(
    env: dict[str, str], *args: str, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


# --- a player over real HTTP ------------------------------------------------------------------


@dataclass
class HttpReply:
    status: int
    body: Any
    headers: dict[str, str]

    @property
    def code(self) -> str | None:
        return self.body.get("code") if isinstance(self.body, dict) else None

    def ok(self) -> HttpReply:
        assert 200 <= self.status < 300, (self.status, self.body)
        return self


@dataclass
class HttpPlayer:
    """One browser: its cookies, its CSRF token, JSON in and out (http.client, no retries)."""

    base_url: str
    timeout: float = 30
    cookies: dict[str, str] = field(default_factory=dict)
    csrf_token: str | None = None

    def request(
        self, method: str, path: str, data: Any = None, *, headers: dict[str, str] | None = None
    ) -> HttpReply:
        host = self.base_url.removeprefix("http://")
        connection = http.client.HTTPConnection(host, timeout=self.timeout)
        sent = {"Accept": "application/json", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{key}={value}" for key, value in self.cookies.items())
        body = None
        if method not in ("GET", "HEAD"):
            body = json.dumps({} if data is None else data).encode()
            sent["Content-Type"] = "application/json"
            if self.csrf_token:
                sent["X-CSRFToken"] = self.csrf_token
            sent["Referer"] = f"{self.base_url}/"
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            raw = response.read()
            received = {key.lower(): value for key, value in response.getheaders()}
            for header in response.headers.get_all("Set-Cookie") or []:
                cookie = SimpleCookie()
                cookie.load(header)
                for key, morsel in cookie.items():
                    self.cookies[key] = morsel.value
        finally:
            connection.close()
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = raw.decode(errors="replace")
        return HttpReply(response.status, parsed, received)

    def get(self, path: str) -> HttpReply:
        return self.request("GET", path)

    def post(self, path: str, data: Any = None, *, key: str | None = None) -> HttpReply:
        headers = {"Idempotency-Key": key} if key else None
        return self.request("POST", path, data, headers=headers)

    def session(self) -> HttpReply:
        reply = self.get("/api/session/")
        if reply.status == 200:
            self.csrf_token = reply.body["csrf_token"]
        return reply

    def start(self, game: str = "holdem", level: str = "easy", key: str | None = None) -> HttpReply:
        return self.post("/api/matches/", {"game": game, "level": level}, key=key)

    def view(self, match_id: str) -> HttpReply:
        return self.get(f"/api/matches/{match_id}/")

    def act(
        self, match_id: str, action: str, amount: int | None = None, **options: Any
    ) -> HttpReply:
        data: dict[str, Any] = {"action": action}
        if amount is not None:
            data["amount"] = amount
        if "expected_seq" in options:
            data["expected_seq"] = options.pop("expected_seq")
        return self.post(f"/api/matches/{match_id}/actions/", data, **options)

    def my_turn(self, match_id: str) -> dict[str, Any] | None:
        """The match body if the human may act now, else None."""
        reply = self.view(match_id)
        if reply.status != 200:
            return None
        return reply.body if reply.body["view"]["legal_actions"] else None


def passive_action(view: dict[str, Any]) -> str:
    """Check when possible, else fold: the human never risks more than the blinds, so a test's
    match never ends by the human going broke (after which it waits for a watch or a restart)."""
    return "check" if view["legal_actions"]["can_check"] else "fold"


# --- a live stream, read as an EventSource reads it ---------------------------------------------


@dataclass
class Sse:
    """One server-sent event: its id (None if it had none), its type and its decoded data."""

    id: str | None
    event: str
    data: Any


class EventStream:
    """``GET path`` as ``player``'s browser, read event by event (``None`` at the end)."""

    def __init__(
        self,
        player: HttpPlayer,
        path: str,
        *,
        headers: dict[str, str] | None = None,
        timeout: float = 10,
    ) -> None:
        host = player.base_url.removeprefix("http://")
        self.connection = http.client.HTTPConnection(host, timeout=timeout)
        sent = {"Accept": "text/event-stream", **(headers or {})}
        if player.cookies:
            sent["Cookie"] = "; ".join(f"{key}={value}" for key, value in player.cookies.items())
        self.connection.request("GET", path, headers=sent)
        self.socket = self.connection.sock  # kept: a response with "Connection: close" drops it
        assert self.socket is not None
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.headers = {key.lower(): value for key, value in self.response.getheaders()}
        self.heartbeats = 0
        self.retry: int | None = None
        self.views: list[Any] = []  # the match bodies pushed (``event: view``), in order

    def next(self, timeout: float = 10) -> Sse | None:
        """The next event but the match bodies (``views``); None once the server ended the
        stream; ``TimeoutError`` if none came within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        ident: str | None = None
        event = "message"
        data: list[str] = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:  # heartbeats came, but no event
                raise TimeoutError(f"no event within {timeout}s")
            self.socket.settimeout(left)
            try:
                raw = self.response.readline()
            except TimeoutError as late:
                raise TimeoutError(f"no event within {timeout}s") from late
            if not raw:
                return None
            line = raw.decode().rstrip("\n")
            if not line:
                if data and event == "view":  # kept apart: see ``views``
                    self.views.append(json.loads("\n".join(data)))
                    ident, event, data = None, "message", []
                elif data:
                    return Sse(ident, event, json.loads("\n".join(data)))
                continue
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if name == "":
                self.heartbeats += value.startswith("heartbeat")
            elif name == "id":
                ident = value
            elif name == "event":
                event = value
            elif name == "data":
                data.append(value)
            elif name == "retry":
                self.retry = int(value)

    def until_seq(self, seq: int, timeout: float = 20) -> list[Sse]:
        """Every event up to the feed's event ``seq`` (and the match states in between)."""
        deadline = time.monotonic() + timeout
        received: list[Sse] = []
        while not any(item.id == str(seq) for item in received):
            item = self.next(max(0.1, deadline - time.monotonic()))
            assert item is not None, f"the stream ended before seq {seq}: {received[-3:]}"
            received.append(item)
        return received

    def until_state(self, timeout: float = 20) -> list[Sse]:
        """Every event up to the next match state (included)."""
        received: list[Sse] = []
        while not received or received[-1].event != "match":
            item = self.next(timeout)
            assert item is not None, f"the stream ended: {received[-3:]}"
            received.append(item)
        return received

    def close(self) -> None:
        self.response.close()
        self.connection.close()


def feed_items(received: list[Sse]) -> list[dict[str, Any]]:
    """The feed's events among ``received`` (not the match states)."""
    return [item.data for item in received if item.event == "message"]
