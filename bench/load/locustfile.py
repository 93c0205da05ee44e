"""The load test's players, run by ``locust --headless`` from :mod:`bench.bench_load`.

``Player`` plays Hold'em against the AIs as a person does with the web client (frontend
``main.js``, ``live.js``, ``pace.js``): it follows its match on the live stream (one stream per
player, resumed after its last event id when it drops, as ``EventSource`` does), and acts only
when the stream's match body says it is its turn, after

- the time the client takes to show what happened since its last action at the normal speed
  (:func:`display_ms`, ``pace.js``'s ``pauseFor``: 900 ms an AI's move or a board, 1,800 ms a
  pot, 450 ms a new hand), counted from its action's answer; then
- a think time drawn from a log-normal distribution, median 3 s, σ 0.6, capped at 15 s
  (:func:`think_s`).

This model is fixed so that capacity figures compare across changes. Every fourth player signs
up first, the others play as guests. A player whose chips are gone restarts the match; one whose
match is over starts another.

The player count follows ``LOAD_STEPS`` (``"100,200,..."``: each step held ``LOAD_STEP_S``
seconds, new players spawned at ``LOAD_SPAWN_RATE`` a second; :class:`Steps`), or stays at
locust's ``--users`` without it. With ``LOAD_STOP_ON_FAIL`` the steps stop after the first one
that misses the capacity aims (:func:`step_holds`), measured in this process as it runs.

Recorded (to the JSON file ``LOAD_OUT`` on ``test_stop``): every request (name, start,
milliseconds, status, error code); every AI reply as the player saw it (from its action's
answer to the stream's body saying it is its turn again, or that the hand or match has moved
past it) and as the server stamped it (from the human's event to the AIs' last one); when each
player was set up; the steps; each stream's reconnections and how long it was away.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import secrets
import socket
import sys
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import gevent
from gevent.event import Event
from locust import LoadTestShape, events, task
from locust.contrib.fasthttp import FastHttpUser

# locust puts this file's folder on the path, not the repository's: the model is imported from it.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from bench.load.model import display_ms, human_choice, think_s

# A turn that has not come back within this long is a stalled match: an error, and a new match.
STALL_S = float(os.environ.get("LOAD_STALL_S", "15"))
SIGN_UP_EVERY = 4
# How long a command is retried (lost connection, server error) before the player gives up.
RETRY_S = float(os.environ.get("LOAD_RETRY_S", "60"))
OUT = os.environ.get("LOAD_OUT", "")
# Only for the CI smoke test (a few seconds of play): every wait of the model scaled by this.
PACE = float(os.environ.get("LOAD_PACE", "1"))
# The capacity aims (bench.bench_load reports them; here to stop a stepped run early).
AIM_ACTION_P99_MS = 100.0
AIM_AI_REPLY_P95_MS = 300.0

_numbers = itertools.count()
_run = secrets.token_hex(3)
_requests: list[tuple[str, float, float, int, str]] = []
_replies: list[tuple[float, float]] = []  # (answer epoch s, ms until the turn came back)
_stamped: list[tuple[float, float]] = []  # (human event epoch s, ms to the AIs' last event)
_notes: list[str] = []
_started: list[float] = []
_ready: list[float] = []  # when each player had its first match: set up, playing from then on
_steps: list[tuple[float, int]] = []  # (epoch s, players) as each step began
_gaps: list[tuple[float, float]] = []  # (epoch s the stream dropped, s until it was live again)
_acked: list[tuple[str, int, str]] = []  # each answered action: (match, its event's seq, type)
_breaks: list[str] = []  # a stream's event that did not follow the one before it (lost, repeated)


@events.test_start.add_listener
def _test_start(**_: Any) -> None:
    _started.append(time.time())


@events.request.add_listener
def _on_request(
    name: str,
    start_time: float,
    response_time: float,
    exception: Any = None,
    response: Any = None,
    **_: Any,
) -> None:
    status = getattr(response, "status_code", 0) or 0
    if exception is not None and status < 400:
        status = 0
        _notes.append(f"{name}: {exception!r}"[:200])
    code = ""
    if status >= 400:
        try:
            code = str(response.json().get("code", ""))
        except Exception:
            code = ""
    _requests.append((name, start_time, response_time, status, code))


@events.test_stop.add_listener
def _test_stop(**_: Any) -> None:
    if OUT:
        with open(OUT, "w") as out:
            json.dump(
                {
                    "started": _started[0] if _started else None,
                    "requests": _requests,
                    "replies": _replies,
                    "stamped_replies": _stamped,
                    "ready": _ready,
                    "steps": _steps,
                    "gaps": _gaps,
                    "acked": _acked,
                    "breaks": _breaks[:50],
                    "break_count": len(_breaks),
                    "notes": _notes[:50],
                },
                out,
            )


def _stamp(record: dict[str, Any]) -> float:
    return datetime.fromisoformat(record["created_at"]).timestamp()


# --- the live stream, read as EventSource reads it ----------------------------------------------


@dataclass
class Stream:
    """One match's stream on a socket of its own (gevent), reconnecting after ``retry`` ms with
    ``Last-Event-ID`` when it drops. ``events``: every event pushed, in order; ``view``: the last
    match body pushed; ``changed`` is set on anything new."""

    host: str
    port: int
    match_id: str
    cookies: str
    after: int
    events: list[dict[str, Any]] = field(default_factory=list)
    view: dict[str, Any] | None = None
    changed: Event = field(default_factory=Event)
    retry_s: float = 2.0
    dropped_at: float | None = None
    closed: bool = False
    refused: int = 0
    reader: Any = None

    def start(self) -> None:
        self.reader = gevent.spawn(self._run)

    def close(self) -> None:
        self.closed = True
        if self.reader is not None:
            self.reader.kill(block=False)

    def _run(self) -> None:
        while not self.closed:
            try:
                self._follow()
            except (OSError, ValueError) as lost:
                if self.closed:
                    return
                if self.dropped_at is None:
                    self.dropped_at = time.time()
                    _notes.append(f"stream {self.match_id} dropped: {lost!r}"[:200])
            if self.closed:
                return
            if self.dropped_at is None:
                self.dropped_at = time.time()
            gevent.sleep(self.retry_s)

    def _follow(self) -> None:
        with socket.create_connection((self.host, self.port), timeout=60) as sock:
            request = (
                f"GET /api/matches/{self.match_id}/stream/?after={self.after} HTTP/1.1\r\n"
                f"Host: {self.host}:{self.port}\r\nAccept: text/event-stream\r\n"
                f"Cookie: {self.cookies}\r\nLast-Event-ID: {self.after}\r\n\r\n"
            )
            sock.sendall(request.encode())
            lines = sock.makefile("rb")
            status = lines.readline().split()
            if len(status) < 2 or status[1] != b"200":
                self.refused += 1
                raise ValueError(f"stream answered {status[1:2]}")
            chunked = False
            while (header := lines.readline()) not in (b"\r\n", b""):
                if header.lower().startswith(b"transfer-encoding:") and b"chunked" in header:
                    chunked = True
            self._read(lines, chunked)

    def _read(self, lines: Any, chunked: bool) -> None:
        kind, data = "message", ""
        for line in _body_lines(lines, chunked):
            if line == "":
                if data:
                    self._take(kind, json.loads(data))
                kind, data = "message", ""
                continue
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if name == "event":
                kind = value
            elif name == "data":
                data = value
            elif name == "retry":
                self.retry_s = int(value) / 1000
        raise OSError("the server ended the stream")

    def _take(self, kind: str, data: Any) -> None:
        if self.dropped_at is not None:
            _gaps.append((self.dropped_at, time.time() - self.dropped_at))
            self.dropped_at = None
        if kind == "message":
            if data["seq"] != self.after + 1:  # seqs are consecutive: one lost or repeated
                _breaks.append(f"match {self.match_id}: {data['seq']} after {self.after}")
            if data["seq"] > self.after:
                self.events.append(data)
                self.after = data["seq"]
        elif kind == "view":
            self.view = data
        self.changed.set()


def _body_lines(lines: Any, chunked: bool) -> Any:
    """The body's lines (without their ends), de-chunked."""
    if not chunked:
        while raw := lines.readline():
            yield raw.decode().rstrip("\r\n")
        return
    pending = ""
    while True:
        size_line = lines.readline()
        if not size_line:
            return
        size = int(size_line.strip() or b"0", 16)
        if size == 0:
            return
        pending += lines.read(size).decode()
        lines.readline()  # the chunk's CRLF
        *complete, pending = pending.split("\n")
        for line in complete:
            yield line.rstrip("\r")


