"""An imported hand's analysis (issue 29): equity by street where its history tells every hand
still in (checked against eval7), the hero's decisions reviewed by the hard AI wherever the
hero's cards are told, in the table's own minor units with its antes and straddle, and nothing
invented: a street it cannot compute says so, and no card appears in the body."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from bots.holdem.analysis import SAMPLES
from games.engine.holdem.game import UNKNOWN_CARD
from games.engine.holdem.importing import ParsedHand, iter_hands
from games.models import ImportedHand
from tests.api.client import ApiClient
from tests.api.schema import SchemaChecker
from tests.api.test_analysis import eval7_equity
from tests.api.test_imported_study import strings_anywhere
from tests.api.test_imports import DATA, upload_file
from tests.api.test_shares import cards_anywhere

BOARD_SIZES = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
ACTION_EVENTS = {
    "fold": "holdem.folded",
    "check": "holdem.checked",
    "call": "holdem.called",
    "bet": "holdem.bet",
    "raise": "holdem.raised",
}


def analysed(
    client: ApiClient, relative: str, index: int, *, hero: int | None = None
) -> tuple[dict[str, Any], list[Any]]:
    """Import the file and analyse its ``index``-th hand (from 1), its hero moved to the seat
    ``hero`` if given: the analysis and the owner's replay events. Checks what every analysis
    must: 202 then 200, the schema, and no card (nor placeholder) anywhere in the body."""
    with (DATA / relative).open(encoding="utf-8-sig") as stream:
        hands = [hand for hand in iter_hands(stream, relative) if isinstance(hand, ParsedHand)]
    hand_id = hands[index - 1].hand_id
    upload_file(client, relative)
    listed = client.get("/api/imported-hands/", page_size=100).ok().body["results"]
    match_id = next(hand["id"] for hand in listed if hand["hand_id"] == hand_id)
    if hero is not None:
        ImportedHand.objects.filter(match_id=match_id).update(hero=hero)
    url = f"/api/matches/{match_id}/hands/1/analysis/"
    first = client.get(url)
    assert first.status == 202 and first.body == {"status": "pending"}
    reply = client.get(url).ok()
    SchemaChecker.fetch(client).check(reply)
    body: dict[str, Any] = reply.body
    assert body["status"] == "ready"
    # Equities and amounts only: no card, told or not, is in the analysis.
    assert not cards_anywhere(body) and UNKNOWN_CARD not in strings_anywhere(body)
    events = client.get(f"/api/matches/{match_id}/hands/1/").ok().body["events"]
    return body, events


def hole_cards(events: list[Any]) -> dict[str, list[str] | None]:
    """Each dealt seat's cards as the owner's replay tells them (None: not told)."""
    return {
        str(event["payload"]["seat"]): (
            None if None in event["payload"]["cards"] else event["payload"]["cards"]
        )
        for event in events
        if event["type"] == "holdem.hole_cards_dealt"
    }


def board(events: list[Any]) -> list[str]:
    return [
        card
        for event in events
        if event["type"] == "holdem.board_dealt"
        for card in event["payload"]["cards"]
    ]


def assert_known_streets_agree_with_eval7(body: dict[str, Any], events: list[Any]) -> int:
    """Every computed street against eval7; returns how many were computed."""
    holes = hole_cards(events)
    computed = 0
    for street in body["streets"]:
        if street["method"] == "unknown":
            assert street["equity"] == {} and street["samples"] is None and street["unknown"]
            assert all(holes[str(seat)] is None for seat in street["unknown"])
            continue
        computed += 1
        assert street["unknown"] == []
        live = {seat: holes[seat] for seat in street["equity"]}
        assert all(cards is not None for cards in live.values())
        dead = [c for seat, cards in holes.items() if seat not in live and cards for c in cards]
        shown = board(events)[: BOARD_SIZES[street["street"]]]
        if street["method"] == "exact":
            expected = eval7_equity(live, shown, dead)
            assert street["equity"] == pytest.approx(expected, abs=1e-9), street["street"]
        else:
            expected = eval7_equity(live, shown, dead, samples=SAMPLES, seed=3)
            tolerance = 5 * np.sqrt(2 * 0.25 / SAMPLES)
            assert street["equity"] == pytest.approx(expected, abs=tolerance)
    return computed


def assert_decisions_are_the_hero_s(body: dict[str, Any], events: list[Any], hero: int) -> None:
    """Each reviewed decision is one of the hero's actions, its amount as the history's."""
    by_seq = {event["seq"]: event for event in events}
    assert body["decisions"] and body["unreviewed"] is None
    for decision in body["decisions"]:
        event = by_seq[decision["seq"]]
        assert event["payload"]["seat"] == hero
        assert event["type"] == ACTION_EVENTS[decision["yours"]["kind"]]
        if decision["yours"]["kind"] == "call":
            call = event["payload"]["amount"]
            assert decision["yours"]["amount"] == call
            # The price of the call counts every chip in the pot: antes, blinds, straddles.
            pot = pot_before(events, decision["seq"])
            assert decision["pot_odds"] == pytest.approx(call / (pot + call))
        if decision["yours"]["kind"] in ("bet", "raise"):
            assert decision["yours"]["amount"] == event["payload"]["to"]
        assert 0 <= decision["equity"] <= 1
        assert decision["cost"] == pytest.approx(decision["ev_hard"] - decision["ev_yours"])


def pot_before(events: list[Any], seq: int) -> int:
    """The chips in the middle just before the event ``seq``, from the history's events."""
    pot, round_bets = 0, dict[int, int]()
    for event in events:
        if event["seq"] >= seq:
            break
        kind, payload = event["type"], event["payload"]
        if kind == "holdem.board_dealt":
            round_bets = {}
        elif kind in ("holdem.ante_posted", "holdem.blind_posted", "holdem.called"):
            pot += payload["amount"]
            if kind != "holdem.ante_posted":
                seat = payload["seat"]
                round_bets[seat] = round_bets.get(seat, 0) + payload["amount"]
        elif kind in ("holdem.bet", "holdem.raised"):
            seat = payload["seat"]
            pot += payload["to"] - round_bets.get(seat, 0)
            round_bets[seat] = payload["to"]
    return pot


