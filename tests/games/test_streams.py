"""Live streams (games/streams.py) against real servers: gunicorn's uvicorn workers serving
cardavia.asgi, as the Procfile does, on a PostgreSQL database of the test's own.

The stream must send exactly the feed's events in order, resume after ``Last-Event-ID`` with
nothing lost or repeated, be woken across processes by an append in another server, refuse
another player's match, end on log-out, and hold no database connection while it waits.
"""

from __future__ import annotations

import os
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from tests.ops.live import (
    EventStream,
    HttpPlayer,
    Service,
    base_env,
    feed_items,
    free_port,
    manage,
    passive_action,
    start_gunicorn,
    wait_for,
)

pytestmark = [pytest.mark.timeout(300)]
postgres = pytest.mark.postgres

MOVES = 5


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    """A fresh, migrated PostgreSQL database beside the tests' own (the servers commit)."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        # As tests/conftest.py does: CI runs PostgreSQL, so there a missing one is a failure.
        if os.environ.get("CI"):
            pytest.fail("CI must set DATABASE_URL=postgres://... (see .ci/run)")
        pytest.skip("needs PostgreSQL (DATABASE_URL)")
    name = f"cardavia_streams_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    database_url = url.rsplit("/", 1)[0] + "/" + name
    try:
        migrated = manage(base_env(DATABASE_URL=database_url), "migrate", "--noinput")
        assert migrated.returncode == 0, migrated.stderr
        yield database_url
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def serve(database: str, log: Path, **settings: str) -> tuple[Service, str]:
    env = base_env(DATABASE_URL=database, AI_TURNS="inline", **settings)
    return start_gunicorn(env, log, workers=1)


@pytest.fixture(scope="module")
def server(database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One server; AI turns are played inside the request that hands them the turn."""
    web, url = serve(
        database,
        tmp_path_factory.mktemp("stream") / "web.log",
        STREAM_HEARTBEAT_SECONDS="1",
        STREAM_RECHECK_SECONDS="600",
    )
    try:
        yield url
    finally:
        web.stop()


def new_player(url: str) -> HttpPlayer:
    player = HttpPlayer(url)
    player.session().ok()
    return player


def play_moves(player: HttpPlayer, match_id: str, moves: int) -> int:
    """``moves`` passive human moves (the AIs answer each inside the request); the last seq."""
    for _ in range(moves):
        body = wait_for(lambda: my_turn(player, match_id), 30, "the human's turn", 0.05)
        legal = body["view"]["legal_actions"]
        if legal is None:  # the match is over
            break
        if legal.get("can_lock"):
            data: dict[str, Any] = {"action": "lock", "card": legal["lockable"][0]}
        else:
            data = {"action": passive_action(body["view"])}
        data["expected_seq"] = body["seq"]
        player.post(f"/api/matches/{match_id}/actions/", data).ok()
    body = wait_for(lambda: my_turn(player, match_id), 30, "the AIs' answer", 0.05)
    return int(body["seq"])


def my_turn(player: HttpPlayer, match_id: str) -> dict[str, Any] | None:
    """The match body once it waits on its human (or is over), else None."""
    body = player.view(match_id).ok().body
    waiting = body["view"]["legal_actions"] is not None or body["status"] != "active"
    return body if waiting else None


def stream_path(match_id: str, after: int = 0) -> str:
    return f"/api/matches/{match_id}/stream/?after={after}"


@postgres
@pytest.mark.parametrize("game", ["holdem", "updown"])
def test_the_stream_sends_exactly_the_feeds_events_in_order(server: str, game: str) -> None:
    player = new_player(server)
    match_id = player.start(game=game).ok().body["id"]
    stream = EventStream(player, stream_path(match_id))
    try:
        assert stream.status == 200
        assert stream.headers["content-type"] == "text/event-stream"
        assert stream.headers["x-content-type-options"] == "nosniff"  # the same middleware
        last = play_moves(player, match_id, MOVES)
        received = stream.until_seq(last)
        # Then the match's state once the AIs' last move is read with it.
        while received[-1].data != {"seq": last, "status": "active", "awaiting_ai": False}:
            item = stream.next()
            assert item is not None and item.event == "match", item
            received.append(item)
        # And the match body as GET answers it, now that the match waits on its human.
        with pytest.raises(TimeoutError):
            stream.next(timeout=1.5)  # nothing more: only the body (kept apart) and heartbeats
    finally:
        stream.close()
    assert stream.views[-1] == player.view(match_id).ok().body
    feed = player.get(f"/api/matches/{match_id}/events/?after=0").ok().body
    assert feed_items(received) == feed["events"]
    assert [item.id for item in received if item.event == "message"] == [
        str(item["seq"]) for item in feed["events"]
    ]
    assert stream.retry is not None
    states = [item.data for item in received if item.event == "match"]
    assert all(state["status"] == "active" for state in states)
    # Each state stands as of a seq the stream had reached: never ahead of the events sent.
    seen = 0
    for item in received:
        if item.event == "message":
            seen = int(item.id or 0)
        else:
            assert item.data["seq"] <= seen, (item, seen)


