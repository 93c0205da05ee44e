"""Writes to the event store: every change to a match is a command turned into events here.

Each service opens its own transaction: lock the match row (:func:`games.selectors.match_get`
with ``lock=True``, checking the owner once), fold its state, let the game decide, append the
events with the next sequence numbers, refresh the snapshot and read models. The unique
``(match, seq)`` constraint is the last guard against two writers.

Each process remembers what its last append left of a match (:class:`Known`: the folded state,
the open hand, the read model's open row), keyed by the match row's ``(seq, updated_at)``, which
every append rewrites. A command that finds the locked row at exactly that key needs no read of
the snapshot or events; any other command (another process appended, a rollback, a restart of
the server) reads them as before. See docs/store-performance.md. When an AI seat is left to
act, ``games.hooks.ai_turn_due`` is sent only after the transaction commits, so a worker never
sees an uncommitted move; ``games`` does not know who plays the AI seats (``bots`` connects the
hook).
"""

from __future__ import annotations

import contextvars
import functools
import logging
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, ClassVar

from django.db import connection, transaction
from django.db.models import Field, Model
from django.utils import timezone
from psycopg.types.json import Jsonb

from games import hooks, selectors, streams
from games.engine.errors import ErrorCode, refuse
from games.engine.events import Event, to_record
from games.engine.game import ActionRequest
from games.engine.match import advance_match
from games.engine.shuffle import new_seed
from games.errors import MatchNotFound, StaleSequence
from games.hooks import HUMAN
from games.idempotency import inside_keyed_command
from games.models import Event as EventRow
from games.models import HandSummary, Match, Player, Snapshot
from games.projections import Projected, db_values, project
from games.registry import DEFAULT_GAME, AnyGame, game_for
from games.selectors import ai_seat_to_act, match_get, match_state, matches_awaiting_ai
from games.stats import StatLine

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Appended:
    """What one command did: the match after it, the new events with their seqs, the state."""

    match: Match
    events: list[tuple[int, Event]]
    state: Any
    created_at: dict[int, datetime]  # when each new event was stored, by seq


# NO_SAVEPOINT: a player's command runs inside the transaction of its Idempotency-Key (see
# games.idempotency) when it has one. Its own atomic block takes no savepoint there: a refused
# command propagates and rolls that whole transaction back anyway (nothing is stored, the key's
# response neither), and SAVEPOINT and RELEASE were two round trips of every action. Anywhere
# else (a caller's own transaction, a test's) it keeps its savepoint.


def player_create_guest() -> Player:
    return Player.objects.create()


def default_seats(game: AnyGame, level: str) -> list[str]:
    """The owner in the human seat, the chosen level everywhere else."""
    return [HUMAN if seat == game.human_seat else level for seat in range(game.seat_count)]


def match_start(
    *,
    player: Player,
    game: str = DEFAULT_GAME,
    level: str = "medium",
    seats: list[str] | None = None,
    blinds: str = "fixed",
) -> Appended:
    """A new match; ``seats`` (for AI-only matches, e.g. ``simulate``) names every seat's bot;
    ``blinds`` one of the game's ``blinds_options`` (its table is in the match's start event)."""
    rules = game_for(game)
    start = rules.start_match(blinds)  # before anything is stored: an unknown option stores none
    seats = seats if seats is not None else default_seats(rules, level)
    with transaction.atomic(savepoint=not inside_keyed_command()):  # see NO_SAVEPOINT
        match = Match.objects.create(owner=player, game=game, level=level, seats=seats)
        match = match_get(match_id=match.pk, lock=True)
        return _append(match, Known.empty(match, rules), [start], rules)


def match_act(
    *,
    match_id: Any,
    player: Player,
    kind: str,
    amount: int | None = None,
    card: str | None = None,
    expected_seq: int | None = None,
) -> Appended:
    """The human's action in their own match."""
    with transaction.atomic(savepoint=not inside_keyed_command()):  # see NO_SAVEPOINT
        match = _locked(match_id, player)
        game = game_for(match.game)
        _check_expected_seq(match, expected_seq)
        command = game.command(game.human_seat, ActionRequest(kind, amount, card))
        return _append(match, _load(match, game), [command], game)


