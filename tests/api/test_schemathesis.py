"""Schemathesis against ``/api/schema/`` as a live server serves it: generated requests to every
operation, valid and invalid, as a guest with its CSRF token, must never get a 5xx, and every
response must be what the schema says (status, content type, headers, body).

Each operation is fuzzed by a fresh browser: ``GET /api/session/`` for the CSRF cookie and token,
and a match of each game of its own to aim the match operations at (a random id would only
ever be a 404: other players' matches have their own test, test_authorization).
The budget is bounded for CI (``SCHEMATHESIS_EXAMPLES`` per operation, 20 by default: about 400
requests in under two minutes); a longer run is the same test with a bigger number, e.g.
``SCHEMATHESIS_EXAMPLES=400 nice -n 10 .venv/bin/pytest -p no:xdist -s`` on this file.
``SCHEMATHESIS_PATHS=/api/imports/,/api/imported-hands/`` keeps to the operations under those
paths, to work on a few.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import (
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.generation import GenerationMode

from tests.ops.live import base_env, manage, start_gunicorn

EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "20"))
ONLY_PATHS = tuple(filter(None, os.environ.get("SCHEMATHESIS_PATHS", "").split(",")))
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
]

pytestmark = [pytest.mark.timeout(900)]

# Every status seen, by operation: printed at the end of the run, for the figures.
THROTTLED = ("SIGNUP", "LOGIN", "MATCH_START", "ACTION")

SEEN: Counter[tuple[str, int | str]] = Counter()


@pytest.fixture
def live_url(tmp_path: Path) -> Iterator[str]:
    """gunicorn on a SQLite file of its own, migrated: a real server, as a client meets it.

    The AIs move inside the request that gave them the turn (no broker). Generated sign-ups and
    starts all come from one address and would soon be throttled (429, which the schema
    documents): the throttle has its own tests (test_throttling, tests/ops/)."""
    env = base_env(
        DATABASE_URL=f"sqlite:///{tmp_path / 'schemathesis.sqlite3'}",
        AI_TURNS="inline",
        **{f"THROTTLE_RATE_{scope}": "100000/minute" for scope in THROTTLED},
    )
    migrated = manage(env, "migrate", "--noinput")
    assert migrated.returncode == 0, migrated.stderr
    server, url = start_gunicorn(env, tmp_path / "web.log", workers=1)
    try:
        yield url
    finally:
        server.stop()


def new_browser(url: str) -> tuple[requests.Session, dict[str, str]]:
    """A new guest's session and the headers an unsafe request needs (the CSRF token)."""
    session = requests.Session()
    token = session.get(f"{url}/api/session/", timeout=30).json()["csrf_token"]
    return session, {"X-CSRFToken": token, "Referer": f"{url}/"}


def own_match(session: requests.Session, url: str, headers: dict[str, str], game: str) -> str:
    reply = session.post(
        f"{url}/api/matches/", json={"game": game, "level": "easy"}, headers=headers, timeout=30
    )
    assert reply.status_code == 201, reply.text
    return str(reply.json()["id"])


def fuzz(operation: Any, mode: GenerationMode, url: str, failures: list[str]) -> None:
    """``EXAMPLES`` generated cases of ``operation``, from a new browser with a match of
    each game to aim the match operations at."""
    session, headers = new_browser(url)
    matches = [own_match(session, url, headers, game) for game in ("holdem", "updown")]

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=True,  # the same requests every run: a CI failure can be replayed
        suppress_health_check=list(HealthCheck),
        phases=[Phase.explicit, Phase.generate],  # no shrinking: report, keep the budget
    )
    def run(case: Any) -> None:
        if "match_id" in (case.path_parameters or {}):
            case.path_parameters["match_id"] = matches[len(SEEN) % 2]
        try:
            response = case.call_and_validate(
                base_url=url, session=session, headers=headers, checks=CHECKS
            )
        except (Exception, BaseExceptionGroup) as failed:  # keep going, report them all
            failures.append(f"{mode.value} {case.method} {case.formatted_path}: {failed}")
            SEEN[(f"{case.method} {case.path}", "failed")] += 1
            return
        SEEN[(f"{case.method} {case.path}", response.status_code)] += 1

    try:
        run()
    except Unsatisfiable:  # negative mode on an operation with no input to make invalid
        assert mode is GenerationMode.NEGATIVE, operation.label
    finally:
        session.close()


def test_no_generated_request_gets_a_5xx_or_a_reply_the_schema_does_not_describe(
    live_url: str,
) -> None:
    loaded = schemathesis.openapi.from_url(f"{live_url}/api/schema/?format=json")
    failures: list[str] = []
    operations = [result.ok() for result in loaded.get_all_operations()]
    assert len(operations) >= 14
    for operation in operations:
        # The stream never ends while its session lasts: its answers (and refusals, which are
        # the feed's) are checked by tests/games/test_streams.py against real servers.
        if operation.path in ("/api/schema/", "/api/matches/{match_id}/stream/"):
            continue
        if ONLY_PATHS and not operation.path.startswith(ONLY_PATHS):
            continue
        for mode in GenerationMode:
            fuzz(operation, mode, live_url, failures)
    requests_sent = sum(SEEN.values())
    statuses = Counter(status for (_, status), count in SEEN.items() for _ in range(count))
    print(f"\nschemathesis: {requests_sent} requests, statuses {dict(statuses)}")
    assert not failures, f"{len(failures)} failures:\n" + "\n\n".join(failures[:20])
    assert requests_sent >= EXAMPLES * (2 if ONLY_PATHS else 10)