@postgres
def test_last_event_id_resumes_with_nothing_lost_or_repeated(server: str) -> None:
    player = new_player(server)
    start = player.start(game="holdem").ok().body
    match_id = start["id"]
    first = EventStream(player, stream_path(match_id))
    part = first.until_seq(start["seq"])
    first.close()
    resumed_from = max(int(item.id) for item in part if item.id is not None)
    last = play_moves(player, match_id, 3)  # while no stream is open
    # As EventSource reconnects: the same URL (?after=0), with Last-Event-ID, which wins.
    second = EventStream(
        player, stream_path(match_id, 0), headers={"Last-Event-ID": str(resumed_from)}
    )
    rest = second.until_seq(last)
    second.close()
    feed = player.get(f"/api/matches/{match_id}/events/?after=0").ok().body["events"]
    assert feed_items(part) + feed_items(rest) == feed
    assert int(rest[0].id or 0) == resumed_from + 1


@postgres
def test_a_bad_resume_point_is_refused_as_the_feed_refuses_it(server: str) -> None:
    player = new_player(server)
    match_id = player.start(game="updown").ok().body["id"]
    for headers, path in [
        ({"Last-Event-ID": "-1"}, stream_path(match_id)),
        ({}, f"/api/matches/{match_id}/stream/?after=x"),
    ]:
        stream = EventStream(player, path, headers=headers)
        body = stream.response.read()
        stream.close()
        assert stream.status == 400, body
        assert stream.headers["content-type"] == "application/json"


@postgres
def test_another_players_match_is_not_found(server: str) -> None:
    owner, other = new_player(server), new_player(server)
    match_id = owner.start(game="updown").ok().body["id"]
    other.start(game="updown").ok()  # a player of their own, with a session
    for who in (other, HttpPlayer(server)):
        stream = EventStream(who, stream_path(match_id))
        body = stream.response.read()
        stream.close()
        assert stream.status == 404
        assert b'"code":"not_found"' in body


@postgres
def test_heartbeats_keep_an_idle_stream_open(server: str) -> None:
    player = new_player(server)
    body = player.start(game="updown").ok().body
    stream = EventStream(player, stream_path(body["id"], body["seq"]))
    try:
        stream.until_state()
        with pytest.raises(TimeoutError):
            stream.next(timeout=2.5)  # nothing happened: no event, only comments
        assert stream.heartbeats >= 2
    finally:
        stream.close()


@postgres
def test_logging_out_ends_the_stream(server: str) -> None:
    player = new_player(server)
    account = {"username": f"s{uuid.uuid4().hex[:8]}", "password": f"pw-{uuid.uuid4().hex}"}
    player.post("/api/auth/signup/", account).ok()
    player.session().ok()
    body = player.start(game="updown").ok().body
    stream = EventStream(player, stream_path(body["id"], body["seq"]))
    try:
        stream.until_state()  # open
        player.post("/api/auth/logout/").ok()
        started = time.monotonic()
        assert stream.next(timeout=5) is None  # ended by the server, well before a recheck
        assert time.monotonic() - started < 5
    finally:
        stream.close()


def connections_to(database: str) -> int:
    name = database.rsplit("/", 1)[1]
    with psycopg.connect(database.rsplit("/", 1)[0] + "/postgres") as probe:
        row = probe.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s", [name]
        ).fetchone()
    assert row is not None
    return int(row[0])


@postgres
def test_an_idle_stream_holds_no_database_connection(database: str, tmp_path: Path) -> None:
    web, url = serve(database, tmp_path / "web.log", STREAM_READERS="1")
    streams: list[EventStream] = []
    try:
        player = new_player(url)
        matches = [player.start(game="updown").ok().body for _ in range(7)]
        streams.append(EventStream(player, stream_path(matches[0]["id"], matches[0]["seq"])))
        streams[0].until_state()
        time.sleep(0.5)
        one = connections_to(database)  # the server's own, the listener's, the reader's
        for body in matches[1:]:
            streams.append(EventStream(player, stream_path(body["id"], body["seq"])))
            streams[-1].until_state()  # open, read once, now waiting
        time.sleep(0.5)
        assert connections_to(database) == one
        # Still woken, through the one reader: a move in the last match reaches its stream.
        last = play_moves(player, matches[-1]["id"], 1)
        assert streams[-1].until_seq(last, timeout=10)
    finally:
        for stream in streams:
            stream.close()
        web.stop()


