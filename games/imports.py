"""Hand histories in: an uploaded file becomes a :class:`HandImport`, and each hand of it an
imported ``Match`` (origin "imported") holding that one hand's events, with its
:class:`ImportedHand` row saying where it came from.

:func:`import_create` checks the upload (size, a compressed file's growth, that it is a hand
history at all), keeps it on disk and queues ``games.tasks.import_hands``; :func:`import_run`
splits the file lazily (a hand at a time: :func:`games.engine.holdem.importing.hand_readers`),
has each hand read, played and made into its rows (by worker processes for a large file:
:mod:`games.import_rows`) and stores hands in batches, each batch one transaction: every row
of a hand (its match, its events by COPY, its hand row, its source row) or none. Hands already
imported by the owner — the same room's hand id, or the same content when the history has no
id — are skipped.
"""

from __future__ import annotations

import functools
import gzip
import io
import json
import logging
import os
import re
import uuid
import zipfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import IO, Any, BinaryIO, TextIO

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.db import IntegrityError, connection, transaction
from django.db.models import (
    BooleanField,
    Count,
    F,
    FloatField,
    ForeignKey,
    IntegerField,
    JSONField,
    Q,
    TextField,
    UUIDField,
)
from django.db.models.functions import Cast
from django.utils import timezone

from games.engine.errors import ErrorCode, render
from games.engine.events import from_record, to_record
from games.engine.holdem import HOLDEM
from games.engine.holdem.events import HandStarted
from games.engine.holdem.game import UNKNOWN_CARD
from games.engine.holdem.importing import NotAHandHistory, RefusedHand, hand_readers, sniff
from games.errors import ApplicationError, HandNotFound
from games.hooks import SeatPersona
from games.import_rows import StoredHand, chunks, copy_value, hand_number, stored_hands
from games.models import Event as EventRow
from games.models import HandImport, HandSummary, HoldemStatLine, ImportedHand, Match, Player

logger = logging.getLogger(__name__)

BATCH_HANDS = 1000  # hands per transaction
SNIFF_BYTES = 64 * 1024


@dataclass(frozen=True)
class Limits:
    """What an upload may be (documented in the README)."""

    max_upload: int  # bytes as sent
    max_uncompressed: int  # bytes once a .gz or .zip is opened
    max_ratio: int  # how many times a compressed file may grow


def limits() -> Limits:
    return Limits(
        max_upload=int(getattr(settings, "IMPORT_MAX_UPLOAD_BYTES", 100 * 1024 * 1024)),
        max_uncompressed=int(getattr(settings, "IMPORT_MAX_UNCOMPRESSED_BYTES", 500 * 1024**2)),
        max_ratio=int(getattr(settings, "IMPORT_MAX_COMPRESSION_RATIO", 50)),
    )


def import_dir() -> Path:
    path = Path(getattr(settings, "IMPORT_DIR", Path(settings.BASE_DIR) / "var" / "imports"))
    path.mkdir(parents=True, exist_ok=True)
    return path


# --- reading imports and imported hands -----------------------------------------------------


def player_imports(player: Player | None) -> Any:
    """The player's imports, newest first (none before they have a player)."""
    if player is None:
        return HandImport.objects.none()
    return HandImport.objects.filter(owner=player).order_by("-created_at")


def import_get(*, owner: Player, import_id: str) -> HandImport | None:
    try:
        return HandImport.objects.filter(owner=owner, id=uuid.UUID(str(import_id))).first()
    except ValueError:
        return None


def import_body(job: HandImport) -> dict[str, Any]:
    """The import as the API shows it."""
    return {
        "id": str(job.id),
        "file_name": job.file_name,
        "size": job.size,
        "status": job.status,
        "progress": {
            "bytes_done": job.bytes_done,
            "bytes_total": job.size,
            "hands_read": job.hands_read,
        },
        "imported": job.imported,
        "skipped": job.skipped,
        "refused": job.refused,
        "error": job.error,
        "created_at": job.created_at.isoformat(),
        "finished_at": job.finished_at.isoformat() if job.finished_at else None,
    }


# The forms the API's schema names (OpenAPI's date and uuid), and no more: date.fromisoformat
# and uuid.UUID also read "20240131" and braced or unhyphenated ids.
ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
CANONICAL_UUID = re.compile(r"[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")


