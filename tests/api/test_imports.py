"""Imports through the API (issue 29): upload a hand-history file, read the import's result,
list the imported hands (filters, rooms), study one through the match endpoints; whole files
refused (not a hand history, too large, a compressed bomb) store nothing."""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.test import override_settings

from games.models import Event, HandImport, ImportedHand, Match
from tests.api.client import ApiClient, Reply
from tests.api.schema import SchemaChecker

DATA = Path(__file__).resolve().parents[1] / "engine" / "holdem" / "importing" / "data"
EXPECTED: dict[str, dict[str, Any]] = json.loads((DATA / "expected.json").read_text())
REFUSALS: list[dict[str, Any]] = json.loads((DATA / "refusals.json").read_text())


def good_hands(relative: str) -> int:
    return sum(1 for key in EXPECTED if key.startswith(f"{relative}#"))


def upload(client: ApiClient, name: str, content: bytes) -> Any:
    client.session()
    handle = io.BytesIO(content)
    handle.name = name
    # The import is queued when the upload commits: ``api``'s requests run those callbacks.
    with client.around():
        response = client.http.post(
            "/api/imports/", {"file": handle}, headers={"X-CSRFToken": client.csrf_token or ""}
        )
    # Kept with the client's replies, for the schema check.
    client.replies.append(
        Reply(
            "POST", "/api/imports/", response.status_code, response.json(), dict(response.items())
        )
    )
    return response


def upload_file(client: ApiClient, relative: str) -> Any:
    return upload(client, Path(relative).name, (DATA / relative).read_bytes())


def result(client: ApiClient, response: Any) -> dict[str, Any]:
    """The import as it stands once its task ran (the 202 answers before: ``queued``)."""
    assert response.status_code == 202, response.content
    assert response.json()["status"] == "queued"
    body: dict[str, Any] = client.get(f"/api/imports/{response.json()['id']}/").ok().body
    return body


def imported_file(client: ApiClient, relative: str) -> dict[str, Any]:
    return result(client, upload_file(client, relative))


def test_a_file_is_imported_and_its_result_read_back(api: ApiClient) -> None:
    body = imported_file(api, "pokerstars/cash_6max.txt")
    count = good_hands("pokerstars/cash_6max.txt")
    assert (body["status"], body["imported"], body["skipped"], body["refused"]) == (
        "done",
        count,
        0,
        [],
    )
    assert body["progress"]["bytes_done"] == body["progress"]["bytes_total"] == body["size"]
    listed = api.get("/api/imports/").ok().body
    assert listed["count"] == 1 and listed["results"][0]["id"] == body["id"]
    assert ImportedHand.objects.count() == count
    # Each hand is its own match of imported events, kept out of the played list.
    assert Match.objects.filter(origin="imported").count() == count
    assert api.get("/api/matches/").ok().body["matches"] == []


def test_a_file_imported_twice_adds_nothing(api: ApiClient) -> None:
    first = imported_file(api, "pokerstars/heads_up.txt")
    events = Event.objects.count()
    second = imported_file(api, "pokerstars/heads_up.txt")
    assert (second["imported"], second["skipped"]) == (0, first["imported"])
    assert Event.objects.count() == events


def test_a_twin_in_phhs_is_the_same_hand(api: ApiClient) -> None:
    upload_file(api, "pokerstars/heads_up.txt")
    twin = imported_file(api, "twins/heads_up.phhs")
    assert twin["imported"] == 0 and twin["skipped"] == good_hands("twins/heads_up.phhs")


def test_refused_hands_are_reported_and_the_others_imported(api: ApiClient) -> None:
    relative = "pokerstars/with_refusals.txt"
    body = imported_file(api, relative)
    wanted = sorted((r["line"], r["hand_id"]) for r in REFUSALS if r["file"] == relative)
    assert sorted((r["line"], r["hand_id"]) for r in body["refused"]) == wanted
    assert body["imported"] == good_hands(relative)
    first = body["refused"][0]
    assert set(first) == {"line", "hand_id", "code", "params", "message"}
    assert first["message"] and first["code"] == "action_out_of_turn"


def test_the_imported_hands_list_filters_by_room_player_date_and_import(api: ApiClient) -> None:
    cash = imported_file(api, "pokerstars/cash_6max.txt")
    upload_file(api, "phh/hand_01.phh")
    everything = api.get("/api/imported-hands/").ok().body
    assert everything["count"] == cash["imported"] + 1
    item = everything["results"][0]
    assert set(item) == {
        "id", "room", "hand_id", "played_at", "table", "unit", "scale", "small_blind",
        "big_blind", "players", "hero", "pot", "rake", "went_to_showdown", "file_name", "line",
        "import",
    }  # fmt: skip
    rooms = api.get("/api/imported-hands/rooms/").ok().body["rooms"]
    # A PHH file that names no venue is from room "phh".
    assert {room["room"]: room["hands"] for room in rooms} == {
        "pokerstars": cash["imported"],
        "phh": 1,
    }
    by_import = api.get("/api/imported-hands/", **{"import": cash["id"]}).ok().body
    assert by_import["count"] == cash["imported"]
    name = item["players"][-1]
    with_player = api.get("/api/imported-hands/", player=name).ok().body["results"]
    assert with_player and all(name in hand["players"] for hand in with_player)
    assert api.get("/api/imported-hands/", player="nobody at all").ok().body["count"] == 0
    day = item["played_at"][:10]
    dated = api.get("/api/imported-hands/", date_from=day, date_to=day).ok().body["results"]
    assert dated and all(hand["played_at"].startswith(day) for hand in dated)
    assert api.get("/api/imported-hands/", date_from="yesterday").code == "invalid"


