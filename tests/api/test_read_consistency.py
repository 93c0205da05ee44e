"""Reads are consistent with the seq they report, even when an AI's move (a Celery worker, with a
broker) commits while the read is under way. The interleaving is forced here by making the move
happen between the read's queries."""

from __future__ import annotations

import pytest

from games import selectors


@pytest.fixture
def match_id(quiet, house) -> str:
    match_id = quiet.start().ok().body["id"]
    assert house.to_act(match_id) == 3
    return match_id


def test_the_feed_never_returns_events_beyond_its_seq(quiet, house, match_id, monkeypatch):
    feed = selectors.visible_feed

    def feed_while_an_ai_moves(match, **kwargs):
        house.ai(str(match.id), "call")
        return feed(match, **kwargs)

    monkeypatch.setattr(selectors, "visible_feed", feed_while_an_ai_moves)
    body = quiet.events(match_id).ok().body
    assert max(event["seq"] for event in body["events"]) <= body["seq"]


def test_the_view_is_the_fold_at_the_seq_it_reports(quiet, house, match_id, monkeypatch, folder):
    state_of = selectors.match_state

    def state_while_an_ai_moves(match):
        house.ai(str(match.id), "call")
        return state_of(match)

    monkeypatch.setattr(selectors, "match_state", state_while_an_ai_moves)
    body = quiet.view(match_id).ok().body
    assert body["view"] == folder(match_id).human_view_at(body["seq"])
