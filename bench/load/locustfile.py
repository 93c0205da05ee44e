"""The load test's users, run by ``locust --headless`` from :mod:`bench.bench_load`.

``Player`` plays Hold'em against the AIs the way the web client does (frontend main.js,
``follow``): after each action it reads the event feed from the last seq it saw; while the feed
says an AI is still to act, it reads on (at once after new events, else after sleeping
``LOAD_POLL_MS``); once a feed says none is, it reads the match and acts if it is its turn.
Every fourth player signs up first, the others play as guests. A player whose chips are gone
restarts the match; one whose match is over starts another.

``Ceiling`` loads the bench-only endpoint of :mod:`bench.load.ceiling` with the same client and
no pause: its throughput is what this stack can do at best for a command.

Every request is recorded (name, start, milliseconds, status) and, for each human action the AIs
answered, the AI reply: from the human's event to the last event stored before the human's next
turn, both as the server stamped them (``created_at``). On ``test_stop`` it all goes to the JSON
file ``LOAD_OUT``.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import secrets
import time
from datetime import datetime
from typing import Any

import gevent
from locust import events, task
from locust.contrib.fasthttp import FastHttpUser

POLL_S = float(os.environ.get("LOAD_POLL_MS", "50")) / 1000
# A turn that has not come back within this long is a stalled match: an error, and a new match.
STALL_S = float(os.environ.get("LOAD_STALL_S", "15"))
SIGN_UP_EVERY = 4
OUT = os.environ.get("LOAD_OUT", "")

_numbers = itertools.count()
_run = secrets.token_hex(3)
_requests: list[tuple[str, float, float, int, str]] = []
_replies: list[tuple[float, float]] = []
_notes: list[str] = []
_started: list[float] = []
_ready: list[float] = []  # when each player had its first match: set up, playing from then on


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
                    "ready": _ready,
                    "notes": _notes[:50],
                },
                out,
            )


def _stamp(record: dict[str, Any]) -> float:
    return datetime.fromisoformat(record["created_at"]).timestamp()


def human_choice(legal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Mostly check or call, sometimes fold, now and then a minimum bet or raise: hands go to
    every street and the human's chips last."""
    roll = rng.random()
    if legal["can_check"]:
        if legal["can_bet"] and roll < 0.15:
            return {"action": "bet", "amount": legal["min_raise_to"]}
        return {"action": "check"}
    if legal["can_raise"] and roll < 0.05:
        return {"action": "raise", "amount": legal["min_raise_to"]}
    if roll < 0.25:
        return {"action": "fold"}
    return {"action": "call"}


class Player(FastHttpUser):
    # Between polls the player sleeps itself (POLL_S); between turns it does not wait.
    def wait_time(self) -> float:
        return 0

    def on_start(self) -> None:
        self.number = next(_numbers)
        self.rng = random.Random(f"{_run}:{self.number}")
        self.csrf = ""
        self.session()
        if self.number % SIGN_UP_EVERY == 0:
            credentials = {
                "username": f"load-{_run}-{self.number}",
                "password": secrets.token_urlsafe(16),
            }
            self.post("/api/auth/signup/", credentials, name="signup")
            self.session()  # log-in rotated the CSRF token
        self.match: dict[str, Any] | None = None
        self.playing = False

    def session(self) -> None:
        reply = self.client.get("/api/session/", name="session")
        if reply.status_code == 200:
            self.csrf = reply.json()["csrf_token"]

    def post(self, path: str, data: dict[str, Any], *, name: str) -> Any:
        headers = {"X-CSRFToken": self.csrf, "Idempotency-Key": secrets.token_hex(8)}
        return self.client.post(path, json=data, headers=headers, name=name)

    @task
    def play(self) -> None:
        if self.match is None or self.match["status"] != "active":
            reply = self.post("/api/matches/", {"game": "holdem", "level": "medium"}, name="start")
            if reply.status_code != 201:
                gevent.sleep(1)
                return
            if self.match is None and not self.playing:
                _ready.append(time.time())
                self.playing = True
            self.match = reply.json()
        body = self.match
        legal = body["view"]["legal_actions"]
        if legal is None:
            body = self.until_my_turn(body, since=None)
            if body is None:
                return
            legal = body["view"]["legal_actions"]
        self.act(body, legal)

    def act(self, body: dict[str, Any], legal: dict[str, Any]) -> None:
        match_id = body["id"]
        command = {**human_choice(legal, self.rng), "expected_seq": body["seq"]}
        reply = self.post(f"/api/matches/{match_id}/actions/", command, name="action")
        if reply.status_code != 200:
            self.match = None  # read the match afresh (or start another) next time
            _notes.append(f"action {reply.status_code}: {reply.text[:200]}")
            return
        answered = reply.json()
        if answered["view"]["legal_actions"] is not None or not answered["events"]:
            self.match = answered
            return
        self.match = self.until_my_turn(answered, since=_stamp(answered["events"][0]))

    def until_my_turn(self, body: dict[str, Any], since: float | None) -> dict[str, Any] | None:
        """Follow the match until the human may act (the body then), or is out or the match is
        over (restart, or None: start another); ``since``: the human action's stamp, to time the
        AIs' reply by."""
        match_id = body["id"]
        seq = body["seq"]
        last_stamp = None
        deadline = time.monotonic() + STALL_S
        while True:
            feed = self.client.get(f"/api/matches/{match_id}/events/?after={seq}", name="feed")
            if feed.status_code != 200:
                return None
            fresh = feed.json()
            if fresh["events"]:
                seq = fresh["seq"]
                last_stamp = _stamp(fresh["events"][-1])
                if fresh["awaiting_ai"]:
                    continue
            elif fresh["awaiting_ai"]:
                if time.monotonic() > deadline:
                    return self.stalled(match_id, seq)
                gevent.sleep(POLL_S)
                continue
            reply = self.client.get(f"/api/matches/{match_id}/", name="match")
            if reply.status_code != 200:
                return None
            body = reply.json()
            if body["seq"] > seq:
                continue
            if body["view"]["legal_actions"] is not None:
                if since is not None and last_stamp is not None:
                    _replies.append((since, (last_stamp - since) * 1000))
                return body
            if body["status"] != "active":
                return None
            human = body["view"]["viewer"]
            if not body["view"]["seats"][human]["in_match"]:
                return self.restart(body)
            if time.monotonic() > deadline:
                return self.stalled(match_id, seq)
            gevent.sleep(POLL_S)

    def stalled(self, match_id: str, seq: int) -> None:
        _notes.append(f"stalled: match {match_id} at seq {seq}")
        _requests.append(("stall", time.time(), 0.0, 0, "stalled"))

    def restart(self, body: dict[str, Any]) -> dict[str, Any] | None:
        path = f"/api/matches/{body['id']}/restart/"
        reply = self.post(path, {"expected_seq": body["seq"]}, name="restart")
        return reply.json() if reply.status_code == 200 else None


class Ceiling(FastHttpUser):
    def wait_time(self) -> float:
        return 0

    def on_start(self) -> None:
        self.row = self.client.post("/ceiling/", name="ceiling_create").json()["id"]

    @task
    def append(self) -> None:
        self.client.post(f"/ceiling/{self.row}/", name="ceiling_append")
