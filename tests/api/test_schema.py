"""``/api/schema/`` describes exactly what the server sends.

Whole matches of every game are played through the API against baseline bots (quick to finish),
and every reply a client received on the way — match bodies, commands, the feed, the hand list,
every replay, the error bodies, the sessions and accounts, the error catalog — is validated
against the schema with every object closed (:mod:`tests.api.schema`).
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from typing import Any

import pytest

from games import services
from games.models import Player
from tests.api.client import ApiClient
from tests.api.schema import SchemaChecker

Policy = Callable[[dict[str, Any], random.Random], dict[str, Any]]  # legal actions -> action

# Seats of baseline bots, so matches end within few hands: maniacs raise and call everything;
# random players fold too, so a human who shoves is soon out while the others play on.
BASELINE_SEATS = {
    ("holdem", "betting"): ["human", "maniac", "maniac", "maniac"],
    ("holdem", "shove"): ["human", "random", "maniac", "random"],
    ("updown", "betting"): ["human", "maniac"],
    ("updown", "shove"): ["human", "maniac"],
}


def betting(legal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A bit of everything the rules allow: bets and raises (all-in too), calls, checks, folds."""
    options: list[dict[str, Any]] = []
    if legal.get("can_bet"):
        options.append({"action": "bet", "amount": legal["min_raise_to"]})
    if legal["can_raise"]:
        kind = "bet" if legal.get("can_bet") else "raise"
        options.append({"action": kind, "amount": legal["max_raise_to"]})
        if not legal.get("can_bet"):
            options.append({"action": "raise", "amount": legal["min_raise_to"]})
    if legal["can_call"]:
        options += [{"action": "call"}] * 2
    if legal["can_check"]:
        options += [{"action": "check"}] * 2
    if legal["can_fold"] and rng.random() < 0.2:
        options.append({"action": "fold"})
    return rng.choice(options)


