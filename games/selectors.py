"""Reads of the event store: a match's events, its folded state, and what a viewer may see."""

from __future__ import annotations

import functools
import pickle
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connection

from games import hooks
from games.engine.events import Event, from_record
from games.errors import HandNotFinished, HandNotFound, MatchNotFound
from games.hand_facts import hand_facts
from games.hooks import HUMAN
from games.models import Event as EventRow
from games.models import HandSummary, Match, Player, Snapshot, column_of
from games.registry import game_for


def match_get(
    *,
    match_id: Any,
    player: Player | None = None,
    lock: bool = False,
    snapshot: bool = False,
    snapshot_unless_at: tuple[int, datetime | None] | None = None,
) -> Match:
    """The match ``match_id``, or :class:`MatchNotFound`.

    With ``player``, only that player's own match: anyone else's (or a malformed id) is simply
    not found — the one ownership check of a request. With ``lock``, the row is locked
    (``SELECT ... FOR UPDATE``) until the surrounding transaction ends: services call it inside
    their own ``transaction.atomic()``, so every command on a match is serialised. With
    ``snapshot``, its snapshot comes in the same query, for :func:`match_state`. (Locked, the
    snapshot may be as it was before the lock was waited for: PostgreSQL reads again only the
    locked row. An older snapshot is still a true one: the events after it are folded on.)
    ``snapshot_unless_at``, a row key ``(seq, updated_at)``: no snapshot is read (it is None)
    if the row stands at that key, whose state the caller holds already.
    """
    try:
        key = Match._meta.pk.get_db_prep_value(Match._meta.pk.to_python(match_id), connection)
    except (ValueError, TypeError, ValidationError) as malformed:
        raise MatchNotFound() from malformed
    unless_at = snapshot_unless_at if snapshot else None
    statement = _match_statement(
        connection.vendor,
        lock=lock,
        snapshot=snapshot,
        owned=player is not None,
        unless=unless_at is not None,
    )
    params = [key] if player is None else [key, player.pk]
    if unless_at is not None:
        seq, updated_at = unless_at
        params = [seq, connection.ops.adapt_datetimefield_value(updated_at), *params]
    found = list(Match.objects.raw(statement, params))
    if not found:
        raise MatchNotFound()
    match = found[0]
    if snapshot:
        _cache_snapshot(match)
    return match


_SNAPSHOT_COLUMNS = ("id", "seq", "engine_version", "state", "marks")


@functools.cache
def _match_statement(
    vendor: str, *, lock: bool, snapshot: bool, owned: bool, unless: bool = False
) -> str:
    """The one statement :func:`match_get` runs for its options, built once per process: the
    ORM compiles the same query anew on every call (a third of a millisecond of CPU on every
    action, AI turn and stream wake). A snapshot's columns come aliased ``snapshot_*``; with
    ``unless``, only if the row is not at the key of its first two parameters. Kept by
    ``vendor`` as well (each statement here): quoting and locking differ between databases."""
    quote = connection.ops.quote_name
    table = quote(Match._meta.db_table)
    columns = [
        f"{table}.{quote(column_of(Match, field.name))}" for field in Match._meta.concrete_fields
    ]
    source = table
    if snapshot:
        snapshots = quote(Snapshot._meta.db_table)
        columns += [
            f"{snapshots}.{quote(name)} AS {quote('snapshot_' + name)}"
            for name in _SNAPSHOT_COLUMNS
        ]
        match_column = quote(column_of(Snapshot, "match"))
        source += (
            f" LEFT OUTER JOIN {snapshots} ON {snapshots}.{match_column} = {table}.{quote('id')}"
        )
        if unless:
            same = "IS" if vendor == "sqlite" else "IS NOT DISTINCT FROM"  # NULL-safe equality
            source += (
                f" AND NOT ({table}.{quote('seq')} = %s"
                f" AND {table}.{quote('updated_at')} {same} %s)"
            )
    where = f"{table}.{quote('id')} = %s"
    if owned:
        where += f" AND {table}.{quote(column_of(Match, 'owner'))} = %s"
    statement = f"SELECT {', '.join(columns)} FROM {source} WHERE {where}"
    if lock and connection.features.has_select_for_update:
        statement += f" FOR UPDATE OF {table}" if snapshot else " FOR UPDATE"
    return statement