def big_blind(events: list[Any]) -> int:
    return int(
        next(e for e in events if e["type"] == "holdem.hand_started")["payload"]["big_blind"]
    )


def test_a_hand_with_every_card_shown_is_analysed_like_a_hand_played_here(api: ApiClient) -> None:
    # all_in.txt's 9th hand: five players, every hand shown, in cents, side pots raked.
    body, events = analysed(api, "pokerstars/all_in.txt", 9)
    assert [street["street"] for street in body["streets"]] == list(BOARD_SIZES)
    assert assert_known_streets_agree_with_eval7(body, events) == len(body["streets"])
    assert_decisions_are_the_hero_s(body, events, hero=3)
    # Every hand is told: no decision's equity was dealt at random.
    assert all(decision["unseen"] == [] for decision in body["decisions"])


def test_a_hand_telling_only_the_hero_s_cards_reviews_them_against_unseen_hands(
    api: ApiClient,
) -> None:
    # heads_up.txt's 2nd hand: the hero's cards only, played to the river, nothing shown.
    body, events = analysed(api, "pokerstars/heads_up.txt", 2)
    assert [street["method"] for street in body["streets"]] == ["unknown"] * 4
    assert all(street["unknown"] == [1] for street in body["streets"])
    assert_decisions_are_the_hero_s(body, events, hero=0)
    assert all(decision["unseen"] == [1] for decision in body["decisions"])
    # An estimate against a random hand singles out no spot as costly.
    assert body["costly"] == []


@pytest.mark.parametrize(
    ("relative", "index", "hero", "forced"),
    [
        # Ten seats, a straddle, a dead blind and a blind posted out of turn; side pots raked.
        ("pokerstars/full_ring.txt", 12, 6, "straddle"),
        # Antes, three side pots raked.
        ("pokerstars/cash_6max.txt", 14, 3, "ante"),
    ],
)
def test_a_hand_with_straddles_or_antes_counts_in_its_cents(
    api: ApiClient, relative: str, index: int, hero: int, forced: str
) -> None:
    body, events = analysed(api, relative, index)
    forced_bets = {e["payload"].get("blind") or e["type"] for e in events}
    assert {"straddle": "straddle", "ante": "holdem.ante_posted"}[forced] in forced_bets
    methods = [street["method"] for street in body["streets"]]
    assert methods[0] == "unknown" and "unknown" not in methods[1:]
    assert assert_known_streets_agree_with_eval7(body, events) == len(methods) - 1
    assert_decisions_are_the_hero_s(body, events, hero=hero)
    # Costly means two of this table's big blinds (in cents), as for a hand played here, and
    # only where every hand still in is told.
    threshold = 2 * big_blind(events)
    told = [d for d in body["decisions"] if not d["unseen"]]
    assert told, "the hero acted against told hands only"
    assert set(body["costly"]) == {d["seq"] for d in told if d["cost"] >= threshold}


def test_a_hand_without_a_hero_says_why_nothing_is_reviewed(api: ApiClient) -> None:
    # cash_6max.txt's 17th hand: an observer's, no card told at all.
    body, _ = analysed(api, "pokerstars/cash_6max.txt", 17)
    assert body["unreviewed"] == "no_hero" and body["decisions"] == [] and body["costly"] == []
    assert body["streets"] and all(street["method"] == "unknown" for street in body["streets"])


def test_a_hand_not_telling_the_hero_s_cards_still_graphs_the_hands_shown(api: ApiClient) -> None:
    # cash_6max.txt's 1st hand, as if its file had been another player's (seat 1, whose cards
    # it does not tell): two hands shown after the flop, none of the hero's decisions reviewed.
    body, events = analysed(api, "pokerstars/cash_6max.txt", 1, hero=1)
    assert body["unreviewed"] == "hero_cards_unknown" and body["decisions"] == []
    assert body["streets"][0]["method"] == "unknown"
    assert assert_known_streets_agree_with_eval7(body, events) == len(body["streets"]) - 1 > 0
