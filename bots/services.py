"""The AI seats' work: choose a seat's command from what it may see, and play its turn.

A bot is a pure policy (:mod:`bots.policies`); this module gives it its seat's view and visible
history (:mod:`bots.selectors`), seeds its random source by the match and turn, and guards the
match against it: a bot that fails or answers an illegal move has the game's medium level play
that turn (and should that fail too, a check or a fold), so no match ever hangs on a bot. The
turn itself is appended by :func:`games.services.ai_turn_play`, through the same path as a
human's action. Celery tasks (:mod:`bots.tasks`) only call these.
"""

from __future__ import annotations

import functools
import logging
import random
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from celery import current_task
from django.conf import settings
from django.db import DatabaseError
from django.db.models import Q

from bots import cutoffs, registry
from bots.history import RecentHands, first_hand_shown
from bots.policies import Bot, Choice, Record
from games import selectors as game_selectors
from games import services as game_services
from games.engine.errors import ErrorCode, IllegalAction, refuse
from games.engine.events import Event, from_record
from games.engine.game import ActionRequest
from games.models import Event as EventRow
from games.models import Match
from games.registry import AnyGame, game_for

logger = logging.getLogger(__name__)

STAND_IN = "medium"  # the level that plays a turn its seat's bot could not


@functools.cache
def bot_for(game: str, spec: str, seat: int) -> Bot:
    """The bot a seat spec names. Bots are pure policies, so one instance serves every match."""
    return registry.resolve(spec, game=game, seat=seat)


def ai_command_choose(match: Match, state: Any, seat: int, *, salt: str | None = None) -> Any:
    """The AI in ``seat`` picks its command from what that seat may see, reproducibly per turn.

    The bot gets the seat's view (what the API would show that player) and the seat's visible
    history; its random source is seeded by the match (or ``salt``, for a seeded simulation)
    and the turn, so a turn decided again (a redelivered task) decides the same.
    """
    game = game_for(match.game)
    spec = match.seats[seat]
    rng = random.Random(f"{salt or match.id}:{match.seq}")
    seat_view = game.view(state, seat)
    history = seat_history_followed(match, seat)
    # The seat's own bot; should it fail or answer an illegal move, the game's medium level
    # plays the turn; should that fail too, the move that can never be refused.
    for fallback, name in enumerate((spec, STAND_IN)):
        try:
            bot = bot_for(match.game, name, seat)
            kind, amount = _ask(bot, name, match, seat_view, history, rng)
            command = game.command(seat, _request(kind, amount))
            game.advance(state, command)  # refuses an illegal move here, before it is stored
            return command
        except DatabaseError:
            raise  # the database, not the bot: let the task retry
        except Exception:
            logger.exception(
                "bot %r in match %s seat %s failed%s",
                name,
                match.id,
                seat,
                "" if fallback else f": the {STAND_IN} level plays this turn",
            )
    return _safe_command(game, state, seat)


def _ask(
    bot: Bot, name: str, match: Match, seat_view: Any, history: list[Record], rng: random.Random
) -> Choice:
    if game_services.driven() and not _in_celery_task():
        # Played by the caller (simulate), not a worker: no time limit ever cuts a bot off.
        # (A worker's task drives a chain of turns too, under its time limits: it asks below.)
        return bot.act(seat_view, history, rng)
    # A bot cut off at the hard time limit on this very turn is not asked again.
    return cutoffs.ask(bot, name, (match.id, match.seq), seat_view, history, rng)


def _in_celery_task() -> bool:
    """Whether this runs inside a Celery task (a worker's, or an eager one)."""
    return bool(current_task and current_task.request.id)


# --- the seats' histories, followed from append to append -------------------------------------


@dataclass
class _Followed:
    """Every seat's history (:class:`bots.history.RecentHands`) of a match at the row key
    ``(seq, updated_at)``; ``created_at``: its last event's, which tells the stored history it
    holds from one rolled back (None: no event, or not known)."""

    seq: int
    updated_at: datetime | None
    histories: RecentHands
    created_at: datetime | None = None

    def add(self, game: AnyGame, item: Event, created_at: datetime | None) -> None:
        """One more of the match's events, stored at ``created_at``."""
        self.histories.add(item, opens_hand=game.hand_opened_by(item) is not None)
        self.created_at = created_at

    def reached(self, match: Match) -> None:
        """Every event up to the row's key is in: hold the key."""
        self.seq, self.updated_at = match.seq, match.updated_at


# The last AI_HISTORIES_KEPT matches this process played (settings): a worker's pool process is
# given turns of any match, so it must keep about as many as are in play, or it reads a whole
# window from the store again (about 5 ms of CPU for a Hold'em match) on most turns.
_FOLLOWED: OrderedDict[str, _Followed] = OrderedDict()
_FOLLOWED_LOCK = threading.Lock()