def test_an_imported_hand_replays_through_the_match_endpoints(api: ApiClient) -> None:
    upload_file(api, "pokerstars/all_in.txt")
    hand = api.get("/api/imported-hands/").ok().body["results"][0]
    replay = api.get(f"/api/matches/{hand['id']}/hands/1/").ok().body
    assert replay["source"]["hand_id"] == hand["hand_id"]
    assert replay["source"]["scale"] == hand["scale"]
    types = [event["type"] for event in replay["events"]]
    assert types[0] == "holdem.hand_started" and "holdem.pot_awarded" in types


def test_imports_are_their_owner_s(api: ApiClient, make_client: Any) -> None:
    body = imported_file(api, "pokerstars/heads_up.txt")
    stranger = make_client()
    stranger.session()
    assert stranger.get(f"/api/imports/{body['id']}/").code == "not_found"
    assert stranger.get("/api/imported-hands/").ok().body["count"] == 0
    match_id = api.get("/api/imported-hands/").ok().body["results"][0]["id"]
    assert stranger.get(f"/api/matches/{match_id}/hands/1/").code == "not_found"


def test_a_file_that_is_no_hand_history_is_refused_whole(api: ApiClient) -> None:
    response = upload(api, "notes.txt", b"Remember to fold more.\nAnd eat.\n")
    assert response.status_code == 422
    assert response.json()["code"] == "not_a_hand_history"
    assert HandImport.objects.count() == 0


@override_settings(IMPORT_MAX_UPLOAD_BYTES=1000)
def test_a_file_too_large_is_refused_whole(api: ApiClient) -> None:
    response = upload_file(api, "pokerstars/cash_6max.txt")
    assert response.status_code == 413
    assert response.json()["code"] in ("import_too_large", "request_too_large")
    assert HandImport.objects.count() == 0


def test_a_gzipped_file_is_imported(api: ApiClient) -> None:
    content = gzip.compress((DATA / "pokerstars/heads_up.txt").read_bytes())
    body = result(api, upload(api, "heads_up.txt.gz", content))
    assert body["imported"] == good_hands("pokerstars/heads_up.txt")


@pytest.mark.parametrize("ratio", [50])
def test_a_compressed_bomb_is_refused_whole(api: ApiClient, ratio: int) -> None:
    hand = (DATA / "pokerstars/heads_up.txt").read_bytes()
    bomb = gzip.compress(hand + b"\n" * (ratio * 200_000))
    response = upload(api, "bomb.txt.gz", bomb)
    assert response.status_code == 413
    assert response.json()["code"] == "compressed_bomb"
    assert HandImport.objects.count() == 0


def test_no_file_is_an_invalid_request(api: ApiClient) -> None:
    api.session()
    response = api.http.post("/api/imports/", {}, headers={"X-CSRFToken": api.csrf_token or ""})
    assert response.status_code == 400 and response.json()["code"] == "invalid"


def test_statistics_by_source(api: ApiClient) -> None:
    imported_file(api, "pokerstars/cash_6max.txt")
    played = api.get("/api/stats/").ok().body["holdem"]
    assert played == []  # nothing played here yet: imported hands are kept apart
    imported = api.get("/api/stats/", source="imported").ok().body["holdem"]
    by_room = api.get("/api/stats/", source="pokerstars").ok().body["holdem"]
    assert imported and imported == by_room
    assert imported[0]["level"] == "imported"
    assert api.get("/api/stats/", source="partypoker").ok().body["holdem"] == []


def test_every_import_reply_matches_the_schema(api: ApiClient) -> None:
    checker = SchemaChecker.fetch(api)
    body = imported_file(api, "pokerstars/heads_up.txt")
    assert upload(api, "notes.txt", b"nothing here").status_code == 422
    api.get("/api/imports/").ok()
    assert len(api.get("/api/imports/", page_size=1, page=1).ok().body["results"]) == 1
    assert api.get("/api/imports/", page=9).status == 404
    assert api.get("/api/imports/", page="0").code == "invalid"
    assert api.get("/api/imports/", page="+1").code == "invalid"
    assert api.get(f"/api/imports/{body['id']}/").ok().body == body
    assert api.get("/api/imports/00000000-0000-0000-0000-000000000000/").code == "not_found"
    listed = api.get("/api/imported-hands/", room="pokerstars", page_size=2).ok().body
    assert listed["count"] == body["imported"] and len(listed["results"]) == 2
    api.get("/api/imported-hands/", **{"import": body["id"], "date_from": "2000-01-01"}).ok()
    for bad in ({"date_from": "20000101"}, {"import": body["id"].replace("-", "")}, {"page": ""}):
        reply = api.get("/api/imported-hands/", **bad)
        assert (reply.code, set(reply.body["params"]["fields"])) == ("invalid", set(bad)), bad
    assert api.get("/api/imported-hands/rooms/").ok().body == {
        "rooms": [{"room": "pokerstars", "hands": body["imported"]}]
    }
    assert checker.check_all(api) >= 14
    assert {(method, path) for method, path, _ in checker.checked} == {
        ("POST", "/api/imports/"),
        ("GET", "/api/imports/"),
        ("GET", "/api/imports/{import_id}/"),
        ("GET", "/api/imported-hands/"),
        ("GET", "/api/imported-hands/rooms/"),
        ("GET", "/api/session/"),
    }
