"""``recent_seq`` in the match body: where the table's recent events start in the feed — the
first event of the hand before the one in play — at every point of a played match."""

from __future__ import annotations

from typing import Any

OPENINGS = {"holdem.hand_started", "updown.deal_started"}


def openings(api: Any, match_id: str) -> list[int]:
    """The seqs of the events that open a hand, in order."""
    events = api.events(match_id).ok().body["events"]
    return [event["seq"] for event in events if event["type"] in OPENINGS]


def check_recent_seq(api: Any, match_id: str) -> int:
    body = api.view(match_id).ok().body
    opened = [seq for seq in openings(api, match_id) if seq <= body["seq"]]
    expected = opened[-2] if len(opened) > 1 else opened[0]
    assert body["recent_seq"] == expected
    # From there the feed starts with that hand's opening.
    first = api.events(match_id, after=body["recent_seq"] - 1).ok().body["events"][0]
    assert first["type"] in OPENINGS
    return len(opened)


def test_recent_seq_is_the_previous_hands_first_event_at_every_turn(api: Any) -> None:
    match_id = api.start().ok().body["id"]
    hands_seen = set()
    for _ in range(30):
        hands_seen.add(check_recent_seq(api, match_id))
        legal = api.view(match_id).ok().body["view"]["legal_actions"]
        if legal is None:
            break
        api.act(match_id, "check" if legal["can_check"] else "fold").ok()
    # The first hand (no hand before it) and several later ones were checked.
    assert 1 in hands_seen and max(hands_seen) >= 3


def test_recent_seq_in_updown(api: Any) -> None:
    match_id = api.post("/api/matches/", {"game": "updown", "level": "easy"}).ok().body["id"]
    hands_seen = set()
    for _ in range(30):
        hands_seen.add(check_recent_seq(api, match_id))
        view = api.view(match_id).ok().body["view"]
        legal = view["legal_actions"]
        if legal is None:
            break
        if legal["can_lock"]:
            lock = {"action": "lock", "card": legal["lockable"][0]}
            api.post(f"/api/matches/{match_id}/actions/", lock).ok()
        else:
            api.act(match_id, "check" if legal["can_check"] else "fold").ok()
    assert max(hands_seen) >= 3
