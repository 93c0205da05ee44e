"""Hostile input is refused with a stable 4xx ``code`` and ``params``, and stores nothing: not an
event, not a seq, not the snapshot, not an idempotent answer (``nothing_changes``).

Oversized and deeply nested bodies, wrong JSON types, amounts that are negative, huge,
fractional or strings, unknown actions and cards, commands on a finished match, and an old
``Idempotency-Key`` sent again with another body. (The rules' own refusals are in
``test_errors.py``; the same ``nothing_changes`` guards both.)
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.conf import settings

from games.models import Match, Player
from tests.api.client import ApiClient
from tests.api.conftest import House
from tests.api.test_errors import assert_refused, nothing_changes


@pytest.fixture
def match_id(quiet: ApiClient, house: House) -> str:
    """A quiet Hold'em match where the human owes 20 (seat 3 called the big blind)."""
    started = quiet.start().ok().body["id"]
    house.ai(started, "call")
    assert house.to_act(started) == 0
    return started


@pytest.fixture
def updown_id(quiet: ApiClient) -> str:
    """A quiet Up & Down match at its first lock."""
    body = quiet.post("/api/matches/", {"game": "updown", "level": "easy"}).ok().body
    assert body["view"]["legal_actions"]["can_lock"], body["view"]
    return body["id"]


def action_path(match_id: str) -> str:
    return f"/api/matches/{match_id}/actions/"


# --- size and shape of the body -------------------------------------------------------------


def test_an_oversized_body_is_refused_unread_with_413(quiet, house, match_id):
    maximum = settings.API_MAX_BODY_BYTES
    padded = json.dumps({"action": "call", "pad": "x" * maximum})
    with nothing_changes(house, match_id):
        reply = quiet.post(action_path(match_id), raw=padded)
        assert_refused(reply, 413, "request_too_large", maximum=maximum)
        assert reply.headers["Connection"] == "close"


@pytest.mark.parametrize("path", ["/api/matches/", "/api/auth/signup/", "/api/auth/login/"])
def test_an_oversized_start_or_sign_up_creates_nothing(quiet, path):
    body = {"game": "holdem", "username": "x" * 40_000, "password": "y" * 40_000}
    assert_refused(quiet.post(path, body), 413, "request_too_large")
    assert Player.objects.count() == 0 and Match.objects.count() == 0


def test_a_body_just_under_the_limit_is_read(quiet, house, match_id):
    """The limit refuses only what no client sends: a body padded with whitespace to just
    under it is still an action (JSON allows the whitespace)."""
    action = json.dumps({"action": "call"})
    padded = action[:-1] + " " * (settings.API_MAX_BODY_BYTES - len(action)) + "}"
    assert len(padded.encode()) == settings.API_MAX_BODY_BYTES
    before = house.match(match_id).seq
    quiet.post(action_path(match_id), raw=padded).ok()
    assert house.match(match_id).seq > before


def test_json_nested_too_deep_to_decode_is_a_parse_error(quiet, house, match_id, settings):
    """Deep enough brackets exhaust the decoder's recursion (how deep depends on the Python
    version: 3.13 decodes 8,000 levels, all the size limit lets through): a 400, not a 500."""
    settings.API_MAX_BODY_BYTES = 200_000
    depth = 50_000
    with nothing_changes(house, match_id):
        reply = quiet.post(action_path(match_id), raw="[" * depth + "]" * depth)
        assert_refused(reply, 400, "parse_error")
        nested = '{"action": "call", "amount": ' + "[" * depth + "]" * depth + "}"
        assert_refused(quiet.post(action_path(match_id), raw=nested), 400, "parse_error")


def test_the_deepest_json_under_the_size_limit_is_refused_as_a_client_error(quiet, house, match_id):
    depth = settings.API_MAX_BODY_BYTES // 2
    with nothing_changes(house, match_id):
        for raw in (
            "[" * depth + "]" * depth,
            '{"amount":' + "[" * (depth - 6) + "]" * (depth - 6) + "}",
        ):
            reply = quiet.post(action_path(match_id), raw=raw)
            assert reply.status == 400 and reply.code in ("invalid", "parse_error"), reply.body