def _cache_snapshot(match: Match) -> None:
    """The snapshot read with ``match`` (aliased columns) as its ``snapshot`` (None: none)."""
    values = {name: getattr(match, f"snapshot_{name}") for name in _SNAPSHOT_COLUMNS}
    found = None
    if values["id"] is not None:
        found = Snapshot(match_id=match.pk, **values)
        found._state.adding, found._state.db = False, match._state.db
    Match.snapshot.related.set_cached_value(match, found)


def ai_seat_to_act(match: Match, state: Any) -> int | None:
    """The seat to act if a bot plays it, else None."""
    seat = game_for(match.game).to_act(state)
    return seat if seat is not None and match.seats[seat] != HUMAN else None


def matches_awaiting_ai(*, updated_before: datetime) -> Iterator[Match]:
    """Active matches flagged as waiting on an AI and unchanged since ``updated_before``."""
    stalled = Match.objects.filter(
        status=Match.Status.ACTIVE,
        awaiting_ai=True,
        updated_at__lt=updated_before,
        origin=Match.Origin.PLAYED,
    ).select_related("snapshot")
    return stalled.iterator(chunk_size=200)


def stored_events(
    match: Match, *, after: int = 0, upto: int | None = None
) -> list[tuple[int, Event]]:
    if upto is not None and upto <= after:
        return []  # the usual read of a match whose snapshot is up to date: no query
    return [
        (row.seq, from_record(row.type, row.version, row.payload))
        for row in event_rows(match, after=after, upto=upto)
    ]


def event_rows(match: Match, *, after: int, upto: int | None = None) -> Any:
    """The match's event rows after seq ``after`` (up to ``upto``), in order: one fixed
    statement, as :func:`match_get` reads (these reads are on every AI turn that follows a
    player's action, and on stream reads)."""
    params: list[Any] = [_match_key(match), after]
    if upto is not None:
        params.append(upto)
    return EventRow.objects.raw(
        _events_statement(connection.vendor, bounded=upto is not None), params
    )


@functools.cache
def _events_statement(vendor: str, *, bounded: bool) -> str:
    quote = connection.ops.quote_name
    columns = ", ".join(
        quote(name) for name in ("id", "seq", "type", "version", "payload", "created_at")
    )
    match_column = quote(column_of(EventRow, "match"))
    statement = (
        f"SELECT {columns} FROM {quote(EventRow._meta.db_table)}"
        f" WHERE {match_column} = %s AND {quote('seq')} > %s"
    )
    if bounded:
        statement += f" AND {quote('seq')} <= %s"
    return statement + f" ORDER BY {quote('seq')}"


def _match_key(match: Match) -> Any:
    return Match._meta.pk.get_db_prep_value(match.pk, connection)


def match_state(match: Match) -> Any:
    """The folded state at ``match.seq`` exactly: the snapshot plus the events after it, up to
    ``match.seq`` — never a later move committed since ``match`` was read."""
    game = game_for(match.game)
    snapshot = getattr(match, "snapshot", None) if match.pk else None
    state = None
    after = 0
    if (
        snapshot is not None
        and snapshot.engine_version == game.engine_version
        and snapshot.seq <= match.seq
    ):
        state = pickle.loads(bytes(snapshot.state))  # written only by this server, see services
        after = snapshot.seq
    if state is None:
        state = game.new_state()
    for _, item in stored_events(match, after=after, upto=match.seq):
        game.apply(state, item)
    return state


def folded_from_events(match: Match, *, upto: int | None = None) -> Any:
    """The state folded from every stored event (up to ``upto``), ignoring snapshots (for
    checks and audits, and a shared hand's table as it was when the hand ended)."""
    game = game_for(match.game)
    state = game.new_state()
    for _, item in stored_events(match, upto=upto):
        game.apply(state, item)
    return state


