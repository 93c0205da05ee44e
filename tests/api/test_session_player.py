"""The session and its player are read in one statement: the session row keeps the id of the
player its signed data names (games.models.PlayerSession), and the player's row is joined to it.
The data stays the truth: a joined row that is not the player it names is never served."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Player, PlayerSession
from tests.api.client import ApiClient

PASSWORD = "correct horse battery staple"


def _session_row(client: ApiClient) -> PlayerSession:
    return PlayerSession.objects.get(session_key=client.http.cookies["sessionid"].value)


def _player_reads(client: ApiClient) -> tuple[int | None, list[str]]:
    """Who the session says is playing, and the statements that read a session or a player."""
    with CaptureQueriesContext(connection) as queries:
        player = client.session().ok().body["player"]
    reads = [
        query["sql"]
        for query in queries.captured_queries
        if query["sql"].startswith("SELECT")
        and ('"django_session"' in query["sql"] or '"games_player"' in query["sql"])
    ]
    return (player["id"] if player else None), reads


def test_a_guests_session_and_player_are_one_read_and_each_guest_gets_their_own(
    make_client: Callable[..., ApiClient],
) -> None:
    first, second = make_client(ai=False), make_client(ai=False)
    first.start().ok()
    second.start().ok()
    first_id, first_reads = _player_reads(first)
    second_id, second_reads = _player_reads(second)
    assert first_id is not None and second_id is not None and first_id != second_id
    assert len(first_reads) == 1 and "JOIN" in first_reads[0]
    assert len(second_reads) == 1
    assert _session_row(first).player_id == first_id
    assert _session_row(second).player_id == second_id


def test_an_accounts_player_is_read_with_its_session(make_client: Callable[..., ApiClient]) -> None:
    client = make_client(ai=False)
    client.start().ok()
    guest_id, _ = _player_reads(client)
    client.signup("hana", PASSWORD).ok()
    player_id, reads = _player_reads(client)
    assert player_id == guest_id  # the guest became the account's player
    assert len(reads) == 1
    assert _session_row(client).player_id == player_id


def test_a_logged_out_session_gets_no_player(make_client: Callable[..., ApiClient]) -> None:
    client = make_client(ai=False)
    client.signup("ivan", PASSWORD).ok()
    client.start().ok()
    old_key = client.http.cookies["sessionid"].value
    assert client.logout().status == 204
    assert not PlayerSession.objects.filter(session_key=old_key).exists()
    assert _player_reads(client)[0] is None
    assert client.matches().ok().body["matches"] == []


def test_a_joined_row_that_is_not_the_sessions_player_is_never_served(
    make_client: Callable[..., ApiClient],
) -> None:
    mine, other = make_client(ai=False), make_client(ai=False)
    mine.start().ok()
    other.start().ok()
    my_id, _ = _player_reads(mine)
    other_id, _ = _player_reads(other)
    # The column says another player (it can only ever be a hint): the data's player is served.
    PlayerSession.objects.filter(session_key=_session_row(mine).session_key).update(
        player_id=other_id
    )
    player_id, reads = _player_reads(mine)
    assert player_id == my_id
    assert len(reads) == 2  # the joined row refused, the session's player read by its id


def test_a_session_saved_before_the_column_reads_its_player_by_id(
    make_client: Callable[..., ApiClient],
) -> None:
    client = make_client(ai=False)
    client.start().ok()
    player_id, _ = _player_reads(client)
    PlayerSession.objects.filter(session_key=_session_row(client).session_key).update(
        player_id=None
    )
    served, reads = _player_reads(client)
    assert served == player_id
    assert len(reads) == 2


def test_a_guest_that_became_an_account_elsewhere_is_no_longer_this_sessions_guest(
    make_client: Callable[..., ApiClient],
) -> None:
    client = make_client(ai=False)
    client.start().ok()
    player_id, _ = _player_reads(client)
    user = get_user_model().objects.create_user(username="jo", password=PASSWORD)
    # The joined row is as fresh as the session: it now belongs to an account, as a guest
    # player read by its id would show (the session is not logged in to that account).
    Player.objects.filter(pk=player_id).update(user=user)
    assert _player_reads(client)[0] is None