@dataclass(frozen=True)
class HandFilters:
    """What a list of imported hands keeps to (each None: no filter)."""

    room: str | None = None
    player: str | None = None
    date_from: date | None = None
    date_to: date | None = None
    hand_import: uuid.UUID | None = None

    @classmethod
    def from_query(cls, query: Any) -> HandFilters:
        """From a request's query parameters; a malformed one is refused (400 invalid)."""
        problems: dict[str, list[str]] = {}

        def parsed[T](name: str, form: re.Pattern[str], read: Callable[[str], T]) -> T | None:
            text = query.get(name)
            if text is None:
                return None
            try:
                if not form.fullmatch(text):
                    raise ValueError(text)
                return read(text)
            except ValueError:
                problems[name] = [f"Not a valid {name}."]
                return None

        filters = cls(
            room=query.get("room") or None,
            player=query.get("player") or None,
            date_from=parsed("date_from", ISO_DATE, date.fromisoformat),
            date_to=parsed("date_to", ISO_DATE, date.fromisoformat),
            hand_import=parsed("import", CANONICAL_UUID, uuid.UUID),
        )
        if problems:
            raise ApplicationError(ErrorCode.INVALID, fields=problems)
        return filters


def player_imported_hands(player: Player | None, filters: HandFilters) -> Any:
    """The player's imported hands, the latest played first."""
    if player is None:
        return ImportedHand.objects.none()
    hands = ImportedHand.objects.filter(owner=player)
    if filters.room:
        hands = hands.filter(room=filters.room)
    if filters.player:
        # Names are matched whole, as a JSON string within the list.
        quoted = json.dumps(filters.player, ensure_ascii=False)
        hands = hands.annotate(names=Cast("players", TextField())).filter(names__contains=quoted)
    if filters.date_from:
        hands = hands.filter(played_at__date__gte=filters.date_from)
    if filters.date_to:
        hands = hands.filter(played_at__date__lte=filters.date_to)
    if filters.hand_import:
        hands = hands.filter(hand_import_id=filters.hand_import)
    return hands.order_by(F("played_at").desc(nulls_last=True), "-created_at", "pk")


def imported_hand_body(hand: ImportedHand) -> dict[str, Any]:
    return {
        "id": str(hand.match_id),
        "room": hand.room,
        "hand_id": hand.source_hand_id,
        "played_at": hand.played_at.isoformat() if hand.played_at else None,
        "table": hand.table_name,
        "unit": hand.unit,
        "scale": hand.scale,
        "small_blind": hand.small_blind,
        "big_blind": hand.big_blind,
        "players": list(hand.players),
        "hero": hand.hero,
        "pot": hand.pot_total,
        "rake": hand.rake,
        "went_to_showdown": hand.went_to_showdown,
        "file_name": hand.file_name,
        "line": hand.line,
        "import": str(hand.hand_import_id) if hand.hand_import_id else None,
    }


def source_body(hand: ImportedHand) -> dict[str, Any]:
    """Where an imported hand comes from, as its replay and analysis carry it (``source``)."""
    return {
        "room": hand.room,
        "hand_id": hand.source_hand_id,
        "played_at": hand.played_at.isoformat() if hand.played_at else None,
        "table": hand.table_name,
        "unit": hand.unit,
        "scale": hand.scale,
        "file_name": hand.file_name,
        "line": hand.line,
        "players": list(hand.players),
        "hero": hand.hero,
    }


def imported_replay(match: Match, hand_number: int) -> dict[str, Any]:
    """An imported hand's replay: its events with every card its history tells (the hands it
    does not tell stay unknown: ``null``), however far the history goes, and its ``source``."""
    rows = list(EventRow.objects.filter(match=match, hand_number=hand_number).order_by("seq"))
    if not rows:
        raise HandNotFound(hand_number)
    events = [
        {
            "seq": row.seq,
            "created_at": row.created_at.isoformat(),
            **told_record(from_record(row.type, row.version, row.payload)),
        }
        for row in rows
    ]
    source = ImportedHand.objects.get(match=match)
    return {
        "hand_number": hand_number,
        "events": events,
        "commitment": None,
        "seed": None,
        "dealt": None,
        "source": source_body(source),
    }


def told_record(item: Any) -> dict[str, Any]:
    """An imported hand's event as its history tells it: the deck (which holds placeholders)
    left out, each unknown card ``null``."""
    record = to_record(item)
    payload = record["payload"]
    if isinstance(item, HandStarted):
        payload["deck"] = None
    for key in ("cards", "burned"):
        value = payload.get(key)
        if isinstance(value, list | tuple):
            payload[key] = [None if card == UNKNOWN_CARD else card for card in value]
        elif value == UNKNOWN_CARD:
            payload[key] = None
    return record