def match_restart(*, match_id: Any, player: Player, expected_seq: int | None = None) -> Appended:
    """A new segment of the player's match: every stack back to the start (at any time)."""
    with transaction.atomic(savepoint=not inside_keyed_command()):  # see NO_SAVEPOINT
        match = _locked(match_id, player)
        game = game_for(match.game)
        _check_expected_seq(match, expected_seq)
        match.watching = False
        return _append(match, _load(match, game), [game.restart()], game)


def match_watch(*, match_id: Any, player: Player, expected_seq: int | None = None) -> Appended:
    """After the human is out, let the AIs play the match on to its end."""
    with transaction.atomic(savepoint=not inside_keyed_command()):  # see NO_SAVEPOINT
        match = _locked(match_id, player)
        game = game_for(match.game)
        _check_expected_seq(match, expected_seq)
        loaded = _load(match, game)
        if game.is_match_over(loaded.state):
            raise refuse(ErrorCode.MATCH_OVER)
        if _human_in_match(game, match, loaded.state):
            raise refuse(ErrorCode.STILL_IN_MATCH)
        match.watching = True
        return _append(match, loaded, [], game)


# The AI's command for ``seat`` in the locked ``match`` folded to ``state``: games asks it of
# the app that plays the seats (bots), which passes it in; games never imports that app.
SeatChooser = Callable[[Match, Any, int], Any]


def ai_turn_play(
    *,
    match_id: Any,
    seq: int,
    choose: SeatChooser,
    most: int = 1,
    until: Callable[[Any], bool] | None = None,
) -> Appended | None:
    """Let the AI to act in ``match_id`` play ``choose(match, state, seat)``, if the match is
    still at ``seq``; with ``most`` > 1, the AIs to act after it too, up to ``most`` turns, all
    in one transaction (a worker's chain, ``manage.py simulate``), stopping early when the
    match waits on its human, ends, or ``until(state)`` holds after a turn. The last turn's
    append is returned.

    Idempotent: a turn delivered twice, or late, finds the match moved on and does nothing.
    Every turn is decided as it would be alone (its seat sees the same history and random
    source), so batching changes only how many commits the turns cost.
    """
    with transaction.atomic():
        try:
            match = _locked(match_id)
        except MatchNotFound:
            return None
        if match.seq != seq or match.status != Match.Status.ACTIVE:
            return None
        game = game_for(match.game)
        loaded = _load(match, game)
        writes = _Writes() if _batching() else None
        appended = None
        for _ in range(most):
            seat = ai_seat_to_act(match, loaded.state)
            if seat is None:
                break
            command = choose(match, loaded.state, seat)
            appended = _append(match, loaded, [command], game, by_ai=True, writes=writes)
            loaded = _last_appended(match)
            if match.status != Match.Status.ACTIVE or (until is not None and until(loaded.state)):
                break
        if writes is not None:
            writes.send(commit=_last_writes_may_commit())
        return appended


def _locked(match_id: Any, player: Player | None = None) -> Match:
    """The match ``match_id`` (``player``'s own, if given), locked; its snapshot read in the
    same query unless the row is where this process's last append of it left it (then
    :func:`_load` needs none). In the live stack the web process and the worker append in
    turn, so each mostly finds the match moved on by the other."""
    with _KNOWN_LOCK:
        entry = _KNOWN.get(str(match_id))
    return match_get(
        match_id=match_id,
        player=player,
        lock=True,
        snapshot=True,
        snapshot_unless_at=None if entry is None else (entry.seq, entry.updated_at),
    )


def _last_appended(match: Match) -> Known:
    """What :func:`_append` remembered of ``match`` just now."""
    entry = known(match)
    assert entry is not None, "an append always remembers the match it leaves"
    return entry


def ai_turns_stalled(*, older_than: timedelta) -> list[tuple[str, int]]:
    """(match id, seq) of every active match that has waited on an AI for longer than
    ``older_than``, to be played again; a match flagged ``awaiting_ai`` that in fact waits on
    its human has the stale flag cleared.

    ``updated_at`` changes with every append, so a match whose AI turn was played is never
    returned. Only flagged matches are read (a partial index): matches waiting on their humans
    cost nothing.
    """
    due: list[tuple[str, int]] = []
    for match in matches_awaiting_ai(updated_before=timezone.now() - older_than):
        if ai_seat_to_act(match, match_state(match)) is not None:
            due.append((str(match.id), match.seq))
        else:
            if Match.objects.filter(pk=match.pk, seq=match.seq).update(awaiting_ai=False):
                streams.match_changed(match.pk)
    return due


