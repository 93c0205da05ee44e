"""A player's statistics across matches: a read model kept by the events, and its one query.

Each game with statistics declares them (``Game.stats``, a
:class:`~games.engine.game.GameStats`): the model its lines go in, the owner's line for one
finished hand, the sums per level and the figures from them. When a hand ends, the projector
(:mod:`games.projections`) takes the owner's line (:func:`hand_stat_line`) and stores it with the
hand's row (the services send both with the rest of an append). Each line
hangs on its ``HandSummary``, so ``manage.py rebuild_projections`` throws the lines away with the
hand list and projects them again.

:func:`player_stats` answers ``GET /api/stats/`` with one aggregate query per game, grouped by
level: the number of queries does not grow with the number of hands, and no match is refolded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.db.models import Aggregate, Count, F, Model, Q, Sum

from games.engine.events import Event, to_record
from games.engine.game import GameStats, Tally
from games.models import HandSummary, Match, Player
from games.registry import GAMES, game_for

__all__ = ["StatLine", "hand_stat_line", "line_store", "player_stats"]


@dataclass(frozen=True)
class StatLine:
    """The owner's line for one finished hand: its model and its columns by field name (the
    hand's key, ``hand``, apart: whoever stores the line knows the hand's row)."""

    model: type[Model]
    fields: dict[str, Any]


def hand_stat_line(match: Match, hand: Sequence[tuple[int, Event]]) -> StatLine | None:
    """The owner's line for the finished ``hand`` of ``match``, or None: the game keeps no
    statistics, or the owner did not play the hand."""
    game = game_for(match.game)
    if game.stats is None:
        return None
    fields = game.stats.line([to_record(item) for _, item in hand], game.human_seat)
    if fields is None:
        return None
    common = {"player_id": match.owner_id, "match_id": match.pk, "level": match.level}
    return StatLine(_model(game.stats), {**common, **fields})


def line_store(row: HandSummary, line: StatLine) -> None:
    """Store ``line`` as the line of the hand ``row``, replacing any it had."""
    line.model._default_manager.update_or_create(hand=row, defaults=line.fields)


PLAYED = "played"
IMPORTED = "imported"


def player_stats(player: Player | None, source: str = PLAYED) -> dict[str, list[dict[str, Any]]]:
    """One list per game that has statistics, by its name (``{"holdem": [...], ...}``): one
    entry per level the player has played. ``source``: the hands played here (the default),
    every imported hand (``imported``), or those imported from one room (its name)."""
    stats = {name: game.stats for name, game in GAMES.items() if game.stats is not None}
    if player is None:
        return {name: [] for name in stats}
    return {name: _levels(spec, player, source) for name, spec in stats.items()}


def _source(source: str) -> Q:
    if source == PLAYED:
        return Q(match__origin=PLAYED)
    if source == IMPORTED:
        return Q(match__origin=IMPORTED)
    return Q(match__origin=IMPORTED, match__imported_hand__room=source)


def _levels(spec: GameStats, player: Player, source: str) -> list[dict[str, Any]]:
    rows = (
        _model(spec)
        ._default_manager.filter(_source(source), player=player)
        .values("level")
        .annotate(**{name: _aggregate(tally) for name, tally in spec.tallies.items()})
        .order_by("level")
    )
    return [spec.entry(row) for row in rows]


def _model(spec: GameStats) -> type[Model]:
    return apps.get_model("games", spec.model)


def _aggregate(tally: Tally) -> Aggregate:
    """The SQL aggregate a game's :class:`~games.engine.game.Tally` names."""
    if tally.kind == "count":
        return Count("id", filter=Q(**tally.where)) if tally.where else Count("id")
    column = tally.column
    assert column is not None, f"a {tally.kind} tally adds up a column"
    if tally.kind == "distinct":
        return Count(column, distinct=True)
    if tally.kind == "sum":
        return Sum(column)
    return Sum(F(column) * F(column))  # squares
