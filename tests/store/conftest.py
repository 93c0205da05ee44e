"""Fixtures for the event-store tests: players, matches, and a house that plays them via services.

The house plays every seat through the public services only: ``match_act`` for the human (seat
0) and ``ai_turn_play`` for the AI seats, with a policy the test chooses instead of the placeholder
bots. Under pytest-django's ``db`` fixture nothing commits, so the AIs' on_commit turns never run
by themselves: the house moves them explicitly.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from games import services
from games.engine.holdem import HOLDEM
from games.engine.holdem.game import Act
from games.models import Event as EventRow
from games.models import Match, Player
from games.selectors import match_state

CHIPS_IN_PLAY = 4 * 1000


Policy = Callable[[dict[str, Any]], tuple[str, int | None]]


def calling_station(view: dict[str, Any]) -> tuple[str, int | None]:
    legal = view["legal_actions"]
    return ("check", None) if legal["can_check"] else ("call", None)


def fold_to_the_big_blind(view: dict[str, Any]) -> tuple[str, int | None]:
    """Fold whenever folding is allowed, else check: every hand ends preflop in three actions."""
    legal = view["legal_actions"]
    return ("fold", None) if legal["can_fold"] else ("check", None)


def shove(legal: dict[str, Any]) -> tuple[str, int | None]:
    if legal["can_bet"] or legal["can_raise"]:
        return ("bet" if legal["can_bet"] else "raise"), legal["max_raise_to"]
    return ("call", None) if legal["can_call"] else ("check", None)


def heads_up_shoves(view: dict[str, Any]) -> tuple[str, int | None]:
    """While the human is in, seats 0 and 3 go all-in and the others fold to more than a big
    blind; once the human is out, everyone goes all-in. The human busts or wins within a few
    hands, so matches end, get watched and restarted."""
    legal = view["legal_actions"]
    me = view["viewer"]
    if me in (0, 3) or not view["seats"][0]["in_match"]:
        return shove(legal)
    if legal["call_amount"] > 20:
        return "fold", None
    return ("check", None) if legal["can_check"] else ("call", None)


def deterministic_seeds(label: str) -> Iterator[bytes]:
    counter = 0
    while True:
        yield hashlib.sha256(f"{label}-{counter}".encode()).digest()
        counter += 1


@pytest.fixture
def fixed_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every new hand gets the next seed of a fixed sequence: matches are reproducible."""
    seeds = deterministic_seeds("cardavia-store-tests")
    monkeypatch.setattr(services, "new_seed", lambda: next(seeds))


@pytest.fixture
def player(db: None) -> Player:
    return services.player_create_guest()


@pytest.fixture
def new_match(player: Player) -> Callable[[], Match]:
    def make() -> Match:
        return services.match_start(player=player).match

    return make


class House:
    """Plays one match through the services, one command at a time.

    It keeps the state each command returned (the services' own fold), so driving hundreds of
    hands costs one command per action; ``refresh()`` forgets it after changes made elsewhere.
    """

    def __init__(self, match: Match) -> None:
        self.match_id = match.id
        self.owner = match.owner
        self._state: Any = None
        self._seq: int | None = None

    def refresh(self) -> None:
        self._state = self._seq = None

    def match(self) -> Match:
        return Match.objects.get(id=self.match_id)

    def state(self) -> Any:
        if self._state is None:
            match = self.match()
            self._state, self._seq = match_state(match), match.seq
        return self._state

    def seq(self) -> int:
        if self._seq is None:
            self.state()
        assert self._seq is not None
        return self._seq

    def _done(self, appended: services.Appended) -> services.Appended:
        self._state, self._seq = appended.state, appended.match.seq
        return appended

    def human(
        self, kind: str, amount: int | None = None, *, expected_seq: int | None = None
    ) -> services.Appended:
        return self._done(
            services.match_act(
                match_id=self.match_id,
                player=self.owner,
                kind=kind,
                amount=amount,
                expected_seq=expected_seq,
            )
        )

    def ai(self, kind: str, amount: int | None = None) -> services.Appended:
        appended = services.ai_turn_play(
            match_id=self.match_id,
            seq=self.seq(),
            choose=lambda _match, _state, seat: Act(seat, kind, amount),
        )
        assert appended is not None, "no AI was to act"
        return self._done(appended)

    def restart(self) -> services.Appended:
        return self._done(services.match_restart(match_id=self.match_id, player=self.owner))

    def watch(self) -> services.Appended:
        return self._done(services.match_watch(match_id=self.match_id, player=self.owner))

    def step(self, policy: Policy) -> services.Appended:
        """The seat to act plays ``policy`` on its own view."""
        state = self.state()
        seat = state.to_act
        assert seat is not None, f"nobody is to act (phase {state.phase})"
        kind, amount = policy(HOLDEM.view(state, seat))
        if seat == HOLDEM.human_seat:
            return self.human(kind, amount)
        return self.ai(kind, amount)

    def hands_ended(self) -> int:
        state = self.state()
        return state.hand_number - (1 if state.phase == "betting" else 0)

    def play_hands(self, hands: int, policy: Policy) -> None:
        """Play until ``hands`` more hands have ended (watching and restarting as needed)."""
        target = self.hands_ended() + hands
        while self.hands_ended() < target:
            state = self.state()
            if state.to_act is not None:
                self.step(policy)
            elif state.phase == "match_over":
                self.restart()
            else:  # the human is out: let the AIs play on
                assert state.phase == "between_hands", state.phase
                self.watch()

    def seqs(self) -> list[int]:
        return list(
            EventRow.objects.filter(match_id=self.match_id)
            .order_by("seq")
            .values_list("seq", flat=True)
        )


@pytest.fixture
def house(new_match: Callable[[], Match]) -> House:
    return House(new_match())


@pytest.fixture
def make_house() -> Callable[[Match], House]:
    return House
