"""Live streams of matches (``GET /api/matches/{id}/stream/``): the feed pushed as it grows.

A stream sends exactly what the feed (:func:`games.selectors.match_feed`) would answer a poll
after the last seq it sent, as server-sent events, whenever the match changes:

- an append wakes the streams of its match at once. On PostgreSQL the appending transaction
  sends ``NOTIFY`` (one statement in the batched writes, delivered only if it commits, whichever
  process appended: a web process, a Celery worker) and each serving process holds one
  ``LISTEN`` connection (a thread, :func:`listening`) that wakes its own streams. Elsewhere
  (SQLite, ``make run``) the commit wakes them in-process. docs/architecture.md, "Live streams",
  says why PostgreSQL's and not Redis's pub/sub;
- the notification of a commit carries the news itself when it fits PostgreSQL's payload
  (:class:`News`: the new events as the owner's feed gives them, already as the stream's text,
  the match's state and, when it waits on its human, its body), so a woken stream that stands
  where the news begins sends it without reading anything (:func:`heard`);
- otherwise (a notification without news, a gap, a log-out's wake, a recheck, SQLite) a woken
  stream reads the feed once (:func:`feed_step`), and the match body when the match waits on
  its human (its session too when a log-out of its player woke it, or at a recheck: an append
  alone costs no session read), on a small shared pool of reader threads
  (``STREAM_READERS``), then waits again holding no database connection, however many streams
  a process serves;
- a heartbeat comment every ``STREAM_HEARTBEAT_SECONDS`` keeps proxies from closing it, and
  every ``STREAM_RECHECK_SECONDS`` the stream reads once more on its own (its session still
  the match owner's? anything a lost notification hid?); logging out wakes the session's
  streams, which then find it gone and end.

Served asynchronously (:mod:`cardavia.asgi`, gunicorn's uvicorn workers) a waiting stream is a
coroutine; under a WSGI server (the development server of ``make run``) it is driven from the
request's thread by an event loop of its own (:func:`blocking`).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import os
import threading
import time
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any
from uuid import UUID

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections, connection, connections, transaction
from django.http import HttpRequest, StreamingHttpResponse
from rest_framework.utils.encoders import JSONEncoder

from games import selectors
from games.models import Match, Player
from games.players import SessionOwner, session_owner

logger = logging.getLogger(__name__)

CHANNEL = "cardavia_streams"  # the PostgreSQL channel every stream's wake-up goes through
HEARTBEAT = ": heartbeat\n\n"
# PostgreSQL refuses a notification payload of 8,000 bytes or more (its default build).
NOTIFY_PAYLOAD_MAX = 7999


def match_key(match_id: UUID | str) -> str:
    return str(match_id)


def player_key(player_id: int) -> str:
    return f"player:{player_id}"


@dataclass(frozen=True)
class News:
    """What one commit appended to a match, as its owner's streams send it: the events after
    seq ``after`` up to ``seq`` (their text as the stream sends them), the match's state at
    ``seq``, and, when the match does not wait on an AI, the ``view`` event's text (the match
    body, as :func:`games.selectors.match_opening` reads it)."""

    after: int
    seq: int
    status: str
    awaiting_ai: bool
    events: str
    view: str | None

    @classmethod
    def told(
        cls,
        *,
        after: int,
        seq: int,
        status: str,
        awaiting_ai: bool,
        records: Iterable[dict[str, Any]],
        opening: dict[str, Any] | None,
    ) -> News:
        """The news of the feed records appended after ``after``; ``opening`` the match body
        when the match waits on its human or is over (else None)."""
        return cls(
            after=after,
            seq=seq,
            status=status,
            awaiting_ai=awaiting_ai,
            events="".join(_sse(item, ident=item["seq"]) for item in records),
            view=None if opening is None else _sse(opening, event="view"),
        )

    def text(self) -> str:
        # JSON text escapes every control character, so the record separator never occurs in
        # the events' or the view's text.
        head = f"{self.after} {self.seq} {self.status} {int(self.awaiting_ai)}"
        return f"{head}\n{self.events}\x1e{self.view or ''}"

    @classmethod
    def parse(cls, text: str) -> News:
        head, _, rest = text.partition("\n")
        after, seq, status, awaiting = head.split(" ")
        events, _, view = rest.partition("\x1e")
        return cls(int(after), int(seq), status, awaiting == "1", events, view or None)


# --- who is waiting: the streams of this process, by match and by player -----------------------


Wake = Callable[[News | None], None]  # a stream's wake-up: the news, or None (read instead)


class Hub:
    """The wake-up callbacks of this process's open streams, by key; thread-safe (wakes come
    from the listener thread, a request's commit or the embedded AI thread)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: dict[str, set[Wake]] = {}

    def subscribe(self, keys: Iterable[str], wake: Wake) -> Callable[[], None]:
        keys = tuple(keys)
        with self._lock:
            for key in keys:
                self._waiting.setdefault(key, set()).add(wake)

        def unsubscribe() -> None:
            with self._lock:
                for key in keys:
                    waiting = self._waiting.get(key)
                    if waiting is not None:
                        waiting.discard(wake)
                        if not waiting:
                            del self._waiting[key]

        return unsubscribe

    def wake(self, key: str, news: str | None = None) -> None:
        """Wake ``key``'s streams, with the commit's news (:meth:`News.text`) if it came; read
        only when some stream of this process follows ``key``."""
        with self._lock:
            woken = list(self._waiting.get(key, ()))
        told = News.parse(news) if news and woken else None
        for wake in woken:
            wake(told)

    def wake_all(self) -> None:
        with self._lock:
            woken = {wake for waiting in self._waiting.values() for wake in waiting}
        for wake in woken:
            wake(None)

    def count(self) -> int:
        with self._lock:
            return len({wake for waiting in self._waiting.values() for wake in waiting})


