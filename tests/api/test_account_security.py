"""Accounts are not a way into someone else's games: the session key changes on log-in (no
session fixation), weak passwords are refused, and a guest's matches go only to the account that
browser signs up or logs in to."""

from __future__ import annotations

from tests.api.client import ApiClient
from tests.api.test_errors import assert_refused

PASSWORD = "correct horse battery staple"


def session_key(client: ApiClient) -> str:
    return client.http.cookies["sessionid"].value


def match_ids(client: ApiClient) -> set[str]:
    return {match["id"] for match in client.matches().ok().body["matches"]}


def test_logging_in_gives_the_browser_a_new_session_key(make_client):
    make_client(ai=False).signup("hal", PASSWORD).ok()
    browser = make_client(ai=False)
    guest_match = browser.start().ok().body["id"]
    before = session_key(browser)
    stolen = browser.twin()  # someone who learnt the guest's session key (fixation)
    browser.login("hal", PASSWORD).ok()
    assert session_key(browser) != before
    assert browser.session().body["user"] == "hal"
    session = stolen.session().body
    assert (session["user"], session["player"]) == (None, None)
    assert stolen.view(guest_match).status == 404  # the match went with the account, not them


def test_signing_up_gives_the_browser_a_new_session_key(make_client):
    browser = make_client(ai=False)
    browser.start().ok()
    before = session_key(browser)
    stolen = browser.twin()
    browser.signup("ida", PASSWORD).ok()
    assert session_key(browser) != before
    assert stolen.session().body["user"] is None


def test_a_password_like_the_username_is_refused(make_client):
    client = make_client(ai=False)
    assert_refused(client.signup("dorothea", "dorothea1234"), 400, "weak_password")
    assert_refused(client.signup("dorothea", "short"), 400, "weak_password")
    assert_refused(client.signup("dorothea", "12345678901234"), 400, "weak_password")
    client.signup("dorothea", PASSWORD).ok()


def test_logging_in_as_someone_else_keeps_each_accounts_matches_apart(make_client):
    browser = make_client(ai=False)
    browser.signup("jon", PASSWORD).ok()
    jons = browser.start().ok().body["id"]
    make_client(ai=False).signup("kim", PASSWORD).ok()
    browser.login("kim", PASSWORD).ok()  # without logging out first
    assert match_ids(browser) == set()
    assert browser.view(jons).status == 404
    browser.login("jon", PASSWORD).ok()
    assert match_ids(browser) == {jons}


def test_signing_up_while_logged_in_takes_no_match_along(make_client):
    browser = make_client(ai=False)
    browser.signup("lou", PASSWORD).ok()
    lous = browser.start().ok().body["id"]
    browser.signup("mia", PASSWORD).ok()
    assert match_ids(browser) == set()
    browser.login("lou", PASSWORD).ok()
    assert match_ids(browser) == {lous}


def test_after_logging_out_the_next_account_gets_none_of_the_last_ones_matches(make_client):
    shared_computer = make_client(ai=False)
    as_guest = shared_computer.start().ok().body["id"]
    shared_computer.signup("ned", PASSWORD).ok()  # the guest's match is ned's now
    neds = shared_computer.start().ok().body["id"]
    shared_computer.logout()
    make_client(ai=False).signup("ola", PASSWORD).ok()
    shared_computer.login("ola", PASSWORD).ok()
    assert match_ids(shared_computer) == set()
    shared_computer.logout()
    shared_computer.login("ned", PASSWORD).ok()
    assert match_ids(shared_computer) == {as_guest, neds}


def test_each_browsers_guest_matches_go_to_the_account_it_logs_in_to(make_client):
    make_client(ai=False).signup("pam", PASSWORD).ok()
    make_client(ai=False).signup("rex", PASSWORD).ok()
    first, second = make_client(ai=False), make_client(ai=False)
    firsts, seconds = first.start().ok().body["id"], second.start().ok().body["id"]
    first.login("pam", PASSWORD).ok()
    second.login("rex", PASSWORD).ok()
    assert match_ids(first) == {firsts}
    assert match_ids(second) == {seconds}