def visible_feed(match: Match, *, viewer: int | None, after: int = 0) -> list[dict[str, Any]]:
    """The events after ``after`` as ``viewer`` may see them, each with its seq and time."""
    game = game_for(match.game)
    feed = []
    for row in event_rows(match, after=after):
        record = game.visible_record(from_record(row.type, row.version, row.payload), viewer)
        feed.append(_feed_record(row.seq, row.created_at, record))
    return feed


def hand_events(match: Match, hand_number: int) -> list[EventRow]:
    return list(EventRow.objects.filter(match=match, hand_number=hand_number).order_by("seq"))


# --- what a player is shown: the bodies the API sends -----------------------------------------


def match_body(match: Match, state: Any) -> dict[str, Any]:
    """The match as its owner sees it: who sits where, and the human seat's view."""
    game = game_for(match.game)
    if match.origin == Match.Origin.IMPORTED:
        # Imported: the history's players, seen from its hero's seat (a spectator's if none).
        from games import imports  # imports reads matches too: imported at use, no cycle

        players, hero = imports.imported_players(match), imports.imported_hero(match)
        view = imports.told(dict(game.view(state, hero)))
    else:
        players = hooks.seat_personas(match.seats, match.game)
        view = game.view(state, game.human_seat)
    return {
        "id": str(match.id),
        "game": match.game,
        "level": match.level,
        "status": match.status,
        "watching": match.watching,
        "seq": match.seq,
        "players": players,
        "view": view,
    }


def match_opening(match: Match) -> dict[str, Any]:
    """The body of ``GET /api/matches/{id}/`` and of the stream's ``view`` event: the match
    and where its table's recent events start (:func:`recent_seq`)."""
    return {**match_body(match, match_state(match)), "recent_seq": recent_seq(match)}


def recent_seq(match: Match) -> int:
    """Where the table's recent events start in the feed: the first seq of the hand before the
    one in play (of the hand in play if it is the first; past the last event before any hand).
    The table shows more than the view from those events — the last hand's result until the next
    hand's first action, and its action log — so a page opened at any seq reads them from here
    (``?after=recent_seq - 1``) and draws the same table as one that watched every event."""
    return recent_seq_from(hand_firsts(match, upto=match.seq), match.seq)


def recent_seq_from(firsts: Sequence[int], seq: int) -> int:
    """:func:`recent_seq` of a match at ``seq`` whose last hands began at ``firsts`` (oldest
    first, the last two at most: :func:`hand_firsts`)."""
    return firsts[-2] if len(firsts) > 1 else firsts[-1] if firsts else seq + 1


def hand_firsts(match: Match, *, upto: int) -> tuple[int, ...]:
    """The first seqs of the match's last two hands begun by ``upto``, oldest first."""
    with connection.cursor() as cursor:
        cursor.execute(_recent_firsts_statement(connection.vendor), [_match_key(match), upto])
        return tuple(reversed([first for (first,) in cursor.fetchall()]))


@functools.cache
def _recent_firsts_statement(vendor: str) -> str:
    """The first seqs of the match's last two hands begun by a seq (newest first)."""
    quote = connection.ops.quote_name
    match_column = quote(column_of(HandSummary, "match"))
    return (
        f"SELECT {quote('first_seq')} FROM {quote(HandSummary._meta.db_table)}"
        f" WHERE {match_column} = %s AND {quote('first_seq')} <= %s"
        f" ORDER BY {quote('hand_number')} DESC LIMIT 2"
    )


def command_body(
    match: Match,
    state: Any,
    events: Sequence[tuple[int, Event]],
    created_at: Mapping[int, datetime],
) -> dict[str, Any]:
    """What a command answers: the match body and the new events as the owner may see them."""
    return {**match_body(match, state), "events": owner_records(match, events, created_at)}


def owner_records(
    match: Match, events: Sequence[tuple[int, Event]], created_at: Mapping[int, datetime]
) -> list[dict[str, Any]]:
    """New events of a played match as its feed gives them to its owner."""
    game = game_for(match.game)
    return [
        _feed_record(seq, created_at[seq], game.visible_record(item, game.human_seat))
        for seq, item in events
    ]