HUB = Hub()


# --- the writers' side: say that a match (or a player's session) changed ------------------------


def notifies_through_database() -> bool:
    return connection.vendor == "postgresql"


def notify_statement(key: str, news: News | None = None) -> tuple[str, list[str]]:
    """The statement that wakes ``key``'s streams in every process once its transaction
    commits (PostgreSQL), with ``news`` when it fits the notification: the batched writes of an
    append carry it (games.services)."""
    payload = key
    if news is not None:
        told = f"{key}\n{news.text()}"
        if len(told.encode()) <= NOTIFY_PAYLOAD_MAX:
            payload = told
    return "SELECT pg_notify(%s, %s)", [CHANNEL, payload]


def announce(key: str) -> None:
    """Wake ``key``'s streams once the current transaction commits (at once outside one)."""
    if notifies_through_database():
        sql, params = notify_statement(key)
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
    else:
        transaction.on_commit(lambda: HUB.wake(key), robust=True)


def match_changed(match_id: UUID | str) -> None:
    announce(match_key(match_id))


def player_left(player_id: int) -> None:
    """A session of the player ended (log-out): its streams look at their session again."""
    announce(player_key(player_id))


# --- the listener: one PostgreSQL connection per process, in a thread --------------------------

_listener_lock = threading.Lock()
_listener: tuple[int, threading.Thread] | None = None  # (pid, thread): a fork starts its own
_listening = threading.Event()
_stopping = threading.Event()


def listening() -> None:
    """Make sure this process hears the other processes' appends (PostgreSQL only)."""
    global _listener
    if not notifies_through_database():
        return
    with _listener_lock:
        if _listener is not None and _listener[0] == os.getpid() and _listener[1].is_alive():
            return
        _listening.clear()
        _stopping.clear()
        thread = threading.Thread(target=_listen, name="cardavia-stream-listener", daemon=True)
        _listener = (os.getpid(), thread)
        thread.start()


def listener_ready(timeout: float) -> bool:
    return _listening.wait(timeout)


def _listen() -> None:
    import psycopg

    params = connection.get_connection_params()
    conninfo = {
        key: value
        for key, value in params.items()
        if key in ("dbname", "user", "password", "host", "port", "sslmode", "options")
    }
    while not _stopping.is_set():
        try:
            with psycopg.connect(
                **conninfo, autocommit=True, application_name="cardavia-streams"
            ) as listener:
                listener.execute(f"LISTEN {CHANNEL}")
                _listening.set()
                # Whatever was appended while nobody listened (a restart of the database):
                # every stream reads once more.
                HUB.wake_all()
                while not _stopping.is_set():
                    for note in listener.notifies(timeout=1.0):
                        key, _, news = note.payload.partition("\n")
                        HUB.wake(key, news or None)
        except Exception:
            _listening.clear()
            logger.warning("stream listener lost its connection; reconnecting", exc_info=True)
            time.sleep(1.0)


# --- one stream ---------------------------------------------------------------------------------