def shove(legal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """All-in whenever possible: out soon, so the AIs are watched playing the match on."""
    if legal["can_raise"]:
        return {
            "action": "bet" if legal.get("can_bet") else "raise",
            "amount": legal["max_raise_to"],
        }
    return {"action": "call"} if legal["can_call"] else {"action": "check"}


def play(view: dict[str, Any], rng: random.Random, style: Any = betting) -> dict[str, Any]:
    legal = view["legal_actions"]
    if legal.get("can_lock"):
        return {"action": "lock", "card": rng.choice(legal["lockable"])}
    return style(legal, rng)


def start_with_baselines(client: ApiClient, game: str, style: Policy) -> str:
    """A match of the client's player against baseline bots, as an API start cannot seat them;
    the AIs' first moves are played as after a real commit."""
    player = Player.objects.get(id=client.session().body["player"]["id"])
    with client.around():
        seats = BASELINE_SEATS[game, style.__name__]
        appended = services.match_start(player=player, game=game, seats=seats)
    return str(appended.match.id)


def play_to_the_end(
    client: ApiClient, match_id: str, rng: random.Random, style: Any
) -> dict[str, Any]:
    """Play the human's turns (watching once out) until the match is over; along the way read
    the feed, the hand list, a replay of a hand in play, and a stale command."""
    seq = 0
    for turn in range(3000):
        body = client.view(match_id).ok().body
        if body["status"] == "finished":
            return body
        client.events(match_id, after=seq).ok()
        seq = body["seq"]
        view = body["view"]
        if view["legal_actions"] is None:
            client.watch(match_id, expected_seq=body["seq"]).ok()
            continue
        if turn % 25 == 0:
            hands = client.hands(match_id).ok().body["hands"]
            in_play = [hand["hand_number"] for hand in hands if not hand["finished"]]
            if in_play:
                assert client.replay(match_id, in_play[-1]).status == 409
            stale = client.post(
                f"/api/matches/{match_id}/actions/", {"action": "fold", "expected_seq": seq - 1}
            )
            assert stale.code == "stale_seq"
        action = {**play(view, rng, style), "expected_seq": seq}
        client.post(f"/api/matches/{match_id}/actions/", action).ok()
    raise AssertionError(f"match {match_id} did not end")


def watched(client: ApiClient) -> bool:
    return any(r.path.endswith("/watch/") and r.status == 200 for r in client.replies)


def read_everything(client: ApiClient, match_id: str) -> None:
    """The finished match: its feed, hand list and every hand's replay; refusals on it."""
    client.events(match_id).ok()
    hands = client.hands(match_id).ok().body["hands"]
    assert hands and all(hand["finished"] or hand["abandoned"] for hand in hands)
    for hand in hands:
        replay = client.replay(match_id, hand["hand_number"]).ok().body
        seqs = [event["seq"] for event in replay["events"]]
        assert seqs == list(range(hand["first_seq"], hand["last_seq"] + 1))
    assert client.replay(match_id, len(hands) + 1).code == "hand_not_found"
    formats = {"holdem": ("phh", "pokerstars"), "updown": ("ud",)}[
        client.view(match_id).body["game"]
    ]
    for fmt in formats:
        client.get(f"/api/matches/{match_id}/export/", format=fmt).ok()
        client.get(f"/api/matches/{match_id}/hands/{hands[0]['hand_number']}/export/", format=fmt)
    assert client.get(f"/api/matches/{match_id}/export/", format="x").code == (
        "export_format_unknown"
    )
    analysis = f"/api/matches/{match_id}/hands/{hands[0]['hand_number']}/analysis/"
    if formats == ("ud",):
        assert client.get(analysis).code == "analysis_unavailable"
    elif hands[0]["finished"]:
        assert client.get(analysis).status in (200, 202)  # the task runs at commit
        assert client.get(analysis).ok().body["status"] == "ready"
    first = hands[0]["hand_number"]
    token = client.post(f"/api/matches/{match_id}/hands/{first}/share/").ok().body["token"]
    client.post(f"/api/matches/{match_id}/hands/{first}/share/", {"show_owner_name": True}).ok()
    client.get("/api/shares/").ok()
    client.get(f"/api/shared/{token}/").ok()
    assert client.request("DELETE", f"/api/shares/{token}/").status == 204
    assert client.get(f"/api/shared/{token}/").code == "not_found"
    assert client.act(match_id, "check").code == "match_over"
    assert client.watch(match_id).code == "match_over"
    client.restart(match_id).ok()


@pytest.mark.parametrize("game", ["holdem", "updown"])
def test_every_reply_of_whole_matches_matches_the_schema(make_client, reproducible, game):
    client = make_client()
    checker = SchemaChecker.fetch(client)
    client.session()
    # A start through the API (the default seats), a few commands on it, and refusals.
    started = client.post("/api/matches/", {"game": game, "level": "easy"}).ok().body
    assert started["events"] and started["events"][0]["seq"] == 1
    view = client.view(started["id"]).ok().body["view"]
    client.post(f"/api/matches/{started['id']}/actions/", play(view, random.Random(0))).ok()
    assert client.post(f"/api/matches/{started['id']}/actions/", {"action": "x"}).code == (
        "invalid"
    )
    assert client.view(str(uuid.uuid4())).code == "not_found"
    client.matches().ok()

    # A match of everything, then shoves until the human is out with AIs left to watch (in
    # Hold'em: in Up & Down the human's elimination ends the match).
    for seed, style in enumerate((betting, shove, shove, shove, shove, shove)):
        match_id = start_with_baselines(client, game, style)
        final = play_to_the_end(client, match_id, random.Random(seed), style)
        assert final["view"]["winner"] is not None
        read_everything(client, match_id)
        if style is shove and (game == "updown" or watched(client)):
            break

    assert checker.check_all(client) > 30
    statuses = {status for _, _, status in checker.checked}
    assert {200, 201, 400, 404, 409, 422} <= statuses
    answered = {(method, path) for method, path, status in checker.checked if status < 300}
    # Up & Down has two players: once the human is out the match is over, with nothing to watch.
    # Nor has it a hand's analysis (Hold'em only).
    watch = (
        {
            ("POST", "/api/matches/{match_id}/watch/"),
            ("GET", "/api/matches/{match_id}/hands/{hand_number}/analysis/"),
        }
        if game == "updown"
        else set()
    )
    # The live stream is text/event-stream, never ending: tests/games/test_streams.py reads it.
    stream = {("GET", "/api/matches/{match_id}/stream/")}
    assert {op for op in checker.operations() if "/matches/" in op[1]} - watch - stream <= answered


def test_sessions_accounts_and_the_error_catalog_match_the_schema(make_client):
    from django.core.management import call_command

    call_command("load_catalog", verbosity=0)
    client = make_client()
    checker = SchemaChecker.fetch(client)
    client.session()
    client.get("/api/errors/").ok()
    client.get("/api/i18n/languages/").ok()
    client.get("/api/i18n/ar/").ok()
    assert client.get("/api/i18n/xx/").code == "not_found"
    client.signup("schema-erin", "a long enough secret 1").ok()
    assert client.signup("schema-erin", "a long enough secret 1").code == "username_taken"
    assert client.signup("no spaces allowed", "a long enough secret 1").code == "invalid_username"
    assert client.signup("schema-fay", "123").code == "weak_password"
    client.session()
    client.logout()
    assert client.login("schema-erin", "wrong").code == "invalid_credentials"
    client.login("schema-erin", "a long enough secret 1").ok()
    client.session()
    client.post("/api/session/language/", {"language": "de"}).ok()
    assert client.post("/api/session/language/", {"language": "xx"}).code == (
        "language_unavailable"
    )
    client.logout()
    assert client.post("/api/session/language/", {"language": "de"}).code == "not_authenticated"

    browser = make_client(csrf=True)  # no token: refused before any view runs
    assert browser.start().code == "csrf_failed"

    assert checker.check_all(client) + checker.check_all(browser) >= 10
    assert {403, 201, 204, 400} <= {status for _, _, status in checker.checked}


def test_every_operation_of_the_schema_is_covered_by_the_tests_above():
    """So the schema cannot grow an operation these tests never check."""
    from django.test import Client

    document = Client().get("/api/schema/", {"format": "json"}).json()
    operations = {
        (method.upper(), path)
        for path, methods in document["paths"].items()
        for method in methods
        if path != "/api/schema/"
    }
    exercised = {
        ("GET", "/api/session/"),
        ("POST", "/api/session/language/"),
        ("POST", "/api/auth/signup/"),
        ("POST", "/api/auth/login/"),
        ("POST", "/api/auth/logout/"),
        ("GET", "/api/errors/"),
        ("GET", "/api/i18n/languages/"),
        ("GET", "/api/i18n/{code}/"),
        ("GET", "/api/matches/"),
        ("POST", "/api/matches/"),
        ("GET", "/api/matches/{match_id}/"),
        ("POST", "/api/matches/{match_id}/actions/"),
        ("POST", "/api/matches/{match_id}/restart/"),
        ("POST", "/api/matches/{match_id}/watch/"),
        ("GET", "/api/matches/{match_id}/events/"),
        ("GET", "/api/matches/{match_id}/hands/"),
        ("GET", "/api/matches/{match_id}/hands/{hand_number}/"),
        ("GET", "/api/matches/{match_id}/hands/{hand_number}/export/"),
        ("GET", "/api/matches/{match_id}/export/"),
        ("POST", "/api/matches/{match_id}/hands/{hand_number}/share/"),
        ("GET", "/api/shares/"),
        ("DELETE", "/api/shares/{token}/"),
        ("GET", "/api/shared/{token}/"),
        ("GET", "/api/matches/{match_id}/hands/{hand_number}/analysis/"),
        ("GET", "/api/stats/"),  # tests/api/test_stats.py
        # tests/api/test_imports.py
        ("POST", "/api/imports/"),
        ("GET", "/api/imports/"),
        ("GET", "/api/imports/{import_id}/"),
        ("GET", "/api/imported-hands/"),
        ("GET", "/api/imported-hands/rooms/"),
        ("GET", "/api/matches/{match_id}/stream/"),  # tests/games/test_streams.py
    }
    assert operations == exercised
