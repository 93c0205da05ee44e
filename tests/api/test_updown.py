"""Up & Down through the API: a whole match, nothing hidden leaking, and every deal replayable."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.engine.updown import UPDOWN
from games.engine.updown import rules as updown_rules
from games.engine.updown.state import MATCH_OVER, UpDownState
from games.engine.updown.view import view as updown_view
from games.models import Match
from games.selectors import stored_events
from tests.api.client import ApiClient, Reply


def _truth(match_id: str, seq: int) -> UpDownState:
    state = UPDOWN.new_state()
    for number, item in stored_events(Match.objects.get(id=match_id), upto=seq):
        assert number <= seq
        UPDOWN.apply(state, item)
    return state


def _hidden_from_the_human(state: UpDownState) -> set[str]:
    """Card ids the human may not see: the AI's held cards not yet revealed, and the stock."""
    hidden = {card for card in state.seats[1].hand if card not in state.revealed}
    hidden |= set(state.stock())
    return hidden


def _secret_seeds(state: UpDownState) -> set[str]:
    shoes = [*state.retired, *([state.shoe] if state.shoe else [])]
    revealed = {seed for _, seed in state.revealed_seeds}
    return {shoe.seed for shoe in shoes if shoe.seed and shoe.seed not in revealed}


def _play(api: ApiClient, match_id: str, deals: int) -> list[Reply]:
    shown: list[Reply] = []
    for _ in range(deals * 6):
        reply = api.view(match_id).ok()
        shown.append(reply)
        body = reply.body
        if body["status"] != "active":
            break
        legal = body["view"]["legal_actions"]
        assert legal is not None, "with the AI moving in-process it is always the human's turn"
        if legal["can_lock"]:
            action: dict[str, Any] = {"action": "lock", "card": legal["lockable"][0]}
        elif (legal["can_bet"] or legal["can_raise"]) and body["view"]["deal_number"] % 3 == 0:
            kind = "bet" if legal["can_bet"] else "raise"
            action = {"action": kind, "amount": legal["min_raise_to"]}
        else:
            action = {"action": "check" if legal["can_check"] else "call"}
        shown.append(api.post(f"/api/matches/{match_id}/actions/", action).ok())
    return shown


@dataclass(frozen=True)
class _Secrets:
    """What the human may not see once one event is applied."""

    cards: set[str]
    seeds: set[str]
    oldest_hidden_shuffle: int | None  # the earliest shuffle a still-hidden held card came from

    def shown_in(self, text: str) -> set[str]:
        cards = {card for card in self.cards if f'"{card}"' in text}
        return cards | {seed for seed in self.seeds if seed in text}


def _secrets_by_seq(match_id: str) -> dict[int, _Secrets]:
    """For every seq, the secrets of that moment.

    Card ids recur from shoe to shoe, so an event is checked against the secrets of its own
    moment: a card revealed in one deal may lie face down in the stock after the next shuffle.
    """
    state = UPDOWN.new_state()
    secrets: dict[int, _Secrets] = {}
    for number, item in stored_events(Match.objects.get(id=match_id)):
        UPDOWN.apply(state, item)
        if state.phase == MATCH_OVER:
            # A finished match shows every seed so the whole of it can be audited: the AI's
            # kept card is no secret any more.
            secrets[number] = _Secrets(set(), set(), None)
            continue
        hidden = _hidden_from_the_human(state)
        held = [state.origin[card] for card in state.seats[1].hand if card in hidden]
        secrets[number] = _Secrets(hidden, _secret_seeds(state), min(held, default=None))
    return secrets


def _assert_nothing_hidden_in(event: dict[str, Any], secrets: _Secrets) -> None:
    if event["type"] == "updown.shuffle_revealed":
        # The pile and order of a finished shuffle name cards of that shuffle only, and it is
        # revealed only once none of its cards is still hidden in a hand.
        oldest = secrets.oldest_hidden_shuffle
        assert oldest is None or event["payload"]["shuffle"] < oldest, event
        event = {**event, "payload": {**event["payload"], "pile": None, "order": None}}
    assert not secrets.shown_in(json.dumps(event)), event


