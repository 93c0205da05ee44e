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
from typing import Any

from django.db import DatabaseError

from bots import cutoffs, registry
from bots.policies import Bot, Choice
from bots.selectors import seat_history
from games import services as game_services
from games.engine.errors import ErrorCode, IllegalAction, refuse
from games.engine.game import ActionRequest
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
    history = seat_history(match, seat)
    # The seat's own bot; should it fail or answer an illegal move, the game's medium level
    # plays the turn; should that fail too, the move that can never be refused.
    for fallback, name in enumerate((spec, STAND_IN)):
        try:
            bot = bot_for(match.game, name, seat)
            # A bot cut off at the hard time limit on this very turn is not asked again.
            kind, amount = cutoffs.ask(bot, name, (match.id, match.seq), seat_view, history, rng)
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
    *, match_id: Any, seq: int, salt: str | None = None
) -> game_services.Appended | None:
    """The AI to act in ``match_id`` plays its turn, if the match is still at ``seq``
    (idempotent: a turn delivered twice or late does nothing)."""
    choose = ai_command_choose if salt is None else functools.partial(ai_command_choose, salt=salt)
    return game_services.ai_turn_play(match_id=match_id, seq=seq, choose=choose)
