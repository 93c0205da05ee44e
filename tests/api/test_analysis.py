"""A hand's analysis: 202 while the Celery task builds it, then equity by street (checked against
eval7, an independent evaluator) and the hard AI's review of the player's decisions, the same
numbers every time; Up & Down deals have none."""

from __future__ import annotations

import itertools
import random

import eval7
import numpy as np
import pytest

from bots.analysis import SAMPLES, store_analysis
from games.models import Event, HandAnalysis, HandSummary
from tests.api.schema import SchemaChecker
from tests.api.test_schema import betting, play_to_the_end, start_with_baselines


def _share(holes: dict[str, list[str]], board: list[str]) -> dict[str, float]:
    """Pot shares of one complete board, by eval7 (greater is better)."""
    cards = [eval7.Card(card) for card in board]
    values = {
        seat: eval7.evaluate([*map(eval7.Card, hole), *cards]) for seat, hole in holes.items()
    }
    best = max(values.values())
    winners = [seat for seat, value in values.items() if value == best]
    return {seat: (1 / len(winners) if seat in winners else 0.0) for seat in holes}


def eval7_equity(holes, board, dead, *, samples=None, seed=0):
    """Exact over every completion of the board, or over ``samples`` random ones."""
    used = {card for hole in holes.values() for card in hole} | set(board) | set(dead)
    deck = [str(card) for card in eval7.Deck().cards if str(card) not in used]
    missing = 5 - len(board)
    if samples is None:
        runouts = itertools.combinations(deck, missing)
    else:
        rng = random.Random(seed)
        runouts = (rng.sample(deck, missing) for _ in range(samples))
    totals = dict.fromkeys(holes, 0.0)
    count = 0
    for runout in runouts:
        for seat, share in _share(holes, [*board, *runout]).items():
            totals[seat] += share
        count += 1
    return {seat: total / count for seat, total in totals.items()}


@pytest.fixture
def played(make_client, reproducible):
    """A finished Hold'em match of maniacs: many hands go four-way to the river."""
    client = make_client()
    client.post("/api/matches/", {"game": "holdem", "level": "easy"}).ok()
    match_id = start_with_baselines(client, "holdem", betting)
    play_to_the_end(client, match_id, random.Random(11), betting)
    return client, match_id


def _river_hand(client, match_id) -> dict:
    """A finished hand the player played to the river, with the most players there."""
    hands = client.hands(match_id).ok().body["hands"]
    rivers = [h for h in hands if h["finished"] and len(h["detail"]["board"]) == 5]
    rivers = [h for h in rivers if h["you"]["cards"] and h["result"] != "folded"]
    assert rivers
    return max(rivers, key=lambda hand: len(hand["winners"]) + hand["pot"])


def test_equity_by_street_agrees_with_eval7_and_the_review_is_reproducible(played):
    client, match_id = played
    checker = SchemaChecker.fetch(client)
    hand = _river_hand(client, match_id)
    url = f"/api/matches/{match_id}/hands/{hand['hand_number']}/analysis/"
    # The first request enqueues the task (run at commit, in-process here); the next reads it.
    first = client.get(url)
    assert first.status == 202 and first.body == {"status": "pending"}
    body = client.get(url).ok().body
    assert body["status"] == "ready"
    checker.check_all(client)

    holes = _all_hole_cards(match_id, hand["hand_number"])
    boards = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
    board = hand["detail"]["board"]
    streets = {street["street"]: street for street in body["streets"]}
    assert "river" in streets
    for name, street in streets.items():
        live = {seat: holes[seat] for seat in street["equity"]}
        dead = [card for seat, cards in holes.items() if seat not in live for card in cards]
        if street["method"] == "exact":
            assert street["samples"] is None
            expected = eval7_equity(live, board[: boards[name]], dead)
            assert street["equity"] == pytest.approx(expected, abs=1e-9), name
        else:
            assert name == "preflop" and street["samples"] == SAMPLES
            expected = eval7_equity(live, [], dead, samples=20_000, seed=3)
            # Two independent samples of 20,000 boards: 5 standard errors of their difference.
            tolerance = 5 * np.sqrt(2 * 0.25 / SAMPLES)
            assert street["equity"] == pytest.approx(expected, abs=tolerance), name
        assert sum(street["equity"].values()) == pytest.approx(1.0)

    decisions = body["decisions"]
    assert decisions, "the player acted in this hand"
    for decision in decisions:
        assert decision["cost"] == pytest.approx(decision["ev_hard"] - decision["ev_yours"])
        assert 0 <= decision["equity"] <= 1 and 0 <= decision["pot_odds"] < 1
        if decision["yours"]["kind"] == "fold":
            assert decision["ev_yours"] == 0
    assert set(body["costly"]) <= {decision["seq"] for decision in decisions}

    # Thrown away and built again: the very same numbers.
    summary = HandSummary.objects.get(match_id=match_id, hand_number=hand["hand_number"])
    HandAnalysis.objects.filter(hand=summary).delete()
    store_analysis(match_id, hand["hand_number"])
    assert HandAnalysis.objects.get(hand=summary).body == body


def _all_hole_cards(match_id: str, hand_number: int) -> dict[str, list[str]]:
    """Every dealt hand, as the store keeps it (the hand's end revealed them all)."""
    rows = Event.objects.filter(
        match_id=match_id, hand_number=hand_number, type="holdem.hole_cards_dealt"
    )
    return {str(row.payload["seat"]): row.payload["cards"] for row in rows}


def test_up_and_down_deals_and_unfinished_hands_have_no_analysis(make_client, reproducible):
    client = make_client()
    updown = client.post("/api/matches/", {"game": "updown", "level": "easy"}).ok().body["id"]
    reply = client.get(f"/api/matches/{updown}/hands/1/analysis/")
    assert reply.status == 404 and reply.code == "analysis_unavailable"
    assert reply.params == {"hand_number": 1}
    holdem = client.post("/api/matches/", {"game": "holdem", "level": "easy"}).ok().body["id"]
    assert client.get(f"/api/matches/{holdem}/hands/1/analysis/").code == "hand_not_finished"
    assert client.get(f"/api/matches/{holdem}/hands/7/analysis/").code == "hand_not_found"
    stranger = make_client()
    stranger.session()
    assert stranger.get(f"/api/matches/{holdem}/hands/1/analysis/").code == "not_found"
    assert not HandAnalysis.objects.exists()


def test_a_failed_analysis_is_forgotten_and_asked_for_again(played, monkeypatch):
    import bots.analysis

    client, match_id = played
    hand = _river_hand(client, match_id)
    url = f"/api/matches/{match_id}/hands/{hand['hand_number']}/analysis/"

    def broken(match, summary):
        raise RuntimeError("the evaluator is broken")

    monkeypatch.setattr(bots.analysis, "hand_analysis", broken)
    assert client.get(url).status == 202
    assert not HandAnalysis.objects.exists()  # forgotten: the next request enqueues it again
    monkeypatch.undo()
    assert client.get(url).status == 202
    assert client.get(url).ok().body["status"] == "ready"