# Inside driving_ai_turns: the seeds to deal from (or None for fresh ones); outside: _QUEUED.
_QUEUED: Any = object()
_driven: contextvars.ContextVar[Any] = contextvars.ContextVar("driven", default=_QUEUED)


@contextmanager
def driving_ai_turns(
    *, seeds: Iterator[bytes] | None = None, durable: bool = True
) -> Iterator[None]:
    """Within this block commits queue no AI turn: the caller plays them with :func:`ai_turn_play`
    (``manage.py simulate``). With ``seeds``, each new hand is dealt from the next one, so a
    simulation can be replayed exactly.

    ``durable=False`` (bots among themselves, replayable from their seeds) lets PostgreSQL
    answer a COMMIT before its WAL reaches the disk (``synchronous_commit = off``): every command
    is still one atomic transaction, seen whole or not at all, but a crash of the database
    server may lose the last fraction of a second of commits — never leave half of one."""
    token = _driven.set(seeds)
    previous = None
    if not durable and connection.vendor == "postgresql":
        previous = _synchronous_commit("off")
    try:
        yield
    finally:
        _driven.reset(token)
        if previous is not None:
            _synchronous_commit(previous)


def _synchronous_commit(value: str) -> str:
    """Set the connection's ``synchronous_commit``; the value it had."""
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        previous = str(cursor.fetchone()[0])
        cursor.execute("SELECT set_config('synchronous_commit', %s, false)", [value])
    return previous


def _next_seed() -> bytes:
    seeds = _driven.get()
    return new_seed() if seeds is _QUEUED or seeds is None else next(seeds)


def driven() -> bool:
    """Whether the AI turns are played by the caller (:func:`driving_ai_turns`), not a queue:
    no worker and no time limit is involved."""
    return _driven.get() is not _QUEUED


# --- what this process knows of a match since its last append --------------------------------

TRAIL = 8  # appends remembered with their events, for readers that follow a match (bots)


@dataclass(frozen=True)
class Step:
    """One append: the match row's ``(seq, updated_at)`` before it, its new events, and the
    ``created_at`` they were stored with (one for all of them)."""

    seq: int
    updated_at: datetime | None
    events: tuple[tuple[int, Event], ...]
    created_at: datetime | None = None


@dataclass(frozen=True)
class Known:
    """A match as one of its appends left it, valid while the row still has its ``seq`` and
    ``updated_at`` (every append rewrites both: ``updated_at`` is taken anew at each save).

    Events are immutable and ``(match, seq)`` unique, so whatever was true of a match at that
    key stays true. An entry of an append that was rolled back is never found again: the row
    goes back to an older key, and the next append takes a new ``updated_at``. ``state`` is
    never changed in place (``Game.advance`` works on a copy), so it is shared, not copied.
    """

    match_id: str
    seq: int
    updated_at: datetime | None
    engine_version: str
    state: Any  # the folded state at seq
    open_hand: int | None  # the hand of the last stored event (see _store)
    hand_firsts: tuple[int, ...]  # the first seqs of the last two hands, oldest first
    projected: Projected | None  # the read model's open row, or None: read it
    snapshot_pk: int | None  # the match's snapshot row, None if it has none
    snapshot_seq: int | None  # the seq it was folded to, None if it is of no use
    trail: tuple[Step, ...] = ()  # the last appends that led here, oldest first

    @classmethod
    def empty(cls, match: Match, game: AnyGame) -> Known:
        """A match just created: no event, no snapshot, no hand."""
        return cls(
            match_id=str(match.pk),
            seq=match.seq,
            updated_at=match.updated_at,
            engine_version=game.engine_version,
            state=game.new_state(),
            open_hand=None,
            hand_firsts=(),
            projected=Projected.empty(),
            snapshot_pk=None,
            snapshot_seq=None,
        )