# --- the player ---------------------------------------------------------------------------------


class Player(FastHttpUser):
    def wait_time(self) -> float:  # the player waits by itself (the stream, its thinking)
        return 0

    def on_start(self) -> None:
        self.number = next(_numbers)
        self.rng = random.Random(f"{_run}:{self.number}")
        self.csrf = ""
        self.stream: Stream | None = None
        self.match: dict[str, Any] | None = None
        self.playing = False
        self.session()
        if self.number % SIGN_UP_EVERY == 0:
            credentials = {
                "username": f"load-{_run}-{self.number}",
                "password": secrets.token_urlsafe(16),
            }
            self.post("/api/auth/signup/", credentials, name="signup")
            self.session()  # log-in rotated the CSRF token

    def on_stop(self) -> None:
        if self.stream is not None:
            self.stream.close()

    def session(self) -> None:
        reply = self.client.get("/api/session/", name="session")
        if reply.status_code == 200:
            self.csrf = reply.json()["csrf_token"]

    def post(self, path: str, data: dict[str, Any], *, name: str) -> Any:
        """As the web client's api.js: a lost connection or a server error waits and tries
        again with the same Idempotency-Key (each attempt recorded), for up to ``RETRY_S``."""
        headers = {"X-CSRFToken": self.csrf, "Idempotency-Key": secrets.token_hex(8)}
        deadline = time.monotonic() + RETRY_S
        pause = 0.25
        while True:
            reply = self.client.post(path, json=data, headers=headers, name=name)
            status = reply.status_code or 0
            if 0 < status < 500 or time.monotonic() > deadline:
                return reply
            gevent.sleep(pause)
            pause = min(2.0, pause * 2)

    def follow(self, body: dict[str, Any]) -> Stream:
        """The match's stream, opened after ``body``'s seq unless it is open already."""
        if self.stream is not None and self.stream.match_id == body["id"]:
            return self.stream
        if self.stream is not None:
            self.stream.close()
        host, _, port = self.host.removeprefix("http://").partition(":")
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.client.cookiejar)
        self.stream = Stream(host, int(port or 80), body["id"], cookies, int(body["seq"]))
        self.stream.start()
        return self.stream

    @task
    def play(self) -> None:
        if self.match is None or self.match["status"] != "active":
            reply = self.post("/api/matches/", {"game": "holdem", "level": "medium"}, name="start")
            if reply.status_code != 201:
                gevent.sleep(1)
                return
            if not self.playing:
                _ready.append(time.time())
                self.playing = True
            self.match = reply.json()
            self.follow(self.match)
            self.match = self.until_my_turn(self.match, answered_at=None)
            if self.match is None:
                return
        body = self.match
        legal = body["view"]["legal_actions"]
        if legal is None:
            self.match = self.until_my_turn(body, answered_at=None)
            return
        gevent.sleep(PACE * think_s(self.rng))
        self.act(body, legal)

    def act(self, body: dict[str, Any], legal: dict[str, Any]) -> None:
        command = {**human_choice(legal, self.rng), "expected_seq": body["seq"]}
        reply = self.post(f"/api/matches/{body['id']}/actions/", command, name="action")
        if reply.status_code != 200:
            self.match = None  # start another next time
            _notes.append(f"action {reply.status_code}: {reply.text[:200]}")
            return
        answered_at = time.time()
        answered = reply.json()
        if answered["events"]:
            first = answered["events"][0]
            _acked.append((answered["id"], int(first["seq"]), first["type"]))
        if answered["view"]["legal_actions"] is not None or answered["status"] != "active":
            self.match = answered  # no AI to wait for
            return
        self.match = self.until_my_turn(answered, answered_at=answered_at)
        if self.match is not None and answered["events"]:
            # What the table shows at the normal speed before the player can see their turn.
            shown = (
                [e for e in self.stream.events if e["seq"] > answered["seq"]] if self.stream else []
            )
            wait = PACE * display_ms(shown, answered["view"]["viewer"]) / 1000
            gevent.sleep(max(0.0, answered_at + wait - time.time()))

    def until_my_turn(
        self, body: dict[str, Any], answered_at: float | None
    ) -> dict[str, Any] | None:
        """Wait on the stream until its match body says the human may act (that body), or is
        out (restart) or the match is over (None: start another)."""
        stream = self.follow(body)
        deadline = time.monotonic() + STALL_S
        while True:
            stream.changed.clear()  # before looking: whatever comes from now on wakes the wait
            view = stream.view
            if view is not None and view["seq"] >= body["seq"]:
                if view["view"]["legal_actions"] is not None:
                    if answered_at is not None:
                        self.replied(body, answered_at, stream)
                    return view
                if view["status"] != "active":
                    if stream is self.stream:
                        stream.close()
                        self.stream = None
                    return None
                human = view["view"]["viewer"]
                if not view["view"]["seats"][human]["in_match"]:
                    return self.restart(view)
            left = deadline - time.monotonic()
            if left <= 0:
                return self.stalled(body["id"], body["seq"])
            stream.changed.wait(min(left, 1.0))

    def replied(self, body: dict[str, Any], answered_at: float, stream: Stream) -> None:
        _replies.append((answered_at, (time.time() - answered_at) * 1000))
        mine = [e for e in body["events"]]
        theirs = [e for e in stream.events if e["seq"] > body["seq"]]
        if mine and theirs:
            since = _stamp(mine[0])
            _stamped.append((since, (_stamp(theirs[-1]) - since) * 1000))

    def stalled(self, match_id: str, seq: int) -> None:
        _notes.append(f"stalled: match {match_id} at seq {seq}")
        _requests.append(("stall", time.time(), 0.0, 0, "stalled"))
        if self.stream is not None:
            self.stream.close()
            self.stream = None

    def restart(self, body: dict[str, Any]) -> dict[str, Any] | None:
        path = f"/api/matches/{body['id']}/restart/"
        reply = self.post(path, {"expected_seq": body["seq"]}, name="restart")
        return reply.json() if reply.status_code == 200 else None


