"""Session auth with CSRF: every unsafe request — a guest's as much as an account's — needs the
token from ``GET /api/session/`` in ``X-CSRFToken``; without it nothing happens."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from games.models import Match, Player
from tests.api.client import ApiClient
from tests.api.test_errors import assert_refused, nothing_changes


@pytest.fixture
def browser(make_client) -> ApiClient:
    """A client that, like a browser, gets no CSRF exemption."""
    return make_client(csrf=True)


def test_starting_a_match_without_the_token_is_refused_and_creates_nothing(browser):
    assert_refused(browser.start(), 403, "csrf_failed")
    assert Match.objects.count() == 0 and Player.objects.count() == 0


def test_the_session_hands_out_the_token_that_unsafe_requests_need(browser):
    token = browser.session().body["csrf_token"]
    assert isinstance(token, str) and len(token) >= 32
    assert browser.start().status == 201


def test_a_wrong_token_is_refused(browser):
    browser.session()
    browser.csrf_token = "x" * 64
    assert_refused(browser.start(), 403, "csrf_failed")
    assert Match.objects.count() == 0


def test_every_unsafe_match_request_needs_the_token(browser, house):
    browser.session()
    match_id = browser.start().ok().body["id"]
    tokenless = browser.twin(around=browser.around, csrf=True)  # same session, no header
    with nothing_changes(house, match_id):
        assert_refused(tokenless.act(match_id, "call"), 403, "csrf_failed")
        assert_refused(tokenless.act(match_id, "fold", key="k"), 403, "csrf_failed")
        assert_refused(tokenless.restart(match_id), 403, "csrf_failed")
        assert_refused(tokenless.watch(match_id), 403, "csrf_failed")
    # Reads need no token.
    assert tokenless.view(match_id).status == 200
    assert tokenless.events(match_id).status == 200
    assert tokenless.hands(match_id).status == 200
    assert tokenless.matches().status == 200
    # With the token the same requests go through.
    assert browser.restart(match_id).status == 200


def test_signing_up_logging_in_and_out_need_the_token(browser):
    get_user_model().objects.create_user("carol", password="a-long-enough-secret")
    assert_refused(browser.signup("dave", "a-long-enough-secret"), 403, "csrf_failed")
    assert_refused(browser.login("carol", "a-long-enough-secret"), 403, "csrf_failed")
    assert not get_user_model().objects.filter(username="dave").exists()
    browser.session()
    assert browser.login("carol", "a-long-enough-secret").status == 200
    # Logging in rotates the token: the old one no longer works, the session gives the new one.
    assert_refused(browser.logout(), 403, "csrf_failed")
    assert browser.session().body["user"] == "carol"
    assert browser.logout().status == 204
    assert browser.session().body["user"] is None