@dataclass(frozen=True)
class Marks:
    """What :class:`Known` holds beside the folded state, stored with the snapshot (pickled,
    ``Snapshot.marks``) so that a process that did not make the last append reads it with the
    state, not from the events and the hand rows."""

    open_hand: int | None
    hand_firsts: tuple[int, ...]
    projected: Projected | None

    # Stored with the snapshot: bump it whenever Marks or Projected change shape, so that marks
    # a previous version stored are read from the store again instead of unpickled.
    FORMAT: ClassVar[int] = 1

    def dumps(self) -> bytes | None:
        """The marks to store, or None (then read from the store) when a game's events do not
        pickle (a game whose classes are made anew, as the tests' toy game's are)."""
        try:
            return pickle.dumps((self.FORMAT, self), protocol=pickle.HIGHEST_PROTOCOL)
        except pickle.PicklingError:
            return None

    @classmethod
    def loads(cls, stored: bytes) -> Marks | None:
        """The marks ``stored`` (written only by this server), or None if of another format."""
        stored_format, marks = pickle.loads(stored)
        return marks if stored_format == cls.FORMAT else None


_KNOWN: OrderedDict[str, Known] = OrderedDict()
_KNOWN_KEPT = 1024  # matches; each entry is a few kilobytes
_KNOWN_LOCK = threading.Lock()  # the embedded worker and web threads share a process


def known(match: Match) -> Known | None:
    """What this process's last append of ``match`` left, if the row (read under the lock, or
    just saved) is still at that append's key; else None."""
    with _KNOWN_LOCK:
        entry = _KNOWN.get(str(match.pk))
    if entry is None or entry.seq != match.seq or entry.updated_at != match.updated_at:
        return None
    if entry.engine_version != game_for(match.game).engine_version:
        return None
    return entry


def _remember(entry: Known) -> None:
    # Remembered at once, not on commit: a rolled-back append leaves a key no row will have.
    with _KNOWN_LOCK:
        _KNOWN[entry.match_id] = entry
        _KNOWN.move_to_end(entry.match_id)
        while len(_KNOWN) > _KNOWN_KEPT:
            _KNOWN.popitem(last=False)


def forget_known() -> None:
    """Drop everything remembered (tests; nothing needs it for correctness)."""
    with _KNOWN_LOCK:
        _KNOWN.clear()


def _stored_around(match: Match, game: AnyGame, state: Any) -> Known:
    """``state`` (the match folded to its seq) with what the store has of it around."""
    snapshot = Snapshot.objects.filter(match=match).only("pk").first()
    return _from_store(match, game, state, snapshot, usable=False)


def _load(match: Match, game: AnyGame) -> Known:
    """The locked ``match`` as this process knows it, or as the store has it: its snapshot
    and the events after it, and the hand of its last event."""
    entry = known(match)
    if entry is not None:
        return entry
    state = match_state(match)
    snapshot = getattr(match, "snapshot", None)  # read (and cached on match) by match_state
    usable = (
        snapshot is not None
        and snapshot.engine_version == game.engine_version
        and snapshot.seq <= match.seq
    )
    marks = None
    if usable and snapshot is not None and snapshot.seq == match.seq and snapshot.marks:
        marks = Marks.loads(bytes(snapshot.marks))
    return _from_store(match, game, state, snapshot, usable=usable, marks=marks)


def _from_store(
    match: Match,
    game: AnyGame,
    state: Any,
    snapshot: Snapshot | None,
    *,
    usable: bool,
    marks: Marks | None = None,
) -> Known:
    """What this process knows of ``match`` when it has just read it from the store: its
    snapshot's row (to overwrite), the snapshot's seq only when ``usable`` to fold from, and
    the snapshot's ``marks`` if it had them (else read from the events and the hand rows)."""
    if marks is None:
        marks = Marks(*_stored_marks(match), projected=None)
    return Known(
        match_id=str(match.pk),
        seq=match.seq,
        updated_at=match.updated_at,
        engine_version=game.engine_version,
        state=state,
        open_hand=marks.open_hand,
        hand_firsts=marks.hand_firsts,
        projected=marks.projected,
        snapshot_pk=None if snapshot is None else snapshot.pk,
        snapshot_seq=snapshot.seq if usable and snapshot is not None else None,
    )


def _check_expected_seq(match: Match, expected_seq: int | None) -> None:
    if expected_seq is not None and expected_seq != match.seq:
        raise StaleSequence(expected=expected_seq, current=match.seq)