def seat_history_followed(match: Match, seat: int) -> list[Record]:
    """What :func:`bots.selectors.seat_history` reads from the store, kept up to date in
    memory: from the appends this process made since it last looked (their events are
    :func:`games.services.known`'s trail), else read once from the store.

    Called with the match row locked (an AI turn), so the match cannot move meanwhile.
    """
    key = str(match.pk)
    with _FOLLOWED_LOCK:
        followed = _FOLLOWED.pop(key, None)
    if followed is not None and not (
        _caught_up(followed, match) or _caught_up_from_store(followed, match)
    ):
        followed = None
    if followed is None:
        followed = _read_histories(match)
    with _FOLLOWED_LOCK:
        _FOLLOWED[key] = followed
        while len(_FOLLOWED) > settings.AI_HISTORIES_KEPT:
            _FOLLOWED.popitem(last=False)
    return list(followed.histories.seen(seat))


def _caught_up(followed: _Followed, match: Match) -> bool:
    """Bring ``followed`` to the row's key through the appends remembered since it; False if
    they do not reach back to it (another process appended, or too many appends ago)."""
    if (followed.seq, followed.updated_at) == (match.seq, match.updated_at):
        return True
    known = game_services.known(match)
    if known is None:
        return False
    steps = [(step.seq, step.updated_at) for step in known.trail]
    try:
        start = steps.index((followed.seq, followed.updated_at))
    except ValueError:
        return False
    game = game_for(match.game)
    for step in known.trail[start:]:
        for _, item in step.events:
            followed.add(game, item, step.created_at)
    followed.reached(match)
    return True


def _caught_up_from_store(followed: _Followed, match: Match) -> bool:
    """Bring ``followed`` to the row's key with the events stored after it — what another
    process appended (a player's action through the web, between two AI turns in a worker) —
    instead of reading the whole window again; False if the store does not hold the event it
    ends with (it was rolled back, or its time is not known)."""
    if followed.created_at is None or followed.seq > match.seq:
        return False
    fresh = iter(game_selectors.event_rows(match, after=followed.seq - 1, upto=match.seq))
    first = next(fresh, None)
    if first is None or (first.seq, first.created_at) != (followed.seq, followed.created_at):
        return False
    game = game_for(match.game)
    for row in fresh:
        followed.add(game, from_record(row.type, row.version, row.payload), row.created_at)
    followed.reached(match)
    return True


def _read_histories(match: Match) -> _Followed:
    """Every seat's window read from the store: from the first event of the earliest hand a bot
    is shown (or the match's start) up to ``match.seq``."""
    game = game_for(match.game)
    recent = registry.recent_hands(match.game)
    rows = EventRow.objects.filter(match=match, seq__lte=match.seq)
    current = (
        rows.exclude(hand_number=None).order_by("-seq").values_list("hand_number", flat=True)
    ).first()
    earliest = None if current is None else first_hand_shown(current, recent)
    if earliest is not None:
        rows = rows.filter(Q(hand_number__gte=earliest) | Q(hand_number=None))
    histories = RecentHands(
        game.seat_count, recent, game.visible_record, registry.record_owner(match.game)
    )
    started = earliest is None
    last_created_at = None
    fields = rows.order_by("seq").values_list("type", "version", "payload", "created_at")
    for kind, version, payload, created_at in fields:
        item = from_record(kind, version, payload)
        opened = game.hand_opened_by(item)
        # Segment events before the earliest hand shown are outside the window.
        started = started or opened == earliest
        if started:
            histories.add(item, opens_hand=opened is not None)
        last_created_at = created_at
    return _Followed(match.seq, match.updated_at, histories, last_created_at)


def _request(kind: str, answer: int | str | None) -> ActionRequest:
    """A bot's answer as a request: ``(kind, amount)``, or ``("lock", card)`` in Up & Down."""
    if isinstance(answer, str):
        return ActionRequest(kind, card=answer)
    return ActionRequest(kind, answer)


def _safe_command(game: AnyGame, state: Any, seat: int) -> Any:
    """Check if that is allowed, else fold (else call): the move that can never be refused."""
    fallbacks: tuple[Choice, ...] = (("check", None), ("fold", None), ("call", None))
    for kind, amount in fallbacks:
        command = game.command(seat, ActionRequest(kind, amount))
        try:
            game.advance(state, command)
        except IllegalAction:
            continue
        return command
    raise refuse(ErrorCode.NO_SAFE_MOVE, seat=seat)


def ai_turn_take(
    *,
    match_id: Any,
    seq: int,
    salt: str | None = None,
    most: int = 1,
    until: Callable[[Any], bool] | None = None,
) -> game_services.Appended | None:
    """The AI to act in ``match_id`` plays its turn, if the match is still at ``seq``
    (idempotent: a turn delivered twice or late does nothing); with ``most``, the AIs after
    it play on in the same transaction (:func:`games.services.ai_turn_play`)."""
    choose = ai_command_choose if salt is None else functools.partial(ai_command_choose, salt=salt)
    return game_services.ai_turn_play(
        match_id=match_id, seq=seq, choose=choose, most=most, until=until
    )
