"""``Idempotency-Key``: a retried request gets the original response and appends nothing; the
same key for a different request is refused; ``expected_seq`` guards against acting on an old
view."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Event, IdempotentResponse, Match
from tests.api.client import ApiClient
from tests.api.conftest import House
from tests.api.test_errors import assert_refused, nothing_changes


def a_legal_call_or_check(client: ApiClient, match_id: str) -> dict:
    view = client.view(match_id).ok().body["view"]
    legal = view["legal_actions"]
    assert legal is not None
    return {"action": "check" if legal["can_check"] else "call"}


def started(client: ApiClient) -> str:
    return client.start().ok().body["id"]


def test_a_retried_action_gets_the_original_response_and_appends_nothing(api, house):
    match_id = started(api)
    body = a_legal_call_or_check(api, match_id)
    first = api.act(match_id, key="retry-1", **body).ok()
    assert "Idempotent-Replayed" not in first.headers
    after_first = house.snapshot(match_id)  # the AIs have moved on since the first response
    for _ in range(3):
        retry = api.act(match_id, key="retry-1", **body)
        assert retry.status == 200
        assert retry.body == first.body
        assert retry.headers["Idempotent-Replayed"] == "true"
    assert house.snapshot(match_id) == after_first


def test_a_retry_after_the_match_moved_on_is_not_stale(api, house):
    match_id = started(api)
    seq = api.view(match_id).ok().body["seq"]
    body = a_legal_call_or_check(api, match_id)
    first = api.act(match_id, expected_seq=seq, key="retry-2", **body).ok()
    assert house.match(match_id).seq != seq  # run again, it would be stale
    with nothing_changes(house, match_id):
        retry = api.act(match_id, expected_seq=seq, key="retry-2", **body)
    assert retry.status == 200 and retry.body == first.body


def test_the_same_key_for_a_different_request_is_refused(api, house):
    match_id = started(api)
    body = a_legal_call_or_check(api, match_id)
    api.act(match_id, key="retry-3", **body).ok()
    other = started(api)
    with nothing_changes(house, match_id), nothing_changes(house, other):
        reply = api.act(match_id, "raise", 500, key="retry-3")
        assert_refused(reply, 422, "idempotency_key_reused", key="retry-3")
        # The same body on another match is another request too.
        assert_refused(api.act(other, key="retry-3", **body), 422, "idempotency_key_reused")
        assert_refused(api.restart(match_id, key="retry-3"), 422, "idempotency_key_reused")


def test_keys_belong_to_their_player(make_client, house):
    alice, bob = make_client(), make_client()
    alice_match, bob_match = started(alice), started(bob)
    alice.act(alice_match, key="shared", **a_legal_call_or_check(alice, alice_match)).ok()
    reply = bob.act(bob_match, key="shared", **a_legal_call_or_check(bob, bob_match))
    assert reply.status == 200 and "Idempotent-Replayed" not in reply.headers
    assert reply.body["id"] == bob_match


def test_a_refused_request_is_not_remembered(quiet, house):
    match_id = started(quiet)  # quiet: seat 3 is to act, not the human
    with nothing_changes(house, match_id):
        assert_refused(quiet.act(match_id, "call", key="retry-4"), 422, "not_your_turn")
        assert_refused(quiet.act(match_id, "call", key="retry-4"), 422, "not_your_turn")
    assert not IdempotentResponse.objects.filter(key="retry-4").exists()
    house.ai(match_id, "call")
    quiet.act(match_id, "call", key="retry-4").ok()  # now it is our turn: it runs


def test_a_key_has_at_most_128_characters(quiet, house):
    match_id = started(quiet)
    house.ai(match_id, "call")
    with nothing_changes(house, match_id):
        assert_refused(quiet.act(match_id, "call", key="k" * 129), 400, "invalid_idempotency_key")
    quiet.act(match_id, "call", key="k" * 128).ok()


def test_a_retried_restart_restarts_once(api, house):
    match_id = started(api)
    first = api.restart(match_id, key="restart-1").ok()
    after_first = house.snapshot(match_id)
    retry = api.restart(match_id, key="restart-1")
    assert retry.status == 200 and retry.body == first.body
    assert house.snapshot(match_id) == after_first
    restarts = Event.objects.filter(match_id=match_id, type="holdem.match_restarted")
    assert restarts.count() == 1


def test_a_retried_watch_is_replayed(quiet, house, knocked_out):
    first = quiet.watch(knocked_out, key="watch-1").ok()
    assert first.body["watching"] is True and first.body["events"]  # the next hand is dealt
    after_first = house.snapshot(knocked_out)
    retry = quiet.watch(knocked_out, key="watch-1")
    assert retry.status == 200 and retry.body == first.body
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert house.snapshot(knocked_out) == after_first


def test_a_matching_expected_seq_is_accepted(quiet, house):
    match_id = started(quiet)
    house.ai(match_id, "call")
    seq = house.match(match_id).seq
    reply = quiet.act(match_id, "call", expected_seq=seq).ok()
    assert reply.body["seq"] > seq
    seq = reply.body["seq"]
    assert quiet.restart(match_id, expected_seq=seq).ok().body["seq"] > seq


def test_a_matching_expected_seq_lets_a_knocked_out_player_watch(quiet, house, knocked_out):
    seq = house.match(knocked_out).seq
    assert quiet.watch(knocked_out, expected_seq=seq).ok().body["seq"] > seq


def test_a_retried_start_creates_one_match(api: ApiClient, house: House):
    first = api.start(key="start-1")
    retry = api.start(key="start-1")
    assert retry.body["id"] == first.body["id"]
    assert Match.objects.count() == 1


@pytest.mark.postgres
def test_a_keyed_action_takes_no_savepoint_of_its_own_and_reads_its_key_with_the_lock(api):
    """The command runs inside its key's transaction, which any failure rolls back whole: it
    takes no savepoint of its own, and the key's stored response is read by the statement that
    locks the player (two round trips fewer per action)."""
    match_id = started(api)
    body = a_legal_call_or_check(api, match_id)
    with CaptureQueriesContext(connection) as captured:
        api.act(match_id, key="one-trip", **body).ok()
    statements = [query["sql"] for query in captured.captured_queries]
    # The request's own, up to its response stored (the AIs then answer in-process here).
    stored = next(
        index
        for index, sql in enumerate(statements)
        if sql.startswith('INSERT INTO "games_idempotentresponse"')
    )
    statements = statements[:stored]
    # One: the key's transaction, nested in the test's own (outermost in production: none).
    assert sum(sql.startswith("SAVEPOINT") for sql in statements) == 1, statements
    locks = [sql for sql in statements if "FOR NO KEY UPDATE" in sql]
    assert len(locks) == 1 and "games_idempotentresponse" in locks[0], locks
    assert not any(sql.startswith('SELECT "games_idempotentresponse"') for sql in statements)


def test_a_refused_keyed_action_stores_nothing_and_its_key_stays_free(api, house):
    match_id = started(api)
    legal = a_legal_call_or_check(api, match_id)
    with nothing_changes(house, match_id):
        refused = api.act(match_id, "raise", amount=1, key="refused-then-legal")
        assert refused.status == 422, refused.body
    assert not IdempotentResponse.objects.filter(key="refused-then-legal").exists()
    api.act(match_id, key="refused-then-legal", **legal).ok()  # not a reuse: nothing was kept