def player_matches(player: Player | None, *, limit: int = 200) -> list[dict[str, Any]]:
    """The player's matches played here, newest first (none before they have a player);
    imported hands have their own list (``games.imports``)."""
    if player is None:
        return []
    return [
        {
            "id": str(match.id),
            "game": match.game,
            "level": match.level,
            "status": match.status,
            "seq": match.seq,
            "created_at": match.created_at.isoformat(),
            "updated_at": match.updated_at.isoformat(),
        }
        for match in Match.objects.filter(owner=player, origin=Match.Origin.PLAYED)[:limit]
    ]


def match_feed(match: Match, *, after: int = 0) -> dict[str, Any]:
    """The owner's feed after ``after``, the seq to read on from, and whether the match (at the
    seq it was read at) waits on an AI: a client following the AIs' moves reads the feed alone
    until it does not, then the match."""
    events = []
    if after < match.seq:  # an empty poll while the AIs think costs no events query
        events = visible_feed(match, viewer=game_for(match.game).human_seat, after=after)
    # Events committed after ``match`` was read are included: report the last one's seq, so
    # that reading on from ``seq`` never returns an event twice.
    seq = max([match.seq, *(item["seq"] for item in events)])
    return {
        "seq": seq,
        "events": events,
        "status": match.status,
        "awaiting_ai": match.awaiting_ai and match.status == Match.Status.ACTIVE,
    }


def _feed_record(seq: int, created_at: datetime, record: dict[str, Any]) -> dict[str, Any]:
    return {"seq": seq, "created_at": created_at.isoformat(), **record}


def match_hands(match: Match) -> list[dict[str, Any]]:
    """The match's hands (or deals) as the hand list shows them, in order: the fields every
    game has, the game's own in ``detail``, and what the hand meant for the owner's seat
    (:func:`games.hand_facts.hand_facts`). Two queries, whatever the number of hands."""
    game = game_for(match.game)
    hands = HandSummary.objects.filter(match=match).order_by("hand_number")
    records: dict[int, list[dict[str, Any]]] = {}
    rows = EventRow.objects.filter(match=match, hand_number__isnull=False).order_by("seq")
    for number, kind, payload in rows.values_list("hand_number", "type", "payload"):
        assert number is not None  # hand_number__isnull=False
        records.setdefault(number, []).append({"type": kind, "payload": payload})
    return [
        {
            "hand_number": hand.hand_number,
            "segment": hand.segment,
            "pot_total": hand.pot_total,
            "winners": hand.winners,
            "showdown": hand.showdown,
            "finished": hand.finished,
            "abandoned": hand.abandoned,
            "first_seq": hand.first_seq,
            "last_seq": hand.last_seq,
            "detail": hand.detail,
            **hand_facts(match.game, records.get(hand.hand_number, []), seat=game.human_seat),
        }
        for hand in hands
    ]


def hand_replay(match: Match, hand_number: int, *, at_its_end: bool = False) -> dict[str, Any]:
    """A finished hand's events in order as the owner may see them, with what lets anyone
    verify its deal (the game's ``replay_proof``: commitments and revealed seeds). With
    ``at_its_end``, the proof as it stood when the hand ended (a shared hand's: no seed
    revealed later)."""
    game = game_for(match.game)
    rows = hand_events(match, hand_number)
    if not rows:
        raise HandNotFound(hand_number)
    hand = [from_record(row.type, row.version, row.payload) for row in rows]
    if not any(game.closes_hand(item) for item in hand):
        raise HandNotFinished(hand_number)
    events = [
        _feed_record(row.seq, row.created_at, game.visible_record(item, game.human_seat))
        for row, item in zip(rows, hand, strict=True)
    ]
    # A shuffle may serve many hands and be revealed later: the proof reads the whole match.
    upto = rows[-1].seq if at_its_end else match.seq
    so_far = [item for _, item in stored_events(match, upto=upto)]
    return {"hand_number": hand_number, "events": events, **game.replay_proof(hand, so_far)}
