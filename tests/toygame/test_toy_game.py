"""A third game, High Card, that lives only in the tests (:mod:`tests.toygame`), played
through the event store, the REST API (checked against ``/api/schema/``), the admin,
``manage.py simulate`` and ``manage.py audit``: a game is its own packages plus one registry
line, with no product file naming it.
"""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest
from django.core.management import call_command

from games import services
from games.audit import audit_match
from games.models import HandSummary, Match, Player
from games.registry import GAMES
from games.selectors import match_state, stored_events
from tests.api.schema import SchemaChecker
from tests.toygame.engine import TOY, HandEnded

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def _human_move(view: dict, rng: random.Random) -> str:
    return rng.choice(["check", "check", "fold"])


def test_the_toy_game_is_registered_only_while_the_fixture_holds_it(toy_game):
    assert GAMES["toy"] is TOY
    assert list(GAMES)[:2] == ["holdem", "updown"]


def test_no_product_file_names_the_toy_game():
    pattern = re.compile(r"toygame|[\"']toy[\"']")
    named = [
        str(path.relative_to(ROOT))
        for package in ("games", "bots", "cardavia", "frontend")
        for path in (ROOT / package).rglob("*")
        if path.suffix in {".py", ".js", ".html", ".json"}
        and pattern.search(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert named == []


def test_a_toy_match_is_played_through_the_event_store(toy_game):
    player = Player.objects.create()
    appended = services.match_start(player=player, game="toy", level="medium")
    match = appended.match
    assert match.seats == ["human", "medium"]
    rng = random.Random(3)
    with services.driving_ai_turns():
        for _ in range(500):
            match.refresh_from_db()
            state = match_state(match)
            if TOY.is_match_over(state):
                break
            if TOY.to_act(state) == TOY.human_seat:
                services.match_act(
                    match_id=match.id, player=player, kind=_human_move({}, rng), amount=None
                )
            else:  # the AI's turn is played by the house after the commit
                from bots.services import ai_turn_take

                ai_turn_take(match_id=match.id, seq=match.seq)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    numbered = stored_events(match)
    assert [seq for seq, _ in numbered] == list(range(1, match.seq + 1))
    report = audit_match(match).report
    assert report.ok and report.hands_verified == sum(
        isinstance(item, HandEnded) for _, item in numbered
    )
    # Chips are conserved, and the hand list (the projection) has every hand, finished.
    assert sum(match_state(match).stacks) == 10
    hands = HandSummary.objects.filter(match=match)
    assert hands.count() == match_state(match).hand_number and all(h.finished for h in hands)


def test_a_toy_match_is_played_through_the_api_as_the_schema_says(toy_game, make_client):
    client = make_client()
    checker = SchemaChecker.fetch(client)
    # The schema names the toy game's view and events, read from its types.
    assert {"ToyView", "ToyHandEndedEvent"} <= set(checker._components["schemas"])
    client.session()
    started = client.post("/api/matches/", {"game": "toy", "level": "easy"}).ok().body
    match_id = started["id"]
    assert started["game"] == "toy" and started["view"]["game"] == "toy"
    assert [event["type"] for event in started["events"]][:2] == [
        "toy.match_started",
        "toy.hand_started",
    ]
    # Nothing hidden: the seed is not sent, nor the AI's card.
    dealt = [e for e in started["events"] if e["type"] == "toy.card_dealt"]
    assert [e["payload"]["card"] is None for e in dealt] == [False, True]
    assert all(
        e["payload"]["seed"] is None for e in started["events"] if e["type"] == "toy.hand_started"
    )
    assert client.act(match_id, "raise", 3).code == "unknown_action"
    rng = random.Random(5)
    for _ in range(500):
        body = client.view(match_id).ok().body
        if body["status"] == "finished":
            break
        client.act(match_id, _human_move(body["view"], rng), expected_seq=body["seq"]).ok()
    assert body["status"] == "finished" and body["view"]["winner"] is not None
    client.events(match_id).ok()
    hands = client.hands(match_id).ok().body["hands"]
    assert hands and all(hand["finished"] for hand in hands)
    replay = client.replay(match_id, hands[0]["hand_number"]).ok().body
    assert replay["seed"] is not None and replay["commitment"]
    # The hand list's facts are the neutral ones; the toy game has no export, no analysis and
    # no statistics, and the API says so from the game itself.
    assert hands[0]["you"] == {"seat": 0, "cards": [], "net": 0}
    number = hands[0]["hand_number"]
    export = client.get(f"/api/matches/{match_id}/hands/{number}/export/", format="phh")
    assert export.status == 400 and export.code == "export_format_unknown"
    analysis = client.get(f"/api/matches/{match_id}/hands/{number}/analysis/")
    assert analysis.status == 404 and analysis.code == "analysis_unavailable"
    assert "toy" not in client.get("/api/stats/").ok().body
    assert client.act(match_id, "check").code == "match_over"
    client.restart(match_id).ok()
    assert checker.check_all(client) > 10
    assert {200, 201, 422} <= {status for _, _, status in checker.checked}


def test_simulate_plays_the_toy_game(toy_game):
    out, err = io.StringIO(), io.StringIO()
    call_command(
        "simulate",
        "--game",
        "toy",
        "--matches",
        "2",
        "--json",
        "--seed",
        "1",
        stdout=out,
        stderr=err,
    )
    summary = json.loads(out.getvalue())
    assert summary["game"] == "toy" and summary["matches"] == 2 and summary["hands"] > 0
    assert [entry["bot"] for entry in summary["seats"]] == ["hard", "medium"]
    assert sum(entry["matches_won"] for entry in summary["seats"]) == 2
    for match in Match.objects.filter(game="toy"):
        assert match.status == Match.Status.FINISHED and audit_match(match).report.ok


def test_the_admin_shows_a_toy_hand(toy_game, admin_client):
    player = Player.objects.create()
    match = services.match_start(player=player, game="toy").match
    services.match_act(match_id=match.id, player=player, kind="fold")
    page = admin_client.get(f"/admin/games/match/{match.id}/hands/1/")
    # No narrator tells the toy's events: each is named by its type, its payload one click away.
    assert page.status_code == 200 and b"toy.hand_ended (see the raw events)" in page.content
