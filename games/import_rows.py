"""Each hand of an import as the rows it is stored as, made where the CPU is: the hands are read,
played through our engine and turned into rows by worker processes while the importing process
only stores them (:mod:`games.imports`).

A :class:`StoredHand` is everything the writer needs of one hand: its keys (room, hand id,
fingerprint, to skip what is stored), its events already in PostgreSQL's COPY text form, and
the values of its match, hand summary, source and statistics rows. Nothing here touches the
database, so it runs in a worker process as well as in the importing process itself.

:func:`stored_hands` keeps a bounded number of chunks of hands in flight (memory stays flat in
the file's size) and yields the results in the file's order, so duplicates are decided exactly
as a serial read would.
"""

from __future__ import annotations

import functools
import multiprocessing
import secrets
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from itertools import islice
from typing import Any

import orjson

from games.engine.events import Event, to_record
from games.engine.holdem import HOLDEM
from games.engine.holdem.importing import HandReader, ParsedHand, RefusedHand

CHUNK_HANDS = 50  # hands a worker reads per task
# Chunks in flight per worker: enough to keep the workers busy while the importing process
# gathers and stores a batch (1,000 hands), no more (memory stays flat).
CHUNKS_PER_WORKER = 16


# Not slots: a slots dataclass pickles and unpickles through dataclasses.fields() in Python, a
# plain one through its __dict__ in C, and thousands go between processes each second.
@dataclass(frozen=True)
class StoredHand:
    """One hand ready to store: ``event_copy`` holds its events as COPY text lines (PostgreSQL),
    ``event_records`` them as records (any other database); the other fields are column values
    (JSON columns as Python values)."""

    match_id: uuid.UUID
    room: str
    hand_id: str
    fingerprint: str
    finished: bool
    event_count: int
    event_copy: bytes
    event_records: tuple[dict[str, Any], ...]
    summary: dict[str, Any]
    source: dict[str, Any]
    stats: dict[str, Any] | None  # the hero's statistics line, for a finished hand with a hero


@dataclass(frozen=True, slots=True)
class Chunk:
    """Hands read together, and how far into the file (bytes) the last of them ends."""

    readers: tuple[HandReader, ...]
    bytes_done: int


def prepare(read: HandReader, now: datetime, *, copy_text: bool) -> StoredHand | RefusedHand:
    """The hand read, played and turned into its rows (or its refusal)."""
    hand = read()
    if isinstance(hand, RefusedHand):
        return hand
    match_id = time_ordered_id()
    records = [to_record(item) for item in hand.events]
    return StoredHand(
        match_id=match_id,
        room=hand.room,
        hand_id=hand.hand_id,
        fingerprint=hand.fingerprint,
        finished=hand.finished,
        event_count=len(records),
        event_copy=_event_copy(match_id, records, now) if copy_text else b"",
        event_records=() if copy_text else tuple(records),
        summary=_summary(hand.events),
        source=_source(hand),
        stats=HOLDEM.stats.line(records[1:], hand.hero)
        if HOLDEM.stats is not None and hand.hero is not None and hand.finished
        else None,
    )


def prepare_chunk(
    readers: Sequence[HandReader], now: datetime, copy_text: bool
) -> list[StoredHand | RefusedHand]:
    return [prepare(read, now, copy_text=copy_text) for read in readers]


