"""Stored matches for the audit and admin tests: honest ones, and one with a tampered pot."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games.engine.events import Event, HandOpening, to_record
from games.engine.holdem import events as ev
from games.engine.holdem.betting import legal_actions
from games.engine.holdem.game import Act, StartHand, advance
from games.engine.holdem.rules import CARDAVIA_TABLE
from games.engine.holdem.state import HoldemState
from games.models import Event as EventRow
from games.models import Match, Player
from games.projections import project


def played_hands(hands: int, seed: int) -> list[Event]:
    """A Cardavia match of ``hands`` hands, everyone calling or checking down to showdown."""
    rng = random.Random(seed)
    state, history = advance(HoldemState(), CARDAVIA_TABLE)
    for _ in range(hands):
        state, events = advance(state, StartHand(seed=rng.randbytes(32)))
        history += events
        while state.phase == "betting":
            legal = legal_actions(state)
            assert legal is not None
            state, events = advance(state, Act(legal.seat, "call" if legal.can_call else "check"))
            history += events
    return history


def store(
    events: list[Event],
    *,
    game: str = "holdem",
    seats: list[str] | None = None,
    owner: Player | None = None,
) -> Match:
    """Events written straight into the store, as a writer that bypassed the engine would."""
    match = Match.objects.create(
        owner=owner or Player.objects.create(), game=game, seats=seats or []
    )
    hand = None
    rows = []
    for seq, item in enumerate(events, start=1):
        if isinstance(item, HandOpening):
            hand = item.number
        record = to_record(item)
        rows.append(
            EventRow(
                match=match,
                seq=seq,
                type=record["type"],
                version=record["version"],
                payload=record["payload"],
                hand_number=hand,
            )
        )
    EventRow.objects.bulk_create(rows)
    match.seq = len(rows)
    match.save()
    project(match, list(enumerate(events, start=1)))
    return match


def with_pot_given_to_the_wrong_player(events: list[Event], hand_number: int) -> list[Event]:
    """The same history, but one pot of ``hand_number`` paid to a seat that did not win it."""
    tampered = []
    current = 0
    done = False
    for item in events:
        if isinstance(item, ev.HandStarted):
            current = item.hand_number
        if isinstance(item, ev.PotAwarded) and current == hand_number and not done:
            loser = next(seat for seat in item.eligible if seat not in item.winners)
            item = dataclasses.replace(item, winners=(loser,), shares=(item.amount,))
            done = True
        tampered.append(item)
    assert done, "the hand has no contested pot to tamper with"
    return tampered


@pytest.fixture
def honest_match(db: None) -> Match:
    return store(played_hands(3, seed=1))


@pytest.fixture
def tampered_match(db: None) -> Match:
    return store(with_pot_given_to_the_wrong_player(played_hands(3, seed=1), hand_number=2))