@postgres
def test_an_append_in_one_server_wakes_the_stream_in_another(database: str, tmp_path: Path) -> None:
    # No heartbeat or recheck within the test: only the notification can wake the stream.
    quiet = {"STREAM_HEARTBEAT_SECONDS": "120", "STREAM_RECHECK_SECONDS": "600"}
    first, first_url = serve(database, tmp_path / "first.log", **quiet)
    second, second_url = serve(database, tmp_path / "second.log", **quiet)
    try:
        player = new_player(first_url)
        body = player.start(game="holdem").ok().body
        stream = EventStream(player, stream_path(body["id"], body["seq"]))
        try:
            opened = stream.until_state()  # what the start's AI moves left, then the state
            player.base_url = second_url  # the same browser, its next request to the other
            sent = time.monotonic()
            last = play_moves(player, body["id"], 1)
            received = [*opened, *stream.until_seq(last, timeout=10)]
            waited = time.monotonic() - sent
        finally:
            stream.close()
        assert waited < 5, waited
        assert '"GET /api/matches/' in second.output()  # the move went to the other server
        feed = player.get(f"/api/matches/{body['id']}/events/?after={body['seq']}").ok().body
        assert feed_items(received) == feed["events"]
    finally:
        first.stop()
        second.stop()


def test_the_development_server_streams_too(tmp_path: Path) -> None:
    """``make run``: Django's development server on SQLite, the AIs on its own thread, woken
    in-process."""
    env = base_env(DATABASE_URL=f"sqlite:///{tmp_path / 'run.sqlite3'}")
    migrated = manage(env, "migrate", "--noinput")
    assert migrated.returncode == 0, migrated.stderr
    port = free_port()
    server = Service.start(
        "runserver",
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        env,
        tmp_path / "runserver.log",
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: _answers(url), 60, "runserver to answer")
        player = new_player(url)
        body = player.start(game="holdem").ok().body
        stream = EventStream(player, stream_path(body["id"], body["seq"]))
        try:
            opened = stream.until_state()  # the AIs may have moved already: keep it
            last = play_moves(player, body["id"], 2)
            received = [*opened, *stream.until_seq(last, timeout=30)]
        finally:
            stream.close()
        feed = player.get(f"/api/matches/{body['id']}/events/?after={body['seq']}").ok().body
        assert feed_items(received) == feed["events"]
    finally:
        server.stop()


def _answers(url: str) -> bool:
    try:
        HttpPlayer(url).get("/api/session/")
    except OSError:
        return False
    return True


# --- the step and the hub, in-process -----------------------------------------------------------


def _cursor_for(player: Any, match_id: str, after: int = 0) -> Any:
    from importlib import import_module

    from django.conf import settings

    from games import streams
    from games.players import SESSION_KEY

    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = player.id
    session.create()
    return streams.Cursor(
        match_id=match_id,
        player_id=player.id,
        session_key=session.session_key,
        owner=(None, player.id),
        seq=after,
        keys=(streams.match_key(match_id), streams.player_key(player.id)),
    ), session


def _parse(chunks: list[str]) -> list[tuple[str | None, str, Any]]:
    import json

    parsed = []
    for chunk in chunks:
        fields = dict(line.split(": ", 1) for line in chunk.strip().splitlines())
        parsed.append(
            (fields.get("id"), fields.get("event", "message"), json.loads(fields["data"]))
        )
    return parsed


def _as_json(body: Any) -> Any:
    """``body`` as the API sends it (tuples become lists)."""
    import json

    from rest_framework.utils.encoders import JSONEncoder

    return json.loads(json.dumps(body, cls=JSONEncoder))


@pytest.mark.django_db
def test_a_step_sends_the_feed_then_the_state_then_the_view_once() -> None:
    from games import selectors, services
    from games.models import Match, Player

    player = Player.objects.create()
    started = services.match_start(player=player, game="updown", level="easy")
    match_id = str(started.match.id)
    cursor, _ = _cursor_for(player, match_id)
    from games.streams import feed_step

    sent = _parse(feed_step(cursor) or [])
    match = Match.objects.get(id=match_id)
    feed = _as_json(selectors.match_feed(match))
    assert [data for _, kind, data in sent if kind == "message"] == feed["events"]
    assert [ident for ident, kind, _ in sent if kind == "message"] == [
        str(item["seq"]) for item in feed["events"]
    ]
    assert [kind for _, kind, _ in sent][-2:] == ["match", "view"]
    assert sent[-2][2] == {"seq": match.seq, "status": "active", "awaiting_ai": False}
    assert sent[-1][2] == _as_json(selectors.match_opening(match))
    assert feed_step(cursor) == []  # nothing new: nothing sent, not even the view again


