"""Where one human action's server CPU goes, in one process: ``python -m bench.load.profile_action``
(``DATABASE_URL``: a migrated PostgreSQL database; ``PROFILE_ACTIONS``, default 200).

Each action is played as the live stack plays it, part by part, and each part's CPU is timed
(``time.process_time``, this process only), the CPU of the PostgreSQL backend serving it (read
from ``/proc``: the server must run on this machine) and its database round trips counted, after
``PROFILE_WARM_UP`` actions (default 30) that are played but not counted:

- ``request``: ``POST /api/matches/{id}/actions/`` through the WSGI application, with the
  client's Idempotency-Key, as the web client sends it;
- ``ai``: the Celery task that answers it (``bots.tasks.play``, applied in-process as a worker
  runs it: inside a task, as its request, so the bots' time-limit notes are taken too);
- ``stream``: what pushes it, once per commit (the stream of the match is woken by the
  human's commit and by the AIs'), as a woken stream does it: the commit's notification heard
  on a ``LISTEN`` connection, its news sent (:func:`games.streams.heard`), or, when it has
  none, a read (:func:`games.streams.feed_step`).

The request and the AIs' task each remember what their own process appended last, as the web
process and the worker do in the live stack, where they append in turn: each finds the match
moved on by the other (:class:`Processes`).

With ``PROFILE_SEED`` set, every hand's seed is drawn from it: two versions of the code play
the same cards, and (the bots' choices being seeded by the match) the same actions.
With ``PROFILE_TOP`` set, a cProfile of every part, the top functions by cumulative time (or by
``PROFILE_SORT``, a pstats key); with ``PROFILE_DUMP`` (a folder) too, each part's profile saved
there as ``<part>.prof``.
"""

from __future__ import annotations

import cProfile
import os
import pstats
import random
import secrets
import sys
import time
from collections import defaultdict
from functools import partial
from pathlib import Path
from typing import Any

import django
import psycopg

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardavia.settings")
os.environ.setdefault("AI_TURNS", "inline")
os.environ.setdefault("LOG_LEVEL", "WARNING")
os.environ["CELERY_TASK_ALWAYS_EAGER"] = "true"
django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from bots import tasks  # noqa: E402
from games import services, streams  # noqa: E402
from games.models import Match  # noqa: E402
from games.players import session_owner  # noqa: E402
from games.services import driving_ai_turns  # noqa: E402

ACTIONS = int(os.environ.get("PROFILE_ACTIONS", "200"))
# Actions played first and not counted: a process's first requests and tasks build what it then
# keeps (the evaluator's tables, fixed statements, the bots' tables), once per process.
WARM_UP = int(os.environ.get("PROFILE_WARM_UP", "30"))
TOP = int(os.environ.get("PROFILE_TOP", "0"))


class Parts:
    def __init__(self) -> None:
        self.cpu: dict[str, float] = defaultdict(float)
        self.database_cpu: dict[str, float] = defaultdict(float)
        self.queries: dict[str, int] = defaultdict(int)
        self.profiles: dict[str, cProfile.Profile] = {}
        self.shown: set[str] = set()
        self.counting = False

    def run(self, name: str, work: Any) -> Any:
        if not self.counting:
            return work()
        profile = (
            self.profiles.setdefault(name, cProfile.Profile(time.process_time)) if TOP else None
        )
        backend = backend_pid()
        backend_began = backend_cpu(backend)
        with CaptureQueriesContext(connection) as queries:
            began = time.process_time()
            if profile is not None:
                profile.enable()
            try:
                return work()
            finally:
                if profile is not None:
                    profile.disable()
                self.cpu[name] += time.process_time() - began
                if backend is not None and backend == backend_pid():
                    self.database_cpu[name] += backend_cpu(backend) - backend_began
                self.queries[name] += len(queries.captured_queries)
                if os.environ.get("PROFILE_SQL") and name not in self.shown:
                    self.shown.add(name)
                    print(f"--- {name}'s round trips ---")
                    for query in queries.captured_queries:
                        print("  " + query["sql"][:160])


class Processes:
    """What the web process and the worker each remember of the matches they appended to
    (``games.services._KNOWN``): one process plays both here, so it swaps them."""

    def __init__(self) -> None:
        self.memories = {"web": services._KNOWN, "worker": type(services._KNOWN)()}

    def web(self) -> None:
        services._KNOWN = self.memories["web"]

    def worker(self) -> None:
        services._KNOWN = self.memories["worker"]


def backend_pid() -> int | None:
    """The process id of the PostgreSQL backend behind Django's connection, if one is open."""
    raw = connection.connection
    return None if raw is None else int(raw.info.backend_pid)