# --- the steps ----------------------------------------------------------------------------------


def _percentile(samples: list[float], share: float) -> float:
    if not samples:
        return math.nan
    ordered = sorted(samples)
    return ordered[max(1, math.ceil(share * len(ordered))) - 1]


def step_holds(start: float, end: float) -> bool:
    """Whether what was recorded between ``start`` and ``end`` meets the capacity aims (the
    audit comes afterwards, in the bench)."""
    actions = [
        ms for name, at, ms, status, _ in _requests if name == "action" and start <= at < end
    ]
    failed = [
        1 for _, at, _, status, _ in _requests if start <= at < end and not 200 <= status < 300
    ]
    replies = [ms for at, ms in _replies if start <= at < end]
    return (
        bool(actions)
        and not failed
        and _percentile(actions, 0.99) <= AIM_ACTION_P99_MS
        and _percentile(replies, 0.95) <= AIM_AI_REPLY_P95_MS
    )


class Steps(LoadTestShape):
    """``LOAD_STEPS`` players, each step held ``LOAD_STEP_S`` seconds."""

    counts = [int(n) for n in os.environ.get("LOAD_STEPS", "").split(",") if n]
    seconds = float(os.environ.get("LOAD_STEP_S", "60"))
    settle = float(os.environ.get("LOAD_STEP_SETTLE_S", "20"))
    rate = float(os.environ.get("LOAD_SPAWN_RATE", "50"))
    stop_on_fail = os.environ.get("LOAD_STOP_ON_FAIL", "") not in ("", "0", "false")
    use_common_options = not counts  # without steps: locust's --users, --run-time

    def tick(self) -> tuple[int, float] | None:
        if not self.counts:
            return None  # unused: see use_common_options
        index = int(self.get_run_time() // self.seconds)
        if index >= len(self.counts):
            return None
        if not _steps or _steps[-1][1] != self.counts[index]:
            if (
                _steps
                and self.stop_on_fail
                and not step_holds(self.measured_from(_steps[-1][0]), time.time())
            ):
                return None
            _steps.append((time.time(), self.counts[index]))
        return self.counts[index], self.rate

    def measured_from(self, began: float) -> float:
        """Where the step begun at ``began`` is measured from, as the bench measures it
        (bench_load.steps_of): once it settled and its last new player is set up (a first
        step of hundreds of players is still signing them up when it has settled)."""
        now = time.time()
        start = max([began + self.settle, *(at for at in _ready if began <= at < now)])
        return start if now - start >= 10 else began + self.settle


if not Steps.counts:
    del Steps  # locust would use a shape class it finds, steps or not