@pytest.mark.django_db
def test_a_step_ends_the_stream_once_the_session_is_gone_or_the_match_not_the_players() -> None:
    from games import services
    from games.models import Player
    from games.streams import feed_step

    player, other = Player.objects.create(), Player.objects.create()
    match_id = str(services.match_start(player=player, game="updown", level="easy").match.id)
    cursor, session = _cursor_for(player, match_id)
    assert feed_step(cursor)
    session.delete()
    # A wake for the match alone reads no session: a log-out always wakes the player's key.
    assert feed_step(cursor) == []
    # logged out: the log-out woke the player's key, which asks for this
    cursor.session_due = True
    assert feed_step(cursor) is None
    stranger, _ = _cursor_for(other, match_id)
    assert feed_step(stranger) is None


def _started_on_the_humans_turn(player: Any) -> str:
    """A Hold'em match, its AIs played up to the human's first turn."""
    from bots import tasks
    from games import services

    with services.driving_ai_turns():
        started = services.match_start(player=player, game="holdem", level="easy")
    tasks.play(str(started.match.id), started.match.seq)
    return str(started.match.id)


def _human_moves_and_the_ais_answer(player: Any, match_id: str) -> int:
    """A passive human move, then the AIs' whole answer, both committed; the seq after it."""
    from bots import tasks
    from games import selectors, services
    from games.models import Match

    match = Match.objects.get(id=match_id)
    legal = selectors.match_opening(match)["view"]["legal_actions"]
    kind = "check" if legal["can_check"] else "call"
    moved = services.match_act(match_id=match_id, player=player, kind=kind).match
    tasks.play(match_id, moved.seq)
    return int(Match.objects.get(id=match_id).seq)


@pytest.mark.django_db
def test_a_step_that_finds_a_move_and_the_ais_whole_answer_still_sends_the_new_state() -> None:
    """A busy stream reads late: the human's move and every AI move after it in one read, the
    match waiting on its human again, as before. The state still comes, with the new seq
    (else a client, or the stream's own test, waits for it forever)."""
    from games.models import Player
    from games.streams import feed_step

    player = Player.objects.create()
    match_id = _started_on_the_humans_turn(player)
    cursor, _ = _cursor_for(player, match_id)
    before = _parse(feed_step(cursor) or [])
    assert [data for _, kind, data in before if kind == "match"][-1]["awaiting_ai"] is False
    last = _human_moves_and_the_ais_answer(player, match_id)
    sent = _parse(feed_step(cursor) or [])
    assert [kind for _, kind, _ in sent][-2:] == ["match", "view"]
    assert sent[-2][2] == {"seq": last, "status": "active", "awaiting_ai": False}
    assert sent[-3][0] == str(last)  # after the events it stands for


@pytest.mark.django_db
def test_a_step_between_the_humans_move_and_the_ais_answer_says_the_ais_are_to_act() -> None:
    from games import selectors, services
    from games.models import Match, Player
    from games.streams import feed_step

    player = Player.objects.create()
    match_id = _started_on_the_humans_turn(player)
    cursor, _ = _cursor_for(player, match_id)
    feed_step(cursor)
    legal = selectors.match_opening(Match.objects.get(id=match_id))["view"]["legal_actions"]
    kind = "check" if legal["can_check"] else "call"
    moved = services.match_act(match_id=match_id, player=player, kind=kind).match  # AIs not yet
    sent = _parse(feed_step(cursor) or [])
    assert sent[-1] == (None, "match", {"seq": moved.seq, "status": "active", "awaiting_ai": True})
    assert feed_step(cursor) == []  # nothing moved: nothing sent


def test_the_hub_wakes_the_streams_of_a_key_until_they_leave() -> None:
    from games.streams import Hub, News

    hub = Hub()
    woken: list[tuple[str, News | None]] = []
    leave_a = hub.subscribe(["m1", "player:1"], lambda news: woken.append(("a", news)))
    hub.subscribe(["m2"], lambda news: woken.append(("b", news)))
    news = News(after=3, seq=5, status="active", awaiting_ai=True, events="", view=None)
    hub.wake("m1", news.text())
    hub.wake("player:1")
    hub.wake("m3")
    assert woken == [("a", news), ("a", None)]
    leave_a()
    hub.wake("m1")
    hub.wake_all()
    assert woken == [("a", news), ("a", None), ("b", None)]
    assert hub.count() == 1
