"""The match start's ``blinds`` option: ``rising`` starts a sit & go whose blinds rise a level
every 10 hands (docs/rules.md#holdem-rising-blinds), stored in the match's events; a bad option
is refused with nothing stored; each hand's exports carry its own level's blinds."""

from __future__ import annotations

from typing import Any

import pytest
from pokerkit import HandHistory

from games.engine.holdem.rules import BLIND_LEVELS, HANDS_PER_LEVEL
from games.models import Event as EventRow
from games.models import Match, Player
from tests.api.client import ApiClient
from tests.api.conftest import House
from tests.api.test_errors import assert_refused

# PokerKit's own PokerStars parser keeps the time zone in a field its HandHistory warns about.
pytestmark = pytest.mark.filterwarnings("ignore:The field 'time_zone_abbreviation':UserWarning")


def start_event(match_id: str, kind: str, hand: int | None = None) -> dict[str, Any]:
    rows = EventRow.objects.filter(match_id=match_id, type=kind)
    if hand is not None:
        rows = rows.filter(hand_number=hand)
    return rows.order_by("seq").first().payload


def test_a_rising_blinds_match_starts_a_sit_and_go(quiet: ApiClient) -> None:
    body = quiet.post("/api/matches/", {"game": "holdem", "level": "easy", "blinds": "rising"})
    body = body.ok().body

    assert body["view"]["blinds"] == {
        "small": 10,
        "big": 20,
        "ante": 0,
        "level": 1,
        "next_level": {"small": 15, "big": 30},
        "hands_left": HANDS_PER_LEVEL,
        "hand_number": 1,
        "hands_per_level": HANDS_PER_LEVEL,
        "schedule": [{"small": small, "big": big} for small, big in BLIND_LEVELS],
    }
    started = start_event(body["id"], "holdem.match_started")
    assert started["blind_levels"] == [list(level) for level in BLIND_LEVELS]
    assert started["hands_per_level"] == HANDS_PER_LEVEL
    assert started["stacks"] == [1000] * 4
    hand = start_event(body["id"], "holdem.hand_started", 1)
    assert (hand["level"], hand["small_blind"], hand["big_blind"]) == (1, 10, 20)


def test_without_the_option_the_match_keeps_the_fixed_10_20_table(quiet: ApiClient) -> None:
    body = quiet.start(level="easy").ok().body

    started = start_event(body["id"], "holdem.match_started")
    assert (started["small_blind"], started["big_blind"]) == (10, 20)
    assert started["blind_levels"] == [] and started["hands_per_level"] == 0
    assert body["view"]["blinds"]["next_level"] is None


@pytest.mark.parametrize(
    "body",
    [
        {"game": "holdem", "blinds": "turbo"},
        {"game": "holdem", "blinds": None},
        {"game": "holdem", "blinds": 2},
        {"game": "updown", "blinds": "rising"},  # Up & Down has no blinds to raise
    ],
)
def test_a_bad_blinds_option_is_refused_and_stores_nothing(quiet: ApiClient, body: dict) -> None:
    reply = quiet.post("/api/matches/", body)

    assert_refused(reply, 400, "invalid")
    assert "blinds" in reply.params["fields"], reply.body
    assert Match.objects.count() == 0 and EventRow.objects.count() == 0
    assert Player.objects.count() == 0  # not even a guest was made


def play_to_hand(quiet: ApiClient, house: House, match_id: str, hand: int) -> dict[str, Any]:
    """Everyone folds to the big blind (the human folds or checks) until ``hand`` is dealt."""
    view = quiet.view(match_id).ok().body["view"]
    while view["hand_number"] < hand:
        if view["to_act"] == 0:
            legal = view["legal_actions"]
            quiet.act(match_id, "check" if legal["can_check"] else "fold").ok()
        else:
            house.ai(match_id, "fold")
        view = quiet.view(match_id).ok().body["view"]
    return view


def test_the_blinds_rise_at_hand_11_and_its_exports_say_so(quiet: ApiClient, house: House) -> None:
    match_id = quiet.post("/api/matches/", {"game": "holdem", "blinds": "rising"}).ok().body["id"]

    at_10 = play_to_hand(quiet, house, match_id, 10)["blinds"]
    at_11 = play_to_hand(quiet, house, match_id, 11)["blinds"]
    play_to_hand(quiet, house, match_id, 12)

    assert (at_10["level"], at_10["big"], at_10["hands_left"]) == (1, 20, 1)
    assert (at_11["level"], at_11["small"], at_11["big"], at_11["hands_left"]) == (2, 15, 30, 10)
    assert at_11["next_level"] == {"small": 25, "big": 50}
    posted = EventRow.objects.filter(match_id=match_id, hand_number=11, type="holdem.blind_posted")
    assert sorted(row.payload["amount"] for row in posted) == [15, 30]
    base = f"/api/matches/{match_id}/hands/11/export/"
    phh = quiet.get(base, format="phh").ok().text
    assert "blinds_or_straddles = [15, 30, 0, 0]" in phh and "_level = 2" in phh
    assert list(HandHistory.loads(phh))[-1].stacks
    stars = quiet.get(base, format="pokerstars").ok().text
    assert "Hold'em No Limit - Level II (15/30) - " in stars.splitlines()[0]
    (parsed,) = HandHistory.from_pokerstars(stars, error_status=True)
    assert sum(list(parsed)[-1].stacks) == 4000
    earlier = quiet.get(f"/api/matches/{match_id}/hands/10/export/", format="pokerstars")
    assert "Level I (10/20)" in earlier.ok().text
    replay = quiet.replay(match_id, 11).ok().body
    opening = next(e for e in replay["events"] if e["type"] == "holdem.hand_started")
    assert (opening["payload"]["level"], opening["payload"]["big_blind"]) == (2, 30)
