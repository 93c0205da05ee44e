"""The games the store can hold: one line per game, looked up by name.

Every other part of the system (the store, the API, the admin, the AI, the tools) reaches a game
through :func:`game_for`; nothing else names one. A new game is its own packages and one line
in :data:`GAMES` (docs/architecture.md#adding-a-game).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from games.engine.game import Game
from games.engine.holdem import HOLDEM
from games.engine.updown import UPDOWN

AnyGame = Game[Any, Any]

_GAMES: dict[str, AnyGame] = {game.name: game for game in (HOLDEM, UPDOWN)}
GAMES: Mapping[str, AnyGame] = _GAMES
"""Every game by name, in the order the lobby lists them."""

DEFAULT_GAME: str = next(iter(_GAMES))
"""The game a new match is of when none is named: the first listed."""


class UnknownGame(LookupError):
    pass


def game_for(name: str) -> AnyGame:
    """The game called ``name``; :class:`UnknownGame` (a ``LookupError``) if there is none."""
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownGame(f"no game {name!r} (known: {', '.join(_GAMES)})") from None


def warm_up_games() -> None:
    """Each game's once-per-process tables, built before a server process takes requests."""
    for game in _GAMES.values():
        game.warm_up()


@contextmanager
def registered(game: AnyGame) -> Iterator[AnyGame]:
    """Add ``game`` to the registry for the duration of the block (tests register toy games)."""
    if game.name in _GAMES:
        raise ValueError(f"a game called {game.name!r} is already registered")
    _GAMES[game.name] = game
    try:
        yield game
    finally:
        del _GAMES[game.name]
