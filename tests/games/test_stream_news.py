"""The news a commit's notification carries (games.streams.News): a woken stream that stands
where the news begins sends it without reading, and sends exactly what a read would have sent.
"""

from __future__ import annotations

import json
import select
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from games import streams
from games.streams import Cursor, News, heard


def _cursor(seq: int, *, shown: tuple[int, str, bool] | None = None) -> Cursor:
    return Cursor(match_id="m", player_id=1, session_key="s", owner=(None, 1), seq=seq, shown=shown)


def _news(after: int, seq: int, *, awaiting_ai: bool, view: str | None = None) -> News:
    records = [{"seq": number, "type": "x"} for number in range(after + 1, seq + 1)]
    opening = None if view is None else {"seq": seq, "body": view}
    return News.told(
        after=after,
        seq=seq,
        status="active",
        awaiting_ai=awaiting_ai,
        records=records,
        opening=opening,
    )


def _kinds(chunks: list[str] | None) -> list[tuple[str | None, str]]:
    assert chunks is not None
    parsed = []
    for chunk in "".join(chunks).split("\n\n")[:-1]:
        fields = dict(line.split(": ", 1) for line in chunk.splitlines())
        parsed.append((fields.get("id"), fields.get("event", "message")))
    return parsed


def test_news_reads_back_as_it_was_written() -> None:
    news = _news(4, 7, awaiting_ai=False, view="é\n\x1e")  # escaped in JSON text
    assert News.parse(news.text()) == news
    waiting = _news(4, 5, awaiting_ai=True)
    assert waiting.view is None and News.parse(waiting.text()) == waiting


def test_news_that_begins_where_the_stream_stands_is_sent_whole() -> None:
    cursor = _cursor(4)
    chunks = heard(cursor, _news(4, 7, awaiting_ai=False, view="v"))
    assert _kinds(chunks) == [("5", "message"), ("6", "message"), ("7", "message"),
                              (None, "match"), (None, "view")]  # fmt: skip
    assert (cursor.seq, cursor.shown, cursor.viewed) == (7, (7, "active", False), 7)
    # The AIs' turn: the events and the state, no view.
    assert _kinds(heard(cursor, _news(7, 9, awaiting_ai=True))) == [
        ("8", "message"), ("9", "message"), (None, "match"),
    ]  # fmt: skip


def test_news_a_read_already_sent_adds_only_the_state_it_had_not_seen() -> None:
    # A read found the events of seq 7 but the match row as of seq 4.
    cursor = _cursor(7, shown=(4, "active", True))
    assert _kinds(heard(cursor, _news(4, 7, awaiting_ai=False, view="v"))) == [
        (None, "match"), (None, "view"),
    ]  # fmt: skip
    assert heard(cursor, _news(4, 7, awaiting_ai=False, view="v")) == []  # heard twice
    assert heard(cursor, _news(2, 4, awaiting_ai=True)) == []  # older than the stream


def test_news_past_a_gap_or_without_its_body_asks_for_a_read_and_changes_nothing() -> None:
    cursor = _cursor(4)
    assert heard(cursor, _news(5, 7, awaiting_ai=True)) is None  # seq 5 was never heard
    assert heard(cursor, _news(4, 7, awaiting_ai=False)) is None  # its body did not fit
    assert (cursor.seq, cursor.shown, cursor.viewed) == (4, None, None)


def test_news_too_long_for_a_notification_is_left_for_the_streams_to_read() -> None:
    small = _news(0, 1, awaiting_ai=False, view="v")
    _, (_, payload) = streams.notify_statement("m", small)
    assert payload == "m\n" + small.text()
    large = _news(0, 1, awaiting_ai=False, view="v" * streams.NOTIFY_PAYLOAD_MAX)
    _, (_, payload) = streams.notify_statement("m", large)
    assert payload == "m"


# --- every commit of real matches: the news against a read at the same commit ----------------


