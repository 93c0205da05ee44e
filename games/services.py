"""Writes to the event store: every change to a match is a command turned into events here.

Each service opens its own transaction: lock the match row (:func:`games.selectors.match_get`
with ``lock=True``, checking the owner once), fold its state, let the game decide, append the
events with the next sequence numbers, refresh the snapshot and read models. The unique
``(match, seq)`` constraint is the last guard against two writers. When an AI seat is left to
act, ``games.hooks.ai_turn_due`` is sent only after the transaction commits, so a worker never
sees an uncommitted move; ``games`` does not know who plays the AI seats (``bots`` connects the
hook).
"""

from __future__ import annotations

import contextvars
import logging
import pickle
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import hooks
from games.engine.errors import ErrorCode, refuse
from games.engine.events import Event, to_record
from games.engine.game import ActionRequest
from games.engine.match import advance_match
from games.engine.shuffle import new_seed
from games.errors import MatchNotFound, StaleSequence
from games.hooks import HUMAN
from games.models import Event as EventRow
from games.models import Match, Player, Snapshot
from games.projections import project
from games.registry import DEFAULT_GAME, AnyGame, game_for
from games.selectors import ai_seat_to_act, match_get, match_state, matches_awaiting_ai

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Appended:
    """What one command did: the match after it, the new events with their seqs, the state."""

    match: Match
    events: list[tuple[int, Event]]
    state: Any
    created_at: dict[int, datetime]  # when each new event was stored, by seq


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
) -> Appended:
    """A new match; ``seats`` (for AI-only matches, e.g. ``simulate``) names every seat's bot."""
    rules = game_for(game)
    seats = seats if seats is not None else default_seats(rules, level)
    with transaction.atomic():
        match = Match.objects.create(owner=player, game=game, level=level, seats=seats)
        match = match_get(match_id=match.pk, lock=True)
        return _append(match, rules.new_state(), [rules.start_match()], rules)


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
    with transaction.atomic():
        match = match_get(match_id=match_id, player=player, lock=True)
        game = game_for(match.game)
        _check_expected_seq(match, expected_seq)
        command = game.command(game.human_seat, ActionRequest(kind, amount, card))
        return _append(match, match_state(match), [command], game)


def match_restart(*, match_id: Any, player: Player, expected_seq: int | None = None) -> Appended:
    """A new segment of the player's match: every stack back to the start (at any time)."""
    with transaction.atomic():
        match = match_get(match_id=match_id, player=player, lock=True)
        game = game_for(match.game)
        _check_expected_seq(match, expected_seq)
        match.watching = False
        return _append(match, match_state(match), [game.restart()], game)


def match_watch(*, match_id: Any, player: Player, expected_seq: int | None = None) -> Appended:
    """After the human is out, let the AIs play the match on to its end."""
    with transaction.atomic():
        match = match_get(match_id=match_id, player=player, lock=True)
        game = game_for(match.game)
        _check_expected_seq(match, expected_seq)
        state = match_state(match)
        if game.is_match_over(state):
            raise refuse(ErrorCode.MATCH_OVER)
        if _human_in_match(game, match, state):
            raise refuse(ErrorCode.STILL_IN_MATCH)
        match.watching = True
        return _append(match, state, [], game)


# The AI's command for ``seat`` in the locked ``match`` folded to ``state``: games asks it of
# the app that plays the seats (bots), which passes it in; games never imports that app.
SeatChooser = Callable[[Match, Any, int], Any]


def ai_turn_play(*, match_id: Any, seq: int, choose: SeatChooser) -> Appended | None:
    """Let the AI to act in ``match_id`` play ``choose(match, state, seat)``, if the match is
    still at ``seq``.

    Idempotent: a turn delivered twice, or late, finds the match moved on and does nothing.
    """
    with transaction.atomic():
        try:
            match = match_get(match_id=match_id, lock=True)
        except MatchNotFound:
            return None
        if match.seq != seq or match.status != Match.Status.ACTIVE:
            return None
        game = game_for(match.game)
        state = match_state(match)
        seat = ai_seat_to_act(match, state)
        if seat is None:
            return None
        return _append(match, state, [choose(match, state, seat)], game)


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
            Match.objects.filter(pk=match.pk, seq=match.seq).update(awaiting_ai=False)
    return due


# Inside driving_ai_turns: the seeds to deal from (or None for fresh ones); outside: _QUEUED.
_QUEUED: Any = object()
_driven: contextvars.ContextVar[Any] = contextvars.ContextVar("driven", default=_QUEUED)


@contextmanager
def driving_ai_turns(*, seeds: Iterator[bytes] | None = None) -> Iterator[None]:
    """Within this block commits queue no AI turn: the caller plays them with :func:`ai_turn_play`
    (``manage.py simulate``). With ``seeds``, each new hand is dealt from the next one, so a
    simulation can be replayed exactly."""
    token = _driven.set(seeds)
    try:
        yield
    finally:
        _driven.reset(token)


def _next_seed() -> bytes:
    seeds = _driven.get()
    return new_seed() if seeds is _QUEUED or seeds is None else next(seeds)


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


def _append(match: Match, state: Any, commands: Sequence[Any], game: AnyGame) -> Appended:
    """Decide every command in turn, deal the next hand while one is due (the match driver,
    :func:`games.engine.match.advance_match`), and store it all."""
    state, produced = advance_match(
        game,
        state,
        commands,
        seed=lambda _: _next_seed(),
        deals_on=lambda state: _deals_on(game, match, state),
    )

    numbered, created_at = _store(match, game, produced)
    over = game.is_match_over(state)
    match.status = Match.Status.FINISHED if over else Match.Status.ACTIVE
    match.awaiting_ai = ai_seat_to_act(match, state) is not None
    match.save(update_fields=["seq", "status", "watching", "awaiting_ai", "updated_at"])
    Snapshot.objects.update_or_create(
        match=match,
        defaults={
            "seq": match.seq,
            "engine_version": game.engine_version,
            "state": pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL),
        },
    )
    project(match, numbered)
    if match.awaiting_ai and _driven.get() is _QUEUED:
        _queue_ai_turn(match)
    return Appended(match=match, events=numbered, state=state, created_at=created_at)


def _store(
    match: Match, game: AnyGame, produced: Sequence[Event]
) -> tuple[list[tuple[int, Event]], dict[int, datetime]]:
    """Append the events with the next seqs, each numbered with the hand it belongs to.

    The one rule of which events belong to a hand: every event from the one that opens it up to
    the next hand's opening or the next segment's start (a match start or restart, which belong
    to no hand). So a hand's events go on past its end to what it caused — eliminations, the end
    of the match — and its replay, its ``HandSummary`` and a bot's history all see the same ones.
    """
    rows = []
    numbered = []
    hand_number = _open_hand_number(match)
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
            )
        )
        numbered.append((seq, item))
    EventRow.objects.bulk_create(rows)
    match.seq += len(rows)
    return numbered, {row.seq: row.created_at for row in rows}


def _open_hand_number(match: Match) -> int | None:
    """The hand the match's last stored event belongs to (None after a segment's start): the
    events appended next join it, until one opens a hand or starts a segment."""
    last = EventRow.objects.filter(match=match).order_by("-seq").only("hand_number").first()
    return None if last is None else last.hand_number


def _queue_ai_turn(match: Match) -> None:
    match_id, seq = str(match.id), match.seq
    # robust: in-process (eager) mode a failing AI move is logged, and the human's committed
    # action still gets its answer; the beat sweep retries the AI turn.
    transaction.on_commit(lambda: hooks.ai_turn_due(match_id, seq), robust=True)
