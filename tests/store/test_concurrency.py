"""Real concurrency on PostgreSQL: row locks serialise the writers of one match, so duplicate AI
tasks move once and a command that waited for the lock sees the match as its holder left it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from django.db import connection, transaction

from bots.services import ai_command_choose as choose
from games import services
from games.engine.holdem import events as ev
from games.errors import StaleSequence
from games.models import Match
from games.selectors import folded_from_events, match_get, match_state, stored_events

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def no_auto_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    """The AIs move only when a test says so (no in-process task after each commit)."""
    monkeypatch.setattr("bots.tasks.play", SimpleNamespace(delay=lambda *args: None))


def in_threads(count: int, work: Callable[[int], Any]) -> list[Any]:
    """Run ``work(i)`` in ``count`` threads released together; their results or exceptions."""
    barrier = threading.Barrier(count)
    results: list[Any] = [None] * count

    def run(index: int) -> None:
        try:
            barrier.wait()
            results[index] = work(index)
        except Exception as error:  # collected for the test to inspect
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    return results


def test_an_ai_turn_delivered_to_many_workers_at_once_moves_once(no_auto_ai):
    match = services.match_start(player=services.player_create_guest()).match
    seq = match.seq  # seat 3 (an AI) is to act

    results = in_threads(
        8, lambda _: services.ai_turn_play(match_id=match.id, seq=seq, choose=choose)
    )

    assert not [r for r in results if isinstance(r, Exception)], results
    assert sum(result is not None for result in results) == 1
    match.refresh_from_db()
    events = stored_events(match)
    assert [s for s, _ in events] == list(range(1, match.seq + 1))
    actions = [item for s, item in events if s > seq and isinstance(item, ev.PLAYER_ACTIONS)]
    assert len(actions) == 1 and actions[0].seat == 3
    assert match_state(Match.objects.get(pk=match.pk)) == folded_from_events(match)


def test_a_command_waits_for_the_lock_and_then_sees_the_match_moved_on(no_auto_ai):
    player = services.player_create_guest()
    match = services.match_start(player=player).match
    services.ai_turn_play(match_id=match.id, seq=match.seq, choose=choose)
    match.refresh_from_db()
    seen = match.seq  # the human is to act
    locked = threading.Event()
    moments: dict[str, float] = {}

    def holder() -> None:
        with transaction.atomic():
            match_get(match_id=match.id, player=player, lock=True)
            locked.set()
            time.sleep(0.3)
            services.match_act(match_id=match.id, player=player, kind="call")
            moments["holder_done"] = time.monotonic()

    def waiter() -> None:
        assert locked.wait(10)
        with transaction.atomic():
            match_get(match_id=match.id, player=player, lock=True)
            moments["waiter_locked"] = time.monotonic()
            services.match_act(match_id=match.id, player=player, kind="call", expected_seq=seen)

    results = in_threads(2, lambda i: (holder, waiter)[i]())

    assert results[0] is None
    assert isinstance(results[1], StaleSequence)
    match.refresh_from_db()
    assert results[1].params == {"expected_seq": seen, "current_seq": match.seq}
    assert moments["waiter_locked"] >= moments["holder_done"]
    human_actions = [
        item for s, item in stored_events(match) if s > seen and isinstance(item, ev.PLAYER_ACTIONS)
    ]
    assert len(human_actions) == 1


def test_ai_tasks_racing_a_human_command_never_double_book_a_seq():
    """With the in-process AI running after each commit, many humans' duplicate commands and
    duplicate AI tasks hammer one match: every seq is used once and the state is the fold."""
    player = services.player_create_guest()
    match = services.match_start(player=player, level="easy").match  # AIs only check or call
    from bots.tasks import play

    def hammer(index: int) -> None:
        for _ in range(15):
            current = Match.objects.get(pk=match.pk)
            if index % 2:
                play(str(match.id), current.seq)
                continue
            try:
                with transaction.atomic():
                    locked = match_get(match_id=match.id, player=player, lock=True)
                    state = match_state(locked)
                    legal = state.to_act == 0
                    kind = "check" if legal and state.current_bet == state.seats[0].bet else "call"
                    services.match_act(
                        match_id=match.id, player=player, kind=kind, expected_seq=current.seq
                    )
            except Exception as refused:  # refused, nothing written
                refusals = ("stale_seq", "not_your_turn", "no_hand_in_progress", "match_over")
                assert getattr(refused, "code", None) in refusals, refused

    results = in_threads(6, hammer)
    assert not [r for r in results if isinstance(r, Exception)], results
    match.refresh_from_db()
    events = stored_events(match)
    assert [s for s, _ in events] == list(range(1, match.seq + 1))
    assert match_state(Match.objects.get(pk=match.pk)) == folded_from_events(match)
    assert sum(1 for _, item in events if isinstance(item, ev.HandEnded)) >= 1