@pytest.fixture
def notifications() -> Iterator[psycopg.Connection[Any]]:
    """A connection listening on the streams' channel, as a serving process's listener."""
    from django.db import connection

    params = connection.get_connection_params()
    keep = ("dbname", "user", "password", "host", "port")
    listener = psycopg.connect(
        **{key: value for key, value in params.items() if key in keep}, autocommit=True
    )
    listener.execute(f"LISTEN {streams.CHANNEL}")
    try:
        yield listener
    finally:
        listener.close()


def _heard_once(listener: psycopg.Connection[Any], key: str) -> News:
    """The one notification the last commit sent for ``key``, which must carry news."""
    ready, _, _ = select.select([listener.fileno()], [], [], 5)
    assert ready, "no notification"
    notes = [note.payload for note in listener.notifies(timeout=0.2, stop_after=10)]
    assert [payload.partition("\n")[0] for payload in notes] == [key]
    _, told, text = notes[0].partition("\n")
    assert told, "the notification carried no news"
    return News.parse(text)


def _step(listener: psycopg.Connection[Any], key: str, told: Cursor, read: Cursor) -> str:
    """The last commit's news sent to ``told``, a read for ``read``: the same text."""
    news = _heard_once(listener, key)
    by_news = heard(told, news)
    by_read = streams.feed_step(read)
    assert by_news is not None, "the news did not join on where the stream stood"
    assert by_read is not None
    # The same events, state and body; a stored payload's keys come back in jsonb's order.
    assert _parsed(by_news) == _parsed(by_read)
    assert (told.seq, told.shown, told.viewed) == (read.seq, read.shown, read.viewed)
    return "".join(by_news)


def _parsed(chunks: list[str]) -> list[tuple[str | None, str, Any]]:
    parsed = []
    for chunk in "".join(chunks).split("\n\n")[:-1]:
        fields = dict(line.split(": ", 1) for line in chunk.splitlines())
        parsed.append(
            (fields.get("id"), fields.get("event", "message"), json.loads(fields["data"]))
        )
    return parsed


def _move(view: dict[str, Any]) -> dict[str, Any]:
    legal = view["legal_actions"]
    if legal.get("can_lock"):
        return {"kind": "lock", "card": legal["lockable"][0]}
    if legal.get("can_check"):
        return {"kind": "check"}
    if legal.get("can_call"):
        return {"kind": "call"}
    return {"kind": "fold"}


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("game", ["holdem", "updown"])
def test_every_commit_tells_its_streams_what_a_read_would_send(
    game: str, notifications: psycopg.Connection[Any]
) -> None:
    from bots import tasks
    from games import selectors, services
    from games.models import Match, Player

    player = Player.objects.create()
    with services.driving_ai_turns():
        started = services.match_start(player=player, game=game, level="medium")
    match_id = str(started.match.id)
    key = streams.match_key(match_id)
    _heard_once(notifications, key)
    told = Cursor(match_id, player.id, None, (None, player.id), started.match.seq)
    read = Cursor(match_id, player.id, None, (None, player.id), started.match.seq)
    told.session_due = read.session_due = False
    views = 0
    for turn in range(40):
        match = Match.objects.get(id=match_id)
        if match.status != Match.Status.ACTIVE:  # over: a new segment, and play on
            with services.driving_ai_turns():
                services.match_restart(match_id=match_id, player=player)
        elif match.awaiting_ai:
            tasks.play(match_id, match.seq)
        else:
            view = selectors.match_opening(match)["view"]
            with services.driving_ai_turns():
                # A new segment at turn 20 (no hand in play, the last hands' starts kept), and
                # once knocked out: the AIs alone would play on in chains of several commits.
                if turn == 20 or view["legal_actions"] is None:
                    services.match_restart(match_id=match_id, player=player)
                else:
                    services.match_act(match_id=match_id, player=player, **_move(view))
        views += "event: view" in _step(notifications, key, told, read)
    assert views >= 10  # the human's turn came back many times, each with its body