def _human_in_match(game: AnyGame, match: Match, state: Any) -> bool:
    return any(
        spec == HUMAN and game.seat_in_match(state, seat) for seat, spec in enumerate(match.seats)
    )


def _deals_on(game: AnyGame, match: Match, state: Any) -> bool:
    """A hand follows the last while a human plays, while they watch, and always among bots."""
    return match.watching or HUMAN not in match.seats or _human_in_match(game, match, state)


def _append(
    match: Match,
    known: Known | Any,
    commands: Sequence[Any],
    game: AnyGame,
    *,
    by_ai: bool = False,
    writes: _Writes | None = None,
) -> Appended:
    """Decide every command in turn, deal the next hand while one is due (the match driver,
    :func:`games.engine.match.advance_match`), and store it all; ``known`` is the match as the
    locked row has it (:func:`_load`), or just its folded state. With ``writes``, the writes
    join the caller's, who sends them (several appends in one round trip)."""
    if not isinstance(known, Known):
        known = _stored_around(match, game, known)
    state, produced = advance_match(
        game,
        known.state,
        commands,
        seed=lambda _: _next_seed(),
        deals_on=lambda state: _deals_on(game, match, state),
    )

    own_writes = writes is None and _batching()
    if own_writes:
        writes = _Writes()
    before = match.seq
    numbered, created_at, open_hand = _store(match, game, produced, known.open_hand, writes)
    hand_firsts = known.hand_firsts
    for seq, item in numbered:
        if game.hand_opened_by(item) is not None:
            hand_firsts = (*hand_firsts, seq)[-2:]
    over = game.is_match_over(state)
    match.status = Match.Status.FINISHED if over else Match.Status.ACTIVE
    match.awaiting_ai = ai_seat_to_act(match, state) is not None
    snapshot_due = _snapshot_due(match, known.snapshot_seq, by_ai=by_ai)
    snapshot_batched = False
    marks = None  # what the snapshot keeps beside the state, once the projection is done
    if writes is None:
        match.save(update_fields=["seq", "status", "watching", "awaiting_ai", "updated_at"])
        streams.match_changed(match.pk)
        projected = project(match, numbered, known=known.projected)
    else:
        match.updated_at = timezone.now()  # what auto_now would set
        writes.match_update(match)
        writes.tell(match, state, before, numbered, created_at, hand_firsts)
        projected = project(match, numbered, known=known.projected, write=writes.summary_upsert)
        marks = Marks(open_hand, hand_firsts, projected)
        if snapshot_due and known.snapshot_pk is not None:
            # Its row known, the snapshot joins the writes too (and the COMMIT may follow).
            writes.snapshot_upsert(known.snapshot_pk, match, game, state, marks)
            snapshot_due, snapshot_batched = False, True
        if own_writes:
            # The last writes of the command: its COMMIT may go with them (see _Writes.send).
            writes.send(commit=not snapshot_due and _last_writes_may_commit())
    snapshot_pk, snapshot_seq = known.snapshot_pk, known.snapshot_seq
    if snapshot_batched:
        snapshot_seq = match.seq
    if snapshot_due:
        marks = marks or Marks(open_hand, hand_firsts, projected)
        snapshot_pk = _snapshot_write(match, game, state, snapshot_pk, marks)
        snapshot_seq = match.seq
    _remember(
        Known(
            match_id=str(match.pk),
            seq=match.seq,
            updated_at=match.updated_at,
            engine_version=game.engine_version,
            state=state,
            open_hand=open_hand,
            hand_firsts=hand_firsts,
            projected=projected,
            snapshot_pk=snapshot_pk,
            snapshot_seq=snapshot_seq,
            trail=(*known.trail, _step(known, numbered, created_at))[-TRAIL:],
        )
    )
    if match.awaiting_ai and _driven.get() is _QUEUED:
        _queue_ai_turn(match)
    return Appended(match=match, events=numbered, state=state, created_at=created_at)


def _step(
    before: Known, numbered: list[tuple[int, Event]], created_at: dict[int, datetime]
) -> Step:
    stamp = created_at[numbered[-1][0]] if numbered else None
    return Step(before.seq, before.updated_at, tuple(numbered), stamp)