def backend_cpu(pid: int | None) -> float:
    """That backend's CPU seconds so far (user and system), from ``/proc``: counted in clock
    ticks, so only a sum over many parts is meaningful."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def choose(view: dict[str, Any]) -> dict[str, Any]:
    legal = view["legal_actions"]
    return {"action": "check" if legal["can_check"] else "call"}


def main() -> None:
    seed = os.environ.get("PROFILE_SEED")
    if seed:  # the same cards in every run, so that two versions play the same actions
        deck = random.Random(int(seed))
        services.new_seed = lambda: deck.randbytes(32)  # type: ignore[attr-defined]
    browser = Client(enforce_csrf_checks=True)
    csrf = browser.get("/api/session/").json()["csrf_token"]
    headers = {"HTTP_X_CSRFTOKEN": csrf}
    parts = Parts()
    processes = Processes()
    listener = listen()
    body = browser.post(
        "/api/matches/", {"game": "holdem", "level": "medium"}, "application/json", **headers
    ).json()
    session = browser.session
    played = -WARM_UP
    while played < ACTIONS:
        parts.counting = played >= 0
        match = Match.objects.get(id=body["id"])
        while match.awaiting_ai and match.status == Match.Status.ACTIVE:
            with driving_ai_turns():
                tasks.play(str(match.id), match.seq)
            match = Match.objects.get(id=body["id"])
        body = browser.get(f"/api/matches/{match.id}/").json()
        if body["status"] != "active" or body["view"]["legal_actions"] is None:
            body = browser.post(
                "/api/matches/", {"game": "holdem", "level": "medium"}, "application/json",
                **headers,
            ).json()  # fmt: skip
            continue
        cursor = streams.Cursor(
            match_id=str(body["id"]),
            player_id=int(session["cardavia_player_id"]),
            session_key=session.session_key,
            owner=session_owner(session),
            seq=int(body["seq"]),
            shown=None,
        )
        streams.feed_step(cursor)  # the stream as it stood: not timed
        list(listener.notifies(timeout=0.05))  # what was told before it: read above
        key = {"HTTP_IDEMPOTENCY_KEY": secrets.token_hex(8)}
        command = {**choose(body["view"]), "expected_seq": body["seq"]}
        path = f"/api/matches/{body['id']}/actions/"
        processes.web()
        with driving_ai_turns():  # the AIs answer below, as the worker would: not in the request
            answer = parts.run("request", partial(post, browser, path, command, headers, key))
        body = answer.json()
        parts.run("stream", partial(woken, listener, cursor))
        if body["view"]["legal_actions"] is None and body["status"] == "active":
            processes.worker()
            with driving_ai_turns():
                parts.run("ai", partial(tasks.play.apply, (str(body["id"]), body["seq"])))
            parts.run("stream", partial(woken, listener, cursor))
            body = cursor_view(cursor)
        played += 1
    total = sum(parts.cpu.values())
    database = sum(parts.database_cpu.values())
    print(
        f"{played} actions: {1000 * total / played:.1f} ms of this process's CPU each, "
        f"{1000 * database / played:.1f} ms of its PostgreSQL backend's"
    )
    for name in ("request", "ai", "stream"):
        print(
            f"  {name:<8} {1000 * parts.cpu[name] / played:6.2f} ms  "
            f"PostgreSQL {1000 * parts.database_cpu[name] / played:5.2f} ms  "
            f"{parts.queries[name] / played:5.2f} round trips"
        )
    for name, profile in parts.profiles.items():
        print(f"\n--- {name} ---")
        if os.environ.get("PROFILE_DUMP"):
            profile.dump_stats(f"{os.environ['PROFILE_DUMP']}/{name}.prof")
        pstats.Stats(profile, stream=sys.stdout).sort_stats(
            os.environ.get("PROFILE_SORT", "cumulative")
        ).print_stats(TOP)


def listen() -> psycopg.Connection[Any]:
    """A connection listening as a serving process's listener does (games.streams._listen)."""
    params = connection.get_connection_params()
    keep = ("dbname", "user", "password", "host", "port")
    listener = psycopg.connect(
        **{key: value for key, value in params.items() if key in keep}, autocommit=True
    )
    listener.execute(f"LISTEN {streams.CHANNEL}")
    return listener


def woken(listener: psycopg.Connection[Any], cursor: streams.Cursor) -> None:
    """The stream woken by the last commit: its news sent, or a read when it brought none."""
    for note in listener.notifies(timeout=5, stop_after=1):
        _, _, text = note.payload.partition("\n")
        if not text or streams.heard(cursor, streams.News.parse(text)) is None:
            streams.feed_step(cursor)


def post(browser: Client, path: str, data: Any, headers: Any, key: Any) -> Any:
    return browser.post(path, data, "application/json", **headers, **key)


def cursor_view(cursor: streams.Cursor) -> dict[str, Any]:
    from games import selectors
    from games.models import Player

    match = selectors.match_get(
        match_id=cursor.match_id, player=Player(pk=cursor.player_id), snapshot=True
    )
    return dict(selectors.match_opening(match))


if __name__ == "__main__":
    main()
