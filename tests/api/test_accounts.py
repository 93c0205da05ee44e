"""Players: a guest per browser session with no sign-up; signing up or logging in keeps the
guest's matches and makes them reachable from every device."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from games.models import Player
from tests.api.test_errors import assert_refused

PASSWORD = "correct horse battery staple"


def test_a_browser_session_is_a_guest_from_its_first_match(quiet):
    assert quiet.session().body["player"] is None
    match_id = quiet.start().ok().body["id"]
    me = quiet.session().body["player"]
    assert me["guest"] is True
    assert quiet.session().body["player"]["id"] == me["id"]  # the same guest on every request
    assert [m["id"] for m in quiet.matches().ok().body["matches"]] == [match_id]
    quiet.start().ok()
    assert quiet.session().body["player"]["id"] == me["id"]
    assert Player.objects.count() == 1


def test_two_browsers_are_two_guests(make_client):
    first, second = make_client(ai=False), make_client(ai=False)
    first_match = first.start().ok().body["id"]
    second_match = second.start().ok().body["id"]
    assert first.session().body["player"]["id"] != second.session().body["player"]["id"]
    assert [m["id"] for m in first.matches().ok().body["matches"]] == [first_match]
    assert [m["id"] for m in second.matches().ok().body["matches"]] == [second_match]


def test_signing_up_keeps_the_guests_matches_and_another_device_can_play_them(make_client, house):
    laptop = make_client(ai=False)
    match_id = laptop.start().ok().body["id"]
    guest_id = laptop.session().body["player"]["id"]
    signed = laptop.signup("erin", PASSWORD)
    assert signed.status == 201
    assert signed.body == {
        "player": {"id": guest_id, "name": "erin", "guest": False},
        "user": "erin",
    }
    assert [m["id"] for m in laptop.matches().ok().body["matches"]] == [match_id]

    phone = make_client(ai=False)
    assert phone.view(match_id).status == 404
    assert phone.login("erin", PASSWORD).ok().body["player"]["id"] == guest_id
    assert [m["id"] for m in phone.matches().ok().body["matches"]] == [match_id]
    house.ai(match_id, "call")
    assert phone.act(match_id, "call").ok().body["id"] == match_id


def test_logging_in_brings_this_browsers_guest_matches_into_the_account(make_client):
    home = make_client(ai=False)
    home.signup("frank", PASSWORD).ok()
    at_home = home.start().ok().body["id"]
    cafe = make_client(ai=False)
    as_guest = cafe.start().ok().body["id"]
    cafe.login("frank", PASSWORD).ok()
    listed = {m["id"] for m in cafe.matches().ok().body["matches"]}
    assert listed == {at_home, as_guest}
    assert {m["id"] for m in home.matches().ok().body["matches"]} == {at_home, as_guest}


def test_logging_out_leaves_the_matches_with_the_account(make_client):
    client = make_client(ai=False)
    client.signup("gina", PASSWORD).ok()
    match_id = client.start().ok().body["id"]
    assert client.logout().status == 204
    session = client.session().body
    assert (session["player"], session["user"]) == (None, None)
    assert client.matches().ok().body["matches"] == []
    assert client.view(match_id).status == 404
    client.login("gina", PASSWORD).ok()
    assert [m["id"] for m in client.matches().ok().body["matches"]] == [match_id]


def test_account_refusals(make_client):
    client = make_client(ai=False)
    client.signup("hank", PASSWORD).ok()
    other = make_client(ai=False)
    assert_refused(other.signup("HANK", PASSWORD), 400, "username_taken", username="HANK")
    short = other.signup("ivy", "123")
    # The refusal says the rule: the shortest length accepted is a param, and in the message.
    assert_refused(short, 400, "weak_password", min_length=8)
    assert "at least 8 characters" in short.body["message"]
    assert "password_too_short" in short.params["problems"]
    assert_refused(other.signup("ivy", "password"), 400, "weak_password")
    assert_refused(other.signup("", PASSWORD), 400, "invalid")
    assert_refused(other.signup("x" * 151, PASSWORD), 400, "invalid")
    assert_refused(other.signup("nul\x00name", PASSWORD), 400, "invalid")
    assert_refused(other.post("/api/auth/signup/", {"username": "ivy"}), 400, "invalid")
    assert_refused(other.login("hank", "wrong password"), 400, "invalid_credentials")
    assert_refused(other.login("nobody", PASSWORD), 400, "invalid_credentials")
    assert_refused(other.post("/api/auth/login/", {}), 400, "invalid")
    assert get_user_model().objects.count() == 1
    assert other.session().body["user"] is None
