"""The event store and API: acting stays as cheap in hand 500 as in hand 1, beside a bare DRF
endpoint. Runs against the configured database (``DATABASE_URL``; SQLite by default) in a
throw-away test database.

Figures:
- ``api_act_ms``: one human action through ``POST /api/matches/{id}/actions/`` (session, CSRF,
  row lock, fold from snapshot, decide, append, snapshot, read model), vs a bare DRF endpoint
  behind the same middleware that only answers JSON.
- ``store_act_ms_hand_500``: the same action deep into a long match, vs the same in hand 1.
- ``fold_from_scratch_ms_hand_500``: folding that match's events without a snapshot, vs loading
  through the snapshot (what ``match_state`` does).
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardavia.settings")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings  # noqa: E402
from django.urls import include, path  # noqa: E402
from rest_framework.response import Response  # noqa: E402
from rest_framework.views import APIView  # noqa: E402

from bench.common import Figure, figure  # noqa: E402

SAMPLES = 60
LONG_MATCH_HANDS = 500


class BareView(APIView):
    def post(self, request: Any) -> Response:
        return Response({"ok": True})


urlpatterns = [
    path("bench/bare/", BareView.as_view()),
    path("", include("cardavia.urls")),
]


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def _timed(action: Any) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def _one_command(match_id: str) -> float:
    """Append the next command of the match through the services; return its seconds.

    The human (seat 0) checks or calls, the AIs play their placeholder policy; a match that is
    over, or has lost its human, is restarted so that the event history keeps growing.
    """

    from bots.services import ai_turn_take
    from games import services
    from games.models import Match
    from games.selectors import match_state

    match = Match.objects.get(id=match_id)
    state = match_state(match)
    if state.to_act is None:
        return _timed(lambda: services.match_restart(match_id=match_id, player=match.owner))
    if state.to_act != 0:
        return _timed(lambda: ai_turn_take(match_id=match_id, seq=match.seq))
    legal = state.to_act is not None and state.current_bet - state.seats[0].bet
    kind = "call" if legal else "check"
    return _timed(lambda: services.match_act(match_id=match_id, player=match.owner, kind=kind))


def _hand_number(match_id: str) -> int:
    from games.models import Match
    from games.selectors import match_state

    return int(match_state(Match.objects.get(id=match_id)).hand_number)


def _fold_figures(match_id: str) -> tuple[float, float]:
    from games.models import Match
    from games.selectors import folded_from_events, match_state

    match = Match.objects.get(id=match_id)
    scratch = min(_timed(lambda: folded_from_events(match)) for _ in range(5))
    snapshot = min(_timed(lambda: match_state(match)) for _ in range(5))
    return scratch * 1000, snapshot * 1000


def _api_act(client: Client, token: str, match_id: str) -> float | None:
    """Time one human action through the API, or None if it is not the human's turn."""
    view = client.get(f"/api/matches/{match_id}/").json()["view"]
    legal = view["legal_actions"]
    if legal is None:
        return None
    kind = "check" if legal["can_check"] else "call"
    start = time.perf_counter()
    response = client.post(
        f"/api/matches/{match_id}/actions/",
        {"action": kind},
        content_type="application/json",
        HTTP_X_CSRFTOKEN=token,
    )
    elapsed = time.perf_counter() - start
    assert response.status_code == 200, response.content
    return elapsed


def run() -> list[Figure]:
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        with override_settings(ROOT_URLCONF="bench.bench_store"):
            return _measure()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def _measure() -> list[Figure]:
    from games import services

    # The AIs are driven here one command at a time, so each timing is exactly one append.
    services._queue_ai_turn = lambda match: None
    client = Client(enforce_csrf_checks=True)
    token = client.get("/api/session/").json()["csrf_token"]
    bare = [
        _timed(
            lambda: client.post(
                "/bench/bare/", {}, content_type="application/json", HTTP_X_CSRFTOKEN=token
            )
        )
        for _ in range(SAMPLES)
    ]
    match_id = client.post(
        "/api/matches/",
        {"game": "holdem", "level": "easy"},
        content_type="application/json",
        HTTP_X_CSRFTOKEN=token,
    ).json()["id"]
    api: list[float] = []
    early: list[float] = []
    while len(api) < SAMPLES:
        sample = _api_act(client, token, match_id)
        if sample is None:
            early.append(_one_command(match_id))
        else:
            api.append(sample)
    early.extend(_one_command(match_id) for _ in range(SAMPLES))
    while _hand_number(match_id) < LONG_MATCH_HANDS:
        _one_command(match_id)
    late = [_one_command(match_id) for _ in range(len(early))]
    scratch_ms, snapshot_ms = _fold_figures(match_id)
    vendor = connection.vendor
    return [
        figure(
            f"api_act_ms_{vendor}", "ms", _median_ms(api), "bare DRF endpoint", _median_ms(bare)
        ),
        figure(
            f"store_append_ms_hand_{LONG_MATCH_HANDS}_{vendor}",
            "ms",
            _median_ms(late),
            "same in the first hands",
            _median_ms(early),
        ),
        figure(
            f"fold_with_snapshot_ms_hand_{LONG_MATCH_HANDS}_{vendor}",
            "ms",
            snapshot_ms,
            "fold from scratch",
            scratch_ms,
        ),
    ]
