"""Over many hands, nothing a player is sent ever holds what the rules still hide: an opponent's
unshown hole cards, a card not yet dealt (or burned), the deck order, or the seed of the hand in
play. Every reply is checked against the stored truth at the seq it was given at."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games.engine.holdem import HOLDEM
from games.engine.holdem import events as ev
from games.models import Match
from games.selectors import stored_events
from tests.api.client import ApiClient, Reply
from tests.api.test_full_match import cautious, maniac

CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


@dataclass(frozen=True)
class Hidden:
    """What the rules hide from the human after some event: everything but ``visible`` of the
    hand in play (numbered ``hand``, begun at ``first_seq``), and its ``seed``."""

    hand: int
    first_seq: int
    seed: str
    visible: frozenset[str]


def hidden_by_seq(match_id: str) -> dict[int, Hidden | None]:
    """For every seq of the match: what was hidden right after it (None between hands)."""
    state = HOLDEM.new_state()
    first_seq = 0
    hidden: dict[int, Hidden | None] = {}
    # Cards turned face up this hand, read from the events themselves (not from the engine's
    # state): an all-in's exposure (RULES.md §1.6) or the showdown, from that event on.
    face_up: set[str] = set()
    for seq, item in stored_events(Match.objects.get(id=match_id)):
        HOLDEM.apply(state, item)
        if isinstance(item, ev.HandStarted):
            first_seq = seq
            face_up = set()
        if isinstance(item, ev.CardsExposed | ev.HandShown):
            face_up |= set(item.cards)
        if state.phase != "betting":
            hidden[seq] = None
            continue
        visible = set(state.board) | set(state.seats[0].hole) | face_up
        hidden[seq] = Hidden(state.hand_number, first_seq, state.seed, frozenset(visible))
    return hidden


def cards_in(value: Any, hidden: Hidden) -> Iterator[str]:
    """Every card in a reply, leaving out what belongs to hands that are over (their seed, and
    so every card of them, is public)."""
    if isinstance(value, str):
        if CARD.match(value):
            yield value
    elif isinstance(value, list):
        for item in value:
            yield from cards_in(item, hidden)
    elif isinstance(value, dict):
        is_event = isinstance(value.get("type"), str) and isinstance(value.get("seq"), int)
        if is_event and value["seq"] < hidden.first_seq:  # an event of a finished hand
            return
        is_hand = "hand_number" in value and ("pot_total" in value or "commitment" in value)
        if is_hand and value["hand_number"] < hidden.hand:  # a finished hand's summary, replay
            return
        for item in value.values():
            yield from cards_in(item, hidden)


def assert_nothing_hidden_in(reply: Reply, hidden: Hidden | None) -> None:
    if hidden is None:
        return
    assert hidden.seed not in reply.text, (reply.method, reply.path)
    leaked = set(cards_in(reply.body, hidden)) - hidden.visible
    assert not leaked, (reply.method, reply.path, leaked, reply.body)


class Recorder:
    """Sends requests for one player and remembers each reply with the seq it reflects."""

    def __init__(self, client: ApiClient) -> None:
        self.client = client
        self.replies: list[tuple[str, int, Reply]] = []

    def __call__(self, match_id: str, send: Any, *args: Any, **kwargs: Any) -> Reply:
        """``send(*args, **kwargs)``, remembered with the seq its reply reflects."""
        before = Match.objects.get(id=match_id).seq
        reply = send(*args, **kwargs)
        seq = reply.body.get("seq") if isinstance(reply.body, dict) else None
        self.replies.append((match_id, seq if isinstance(seq, int) else before, reply))
        return reply


def play_and_probe(client: ApiClient, record: Recorder, style: Any, rng: random.Random) -> int:
    """Play one match to its end, asking for everything a client can ask along the way.
    Returns the number of hands played."""
    started = client.start("easy")
    match_id = started.body["id"]
    record.replies.append((match_id, started.body["seq"], started))
    fed = 0
    for _ in range(5000):
        current = record(match_id, client.view, match_id).ok().body
        view = current["view"]
        hand = view["hand_number"]
        if current["status"] == "finished":
            return hand
        if rng.random() < 0.1 and view["phase"] == "betting":
            refused = record(match_id, client.replay, match_id, hand)
            assert refused.status == 409 and refused.code == "hand_not_finished"
        if view["legal_actions"] is not None:
            if rng.random() < 0.15:  # a refused action: its error body is checked too
                record(match_id, client.act, match_id, "raise", 1)
            action, amount = style(view, rng)
            record(match_id, client.act, match_id, action, amount).ok()
        else:
            record(match_id, client.watch, match_id).ok()
        feed = record(match_id, client.events, match_id, after=fed).ok().body
        fed = feed["seq"]
        if rng.random() < 0.2:
            record(match_id, client.events, match_id, after=rng.randint(0, fed))
        if rng.random() < 0.2:
            record(match_id, client.hands, match_id).ok()
        if rng.random() < 0.2 and hand > 1:
            record(match_id, client.replay, match_id, rng.randint(1, hand - 1)).ok()
    raise AssertionError("the match did not end")


def test_no_reply_ever_holds_a_hidden_card_the_deck_or_the_seed_in_play(make_client, reproducible):
    client = make_client()
    record = Recorder(client)
    rng = random.Random(2024)
    hands = 0
    matches = 0
    while hands < 150:
        hands += play_and_probe(client, record, (cautious, maniac)[matches % 2], rng)
        matches += 1
    record(record.replies[0][0], client.matches)

    checked_in_play = 0
    hidden_of = {match_id: hidden_by_seq(match_id) for match_id, _, _ in record.replies}
    for match_id, seq, reply in record.replies:
        hidden = hidden_of[match_id][seq]
        assert_nothing_hidden_in(reply, hidden)
        checked_in_play += hidden is not None
    # Not vacuous: a good share of the replies came while a hand was in play (the AIs fold a
    # lot, so most of the 150 hands end before the human has much to ask).
    assert checked_in_play > 150


def test_the_checker_catches_a_leak(make_client, reproducible):
    """The leak check above is not vacuous: an opponent's hole cards in a reply are caught."""
    client = make_client()
    started = client.start("medium").ok()
    match_id = started.body["id"]
    hidden = hidden_by_seq(match_id)[started.body["seq"]]
    assert hidden is not None
    assert_nothing_hidden_in(started, hidden)
    match = Match.objects.get(id=match_id)
    opponent = next(
        item
        for _, item in stored_events(match)
        if isinstance(item, ev.HoleCardsDealt) and item.seat != 0
    )
    leaky = Reply("GET", "/", 200, {"cards": list(opponent.cards)}, text="")
    try:
        assert_nothing_hidden_in(leaky, hidden)
    except AssertionError:
        pass
    else:
        raise AssertionError("a leaked hole card went unnoticed")
    with_seed = Reply("GET", "/", 200, {}, text=f'{{"x": "{hidden.seed}"}}')
    try:
        assert_nothing_hidden_in(with_seed, hidden)
    except AssertionError:
        return
    raise AssertionError("a leaked seed went unnoticed")