SNAPSHOT_EVERY = 48  # events an AI turn may leave after the snapshot (a few Hold'em hands)


def _snapshot_due(match: Match, snapshot_seq: int | None, *, by_ai: bool) -> bool:
    """Whether this append rewrites the snapshot: after every command from outside (a player's
    move, a start or restart), and after an AI's turn when it hands the match back to its human
    or ends it (what the next reads fold from), or leaves ``SNAPSHOT_EVERY`` events unfolded.
    Among bots alone (``simulate``) that is once in a few hands instead of every move; folding
    from an older snapshot gives the same state (``selectors.match_state``)."""
    if not by_ai or snapshot_seq is None or not match.awaiting_ai:
        return True
    return match.seq - snapshot_seq >= SNAPSHOT_EVERY


def _snapshot_write(match: Match, game: AnyGame, state: Any, pk: int | None, marks: Marks) -> int:
    """Store the folded state at ``match.seq`` and its ``marks`` as the match's snapshot (row
    ``pk`` if it has one): one UPDATE by key, or one INSERT for its first."""
    snapshot = Snapshot(
        pk=pk,
        match=match,
        seq=match.seq,
        engine_version=game.engine_version,
        state=pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL),
        marks=marks.dumps(),
    )
    # By key: an UPDATE, or an INSERT when there is none yet (or it was deleted).
    snapshot.save()
    return int(snapshot.pk)


def _store(
    match: Match,
    game: AnyGame,
    produced: Sequence[Event],
    hand_number: int | None,
    writes: _Writes | None,
) -> tuple[list[tuple[int, Event]], dict[int, datetime], int | None]:
    """Append the events with the next seqs, each numbered with the hand it belongs to.

    The one rule of which events belong to a hand: every event from the one that opens it up to
    the next hand's opening or the next segment's start (a match start or restart, which belong
    to no hand). So a hand's events go on past its end to what it caused — eliminations, the end
    of the match — and its replay, its ``HandSummary`` and a bot's history all see the same ones.
    ``hand_number`` is the hand of the last stored event (:func:`_stored_marks`); the one of
    the last event appended now is returned. With ``writes``, the INSERT joins them.
    """
    rows = []
    numbered = []
    now = timezone.now()
    for offset, item in enumerate(produced, start=1):
        record = to_record(item)
        opened = game.hand_opened_by(item)
        if opened is not None:
            hand_number = opened
        elif game.starts_segment(item):
            hand_number = None
        seq = match.seq + offset
        rows.append(
            EventRow(
                match=match,
                seq=seq,
                type=record["type"],
                version=record["version"],
                payload=record["payload"],
                hand_number=hand_number,
                created_at=now,  # what auto_now_add sets (bulk_create keeps it)
            )
        )
        numbered.append((seq, item))
    if rows and writes is not None:
        writes.events_insert(rows)
    elif rows:
        EventRow.objects.bulk_create(rows)
    match.seq += len(rows)
    return numbered, {row.seq: row.created_at for row in rows}, hand_number


def _last_writes_may_commit() -> bool:
    """Whether the command's transaction is the services' own atomic block, the outermost one,
    which commits when it ends (never inside a caller's transaction, or a test's)."""
    return (
        len(connection.atomic_blocks) == 1
        and connection.commit_on_exit
        and not connection.savepoint_ids
        and not connection.needs_rollback
    )


def _batching() -> bool:
    """Whether an append's writes go to the database in one round trip: on PostgreSQL with
    client-side parameter binding (Django's default), which takes several statements at once."""
    options = connection.settings_dict.get("OPTIONS", {})
    return connection.vendor == "postgresql" and not options.get("server_side_binding")


