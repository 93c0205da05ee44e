"""Hypothesis state machines over the services, for both games: random sequences of commands —
legal and illegal, the human's and the AI seats', restarts, watches, stale seqs — through
``games.services`` and the event store.

After every step: the state the services work from (snapshot plus the events after it) equals
the fold of every stored event from scratch; the events are numbered 1..seq; chips are
conserved. After every refused command: nothing changed (seq, events, snapshot, status).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from games import services
from games.engine.errors import Refusal
from games.engine.game import ActionRequest
from games.engine.holdem.rules import CARDAVIA_TABLE
from games.engine.updown import rules as updown_rules
from games.hooks import HUMAN
from games.models import Event as EventRow
from games.models import Match, Player, Snapshot
from games.registry import game_for
from games.selectors import ai_seat_to_act, folded_from_events, match_state

CHIPS = {"holdem": sum(CARDAVIA_TABLE.stacks), "updown": updown_rules.CHIPS_IN_PLAY}
# (machine, "accepted" | "refused") -> commands, over a whole run: neither may be rare.
OUTCOMES: Counter[tuple[str, str]] = Counter()
KINDS = ["fold", "check", "call", "bet", "raise", "lock", "shove", ""]
AMOUNTS = st.none() | st.integers(min_value=-5, max_value=1100) | st.sampled_from([0, 10**9])


def chips_on_the_table(game: str, state: Any) -> int:
    if game == "holdem":
        view = game_for(game).view(state, None)
        return sum(seat["stack"] for seat in view["seats"]) + view["pot"]
    return sum(seat.stack + seat.contributed for seat in state.seats)


class ServicesMachine(RuleBasedStateMachine):
    game_name = "holdem"
    seats: list[str] = []

    def __init__(self) -> None:
        super().__init__()
        self.game = game_for(self.game_name)
        self.player = Player.objects.create()
        self.match_id: Any = None

    # --- reading the stored truth ------------------------------------------------------------

    def match(self) -> Match:
        return Match.objects.select_related("snapshot").get(pk=self.match_id)

    def stored(self) -> tuple[Any, ...]:
        match = self.match()
        snapshot = Snapshot.objects.filter(match=match).values_list("seq", "state").first()
        return (
            match.seq,
            match.status,
            match.watching,
            EventRow.objects.filter(match=match).count(),
            None if snapshot is None else (snapshot[0], bytes(snapshot[1])),
        )

    def command(self, run: Any) -> None:
        """Run a command; a refusal must leave every stored thing as it was."""
        before = self.stored()
        try:
            run()
        except Refusal:
            OUTCOMES[type(self).__name__, "refused"] += 1
            assert self.stored() == before
            return
        OUTCOMES[type(self).__name__, "accepted"] += 1
        assert self.stored()[0] >= before[0]

    def request(self, data: st.DataObject, legal: Any) -> ActionRequest:
        """Mostly what the legal actions suggest, often something else entirely."""
        if legal is not None and data.draw(st.booleans(), label="legal-ish"):
            if getattr(legal, "can_lock", False):
                return ActionRequest("lock", card=data.draw(st.sampled_from(legal.lockable)))
            kinds = [
                kind
                for kind, allowed in (
                    ("fold", legal.can_fold),
                    ("check", legal.can_check),
                    ("call", legal.can_call),
                    ("bet", legal.can_bet),
                    ("raise", legal.can_raise),
                )
                if allowed
            ]
            kind = data.draw(st.sampled_from(kinds or ["fold"]), label="kind")
            amount = None
            if kind in ("bet", "raise"):
                amount = data.draw(
                    st.integers(legal.min_raise_to, legal.max_raise_to), label="amount"
                )
            return ActionRequest(kind, amount)
        return ActionRequest(
            data.draw(st.sampled_from(KINDS), label="kind"),
            data.draw(AMOUNTS, label="amount"),
            data.draw(st.none() | st.sampled_from(["As1", "2c2", "Zz", ""]), label="card"),
        )

    # --- rules -------------------------------------------------------------------------------

    @initialize()
    def start(self) -> None:
        with services.driving_ai_turns():  # AI turns are this machine's rules, not a queue's
            appended = services.match_start(
                player=self.player, game=self.game_name, seats=list(self.seats)
            )
        self.match_id = appended.match.pk

    @rule(data=st.data())
    def human_acts(self, data: st.DataObject) -> None:
        state = match_state(self.match())
        legal = self.game.legal_actions(state)
        if legal is not None and legal.seat != self.game.human_seat:
            legal = None
        request = self.request(data, legal)
        stale = data.draw(st.sampled_from([None, None, None, "stale"]), label="expected")
        expected = None if stale is None else self.match().seq - 1

        def act() -> None:
            with services.driving_ai_turns():
                services.match_act(
                    match_id=self.match_id,
                    player=self.player,
                    kind=request.kind,
                    amount=request.amount,
                    card=request.card,
                    expected_seq=expected,
                )

        self.command(act)

    @precondition(lambda self: self.match_id is not None)
    @rule(data=st.data())
    def ai_acts(self, data: st.DataObject) -> None:
        match = self.match()
        state = match_state(match)
        seat = ai_seat_to_act(match, state)
        if seat is None:
            return
        request = self.request(data, self.game.legal_actions(state))

        def play() -> None:
            with services.driving_ai_turns():
                services.ai_turn_play(
                    match_id=self.match_id,
                    seq=match.seq,
                    choose=lambda _m, _s, s: self.game.command(s, request),
                )

        self.command(play)

    @rule()
    def watch(self) -> None:
        def watch() -> None:
            with services.driving_ai_turns():
                services.match_watch(match_id=self.match_id, player=self.player)

        self.command(watch)

    @rule()
    def restart(self) -> None:
        def restart() -> None:
            with services.driving_ai_turns():
                services.match_restart(match_id=self.match_id, player=self.player)

        self.command(restart)

    # --- after every step --------------------------------------------------------------------

    @invariant()
    def the_state_is_the_fold_of_the_stored_events(self) -> None:
        if self.match_id is None:
            return
        match = self.match()
        worked_from = match_state(match)
        assert worked_from == folded_from_events(match)
        seqs = list(EventRow.objects.filter(match=match).order_by("seq").values_list("seq"))
        assert [seq for (seq,) in seqs] == list(range(1, match.seq + 1))
        assert chips_on_the_table(self.game_name, worked_from) == CHIPS[self.game_name]
        assert match.status == ("finished" if self.game.is_match_over(worked_from) else "active")


class HoldemMachine(ServicesMachine):
    game_name = "holdem"
    seats = [HUMAN, "random", "calling_station", "random"]


class UpDownMachine(ServicesMachine):
    game_name = "updown"
    seats = [HUMAN, "random"]


MACHINE_SETTINGS = settings(
    max_examples=15,
    stateful_step_count=40,
    deadline=None,
    database=None,
    # The same examples every run: how many commands are refused must not depend on luck.
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)


@pytest.mark.parametrize("machine", [HoldemMachine, UpDownMachine], ids=["holdem", "updown"])
def test_random_command_sequences_keep_the_store_consistent(db: None, machine: Any) -> None:
    run_state_machine_as_test(machine, settings=MACHINE_SETTINGS)
    accepted, refused = (
        OUTCOMES[machine.__name__, "accepted"],
        OUTCOMES[machine.__name__, "refused"],
    )
    assert accepted > 50 and refused > 50, (accepted, refused)