def told(value: Any) -> Any:
    """``value`` (a view, JSON-ready) with each unknown card ``null``, as in a told record."""
    if value == UNKNOWN_CARD:
        return None
    if isinstance(value, dict):
        return {key: told(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [told(item) for item in value]
    return value


def imported_players(match: Match) -> list[SeatPersona]:
    """An imported hand's players as its history names them, in seat order (the match body's
    ``players``): people the history names, not our bots, hence the level ``imported``."""
    names = ImportedHand.objects.get(match=match).players
    return [
        SeatPersona(
            seat=seat, name=name, gender=None, level=IMPORTED_LEVEL, style=None, style_label=None
        )
        for seat, name in enumerate(names)
    ]


def imported_hero(match: Match) -> int | None:
    """The seat the history dealt its owner (PokerStars' "Dealt to"), or None."""
    hero = ImportedHand.objects.filter(match=match).values_list("hero", flat=True).first()
    return None if hero is None else int(hero)


def player_rooms(player: Player | None) -> list[dict[str, Any]]:
    if player is None:
        return []
    rows = (
        ImportedHand.objects.filter(owner=player)
        .values("room")
        .annotate(hands=Count("pk"))
        .order_by("room")
    )
    return [{"room": row["room"], "hands": row["hands"]} for row in rows]


# --- creating an import ---------------------------------------------------------------------


def import_create(*, owner: Player, upload: UploadedFile[bytes], queue: bool = True) -> HandImport:
    """Check and keep an uploaded file, and queue its import (refused as a whole: too large,
    a compressed bomb, not a hand history); with ``queue`` False the caller runs it
    (:func:`import_run`)."""
    bounds = limits()
    name = os.path.basename(upload.name or "upload.txt")[:255]
    if upload.size is not None and upload.size > bounds.max_upload:
        raise ApplicationError(ErrorCode.IMPORT_TOO_LARGE, maximum=bounds.max_upload)
    import_id = uuid.uuid4()
    path = import_dir() / f"{import_id}.txt"
    try:
        size = _store_upload(upload, name, path, bounds)
        with _open_text(path) as stream:
            head = stream.read(SNIFF_BYTES).splitlines(keepends=True)[:20]
        if sniff(head) is None:
            raise ApplicationError(ErrorCode.NOT_A_HAND_HISTORY, file_name=name)
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    created = HandImport.objects.create(
        id=import_id, owner=owner, file_name=name, path=str(path), size=size
    )
    if queue:
        transaction.on_commit(lambda: _enqueue(str(import_id)), robust=True)
    return created


def import_file(*, owner: Player, path: Path, queue: bool = False) -> HandImport:
    """An import of a file on this machine (``manage.py import_hands``): checked as an upload
    would be; queued for the worker with ``queue``, else left for the caller to run."""
    with path.open("rb") as raw:
        upload = UploadedFile(raw, name=path.name, size=path.stat().st_size)
        return import_create(owner=owner, upload=upload, queue=queue)


def _enqueue(import_id: str) -> None:
    from games.tasks import import_hands

    import_hands.delay(import_id)


def _store_upload(upload: UploadedFile[bytes], name: str, path: Path, bounds: Limits) -> int:
    """Write the upload to ``path`` as plain text (a .gz or .zip opened, within the limits);
    the bytes written."""
    upload.seek(0)
    magic = upload.read(4)
    upload.seek(0)
    sent = upload.size or 0
    cap = min(bounds.max_uncompressed, max(sent, 1) * bounds.max_ratio)
    if magic[:2] == b"\x1f\x8b":
        return _copy_capped(gzip.GzipFile(fileobj=upload), path, cap, bounds)
    if magic == b"PK\x03\x04":
        with zipfile.ZipFile(upload) as archive:
            members = [info for info in archive.infolist() if not info.is_dir()]
            if len(members) != 1:
                raise ApplicationError(ErrorCode.NOT_A_HAND_HISTORY, file_name=name)
            with archive.open(members[0]) as member:
                return _copy_capped(member, path, cap, bounds)
    with path.open("wb") as out:
        for chunk in upload.chunks():
            out.write(chunk)
    return path.stat().st_size


def _copy_capped(source: IO[bytes] | gzip.GzipFile, path: Path, cap: int, bounds: Limits) -> int:
    """Decompress to ``path``, stopping as soon as it grows past ``cap`` (a bomb never lands)."""
    written = 0
    try:
        with path.open("wb") as out:
            while chunk := source.read(1024 * 1024):
                written += len(chunk)
                if written > cap:
                    raise ApplicationError(
                        ErrorCode.COMPRESSED_BOMB,
                        ratio=bounds.max_ratio,
                        maximum=bounds.max_uncompressed,
                    )
                out.write(chunk)
    except (OSError, EOFError, zipfile.BadZipFile) as broken:
        raise ApplicationError(ErrorCode.NOT_A_HAND_HISTORY, file_name=path.name) from broken
    return written


class _CountingReader(io.RawIOBase):
    """The file's bytes, counting how many were read (the import's progress)."""

    def __init__(self, raw: BinaryIO) -> None:
        self.raw = raw
        self.done = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self.raw.read(len(buffer))
        buffer[: len(data)] = data
        self.done += len(data)
        return len(data)

    def close(self) -> None:
        self.raw.close()
        super().close()


def _open_text(path: Path) -> TextIO:
    return open(path, encoding="utf-8-sig", errors="replace", newline=None)


# --- running an import ----------------------------------------------------------------------


def import_run(import_id: str, *, progress: Callable[[HandImport], None] | None = None) -> None:
    """Read the import's file and store its hands (idempotent: a finished import is left as
    it is; a rerun skips the hands already stored)."""
    updated = HandImport.objects.filter(
        id=import_id, status__in=[HandImport.Status.QUEUED, HandImport.Status.RUNNING]
    ).update(status=HandImport.Status.RUNNING)
    if not updated:
        return
    job = HandImport.objects.select_related("owner").get(id=import_id)
    try:
        _read_and_store(job, progress)
    except Exception:
        logger.exception("import %s failed", import_id)
        job.status = HandImport.Status.FAILED
        job.error = _error(ErrorCode.IMPORT_FAILED)
    job.finished_at = timezone.now()
    job.save()
    Path(job.path).unlink(missing_ok=True)
    if progress is not None:
        progress(job)


def _read_and_store(job: HandImport, progress: Callable[[HandImport], None] | None) -> None:
    path = Path(job.path)
    job.refused, job.imported, job.skipped, job.hands_read = [], 0, 0, 0
    with path.open("rb") as raw:
        counter = _CountingReader(raw)
        stream = io.TextIOWrapper(
            io.BufferedReader(counter, 1024 * 1024),
            encoding="utf-8-sig",
            errors="replace",
            newline=None,
        )
        try:
            readers = hand_readers(stream, job.file_name)
        except NotAHandHistory:
            job.status = HandImport.Status.FAILED
            job.error = _error(ErrorCode.NOT_A_HAND_HISTORY, file_name=job.file_name)
            return
        prepared = stored_hands(
            chunks(readers, lambda: counter.done),
            timezone.now,
            copy_text=connection.vendor == "postgresql",
            workers=_workers(job.size),
        )
        for batch, bytes_done in _batches(prepared):
            fresh = [hand for hand in batch if isinstance(hand, StoredHand)]
            refused = [_refusal(hand) for hand in batch if isinstance(hand, RefusedHand)]
            done = min(bytes_done, job.size)
            saved = functools.partial(_save_progress, job, len(batch), refused, done)
            imported, skipped = store_hands(job, fresh, saved)
            job.imported += imported
            job.skipped += skipped
            job.hands_read += len(batch)
            job.refused += refused
            job.bytes_done = done
            if progress is not None:
                progress(job)
    job.bytes_done = job.size
    job.status = HandImport.Status.DONE


def _workers(size: int) -> int:
    """Worker processes for a file of ``size`` bytes: one per core for a large file, none
    (this process) for a small one, whose hands take less time than starting them."""
    if size < settings.IMPORT_PARALLEL_BYTES:
        return 1
    return settings.IMPORT_WORKERS or os.cpu_count() or 1


def _batches(
    chunked: Iterator[tuple[list[StoredHand | RefusedHand], int]],
) -> Iterator[tuple[list[StoredHand | RefusedHand], int]]:
    """Chunks of hands joined into batches of :data:`BATCH_HANDS` or more (one transaction
    each), with the bytes read up to the batch's last hand."""
    batch: list[StoredHand | RefusedHand] = []
    for hands, bytes_done in chunked:
        batch += hands
        if len(batch) >= BATCH_HANDS:
            yield batch, bytes_done
            batch = []
    if batch:
        yield batch, bytes_done


def _refusal(hand: RefusedHand) -> dict[str, Any]:
    code = ErrorCode(hand.code)
    return {
        "line": hand.line,
        "hand_id": hand.hand_id,
        "code": hand.code,
        "params": hand.params,
        "message": render(code, hand.params),
    }


def _error(code: ErrorCode, **params: Any) -> dict[str, Any]:
    return {"code": code.value, "params": params, "message": render(code, params)}


# --- storing hands --------------------------------------------------------------------------


def store_hands(
    job: HandImport,
    hands: Sequence[StoredHand],
    saved: Callable[[int, int], None] | None = None,
) -> tuple[int, int]:
    """Store the hands not stored yet, in one transaction: (imported, skipped); ``saved``,
    given those, writes the import's progress in the same transaction (one commit a batch,
    and the progress never tells hands a failure did not keep). Should another import store
    one of them meanwhile (a unique key), the batch is tried once more."""
    for attempt in range(2):
        try:
            with transaction.atomic():
                imported, skipped = _store_new(job, hands)
                if saved is not None:
                    saved(imported, skipped)
                return imported, skipped
        except IntegrityError:
            if attempt:
                raise
    raise AssertionError("unreachable")


def _save_progress(
    job: HandImport,
    read: int,
    refused: list[dict[str, Any]],
    bytes_done: int,
    imported: int,
    skipped: int,
) -> None:
    """The import's counts once a batch of ``read`` hands is stored (``job`` holds them before
    it)."""
    HandImport.objects.filter(id=job.id).update(
        bytes_done=bytes_done,
        hands_read=job.hands_read + read,
        imported=job.imported + imported,
        skipped=job.skipped + skipped,
        refused=job.refused + refused,
    )


IMPORTED_LEVEL = "imported"


def _store_new(job: HandImport, hands: Sequence[StoredHand]) -> tuple[int, int]:
    owner_id = job.owner_id
    fresh = _not_stored(job.owner, hands)
    if not fresh:
        return 0, len(hands)
    now = timezone.now()
    _insert(
        Match,
        MATCH_COLUMNS,
        (
            (
                hand.match_id,
                HOLDEM.name,
                Match.Origin.IMPORTED.value,
                owner_id,
                IMPORTED_LEVEL,
                [],
                (Match.Status.FINISHED if hand.finished else Match.Status.ACTIVE).value,
                False,
                hand.event_count,
                False,
                now,
                now,
            )
            for hand in fresh
        ),
    )
    _store_events(fresh)
    hand_ids = _new_ids(HandSummary, len(fresh))
    _insert(
        HandSummary,
        (*(("id",) if hand_ids else ()), "match_id", *HandSummary.VALUE_FIELDS),
        (
            (
                *((hand_ids[number],) if hand_ids else ()),
                hand.match_id,
                *(hand.summary[name] for name in HandSummary.VALUE_FIELDS),
            )
            for number, hand in enumerate(fresh)
        ),
    )
    _insert(
        ImportedHand,
        ("match_id", "owner_id", "hand_import_id", "file_name", "created_at", *SOURCE_COLUMNS),
        (
            (
                hand.match_id,
                owner_id,
                job.id,
                job.file_name,
                now,
                *(hand.source[name] for name in SOURCE_COLUMNS),
            )
            for hand in fresh
        ),
    )
    _insert_stat_lines(owner_id, fresh, hand_ids)
    return len(fresh), len(hands) - len(fresh)


MATCH_COLUMNS = (
    "id",
    "game",
    "origin",
    "owner_id",
    "level",
    "seats",
    "status",
    "watching",
    "seq",
    "awaiting_ai",
    "created_at",
    "updated_at",
)
SOURCE_COLUMNS = (
    "room",
    "source_hand_id",
    "played_at",
    "table_name",
    "line",
    "unit",
    "scale",
    "small_blind",
    "big_blind",
    "players",
    "hero",
    "pot_total",
    "rake",
    "went_to_showdown",
    "fingerprint",
)


def _new_ids(model: Any, count: int) -> list[int] | None:
    """PostgreSQL: ``count`` ids of ``model`` taken from its table's sequence in one query, so
    that the rows pointing at the new rows can be written without reading these back; None on
    another database (its rows take their ids as they are inserted)."""
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
            [model._meta.db_table, model._meta.pk.column, count],
        )
        return [number for (number,) in cursor.fetchall()]


def _insert_stat_lines(
    owner_id: int, hands: Sequence[StoredHand], hand_ids: list[int] | None
) -> None:
    """The owner's statistics line of each finished hand with a hero (the owner's seat), as a
    hand played here has: ``GET /api/stats/?source=imported`` (or a room) adds them up.
    ``hand_ids`` are the hands' summary ids, in order (None: read back)."""
    if hand_ids is None:
        stored = dict(
            HandSummary.objects.filter(match_id__in=[hand.match_id for hand in hands]).values_list(
                "match_id", "pk"
            )
        )
        hand_ids = [stored[hand.match_id] for hand in hands]
    lines = [
        (hand_id, hand.match_id, hand.stats)
        for hand_id, hand in zip(hand_ids, hands, strict=True)
        if hand.stats is not None
    ]
    if not lines:
        return
    names = tuple(lines[0][2])
    _insert(
        HoldemStatLine,
        ("hand_id", "player_id", "match_id", "level", *names),
        (
            (hand_id, owner_id, match_id, IMPORTED_LEVEL, *(stats[name] for name in names))
            for hand_id, match_id, stats in lines
        ),
    )


def _insert(model: Any, attnames: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    """Rows of ``model``, each its values of ``attnames`` (JSON fields as Python values), in
    one COPY on PostgreSQL (Django's bulk INSERT elsewhere)."""
    fields = [model._meta.get_field(name) for name in attnames]
    if connection.vendor != "postgresql":
        model.objects.bulk_create(model(**dict(zip(attnames, row, strict=True))) for row in rows)
        return
    texts = [_column_text(field) for field in fields]
    text = "".join(
        "\t".join([text(value) for text, value in zip(texts, row, strict=True)]) + "\n"
        for row in rows
    )
    table = connection.ops.quote_name(model._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    with connection.cursor() as cursor, cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
        copy.write(text.encode())


_BOOLEAN_TEXT = {True: "t", False: "f"}


def _column_text(field: Any) -> Callable[[Any], str]:
    """How a value of ``field`` is written in COPY's text form: numbers and ids that cannot be
    NULL by ``str`` itself, no test of the value (an import writes some ninety values a hand),
    JSON and the rest by :func:`copy_value`."""
    if isinstance(field, JSONField):
        return functools.partial(copy_value, as_json=True)
    if field.null:
        return copy_value
    if isinstance(field, BooleanField):
        return _BOOLEAN_TEXT.__getitem__
    if isinstance(field, IntegerField | FloatField | UUIDField | ForeignKey):
        return str
    return copy_value


def _store_events(hands: Sequence[StoredHand]) -> None:
    """Every event of the batch: the rows the workers wrote as COPY text, in one COPY
    (PostgreSQL), else one bulk INSERT."""
    if connection.vendor != "postgresql":
        EventRow.objects.bulk_create(
            EventRow(
                match_id=hand.match_id,
                seq=seq,
                type=record["type"],
                version=record["version"],
                payload=record["payload"],
                hand_number=hand_number(seq),
            )
            for hand in hands
            for seq, record in enumerate(hand.event_records, start=1)
        )
        return
    table = connection.ops.quote_name(EventRow._meta.db_table)
    columns = "match_id, seq, type, version, payload, hand_number, created_at"
    with (
        connection.cursor() as cursor,
        cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy,
    ):
        # One write: psycopg sends (and waits on) each write on its own.
        copy.write(b"".join(hand.event_copy for hand in hands))


def _not_stored(owner: Player, hands: Sequence[StoredHand]) -> list[StoredHand]:
    """The hands neither stored before nor repeated earlier in this batch."""
    ids = {(hand.room, hand.hand_id) for hand in hands if hand.hand_id}
    prints = {hand.fingerprint for hand in hands if not hand.hand_id}
    query = Q(pk__in=[])
    for room in {room for room, _ in ids}:
        query |= Q(room=room, source_hand_id__in=[hand_id for r, hand_id in ids if r == room])
    if prints:
        query |= Q(source_hand_id="", fingerprint__in=prints)
    stored = ImportedHand.objects.filter(query, owner=owner).values_list(
        "room", "source_hand_id", "fingerprint"
    )
    seen_ids: set[tuple[str, str]] = set()
    seen_prints: set[str] = set()
    for room, hand_id, fingerprint in stored:
        if hand_id:
            seen_ids.add((room, hand_id))
        else:
            seen_prints.add(fingerprint)
    fresh = []
    for hand in hands:
        if hand.hand_id:
            key = (hand.room, hand.hand_id)
            if key in seen_ids:
                continue
            seen_ids.add(key)
        else:
            if hand.fingerprint in seen_prints:
                continue
            seen_prints.add(hand.fingerprint)
        fresh.append(hand)
    return fresh