def test_a_match_of_up_and_down_plays_through_the_api_with_chips_conserved(
    make_client: Callable[..., ApiClient],
) -> None:
    api = make_client()
    started = api.post("/api/matches/", {"game": "updown", "level": "easy"}).ok()
    match_id = started.body["id"]
    assert started.status == 201 and started.body["game"] == "updown"

    replies = _play(api, match_id, deals=40)
    secrets = _secrets_by_seq(match_id)
    for reply in replies:
        body = reply.body
        truth = _truth(match_id, body["seq"])
        assert body["view"] == json.loads(json.dumps(updown_view(truth, 0)))
        chips = sum(seat.stack + seat.contributed for seat in truth.seats)
        assert chips == updown_rules.CHIPS_IN_PLAY
        # The previous deal's reveal (last_deal) was public when it was made; after a reshuffle
        # its card ids may lie face down again, which the id alone does not tell.
        shown = {**body["view"], "last_deal": None}
        assert not secrets[body["seq"]].shown_in(json.dumps(shown))
        for event in body.get("events", []):
            _assert_nothing_hidden_in(event, secrets[event["seq"]])


def test_every_finished_deal_has_a_replay_and_a_summary(
    make_client: Callable[..., ApiClient],
) -> None:
    api = make_client()
    match_id = api.post("/api/matches/", {"game": "updown", "level": "easy"}).ok().body["id"]
    _play(api, match_id, deals=6)

    deals = api.hands(match_id).ok().body["hands"]
    finished = [deal for deal in deals if deal["finished"]]
    assert finished, deals
    for deal in finished:
        replay = api.replay(match_id, deal["hand_number"]).ok().body
        types = [event["type"] for event in replay["events"]]
        assert types[0] == "updown.deal_started" and "updown.deal_ended" in types
        assert len(deal["detail"]["locked_cards"]) == 2  # both revealed at the end of each deal
        assert replay["shuffles"] and all(s["commitment"] for s in replay["shuffles"])


def test_the_feed_never_shows_which_card_the_ai_locked(
    make_client: Callable[..., ApiClient],
) -> None:
    api = make_client()
    match_id = api.post("/api/matches/", {"game": "updown", "level": "easy"}).ok().body["id"]
    _play(api, match_id, deals=5)

    feed = api.events(match_id).ok().body["events"]
    ai_locks = [e for e in feed if e["type"] == "updown.card_locked" and e["payload"]["seat"] == 1]
    assert ai_locks and all(e["payload"]["card"] is None for e in ai_locks)
    ai_cards = [e for e in feed if e["type"] == "updown.card_dealt" and e["payload"]["seat"] == 1]
    assert ai_cards and all(e["payload"]["card"] is None for e in ai_cards)


def test_a_lock_of_a_card_not_in_hand_is_refused_and_changes_nothing(
    make_client: Callable[..., ApiClient],
) -> None:
    api = make_client()
    match_id = api.post("/api/matches/", {"game": "updown", "level": "easy"}).ok().body["id"]
    before = api.view(match_id).ok().body
    refused = api.post(f"/api/matches/{match_id}/actions/", {"action": "lock", "card": "ZZ9"})
    assert refused.status == 422 and refused.code == "unknown_card"
    assert api.view(match_id).ok().body == before


def test_restart_gives_both_players_twenty_chips_again(
    make_client: Callable[..., ApiClient],
) -> None:
    api = make_client()
    match_id = api.post("/api/matches/", {"game": "updown", "level": "easy"}).ok().body["id"]
    _play(api, match_id, deals=3)
    restarted = api.post(f"/api/matches/{match_id}/restart/", {}).ok().body
    truth = _truth(match_id, restarted["seq"])
    assert truth.phase != MATCH_OVER
    assert [seat.stack + seat.contributed for seat in truth.seats] == [20, 20]