@pytest.mark.parametrize(
    ("raw", "content_type", "status", "code"),
    [
        ("action=call", "application/x-www-form-urlencoded", 415, "unsupported_media_type"),
        (
            "--b\r\n\r\naction=call\r\n--b--",
            "multipart/form-data; boundary=b",
            415,
            "unsupported_media_type",
        ),
        ('{"action": "call"', "application/json", 400, "parse_error"),
        ('{"action": "call"} trailing', "application/json", 400, "parse_error"),
        ("\xff\xfe", "application/json", 400, "parse_error"),
        ('{"action": NaN}', "application/json", 400, "parse_error"),
        ("null", "application/json", 400, "invalid"),
        ("42", "application/json", 400, "invalid"),
    ],
)
def test_a_body_that_is_not_a_json_object_is_refused(
    quiet, house, match_id, raw, content_type, status, code
):
    with nothing_changes(house, match_id):
        reply = quiet.post(action_path(match_id), raw=raw, content_type=content_type)
        assert_refused(reply, status, code)


# --- wrong types and amounts ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"action": "raise", "amount": -40}, "amount"),
        ({"action": "raise", "amount": 10**9 + 1}, "amount"),
        ({"action": "raise", "amount": 10**400}, "amount"),
        ({"action": "raise", "amount": 40.5}, "amount"),
        ({"action": "raise", "amount": 40.0}, "amount"),  # a float, even a whole one
        ({"action": "raise", "amount": 1e300}, "amount"),
        ({"action": "raise", "amount": "40"}, "amount"),  # a string, even of digits
        ({"action": "raise", "amount": " 40 "}, "amount"),
        ({"action": "raise", "amount": "4e1"}, "amount"),
        ({"action": "raise", "amount": True}, "amount"),
        ({"action": "raise", "amount": [40]}, "amount"),
        ({"action": "raise", "amount": {"to": 40}}, "amount"),
        ({"action": "call", "expected_seq": "7"}, "expected_seq"),
        ({"action": "call", "expected_seq": 7.0}, "expected_seq"),
        ({"action": "call", "expected_seq": -1}, "expected_seq"),
        ({"action": 3}, "action"),
        ({"action": {"kind": "call"}}, "action"),
        ({"action": "Call"}, "action"),
        ({"action": "call\u0000"}, "action"),
        ({"action": "shove"}, "action"),
        ({"action": ""}, "action"),
        ({"amount": 40}, "action"),
        ({"action": "lock", "card": ["As1"]}, "card"),
        ({"action": "lock", "card": "x" * 9}, "card"),
        ({"action": "lock", "card": ""}, "card"),
    ],
)
def test_a_field_of_the_wrong_type_or_range_is_invalid_and_named(
    quiet, house, match_id, body, field
):
    with nothing_changes(house, match_id):
        reply = quiet.post(action_path(match_id), body)
        assert_refused(reply, 400, "invalid")
        assert list(reply.params["fields"]) == [field], reply.params


def test_restart_and_watch_take_whole_numbers_only(quiet, house, match_id):
    with nothing_changes(house, match_id):
        for command in ("restart", "watch"):
            for seq in ("3", 3.0, True, [3]):
                reply = quiet.post(f"/api/matches/{match_id}/{command}/", {"expected_seq": seq})
                assert_refused(reply, 400, "invalid")
                assert list(reply.params["fields"]) == ["expected_seq"]


def test_unknown_fields_are_ignored_not_acted_on(quiet, house, match_id):
    """Extra fields (a seat, a stack) cannot change who acts or with what."""
    before = house.state(match_id).seats[1].stack
    body = {"action": "call", "seat": 1, "stack": 10**6, "player": "someone"}
    quiet.post(action_path(match_id), body).ok()
    state = house.state(match_id)
    assert state.seats[1].stack == before and state.seats[0].bet == 20


# --- actions and cards the game does not know -----------------------------------------------