class _Writes:
    """The writes of one append as one query of several statements: the events' INSERT, the
    match's UPDATE and the hand rows' upserts reach PostgreSQL together, inside the command's
    transaction, instead of one round trip each (which is most of an append's time)."""

    def __init__(self) -> None:
        self.statements: list[tuple[str, list[Any]]] = []  # each with its parameters
        self.quote = connection.ops.quote_name
        self.news: dict[str, _News] = {}

    def events_insert(self, rows: Sequence[EventRow]) -> None:
        columns = ("match_id", "seq", "type", "version", "payload", "hand_number", "created_at")
        values = ", ".join(["(" + ", ".join(["%s"] * len(columns)) + ")"] * len(rows))
        params: list[Any] = []
        for row in rows:
            params += [
                row.match_id,
                row.seq,
                row.type,
                row.version,
                Jsonb(row.payload),
                row.hand_number,
                row.created_at,
            ]
        self.statements.append(
            (
                f"INSERT INTO {self._table(EventRow)} ({self._names(columns)}) VALUES {values}",
                params,
            )
        )

    def match_update(self, match: Match) -> None:
        columns = ("seq", "status", "watching", "awaiting_ai", "updated_at")
        sets = ", ".join(f"{self.quote(column)} = %s" for column in columns)
        self.statements.append(
            (
                f"UPDATE {self._table(Match)} SET {sets} WHERE {self.quote('id')} = %s",
                [getattr(match, column) for column in columns] + [match.pk],
            )
        )

    def tell(
        self,
        match: Match,
        state: Any,
        before: int,
        numbered: Sequence[tuple[int, Event]],
        created_at: dict[int, datetime],
        hand_firsts: tuple[int, ...],
    ) -> None:
        """Wake the match's live streams in every process when the transaction commits, with
        what it appended as the owner's streams send it (one notification for all the appends
        of the transaction, written by :meth:`send`)."""
        key = streams.match_key(match.pk)
        news = self.news.setdefault(key, _News(match=match, after=before))
        news.records += selectors.owner_records(match, numbered, created_at)
        news.state, news.hand_firsts = state, hand_firsts

    def snapshot_upsert(
        self, pk: int, match: Match, game: AnyGame, state: Any, marks: Marks
    ) -> None:
        """The match's snapshot row ``pk`` rewritten at ``match.seq`` (inserted again by that
        key if it was deleted), as :func:`_snapshot_write` stores it with the ORM."""
        columns = ("id", "match_id", "seq", "engine_version", "state", "marks")
        sets = ", ".join(
            f"{self.quote(name)} = EXCLUDED.{self.quote(name)}" for name in columns[2:]
        )
        pickled = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
        self.statements.append(
            (
                f"INSERT INTO {self._table(Snapshot)} ({self._names(columns)}) "
                f"VALUES ({', '.join(['%s'] * len(columns))}) "
                f"ON CONFLICT ({self.quote('id')}) DO UPDATE SET {sets}",
                [pk, match.pk, match.seq, game.engine_version, pickled, marks.dumps()],
            )
        )

    def summary_upsert(
        self,
        match: Match,
        hand_number: int,
        fields: dict[str, Any],
        stored: bool,
        line: StatLine | None = None,
    ) -> None:
        """The hand's row by its key (match, hand number), inserted or updated in one statement;
        then ``line``, the owner's statistics for a finished hand, by the row's key."""
        columns = ("match_id", "hand_number", *fields)
        values = ", ".join(["%s"] * len(columns))
        sets = ", ".join(f"{self.quote(name)} = EXCLUDED.{self.quote(name)}" for name in fields)
        self.statements.append(
            (
                f"INSERT INTO {self._table(HandSummary)} ({self._names(columns)}) "
                f"VALUES ({values}) "
                f"ON CONFLICT ({self._names(('match_id', 'hand_number'))}) DO UPDATE SET {sets}",
                [match.pk, hand_number, *db_values(fields.values())],
            )
        )
        if line is not None:
            self.line_upsert(match, hand_number, line)

    def line_upsert(self, match: Match, hand_number: int, line: StatLine) -> None:
        """The line of the hand (match, hand number), its row found by that key in the same
        statement (the row was upserted just before), inserted or replaced."""
        names = [_column(line.model, name) for name in line.fields]
        hand = _column(line.model, "hand")
        sets = ", ".join(f"{self.quote(name)} = EXCLUDED.{self.quote(name)}" for name in names)
        self.statements.append(
            (
                f"INSERT INTO {self._table(line.model)} ({self._names((hand, *names))}) "
                f"SELECT {self.quote('id')}, {', '.join(['%s'] * len(names))} "
                f"FROM {self._table(HandSummary)} "
                f"WHERE {self.quote('match_id')} = %s AND {self.quote('hand_number')} = %s "
                f"ON CONFLICT ({self.quote(hand)}) DO UPDATE SET {sets}",
                [*db_values(line.fields.values()), match.pk, hand_number],
            )
        )

    def send(self, *, commit: bool = False) -> None:
        """Run the statements; with ``commit``, end the transaction with them: the command's
        COMMIT goes in the same round trip as its last writes. Should any statement fail,
        PostgreSQL runs none after it (the COMMIT neither) and the transaction is rolled back
        as always. The atomic block's own commit then finds nothing left to commit (psycopg
        sends no COMMIT outside a transaction).

        Each statement is bound on its own (psycopg parses a query for its placeholders and
        keeps what it found only for queries of up to 4 KB: each statement's shape is parsed
        once, where the whole query, longer and of ever new shapes, was parsed every time)."""
        for key, news in self.news.items():
            self.statements.append(streams.notify_statement(key, news.told()))
        self.news = {}
        if not self.statements and not commit:
            return
        with connection.cursor() as cursor:
            bind = cursor.cursor.mogrify
            text = [bind(statement, params) for statement, params in self.statements]
            cursor.execute(";\n".join([*text, "COMMIT"] if commit else text))

    def _table(self, model: Any) -> str:
        return str(self.quote(model._meta.db_table))

    def _names(self, columns: Sequence[str]) -> str:
        return ", ".join(self.quote(column) for column in columns)


