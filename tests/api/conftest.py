"""Fixtures for the API tests: scripted clients, a house that moves the AIs by hand, reproducible
shuffles, and a fold of the stored events to compare every response with.

Under pytest-django's ``db`` fixture nothing commits, so the AIs' turns (queued with
``transaction.on_commit``) run only inside ``django_capture_on_commit_callbacks(execute=True)``:
``make_client()`` wraps every request in it, so the AIs move right after each request, as after a
real commit. ``make_client(ai=False)`` leaves them still: the house moves them when a test says.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest

from games import services
from games.engine.holdem import HOLDEM
from games.engine.holdem.game import Act, StartHand, advance
from games.engine.holdem.rules import CARDAVIA_TABLE
from games.engine.holdem.state import HoldemState
from games.models import IdempotentResponse, Match, Snapshot
from games.selectors import match_state, stored_events
from tests.api.client import ApiClient

CHIPS_IN_PLAY = 4000


@pytest.fixture
def make_client(db: None, django_capture_on_commit_callbacks: Any) -> Callable[..., ApiClient]:
    """``make_client(ai=True, csrf=False)``: a new browser session."""

    def make(*, ai: bool = True, csrf: bool = False) -> ApiClient:
        around = (lambda: django_capture_on_commit_callbacks(execute=True)) if ai else None
        return ApiClient(around=around, csrf=csrf)

    return make


@pytest.fixture
def api(make_client: Callable[..., ApiClient]) -> ApiClient:
    """A guest whose AIs move after each request."""
    return make_client()


@pytest.fixture
def quiet(make_client: Callable[..., ApiClient]) -> ApiClient:
    """A guest whose AIs move only when the house moves them."""
    return make_client(ai=False)


# --- reproducible matches -------------------------------------------------------------------


def seeds(label: str) -> Iterator[bytes]:
    for counter in itertools.count():
        yield hashlib.sha256(f"{label}-{counter}".encode()).digest()


def first_hand_seed(commands: Iterable[Act], wanted: Callable[[HoldemState], bool]) -> bytes:
    """A seed whose first hand, played with ``commands``, ends in a state ``wanted`` accepts."""
    for seed in itertools.islice(seeds("cardavia-first-hand"), 2000):
        state, _ = advance(HoldemState(), CARDAVIA_TABLE)
        state, _ = advance(state, StartHand(seed=seed))
        for command in commands:
            state, _ = advance(state, command)
        if wanted(state):
            return seed
    raise AssertionError("no seed found")


@pytest.fixture
def deal(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """``deal(*first, label=...)``: the next hands use the seeds ``first``, then a fixed
    sequence. Without a call, hands are shuffled from fresh random seeds as in production."""

    def use(*first: bytes, label: str = "cardavia-api-tests") -> None:
        queue = itertools.chain(first, seeds(label))
        monkeypatch.setattr(services, "new_seed", lambda: next(queue))

    return use


@pytest.fixture
def reproducible(deal: Callable[..., None], monkeypatch: pytest.MonkeyPatch) -> None:
    """Fixed shuffles and fixed match ids (the AIs seed their choices with the
    match id): the same test plays the same match every time."""
    deal(label="cardavia-reproducible")
    ids = (uuid.UUID(int=n) for n in itertools.count(0x0CA2DA71A))
    id_field = Match._meta.get_field("id")
    id_field.get_default()  # the field caches its default function; replace the cached one
    monkeypatch.setattr(id_field, "_get_default", lambda: next(ids))


# --- the house: the server side of a match --------------------------------------------------


class House:
    """Moves AIs with chosen actions and reads a match's stored truth."""

    def match(self, match_id: str) -> Match:
        return Match.objects.get(id=match_id)

    def state(self, match_id: str) -> HoldemState:
        return match_state(self.match(match_id))

    def ai(self, match_id: str, kind: str, amount: int | None = None) -> None:
        match = self.match(match_id)
        appended = services.ai_turn_play(
            match_id=match.id,
            seq=match.seq,
            choose=lambda _match, _state, seat: Act(seat, kind, amount),
        )
        assert appended is not None, "no AI was to act"

    def to_act(self, match_id: str) -> int | None:
        return self.state(match_id).to_act

    def snapshot(self, match_id: str) -> tuple:
        """Everything a request may change in a match: to compare before and after."""
        match = self.match(match_id)
        snapshot = Snapshot.objects.filter(match=match).values_list("seq", "state").first()
        return (
            match.seq,
            match.status,
            match.watching,
            match.awaiting_ai,
            match.owner_id,
            list(match.events.values_list("seq", "type", "payload")),
            list(match.hands.values()),
            None if snapshot is None else (snapshot[0], bytes(snapshot[1])),
            IdempotentResponse.objects.filter(player_id=match.owner_id).count(),
        )


@pytest.fixture
def house(db: None) -> House:
    return House()


# --- scripted first hands -------------------------------------------------------------------

ALL_IN_FOUR_WAYS = [Act(3, "raise", 1000), Act(0, "call"), Act(1, "call"), Act(2, "call")]
HEADS_UP_ALL_IN = [Act(3, "raise", 1000), Act(0, "call"), Act(1, "fold"), Act(2, "fold")]


def play_first_hand(client: ApiClient, house: House, match_id: str, commands: list[Act]) -> None:
    """The human's commands through the API, the AIs' through the house."""
    for command in commands:
        if command.seat == HOLDEM.human_seat:
            client.act(match_id, command.kind, command.amount).ok()
        else:
            house.ai(match_id, command.kind, command.amount)


@pytest.fixture
def knocked_out(quiet: ApiClient, house: House, deal: Callable[..., None]) -> str:
    """A quiet match whose first hand knocked the human out (seat 3 won their all-in): three
    AIs left, nobody dealt in, nothing happens until the human watches or restarts."""
    deal(first_hand_seed(HEADS_UP_ALL_IN, lambda state: not state.seats[0].in_match))
    match_id = quiet.start().ok().body["id"]
    play_first_hand(quiet, house, match_id, HEADS_UP_ALL_IN)
    state = house.state(match_id)
    assert state.phase == "between_hands" and sum(s.in_match for s in state.seats) == 3
    return match_id


@pytest.fixture
def finished(quiet: ApiClient, house: House, deal: Callable[..., None]) -> str:
    """A quiet match that ended in its first hand: a four-way all-in with one winner."""
    deal(first_hand_seed(ALL_IN_FOUR_WAYS, lambda state: state.phase == "match_over"))
    match_id = quiet.start().ok().body["id"]
    play_first_hand(quiet, house, match_id, ALL_IN_FOUR_WAYS)
    assert house.match(match_id).status == "finished"
    return match_id


class Folder:
    """The fold of a match's stored events up to any seq (asked in increasing order)."""

    def __init__(self, match_id: str) -> None:
        self.match = Match.objects.get(id=match_id)
        self.state = HOLDEM.new_state()
        self.seq = 0

    def at(self, seq: int) -> HoldemState:
        assert seq >= self.seq, "ask in increasing seq order"
        for number, item in stored_events(self.match, after=self.seq):
            if number > seq:
                break
            HOLDEM.apply(self.state, item)
            self.seq = number
        assert self.seq == seq, f"no event {seq}"
        return self.state

    def human_view_at(self, seq: int) -> dict[str, Any]:
        """What the human's seat sees after event ``seq``, as JSON would carry it."""
        return json.loads(json.dumps(HOLDEM.view(self.at(seq), HOLDEM.human_seat)))


@pytest.fixture
def folder() -> Callable[[str], Folder]:
    return Folder