def test_an_all_in_turns_the_live_hands_up_in_the_feed_before_the_board_runs_out(
    make_client, reproducible
):
    """RULES.md §1.6 through the API: the human shoves every hand until one is called; the feed
    then carries each live hand's ``cards_exposed`` whole, to the human, before the next board
    card — and no record before it holds the opponent's cards."""
    client = make_client()
    match_id = client.start("easy").ok().body["id"]
    for _ in range(400):
        feed = client.events(match_id, after=0).ok().body["events"]
        exposed = [record for record in feed if record["type"] == "holdem.cards_exposed"]
        if any(record["payload"]["seat"] != 0 for record in exposed):
            break
        view = client.view(match_id).ok().body["view"]
        legal = view["legal_actions"]
        if legal is None:
            client.watch(match_id).ok()
        elif legal["can_raise"] or legal["can_bet"]:
            kind = "raise" if legal["can_raise"] else "bet"
            client.act(match_id, kind, legal["max_raise_to"]).ok()
        else:
            client.act(match_id, "check" if legal["can_check"] else "call").ok()
    else:
        raise AssertionError("no all-in was called")
    first = exposed[0]
    hand_start = max(
        record["seq"]
        for record in feed
        if record["type"] == "holdem.hand_started" and record["seq"] < first["seq"]
    )
    hand_end = min(
        record["seq"]
        for record in feed
        if record["type"] == "holdem.hand_ended" and record["seq"] > first["seq"]
    )
    hand = [record for record in feed if hand_start <= record["seq"] <= hand_end]
    holes = {
        item.seat: list(item.cards)
        for seq, item in stored_events(Match.objects.get(id=match_id))
        if isinstance(item, ev.HoleCardsDealt) and hand_start <= seq < first["seq"]
    }
    for record in (r for r in hand if r["type"] == "holdem.cards_exposed"):
        seat = record["payload"]["seat"]
        assert record["payload"]["cards"] == holes[seat]
        earlier = [r for r in hand if r["seq"] < first["seq"]]
        if seat != 0:
            assert not set(cards_in(earlier, Hidden(0, 0, "", frozenset()))) & set(holes[seat])
    boards_after = [
        r["seq"] for r in hand if r["type"] == "holdem.board_dealt" and r["seq"] > first["seq"]
    ]
    shown = [r["seq"] for r in hand if r["type"] == "holdem.hand_shown"]
    assert boards_after and all(first["seq"] < seq < min(shown) for seq in boards_after)
