"""A player's statistics across matches: a read model kept by the events, and its one query.

Each game with statistics declares them (``Game.stats``, a
:class:`~games.engine.game.GameStats`): the model its lines go in, the owner's line for one
finished hand, the sums per level and the figures from them. When a hand ends, the projector
(:mod:`games.projections`) calls :func:`project_hand`, which stores the owner's line. Each line
hangs on its ``HandSummary``, so ``manage.py rebuild_projections`` throws the lines away with the
hand list and projects them again.

:func:`player_stats` answers ``GET /api/stats/`` with one aggregate query per game, grouped by
level: the number of queries does not grow with the number of hands, and no match is refolded.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.apps import apps
from django.db.models import Aggregate, Count, F, Model, Q, Sum

from games.engine.events import Event, to_record
from games.engine.game import GameStats, Tally
from games.models import HandSummary, Player
from games.registry import GAMES, game_for

__all__ = ["player_stats", "project_hand"]


def project_hand(row: HandSummary, hand: Sequence[tuple[int, Event]]) -> None:
    """Store (or refresh) the owner's line for the finished hand ``row``."""
    match = row.match
    game = game_for(match.game)
    if game.stats is None:
        return
    fields = game.stats.line([to_record(item) for _, item in hand], game.human_seat)
    if fields is None:
        return  # the owner did not play this hand
    common = {"player_id": match.owner_id, "match": match, "level": match.level}
    _model(game.stats)._default_manager.update_or_create(hand=row, defaults={**common, **fields})


def player_stats(player: Player | None) -> dict[str, list[dict[str, Any]]]:
    """One list per game that has statistics, by its name (``{"holdem": [...], ...}``): one
    entry per level the player has played."""
    stats = {name: game.stats for name, game in GAMES.items() if game.stats is not None}
    if player is None:
        return {name: [] for name in stats}
    return {name: _levels(spec, player) for name, spec in stats.items()}


def _levels(spec: GameStats, player: Player) -> list[dict[str, Any]]:
    rows = (
        _model(spec)
        ._default_manager.filter(player=player)
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