def time_ordered_id() -> uuid.UUID:
    """A UUID of version 7 (RFC 9562): the time in milliseconds, then 74 random bits. An
    import's keys then land side by side at the end of each index they are in, where random
    ones (version 4) would each need their own page of it once the indexes outgrow
    PostgreSQL's cache. The random bits keep a match's id as unguessable for its owner's links
    as ever; only the import's time shows in it."""
    value = (time.time_ns() // 1_000_000) << 80 | int.from_bytes(secrets.token_bytes(10))
    value = value & ~(0xF << 76) | 0x7 << 76  # the version
    value = value & ~(0x3 << 62) | 0x2 << 62  # the variant
    return uuid.UUID(int=value)


def hand_number(seq: int) -> int | None:
    """The table's start (seq 1) belongs to no hand; the rest to hand 1."""
    return None if seq == 1 else 1


# Payloads as compact JSON (the column is jsonb, which keeps the value, not the spacing); keys
# that are not strings written as strings, as ``json.dumps`` does.
_JSON_OPTIONS = orjson.OPT_NON_STR_KEYS


def _json_text(value: Any) -> str:
    return orjson.dumps(value, option=_JSON_OPTIONS).decode()


def _event_copy(match_id: uuid.UUID, records: Sequence[dict[str, Any]], now: datetime) -> bytes:
    """The events as COPY text rows: match_id, seq, type, version, payload, hand_number,
    created_at (the writer's column order)."""
    prefix = f"{match_id}\t"
    suffix = f"\t{now.isoformat()}\n"
    # Each row's last columns, by seq: only the table's start (seq 1) has another hand number.
    table_end = f"\t{_copy_number(hand_number(1))}{suffix}"
    hand_end = f"\t{_copy_number(hand_number(2))}{suffix}"
    dumps = orjson.dumps
    rows = [
        f"{prefix}{seq}\t{_copy_type(record['type'])}\t{record['version']}\t"
        f"{_copy_escape(dumps(record['payload'], option=_JSON_OPTIONS).decode())}"
        f"{hand_end if seq > 1 else table_end}"
        for seq, record in enumerate(records, start=1)
    ]
    return "".join(rows).encode()


@functools.cache
def _copy_type(type_name: str) -> str:
    """An event type as COPY text, escaped once per type rather than once per row."""
    return _copy_escape(type_name)


def _copy_number(number: int | None) -> str:
    return "\\N" if number is None else str(number)


def copy_value(value: Any, *, as_json: bool = False) -> str:
    """A column's value in COPY's text form: a JSON column's value as compact JSON (as the
    events' payloads), else None as NULL, booleans as ``t`` / ``f``, text escaped, and
    numbers, ids and times as ``str`` writes them."""
    if as_json:
        return _copy_escape(_json_text(value))
    if value is None:
        return "\\N"
    if isinstance(value, bool):
        return "t" if value else "f"
    if isinstance(value, str):
        return _copy_escape(value)
    return str(value)


def _copy_escape(text: str) -> str:
    """COPY's text format: backslash, tab, newline and carriage return escaped (JSON from
    ``json.dumps`` holds no raw control character, but its backslashes must be doubled)."""
    if "\\" in text or "\t" in text or "\n" in text or "\r" in text:
        text = (
            text.replace("\\", "\\\\")
            .replace("\t", "\\t")
            .replace("\n", "\\n")
            .replace("\r", "\\r")
        )
    return text


def _summary(events: Sequence[Event]) -> dict[str, Any]:
    numbered = list(enumerate(events, start=1))[1:]
    summary = HOLDEM.summarize_hand(numbered)
    return {"hand_number": 1, "segment": 0, **summary.stored_fields()}


def _source(hand: ParsedHand) -> dict[str, Any]:
    return {
        "room": hand.room,
        "source_hand_id": hand.hand_id,
        "played_at": hand.played_at,
        "table_name": hand.table[:128],
        "line": hand.line,
        "unit": hand.unit,
        "scale": hand.scale,
        "small_blind": hand.small_blind,
        "big_blind": hand.big_blind,
        "players": list(hand.players),
        "hero": hand.hero,
        "pot_total": hand.pot,
        "rake": hand.rake,
        "went_to_showdown": hand.went_to_showdown,
        "fingerprint": hand.fingerprint,
    }


# --- in flight ------------------------------------------------------------------------------


def chunks(readers: Iterator[HandReader], bytes_done: Callable[[], int]) -> Iterator[Chunk]:
    """The hands in chunks of :data:`CHUNK_HANDS`, each with the bytes read when it was cut."""
    while batch := tuple(islice(readers, CHUNK_HANDS)):
        yield Chunk(batch, bytes_done())


def stored_hands(
    chunked: Iterator[Chunk], now: Callable[[], datetime], *, copy_text: bool, workers: int
) -> Iterator[tuple[list[StoredHand | RefusedHand], int]]:
    """Each chunk's hands prepared (and the bytes read up to its end), in the file's order: by
    ``workers`` processes, a few chunks in flight each (here when ``workers`` < 2). A worker
    that dies fails the import (``BrokenProcessPool``) rather than leave it waiting."""
    if workers < 2:
        for chunk in chunked:
            yield prepare_chunk(chunk.readers, now(), copy_text), chunk.bytes_done
        return
    with (
        _children_allowed(),
        ProcessPoolExecutor(workers, mp_context=_context()) as pool,
    ):
        try:
            yield from _in_pool(pool, chunked, now, copy_text, workers * CHUNKS_PER_WORKER)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


def _context() -> multiprocessing.context.ForkServerContext:
    """Workers forked from a server process that loaded this module, not from the importing
    process: forking a process with threads (a Celery worker's, a test runner's) may copy a
    lock some thread holds."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return context


@contextmanager
def _children_allowed() -> Iterator[None]:
    """A Celery prefork worker is a daemonic process, which multiprocessing forbids to start
    children lest they outlive it when it is ended; ours do not outlive the import: the pool is
    shut down (its workers joined) before this returns, whatever happens. Its key, which each
    child inherits, is billiard's, which the standard library's pickler refuses: the same bytes
    as the standard library's type while the workers start."""
    config = multiprocessing.current_process()._config  # type: ignore[attr-defined]  # no public switch
    saved = dict(config)
    config["daemon"] = False
    if "authkey" in config:
        # Not in typeshed: the bytes type multiprocessing keeps a process's key as.
        key_type = multiprocessing.process.AuthenticationString  # type: ignore[attr-defined]
        config["authkey"] = key_type(bytes(config["authkey"]))
    try:
        yield
    finally:
        config.clear()
        config.update(saved)


def _in_pool(
    pool: ProcessPoolExecutor,
    chunked: Iterator[Chunk],
    now: Callable[[], datetime],
    copy_text: bool,
    in_flight: int,
) -> Iterator[tuple[list[StoredHand | RefusedHand], int]]:
    pending: deque[tuple[Future[list[StoredHand | RefusedHand]], int]] = deque()
    for chunk in chunked:
        pending.append(
            (pool.submit(prepare_chunk, chunk.readers, now(), copy_text), chunk.bytes_done)
        )
        if len(pending) >= in_flight:
            result, done = pending.popleft()
            yield result.result(), done
    while pending:
        result, done = pending.popleft()
        yield result.result(), done