@dataclass
class Cursor:
    """Where one stream stands: its match and owner, the session that opened it, the last seq
    sent and the match's (seq, status, ``awaiting_ai``) as last sent."""

    match_id: str
    player_id: int
    session_key: str | None
    owner: SessionOwner
    seq: int
    shown: tuple[int, str, bool] | None = None
    viewed: int | None = None  # the seq of the last match body sent
    keys: tuple[str, ...] = field(default=())
    # Read the session again at the next step: the first, after a log-out's wake (the player's
    # key) and at each recheck. A wake for the match alone trusts the session as last read, so
    # that pushing a move costs no session read (logging out always wakes the player's key).
    session_due: bool = True

    @classmethod
    def open(cls, request: HttpRequest, match: Match, player: Player, after: int) -> Cursor:
        return cls(
            match_id=str(match.pk),
            player_id=int(player.pk),
            session_key=request.session.session_key,
            owner=session_owner(request.session),
            seq=after,
            keys=(match_key(match.pk), player_key(player.pk)),
        )


def feed_step(cursor: Cursor) -> list[str] | None:
    """What the stream sends now: the feed after ``cursor.seq`` (each event with its seq as its
    id) and the match's state if it changed; None once the stream must end (the session no
    longer the owner's, the match gone)."""
    if cursor.session_due:
        if not _session_still_owner(cursor):
            return None
        cursor.session_due = False
    try:
        match = selectors.match_get(
            match_id=cursor.match_id, player=Player(pk=cursor.player_id), snapshot=True
        )
    except Exception:  # MatchNotFound: deleted, or no longer this player's
        return None
    feed = selectors.match_feed(match, after=cursor.seq)
    chunks = [_sse(item, ident=item["seq"]) for item in feed["events"]]
    cursor.seq = feed["seq"]
    # As of the match row read (events appended since may have been sent before it).
    return chunks + _state_chunks(
        cursor,
        match.seq,
        feed["status"],
        feed["awaiting_ai"],
        lambda: _sse(selectors.match_opening(match), event="view"),
    )


def heard(cursor: Cursor, news: News) -> list[str] | None:
    """What the stream sends for a commit's ``news`` with no read, or None when it must read
    instead: the news begins past where the stream stands (a notification was missed, or the
    stream has not read yet)."""
    if news.seq < cursor.seq:
        return []  # a read already sent this and more; the later commits' news follow
    if news.seq == cursor.seq:
        events = ""  # a read already sent these events; its state may be older
    elif news.after == cursor.seq:
        events = news.events
    else:
        return None
    view = news.view
    if not news.awaiting_ai and view is None:
        return None  # the body is sent with the state it belongs to, or read
    cursor.seq = news.seq
    chunks = [events] if events else []
    return chunks + _state_chunks(
        cursor, news.seq, news.status, news.awaiting_ai, lambda: view or ""
    )


def _state_chunks(
    cursor: Cursor, seq: int, status: str, awaiting_ai: bool, view: Callable[[], str]
) -> list[str]:
    """The match's state at ``seq`` and, when it waits on its human, its ``view`` event, each
    unless already sent."""
    chunks = []
    # Sent whenever the match moved, not only when status or awaiting_ai changed: a read that
    # finds a human's move and the AIs' whole answer at once (a busy server reads later) sees
    # the same (active, not awaiting) as before, yet the client must learn that this state
    # stands as of the new seq.
    shown = (seq, status, awaiting_ai)
    if shown != cursor.shown:
        cursor.shown = shown
        state = {"seq": seq, "status": status, "awaiting_ai": awaiting_ai}
        chunks.append(_sse(state, event="match"))
    if not awaiting_ai and cursor.viewed != seq:
        # The match waits on its human (or is over): the body GET /api/matches/{id}/ would
        # answer, so the table needs no read of its own after the AIs' moves.
        cursor.viewed = seq
        chunks.append(view())
    return chunks


def _sse(data: object, *, ident: int | None = None, event: str | None = None) -> str:
    lines = [] if ident is None else [f"id: {ident}"]
    if event is not None:
        lines.append(f"event: {event}")
    lines.append("data: " + json.dumps(data, cls=JSONEncoder, separators=(",", ":")))
    return "\n".join(lines) + "\n\n"


def _session_still_owner(cursor: Cursor) -> bool:
    if cursor.session_key is None:
        return False
    store = import_module(settings.SESSION_ENGINE).SessionStore(cursor.session_key)
    return session_owner(store) == cursor.owner


_readers_lock = threading.Lock()
_readers: ThreadPoolExecutor | None = None


def _reader_pool() -> ThreadPoolExecutor:
    global _readers
    with _readers_lock:
        if _readers is None:
            _readers = ThreadPoolExecutor(
                max_workers=settings.STREAM_READERS, thread_name_prefix="cardavia-stream-reader"
            )
        return _readers


