"""Every refusal is a 4xx JSON body ``{code, message, params}`` with a stable code, no refusal
changes anything, and no input gives a 500.

The matches here are quiet: the AIs move only when the house moves them, with the actions a test
chooses, so every situation a code describes can be set up exactly.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine.errors import ERRORS, ErrorCode
from games.errors import HTTP_STATUS
from games.models import Player
from tests.api.client import ApiClient, Reply
from tests.api.conftest import House


def assert_refused(reply: Reply, status: int, code: str, **params: Any) -> None:
    assert reply.status == status, (reply.status, reply.body)
    assert reply.headers["Content-Type"].startswith("application/json")
    assert set(reply.body) == {"code", "message", "params"}, reply.body
    assert reply.code == code, reply.body
    assert ErrorCode(code) and HTTP_STATUS[ErrorCode(code)] == status  # one status per code
    assert isinstance(reply.body["message"], str) and reply.body["message"]
    for name, value in params.items():
        assert reply.params[name] == value, (name, reply.params)


@contextlib.contextmanager
def nothing_changes(house: House, match_id: str) -> Iterator[None]:
    before = house.snapshot(match_id)
    yield
    assert house.snapshot(match_id) == before


@pytest.fixture
def match_id(quiet: ApiClient) -> str:
    """A quiet match at its first hand: button 0 (the human), blinds 1 and 2, seat 3 to act."""
    started = quiet.start().ok().body
    assert started["view"]["to_act"] == 3
    return started["id"]


@pytest.fixture
def human_owes_20(match_id: str, house: House) -> str:
    house.ai(match_id, "call")
    assert house.to_act(match_id) == 0
    return match_id


# --- the rules' refusals (422) --------------------------------------------------------------


def test_acting_out_of_turn_is_not_your_turn(quiet, house, match_id):
    with nothing_changes(house, match_id):
        assert_refused(quiet.act(match_id, "call"), 422, "not_your_turn", seat=0, to_act=3)


def test_a_raise_below_the_minimum_names_the_minimum(quiet, house, human_owes_20):
    with nothing_changes(house, human_owes_20):
        reply = quiet.act(human_owes_20, "raise", 30)
        assert_refused(reply, 422, "amount_below_minimum", minimum=40)


def test_a_bet_while_facing_a_bet_is_refused_as_cannot_bet(quiet, house, human_owes_20):
    with nothing_changes(house, human_owes_20):
        assert_refused(quiet.act(human_owes_20, "bet", 40), 422, "cannot_bet")


def test_a_raise_above_the_stack_names_the_maximum(quiet, house, human_owes_20):
    with nothing_changes(house, human_owes_20):
        reply = quiet.act(human_owes_20, "raise", 1001)
        assert_refused(reply, 422, "amount_above_stack", maximum=1000)


def test_a_raise_without_an_amount_is_refused(quiet, house, human_owes_20):
    with nothing_changes(house, human_owes_20):
        reply = quiet.act(human_owes_20, "raise")
        assert_refused(reply, 422, "amount_required", minimum=40, maximum=1000)


def test_checking_while_owing_chips_is_refused(quiet, house, human_owes_20):
    with nothing_changes(house, human_owes_20):
        assert_refused(quiet.act(human_owes_20, "check"), 422, "cannot_check", to_call=20)


def test_folding_or_calling_with_nothing_owed_is_refused(quiet, house, human_owes_20):
    match_id = human_owes_20
    quiet.act(match_id, "call").ok()
    house.ai(match_id, "call")  # small blind completes
    house.ai(match_id, "check")  # big blind: on to the flop
    for _ in range(3):
        house.ai(match_id, "check")
    assert house.state(match_id).street == "flop" and house.to_act(match_id) == 0
    with nothing_changes(house, match_id):
        assert_refused(quiet.act(match_id, "fold"), 422, "nothing_to_fold")
        assert_refused(quiet.act(match_id, "call"), 422, "nothing_to_call")
    quiet.act(match_id, "check").ok()


def test_raising_with_only_a_call_in_the_stack_is_refused(quiet, house, match_id):
    house.ai(match_id, "raise", 1000)  # seat 3 all-in: the human's 1000 only covers a call
    with nothing_changes(house, match_id):
        reply = quiet.act(match_id, "raise", 1000)
        assert_refused(reply, 422, "not_enough_chips_to_raise", stack=1000)


def _short_all_in_over_the_human(quiet: ApiClient, house: House, match_id: str) -> None:
    """Hand 1: the human steals the blinds (stacks 1030/990/980/1000). Hand 2 (button 1): the
    human raises to 600, seat 1 goes all-in for 990 — short of a full raise, 1180."""
    house.ai(match_id, "fold")
    quiet.act(match_id, "raise", 60).ok()
    house.ai(match_id, "fold")
    house.ai(match_id, "fold")
    state = house.state(match_id)
    # Hand 2's blinds are in: seat 2 posted 10, seat 3 posted 20.
    assert state.hand_number == 2 and [seat.stack for seat in state.seats] == [1030, 990, 970, 980]
    assert state.to_act == 0
    quiet.act(match_id, "raise", 600).ok()
    house.ai(match_id, "raise", 990)  # seat 1: all-in, a short raise
    house.ai(match_id, "fold")  # seat 2


def test_a_short_all_in_does_not_reopen_raising(quiet, house, match_id):
    _short_all_in_over_the_human(quiet, house, match_id)
    house.ai(match_id, "call")  # seat 3 calls 990 and keeps chips to answer a raise
    view = quiet.view(match_id).ok().body["view"]
    assert view["legal_actions"]["can_raise"] is False
    with nothing_changes(house, match_id):
        assert_refused(quiet.act(match_id, "raise", 1030), 422, "raise_not_reopened")
    quiet.act(match_id, "call").ok()


def test_raising_when_nobody_can_answer_is_refused(quiet, house, match_id):
    _short_all_in_over_the_human(quiet, house, match_id)
    house.ai(match_id, "fold")  # seat 3 folds: only the all-in player is left against us
    with nothing_changes(house, match_id):
        assert_refused(quiet.act(match_id, "raise", 1030), 422, "no_one_can_respond")


def test_acting_in_a_finished_match_is_match_over(quiet, house, finished):
    view = quiet.view(finished).ok().body
    assert view["status"] == "finished" and view["view"]["phase"] == "match_over"
    with nothing_changes(house, finished):
        for action in ("check", "call", "fold"):
            assert_refused(quiet.act(finished, action), 422, "match_over")
        assert_refused(quiet.act(finished, "raise", 100), 422, "match_over")
        assert_refused(quiet.watch(finished), 422, "match_over")


def test_acting_after_being_knocked_out_is_refused_until_a_restart(quiet, house, knocked_out):
    out = quiet.view(knocked_out).ok().body
    assert out["status"] == "active" and out["view"]["phase"] == "between_hands"
    assert out["view"]["seats"][0]["place"] == 4
    with nothing_changes(house, knocked_out):
        assert_refused(quiet.act(knocked_out, "call"), 422, "no_hand_in_progress")
    quiet.restart(knocked_out).ok()
    assert house.to_act(knocked_out) == 3


def test_watching_while_still_in_the_match_is_refused(quiet, house, human_owes_20):
    with nothing_changes(house, human_owes_20):
        assert_refused(quiet.watch(human_owes_20), 422, "still_in_match")


# --- the API's own refusals -----------------------------------------------------------------


def test_a_stale_expected_seq_is_409_with_the_current_seq(quiet, house, human_owes_20):
    current = house.match(human_owes_20).seq
    with nothing_changes(house, human_owes_20):
        reply = quiet.act(human_owes_20, "call", expected_seq=current - 1)
        assert_refused(reply, 409, "stale_seq", expected_seq=current - 1, current_seq=current)


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"action": "shove"},
        {"action": None},
        {"action": ["call"]},
        {"action": "raise", "amount": -1},
        {"action": "raise", "amount": "lots"},
        {"action": "raise", "amount": 40.5},
        {"action": "raise", "amount": True},
        {"action": "raise", "amount": 10**9 + 1},
        {"action": "raise", "amount": 10**40},
        {"action": "call", "expected_seq": -1},
        {"action": "call", "expected_seq": "latest"},
    ],
)
def test_an_invalid_action_body_is_a_validation_error(quiet, house, human_owes_20, body):
    with nothing_changes(house, human_owes_20):
        reply = quiet.post(f"/api/matches/{human_owes_20}/actions/", body)
        assert_refused(reply, 400, "invalid")
        assert reply.params["fields"]


@pytest.mark.parametrize(
    ("raw", "content_type", "status", "code"),
    [
        ("{not json", "application/json", 400, "parse_error"),
        ("[1, 2]", "application/json", 400, "invalid"),
        ('"call"', "application/json", 400, "invalid"),
        ("action=call", "text/plain", 415, "unsupported_media_type"),
    ],
)
def test_a_malformed_request_body_is_refused(
    quiet, house, human_owes_20, raw, content_type, status, code
):
    with nothing_changes(house, human_owes_20):
        reply = quiet.post(
            f"/api/matches/{human_owes_20}/actions/", raw=raw, content_type=content_type
        )
        assert_refused(reply, status, code)


@pytest.mark.parametrize(
    "body", [{"level": "godlike"}, {"game": "chess"}, {"level": None}, {"game": 7}]
)
def test_starting_a_match_with_invalid_options_is_refused(quiet, body):
    assert_refused(quiet.post("/api/matches/", body), 400, "invalid")
    assert quiet.matches().ok().body["matches"] == []
    assert Player.objects.count() == 0  # not even a guest was made


def test_restart_and_watch_validate_expected_seq(quiet, house, match_id):
    with nothing_changes(house, match_id):
        for command in ("restart", "watch"):
            path = f"/api/matches/{match_id}/{command}/"
            assert_refused(quiet.post(path, {"expected_seq": -3}), 400, "invalid")
            assert_refused(quiet.post(path, {"expected_seq": 0}), 409, "stale_seq")


@pytest.mark.parametrize("after", ["-1", "abc", "1.5", ""])
def test_an_invalid_feed_position_is_a_validation_error(quiet, match_id, after):
    assert_refused(quiet.events(match_id, after=after), 400, "invalid")


def test_feed_positions_beyond_the_end_give_no_events(quiet, match_id):
    for after in ("100000", str(10**30)):
        body = quiet.events(match_id, after=after).ok().body
        assert body["events"] == []


def test_an_unknown_hand_is_hand_not_found(quiet, match_id):
    for hand in (0, 2, 10**30):
        assert_refused(quiet.replay(match_id, hand), 404, "hand_not_found", hand_number=hand)


def test_the_replay_of_the_hand_in_play_is_refused(quiet, match_id):
    assert_refused(quiet.replay(match_id, 1), 409, "hand_not_finished", hand_number=1)


def test_an_unknown_match_is_not_found(quiet, house, match_id):
    for unknown in ("00000000-0000-0000-0000-000000000000", "not-a-uuid", "%00", "1" * 300):
        assert_refused(quiet.view(unknown), 404, "not_found")
        assert_refused(quiet.act(unknown, "call"), 404, "not_found")
        assert_refused(quiet.events(unknown), 404, "not_found")


@pytest.mark.parametrize("path", ["/api/nope/", "/api/matches/{id}/hands/abc/"])
def test_an_unknown_api_address_is_a_json_404(quiet, match_id, path):
    assert_refused(quiet.get(path.format(id=match_id)), 404, "not_found")


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("DELETE", "/api/matches/{id}/"),
        ("PUT", "/api/matches/{id}/actions/"),
        ("GET", "/api/matches/{id}/actions/"),
        ("PATCH", "/api/matches/{id}/restart/"),
        ("POST", "/api/matches/{id}/events/"),
        ("DELETE", "/api/matches/"),
    ],
)
def test_an_unsupported_method_is_refused(quiet, house, match_id, method, path):
    with nothing_changes(house, match_id):
        reply = quiet.request(method, path.format(id=match_id), {})
        assert_refused(reply, 405, "method_not_allowed")


# --- no input gives a 500, and no refusal changes anything ----------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=6,
)
ACTION_BODIES = st.fixed_dictionaries(
    {},
    optional={
        "action": st.sampled_from(["fold", "check", "call", "bet", "raise", "", "CALL"])
        | JSON_VALUES,
        "amount": st.integers(min_value=-(10**20), max_value=10**20) | JSON_VALUES,
        "expected_seq": st.integers(min_value=-5, max_value=10**20) | JSON_VALUES,
    },
)
FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
)


@FUZZ
@given(body=ACTION_BODIES | JSON_VALUES, key=st.none() | st.text("abcXYZ-_09", max_size=140))
def test_no_action_request_gives_a_500_and_refusals_change_nothing(
    quiet, house, human_owes_20, body, key
):
    before = house.snapshot(human_owes_20)
    reply = quiet.post(f"/api/matches/{human_owes_20}/actions/", body, key=key)
    assert reply.status < 500
    if reply.status >= 400:
        assert set(reply.body) == {"code", "message", "params"}
        assert house.snapshot(human_owes_20) == before
    else:
        assert house.snapshot(human_owes_20)[0] > before[0]


@FUZZ
@given(
    segment=st.text(
        st.characters(exclude_characters="/?#%", exclude_categories=["Cs"]), max_size=40
    ),
    after=st.text(max_size=25),
)
def test_no_read_request_gives_a_500(quiet, match_id, segment, after):
    from urllib.parse import quote

    for path in (
        f"/api/matches/{quote(segment)}/",
        f"/api/matches/{quote(segment)}/events/",
        f"/api/matches/{quote(segment)}/hands/",
        f"/api/matches/{quote(segment)}/hands/1/",
    ):
        assert quiet.get(path).status == 404
    reply = quiet.get(f"/api/matches/{match_id}/events/", after=after)
    assert reply.status in (200, 400)
    reply = quiet.post(f"/api/matches/{quote(segment)}/restart/", {"expected_seq": 1})
    assert reply.status in (400, 404)


@FUZZ
@given(
    path=st.sampled_from(["/api/auth/signup/", "/api/auth/login/", "/api/matches/"]),
    body=st.dictionaries(
        st.sampled_from(["username", "password", "game", "level", "x"]), JSON_VALUES, max_size=4
    )
    | JSON_VALUES,
)
def test_no_account_or_start_request_gives_a_500(quiet, path, body):
    reply = quiet.post(path, body)
    assert reply.status < 500
    if reply.status >= 400:
        assert set(reply.body) == {"code", "message", "params"}


# --- the catalog ----------------------------------------------------------------------------


def test_the_error_catalog_is_served_with_every_code_its_params_and_template(api):
    served = api.get("/api/errors/").ok().body
    assert [entry["code"] for entry in served] == [code.value for code in ErrorCode]
    for entry in served:
        spec = ERRORS[ErrorCode(entry["code"])]
        assert entry == {
            "code": entry["code"],
            "params": list(spec.params),
            "template": spec.template,
        }


def test_every_code_has_one_client_error_status():
    assert set(HTTP_STATUS) == set(ErrorCode)
    # Every refusal is the client's to mend, but a database outage: wait and retry (503).
    server_side = {ErrorCode.SERVICE_UNAVAILABLE}
    assert all(
        400 <= status < 500 for code, status in HTTP_STATUS.items() if code not in server_side
    )
    assert HTTP_STATUS[ErrorCode.SERVICE_UNAVAILABLE] == 503
    assert HTTP_STATUS[ErrorCode.HAND_IN_PROGRESS] == 422  # the rules': a hand is being played
    assert HTTP_STATUS[ErrorCode.HAND_NOT_FINISHED] == 409  # a replay of a hand not over yet
