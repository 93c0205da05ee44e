"""Many threads acting on one match at once, through the API, on PostgreSQL with real commits
(the AIs move in-process after each commit, as with no broker): duplicates and conflicting
actions race, exactly one wins each turn, seqs have no gaps or duplicates, and the final state
is the fold of the stored events."""

from __future__ import annotations

import threading
import time
from functools import partial
from typing import Any

import pytest
from django.db import connection

from games import services
from games.engine.holdem import HOLDEM
from games.engine.holdem import events as ev
from games.models import IdempotentResponse, Match
from games.selectors import folded_from_events, match_state, stored_events
from tests.api.client import ApiClient, Reply

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def in_threads(jobs: list[Any]) -> list[Any]:
    """Run every job in its own thread, all released at once; their results or exceptions."""
    barrier = threading.Barrier(len(jobs))
    results: list[Any] = [None] * len(jobs)

    def run(index: int) -> None:
        try:
            barrier.wait()
            results[index] = jobs[index]()
        except Exception as error:
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    return results


def contenders(legal: dict[str, Any]) -> list[dict[str, Any]]:
    """Conflicting requests for one turn: every legal kind of action, and an illegal one."""
    options: list[dict[str, Any]] = [{"action": "check" if legal["can_check"] else "call"}]
    if legal["can_fold"]:
        options.append({"action": "fold"})
    if legal["can_bet"] or legal["can_raise"]:
        kind = "bet" if legal["can_bet"] else "raise"
        options.append({"action": kind, "amount": legal["min_raise_to"]})
        options.append({"action": kind, "amount": legal["max_raise_to"]})
    options.append({"action": "call" if legal["can_check"] else "check"})  # refused by the rules
    return options


def test_many_threads_acting_on_one_match_at_once_one_wins_each_turn(reproducible):
    owner = ApiClient()  # no callback capturing: each request commits, then the AIs move
    match_id = owner.start("easy").ok().body["id"]
    turns = 0
    for round_number in range(400):
        current = owner.view(match_id).ok().body
        view = current["view"]
        if turns >= 20:
            break
        if view["legal_actions"] is None:  # the match is over, or we are out: again
            assert current["status"] == "finished" or not view["seats"][0]["in_match"]
            owner.restart(match_id).ok()
            continue
        seq = current["seq"]
        requests: list[tuple[str, dict[str, Any]]] = []
        for index, body in enumerate(contenders(view["legal_actions"])):
            key = f"r{round_number}-g{index}"
            copies = 3 if index == 0 else 2 if index == 1 else 1  # duplicates of a request
            requests += [(key, {**body, "expected_seq": seq})] * copies
        clients = [owner.twin() for _ in requests]
        replies: list[Reply | Exception] = in_threads(
            [
                (
                    lambda c=client, k=key, b=body: c.post(
                        f"/api/matches/{match_id}/actions/", b, key=k
                    )
                )
                for client, (key, body) in zip(clients, requests, strict=True)
            ]
        )
        assert not [r for r in replies if isinstance(r, Exception)], replies
        fresh = [
            (request, reply)
            for request, reply in zip(requests, replies, strict=True)
            if reply.status == 200 and "Idempotent-Replayed" not in reply.headers
        ]
        assert len(fresh) == 1, [(r.status, r.body) for r in replies]
        (winning_key, _), winner = fresh[0]
        for (key, _), reply in zip(requests, replies, strict=True):
            if key == winning_key:
                assert reply.status == 200 and reply.body == winner.body  # a duplicate: replayed
            elif reply.status == 409:
                assert reply.code == "stale_seq" and reply.params["current_seq"] > seq
            else:  # it reached the match first, and the rules refused it: nothing written
                assert reply.status == 422, (reply.status, reply.body)
        assert winner.body["events"][0]["payload"]["seat"] == 0
        assert winner.body["events"][0]["seq"] == seq + 1
        turns += 1

    assert turns >= 20
    match = Match.objects.get(id=match_id)
    events = stored_events(match)
    assert [seq for seq, _ in events] == list(range(1, match.seq + 1))
    human_actions = [
        item for _, item in events if isinstance(item, ev.PLAYER_ACTIONS) and item.seat == 0
    ]
    assert len(human_actions) == turns
    assert match_state(match) == folded_from_events(match)
    assert HOLDEM.audit([item for _, item in events]).ok


def test_duplicate_retries_racing_each_other_act_once(reproducible):
    owner = ApiClient()
    match_id = owner.start("easy").ok().body["id"]
    current = owner.view(match_id).ok().body
    legal = current["view"]["legal_actions"]
    body = {"action": "check" if legal["can_check"] else "call"}  # no expected_seq at all
    path = f"/api/matches/{match_id}/actions/"
    replies = in_threads([partial(owner.twin().post, path, body, key="dup") for _ in range(8)])
    assert all(isinstance(r, Reply) and r.status == 200 for r in replies), replies
    assert all(r.body == replies[0].body for r in replies)
    assert sum("Idempotent-Replayed" not in r.headers for r in replies) == 1
    match = Match.objects.get(id=match_id)
    new = [item for seq, item in stored_events(match) if seq > current["seq"]]
    assert sum(isinstance(i, ev.PLAYER_ACTIONS) and i.seat == 0 for i in new) == 1


def test_one_key_sent_to_two_matches_at_once_is_refused_not_a_500(reproducible, monkeypatch):
    owner = ApiClient()
    first = owner.start("easy").ok().body["id"]
    second = owner.start("easy").ok().body["id"]
    act = services.match_act

    def act_then_linger(**kwargs: Any) -> Any:
        appended = act(**kwargs)
        # Hold the transaction open so the other request arrives while the key is being used.
        time.sleep(0.3)
        return appended

    monkeypatch.setattr(services, "match_act", act_then_linger)

    def send(match_id: str) -> Reply:
        legal = owner.twin().view(match_id).ok().body["view"]["legal_actions"]
        body = {"action": "check" if legal["can_check"] else "call"}
        return owner.twin().post(f"/api/matches/{match_id}/actions/", body, key="same-key")

    replies = in_threads([lambda: send(first), lambda: send(second)])
    assert not [r for r in replies if isinstance(r, Exception)], replies
    assert sorted(r.status for r in replies) == [200, 422]
    assert IdempotentResponse.objects.filter(key="same-key").count() == 1
