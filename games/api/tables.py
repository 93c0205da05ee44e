"""Each registered game's view of the table, as the match body's ``view`` carries it: one
member per game of a union tagged by ``game``.

Built from the registry: a game's ``view_type`` (a ``TypedDict``, e.g.
``games.engine.holdem.view_types.HoldemView``) becomes a serializer (documentation only, see
:mod:`games.api.schemas`): the engine's ``view`` is what is sent, and the schema test checks it.
"""

from __future__ import annotations

import functools
import typing

from games.api.schemas import AnyField, Members, ObjectSerializer, _described, _field_for, tag
from games.registry import GAMES


def views() -> Members:
    """The view serializer of every game registered now, by game name."""
    return {name: view_serializer(game.view_type, name) for name, game in GAMES.items()}


@functools.cache
def view_serializer(view_type: type, game: str) -> type[ObjectSerializer]:
    """The serializer of a game's view type; its ``game`` field is the union's tag (a const)."""
    fields: dict[str, AnyField] = {
        name: tag(game) if name == "game" else _field_for(hint, name)
        for name, hint in typing.get_type_hints(view_type).items()
    }
    return type(
        view_type.__name__, (ObjectSerializer,), {"__doc__": _described(view_type), **fields}
    )
