"""An imported hand through the match endpoints that were built for played ones: the match
itself (its players as the history names them, seen from the hero's seat), its share link
(read by anyone, showing only what the owner's replay shows) and its exports (the history
again, PHH or PokerStars text, which our importer reads back to the same hand)."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

from games.engine.events import from_record, to_record
from games.engine.holdem.game import UNKNOWN_CARD
from games.engine.holdem.importing import ParsedHand, iter_hands
from games.models import Event, ImportedHand
from tests.api.client import ApiClient
from tests.api.test_imports import upload_file
from tests.api.test_share_preview import catalog, meta  # noqa: F401 - a fixture
from tests.api.test_shares import cards_anywhere, share, shared

# Cards as the files write them: "[6d 2c]" in PokerStars text, "9h6s" in PHH.
CARD_RUN = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs])+(?![A-Za-z0-9])")


def imported_hands(client: ApiClient, relative: str) -> list[dict[str, Any]]:
    upload_file(client, relative)
    hands: list[dict[str, Any]] = client.get("/api/imported-hands/").ok().body["results"]
    assert hands
    return hands


def strings_anywhere(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, list):
        return set().union(*(strings_anywhere(item) for item in value)) if value else set()
    if isinstance(value, dict):
        return set().union(*(strings_anywhere(item) for item in value.values())) if value else set()
    return set()


@pytest.mark.parametrize("relative", ["pokerstars/cash_6max.txt", "phh/hand_01.phh"])
def test_an_imported_match_names_the_history_s_players_and_its_hero(
    api: ApiClient, relative: str
) -> None:
    for hand in imported_hands(api, relative):
        body = api.get(f"/api/matches/{hand['id']}/").ok().body
        assert [player["name"] for player in body["players"]] == hand["players"]
        assert [player["seat"] for player in body["players"]] == list(range(len(hand["players"])))
        assert body["view"]["viewer"] == hand["hero"]
        assert len(body["view"]["seats"]) == len(hand["players"])
        # A card the history does not tell is unknown, never the placeholder.
        assert UNKNOWN_CARD not in strings_anywhere(body)


def test_a_hero_s_imported_match_shows_the_hero_s_cards(api: ApiClient) -> None:
    hands = [h for h in imported_hands(api, "pokerstars/cash_6max.txt") if h["hero"] is not None]
    assert hands
    for hand in hands:
        body = api.get(f"/api/matches/{hand['id']}/").ok().body
        replay = api.get(f"/api/matches/{hand['id']}/hands/1/").ok().body
        dealt = next(
            event["payload"]["cards"]
            for event in replay["events"]
            if event["type"] == "holdem.hole_cards_dealt"
            and event["payload"]["seat"] == hand["hero"]
        )
        assert body["view"]["seats"][hand["hero"]]["cards"] == dealt


@pytest.mark.parametrize(
    "relative",
    ["pokerstars/cash_6max.txt", "pokerstars/all_in.txt", "phh/hand_01.phh"],
)
def test_a_shared_imported_hand_shows_the_history_s_names_and_only_what_its_owner_saw(
    api: ApiClient,
    make_client: Any,
    relative: str,
    catalog: None,  # noqa: F811
) -> None:
    visitor = make_client()
    for hand in imported_hands(api, relative):
        made = share(api, hand["id"], 1).ok()
        assert made.status == 201
        owners = api.get(f"/api/matches/{hand['id']}/hands/1/").ok().body
        body = shared(visitor, made.body["token"]).ok().body
        assert body["owner"] is None  # the owner did not choose to sign it
        assert [player["name"] for player in body["players"]] == hand["players"]
        assert body["replay"]["source"]["hand_id"] == hand["hand_id"]
        # Where the hand sits in the owner's file stays theirs.
        assert "file_name" not in body["replay"]["source"]
        assert "line" not in body["replay"]["source"]
        assert hand["file_name"] not in strings_anywhere(body)
        # No card beyond those the owner's replay shows; no placeholder for an unknown one.
        leaked = cards_anywhere(body) - cards_anywhere(owners)
        assert not leaked, (hand["hand_id"], leaked)
        assert UNKNOWN_CARD not in strings_anywhere(body)
        assert body["view"]["viewer"] == hand["hero"]
        page = visitor.http.get(f"/shared/{made.body['token']}")
        assert page.status_code == 200
        assert UNKNOWN_CARD not in meta(page.content.decode(), "description")


def test_a_shared_cash_hand_s_preview_gives_the_pot_in_dollars(
    api: ApiClient,
    make_client: Any,
    catalog: None,  # noqa: F811
) -> None:
    hand = next(h for h in imported_hands(api, "pokerstars/cash_6max.txt") if h["unit"] == "USD")
    token = share(api, hand["id"], 1).ok().body["token"]
    page = make_client().http.get(f"/shared/{token}", headers={"Accept-Language": "en"})
    description = meta(page.content.decode(), "description")
    major, minor = divmod(hand["pot"], 100)
    assert f"pot ${major:,}.{minor:02d}" in description, description


def test_a_shared_imported_hand_is_signed_only_if_its_owner_chooses(
    api: ApiClient, make_client: Any
) -> None:
    hand = imported_hands(api, "pokerstars/heads_up.txt")[0]
    token = share(api, hand["id"], 1).ok().body["token"]
    source = ImportedHand.objects.get(match_id=hand["id"])
    unsigned = shared(make_client(), token).ok().body
    assert unsigned["owner"] is None
    assert [p["name"] for p in unsigned["players"]] == list(source.players)
    share(api, hand["id"], 1, show_owner_name=True).ok()
    signed = shared(make_client(), token).ok().body
    # A guest has no name to sign with; the history's names stay the history's.
    assert [p["name"] for p in signed["players"]] == list(source.players)


@pytest.mark.parametrize(
    ("fmt", "extension", "whole"),
    [("phh", ".phh", ".phhs"), ("pokerstars", ".txt", ".txt")],
)
def test_an_imported_hand_downloads_as_its_history_and_reads_back_the_same(
    api: ApiClient, fmt: str, extension: str, whole: str
) -> None:
    upload_file(api, "pokerstars/stops_early.txt")  # hands as far as their record goes
    hands = imported_hands(api, "pokerstars/all_in.txt")
    unfinished = 0
    for hand in [h for h in hands if h["file_name"] == "stops_early.txt"][:3] + [
        h for h in hands if h["file_name"] == "all_in.txt"
    ][:3]:
        match = hand["id"]
        reply = api.get(f"/api/matches/{match}/hands/1/export/", format=fmt)
        assert reply.status == 200
        assert reply.headers["Content-Disposition"].startswith("attachment; filename=")
        assert extension in reply.headers["Content-Disposition"]
        (again,) = iter_hands(io.StringIO(reply.text), f"export{extension}")
        assert isinstance(again, ParsedHand), again
        stored = Event.objects.filter(match_id=match).order_by("seq")
        unfinished += not stored.filter(type="holdem.hand_ended").exists()
        assert [to_record(item) for item in again.events] == [
            to_record(from_record(row.type, row.version, row.payload)) for row in stored
        ]
        assert (again.hand_id, list(again.players), again.hero) == (
            hand["hand_id"],
            hand["players"],
            hand["hero"],
        )
        # The file tells no card the owner's own replay does not show.
        replay = api.get(f"/api/matches/{match}/hands/1/").ok().body
        told = {
            run[start : start + 2]
            for run in CARD_RUN.findall(reply.text)
            for start in range(0, len(run), 2)
        }
        assert told and told <= cards_anywhere(replay)
        match_file = api.get(f"/api/matches/{match}/export/", format=fmt)
        assert match_file.status == 200 and whole in match_file.headers["Content-Disposition"]
        (same,) = iter_hands(io.StringIO(match_file.text), f"export{whole}")
        assert isinstance(same, ParsedHand) and same.events == again.events
    assert unfinished