def shutdown() -> None:
    """Stop listening and close the readers' connections (a test server inside the test
    process, before its database is dropped); the next stream starts them again."""
    global _listener, _readers
    with _listener_lock:
        listener, _listener = _listener, None
    if listener is not None:
        _stopping.set()
        listener[1].join(timeout=5)
    with _readers_lock:
        readers, _readers = _readers, None
    if readers is not None:
        # One task per thread (each waits for the others), each closing its thread's connection.
        everyone = threading.Barrier(settings.STREAM_READERS)

        def close_own() -> None:
            connections.close_all()
            with contextlib.suppress(threading.BrokenBarrierError):
                everyone.wait(timeout=5)

        for _ in range(settings.STREAM_READERS):
            readers.submit(close_own)
        readers.shutdown(wait=True)


def _read(cursor: Cursor) -> list[str] | None:
    # As Django does around a request: drop a connection that broke or grew too old.
    close_old_connections()
    return feed_step(cursor)


async def event_stream(cursor: Cursor) -> AsyncGenerator[str, None]:
    """The stream's text: the feed as it grows, until the session ends or the client leaves."""
    loop = asyncio.get_running_loop()
    woken = asyncio.Event()
    told: collections.deque[News | None] = collections.deque()  # since the last send

    def tell(news: News | None) -> None:  # on the loop
        told.append(news)
        woken.set()

    def wake(news: News | None) -> None:  # from any thread
        loop.call_soon_threadsafe(tell, news)

    def session_changed(news: News | None) -> None:  # from any thread
        cursor.session_due = True
        wake(None)

    matches = [key for key in cursor.keys if not key.startswith("player:")]
    players = [key for key in cursor.keys if key.startswith("player:")]
    leave_match = HUB.subscribe(matches, wake)
    leave_player = HUB.subscribe(players, session_changed)
    read = sync_to_async(_read, thread_sensitive=False, executor=_reader_pool())
    listening()
    try:
        yield f"retry: {settings.STREAM_RETRY_MS}\n\n"
        chunks: list[str] = []
        must_read = True  # the first step reads: where the stream begins
        while True:
            woken.clear()  # a wake from now on steps again
            if must_read:
                told.clear()  # the read covers everything they tell
                read_chunks = await read(cursor)
                if read_chunks is None:
                    return
                chunks += read_chunks
            if chunks:
                yield "".join(chunks)
            checked = loop.time()
            while not woken.is_set():
                try:
                    await asyncio.wait_for(woken.wait(), settings.STREAM_HEARTBEAT_SECONDS)
                except TimeoutError:
                    yield HEARTBEAT
                    if loop.time() - checked >= settings.STREAM_RECHECK_SECONDS:
                        cursor.session_due = True
                        break
            # The session is read (a log-out's wake, a recheck) before anything is sent.
            chunks, must_read = ([], True) if cursor.session_due else _told(cursor, told)
    finally:
        leave_match()
        leave_player()


def _told(cursor: Cursor, told: collections.deque[News | None]) -> tuple[list[str], bool]:
    """What the news heard since the last send adds, in order, and whether the stream must
    read after it (a wake without news, or news it cannot join on)."""
    chunks: list[str] = []
    while told:
        news = told.popleft()
        step = None if news is None else heard(cursor, news)
        if step is None:
            return chunks, True
        chunks += step
    return chunks, False


def blocking(stream: AsyncGenerator[str, None]) -> Iterator[str]:
    """``stream`` for a WSGI server: driven by an event loop of its own in the request's thread
    (Django would read an asynchronous body to its end before sending any of it)."""
    loop = asyncio.new_event_loop()
    try:
        while True:
            try:
                chunk = loop.run_until_complete(anext(stream))
            except StopAsyncIteration:
                return
            yield chunk
    finally:
        loop.run_until_complete(stream.aclose())
        loop.close()


def response(cursor: Cursor, *, asynchronous: bool) -> StreamingHttpResponse:
    """The stream's response; the opening request's database connection is closed first, so
    the stream holds none while it waits."""
    stream = event_stream(cursor)
    body: AsyncIterator[str] | Iterator[str] = stream if asynchronous else blocking(stream)
    answer = StreamingHttpResponse(body, content_type="text/event-stream")
    answer["Cache-Control"] = "no-cache"
    answer["X-Accel-Buffering"] = "no"  # nginx and its kin: pass each event on at once
    if not connection.in_atomic_block:
        connection.close()
    return answer