@dataclass
class _News:
    """What one transaction appended to ``match``: its events since seq ``after`` as its owner
    sees them, and the state and hands' starts its last append left."""

    match: Match
    after: int
    records: list[dict[str, Any]] = field(default_factory=list)
    state: Any = None
    hand_firsts: tuple[int, ...] = ()

    def told(self) -> streams.News:
        match = self.match
        awaiting_ai = match.awaiting_ai and match.status == Match.Status.ACTIVE
        opening = None
        if not awaiting_ai:
            recent = selectors.recent_seq_from(self.hand_firsts, match.seq)
            opening = {**selectors.match_body(match, self.state), "recent_seq": recent}
        return streams.News.told(
            after=self.after,
            seq=match.seq,
            status=match.status,
            awaiting_ai=awaiting_ai,
            records=self.records,
            opening=opening,
        )


def _column(model: type[Model], name: str) -> str:
    """The column of the model's field ``name``: a line's fields are all concrete."""
    field = model._meta.get_field(name)
    assert isinstance(field, Field) and field.column is not None, (model, name)
    return field.column


def _stored_marks(match: Match) -> tuple[int | None, tuple[int, ...]]:
    """The hand the match's last stored event belongs to (None after a segment's start: the
    events appended next join it, until one opens a hand or starts a segment), and the first
    seqs of its last two hands (:func:`games.selectors.hand_firsts`), in one query."""
    with connection.cursor() as cursor:
        key = Match._meta.pk.get_db_prep_value(match.pk, connection)
        cursor.execute(_marks_statement(connection.vendor), [key] * 3)
        open_hand, last_first, first_before = cursor.fetchone()
    return open_hand, tuple(first for first in (first_before, last_first) if first is not None)


@functools.cache
def _marks_statement(vendor: str) -> str:
    """Built once per database kind (``vendor``: quoting differs)."""
    quote = connection.ops.quote_name
    events, hands = quote(EventRow._meta.db_table), quote(HandSummary._meta.db_table)
    match, hand_number = quote(_column(EventRow, "match")), quote("hand_number")
    firsts = (
        f"SELECT {quote('first_seq')} FROM {hands} WHERE {quote(_column(HandSummary, 'match'))}"
        f" = %s ORDER BY {hand_number} DESC LIMIT 1"
    )
    return (
        f"SELECT (SELECT {hand_number} FROM {events} WHERE {match} = %s"
        f" ORDER BY {quote('seq')} DESC LIMIT 1), ({firsts}), ({firsts} OFFSET 1)"
    )


def _queue_ai_turn(match: Match) -> None:
    match_id, seq = str(match.id), match.seq
    # robust: in-process (eager) mode a failing AI move is logged, and the human's committed
    # action still gets its answer; the beat sweep retries the AI turn.
    transaction.on_commit(lambda: hooks.ai_turn_due(match_id, seq), robust=True)
