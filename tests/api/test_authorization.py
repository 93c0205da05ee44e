"""A player sees and acts only in their own matches: anyone else's match — another guest's, for
an anonymous visitor, even for staff — answers 404 exactly like a match that does not exist,
and nothing in it changes."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from games.models import Match, Player
from tests.api.client import ApiClient
from tests.api.conftest import House
from tests.api.test_errors import assert_refused, nothing_changes


def every_request_for(client: ApiClient, match_id: str) -> list:
    return [
        client.view(match_id),
        client.events(match_id),
        client.events(match_id, after=3),
        client.hands(match_id),
        client.replay(match_id, 1),
        client.act(match_id, "call"),
        client.act(match_id, "fold", expected_seq=1, key="k"),
        client.act(match_id, "raise", 100),
        client.restart(match_id),
        client.restart(match_id, key="k2"),
        client.watch(match_id),
    ]


@pytest.fixture
def owned(api: ApiClient) -> str:
    """A match of the ``api`` guest, with a finished hand to replay."""
    match_id = api.start().ok().body["id"]
    for _ in range(200):
        if any(hand["finished"] for hand in api.hands(match_id).ok().body["hands"]):
            return match_id
        view = api.view(match_id).ok().body["view"]
        legal = view["legal_actions"]
        api.act(match_id, "fold" if legal["can_fold"] else "check").ok()
    raise AssertionError("no hand finished")


def assert_not_found_everywhere(client: ApiClient, house: House, match_id: str) -> None:
    with nothing_changes(house, match_id):
        for reply in every_request_for(client, match_id):
            assert_refused(reply, 404, "not_found")
    assert match_id not in [m["id"] for m in client.matches().ok().body["matches"]]


def test_the_owner_can_reach_everything(api, owned):
    assert api.view(owned).status == 200
    assert api.events(owned).status == 200
    assert api.hands(owned).status == 200
    assert api.replay(owned, 1).status == 200
    assert [m["id"] for m in api.matches().ok().body["matches"]] == [owned]


def test_another_guests_match_is_not_found(make_client, house, owned):
    intruder = make_client()
    intruder.start().ok()  # a player with a match of their own
    assert_not_found_everywhere(intruder, house, owned)


def test_an_anonymous_visitor_finds_no_match_and_becomes_no_player(make_client, house, owned):
    stranger = make_client()
    players = Player.objects.count()
    assert stranger.session().body["player"] is None
    assert_not_found_everywhere(stranger, house, owned)
    assert stranger.matches().ok().body == {"matches": []}
    assert Player.objects.count() == players


def test_staff_have_no_back_door_through_the_api(make_client, house, owned):
    staff = make_client()
    admin = get_user_model().objects.create_superuser("boss", password="a-long-admin-secret")
    staff.http.force_login(admin)
    assert staff.session().body["user"] == "boss"
    assert_not_found_everywhere(staff, house, owned)


def test_an_unknown_match_and_a_foreign_one_look_the_same(make_client, owned):
    intruder = make_client()
    foreign = intruder.view(owned)
    missing = intruder.view("00000000-0000-0000-0000-000000000000")
    assert (foreign.status, foreign.body) == (missing.status, missing.body)


def test_a_player_lists_only_their_own_matches_newest_first(make_client):
    alice, bob = make_client(ai=False), make_client(ai=False)
    alice_matches = [alice.start().ok().body["id"] for _ in range(3)]
    bob_match = bob.start().ok().body["id"]
    listed = alice.matches().ok().body["matches"]
    assert [m["id"] for m in listed] == alice_matches[::-1]
    assert [m["id"] for m in bob.matches().ok().body["matches"]] == [bob_match]
    assert set(listed[0]) >= {"id", "game", "level", "status", "seq", "created_at", "updated_at"}
    assert Match.objects.count() == 4


def schema_operations(client: ApiClient) -> list[tuple[str, str]]:
    document = client.get("/api/schema/", format="json").ok().body
    return [
        (method.upper(), path)
        for path, methods in document["paths"].items()
        for method in methods
        if method in ("get", "post", "put", "patch", "delete")
    ]


# A plausible body for each command, so a refusal cannot come from the body instead.
BODIES = {"actions": {"action": "call"}, "restart": {}, "watch": {}}


@pytest.mark.parametrize("who", ["guest", "anonymous", "user", "staff"])
def test_every_operation_of_the_schema_on_someone_elses_match_is_not_found(
    make_client, house, owned, who
):
    """Walks /api/schema/ itself, so an endpoint added later is covered with no change here."""
    intruder = make_client()
    if who == "guest":
        intruder.start().ok()
    elif who in ("user", "staff"):
        user = get_user_model().objects.create_user(
            f"intruder-{who}", password="a-long-enough-secret", is_staff=who == "staff"
        )
        intruder.http.force_login(user)
    operations = [op for op in schema_operations(intruder) if "{match_id}" in op[1]]
    assert len(operations) >= 7, operations
    with nothing_changes(house, owned):
        for method, template in operations:
            path = template.replace("{match_id}", owned).replace("{hand_number}", "1")
            body = BODIES.get(path.rstrip("/").rsplit("/", 1)[-1])
            for key in (None, f"key-{method}-{template}"):
                reply = intruder.request(method, path, body, key=key)
                assert_refused(reply, 404, "not_found")