def test_an_up_and_down_action_in_holdem_is_refused_by_the_rules(quiet, house, match_id):
    with nothing_changes(house, match_id):
        reply = quiet.post(action_path(match_id), {"action": "lock", "card": "As1"})
        assert reply.status == 422 and reply.code == "unknown_action", reply.body
        assert reply.params["action"] == "lock"


@pytest.mark.parametrize("card", ["Zz1", "As", "\u00c5s1", "2c9", "UNHELD", " UNHELD "])
def test_locking_an_unknown_card_is_refused_with_the_cards_allowed(quiet, house, updown_id, card):
    """Nonsense, and a real card of the shoe the player does not hold (``UNHELD``; surrounding
    blanks are trimmed, as every text field's)."""
    lockable = quiet.view(updown_id).ok().body["view"]["legal_actions"]["lockable"]
    unheld = next(c for c in ("As1", "Kd2", "2c1") if c not in lockable)
    card = card.replace("UNHELD", unheld)
    with nothing_changes(house, updown_id):
        reply = quiet.post(action_path(updown_id), {"action": "lock", "card": card})
        assert_refused(reply, 422, "unknown_card", card=card.strip(), allowed=lockable)


def test_locking_without_a_card_or_betting_before_the_lock_is_refused(quiet, house, updown_id):
    with nothing_changes(house, updown_id):
        assert quiet.post(action_path(updown_id), {"action": "lock"}).status == 422
        assert_refused(quiet.act(updown_id, "bet", 2), 422, "lock_first")
        assert_refused(quiet.act(updown_id, "call"), 422, "lock_first")


# --- a finished match -----------------------------------------------------------------------


def test_every_command_on_a_finished_match_is_match_over(quiet, house, finished):
    bodies: list[dict[str, Any]] = [
        {"action": "check"},
        {"action": "raise", "amount": 100},
        {"action": "bet", "amount": 100},
        {"action": "lock", "card": "As1"},
        {"action": "fold", "expected_seq": house.match(finished).seq},
    ]
    with nothing_changes(house, finished):
        for body in bodies:
            assert_refused(quiet.post(action_path(finished), body), 422, "match_over")
        assert_refused(quiet.watch(finished), 422, "match_over")
        assert_refused(quiet.act(finished, "check", key="after-the-end"), 422, "match_over")
    quiet.restart(finished).ok()  # the one way on: a new segment


# --- an old Idempotency-Key with another body -----------------------------------------------


def test_an_old_idempotency_key_with_another_body_is_refused_with_its_own_code(
    quiet, house, match_id
):
    quiet.act(match_id, "call", key="k-1").ok()
    house.ai(match_id, "call")
    house.ai(match_id, "check")  # the flop: the human may check
    for _ in range(3):
        house.ai(match_id, "check") if house.to_act(match_id) != 0 else None
    assert house.to_act(match_id) == 0
    with nothing_changes(house, match_id):
        for body in ({"action": "check"}, {"action": "call", "expected_seq": 1}):
            reply = quiet.post(action_path(match_id), body, key="k-1")
            assert_refused(reply, 422, "idempotency_key_reused", key="k-1")
        # The same body at another address (a restart) is another request too.
        reply = quiet.post(f"/api/matches/{match_id}/restart/", {}, key="k-1")
        assert_refused(reply, 422, "idempotency_key_reused", key="k-1")
        # The same request again is the first answer, replayed.
        again = quiet.act(match_id, "call", key="k-1").ok()
        assert again.headers["Idempotent-Replayed"] == "true"


@pytest.mark.parametrize("path", ["/api/auth/signup/", "/api/auth/login/"])
@pytest.mark.parametrize("username", [28623, 1.5, True, ["ann"], {"name": "ann"}, None])
def test_credentials_are_strings_only(quiet, path, username):
    """A number was once taken as its digits and signed up (found by Schemathesis)."""
    reply = quiet.post(path, {"username": username, "password": "a long enough secret 1"})
    assert_refused(reply, 400, "invalid")
    assert list(reply.params["fields"]) == ["username"]
    assert Player.objects.count() == 0
