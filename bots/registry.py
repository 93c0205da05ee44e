"""Seat specs to bots, per game: what ``Match.seats`` and ``manage.py simulate --seats`` name.

A spec is a level (``easy``, ``medium``, ``hard``), a baseline (``random``, ``calling_station``,
``maniac``, ...), or ``module.path:ClassName`` — any importable class whose instances have the
:class:`bots.policies.Bot` ``act`` method, built with no arguments.

Each game names its bots package (``Game.bots_package``, e.g. ``"bots.holdem"``) and that package
exposes one :class:`GameBots` as ``BOTS``: its levels and baselines, the persona of each seat,
how much history its bots see, and what to warm up in a worker. Nothing here names a game
(docs/architecture.md#adding-a-game).

>>> type(resolve("hard", game="holdem", seat=1)).__name__
'HardBot'
>>> [p and p["name"] for p in seat_personas(["human", "easy", "medium", "hard"])]
[None, 'Vera', 'Otto', 'Lina']
>>> [p and p["gender"] for p in seat_personas(["human", "easy", "medium", "hard"])]
[None, 'female', 'male', 'female']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from bots.policies import Bot
from games.hooks import SeatPersona
from games.registry import DEFAULT_GAME, GAMES, UnknownGame, game_for

HUMAN = "human"
LEVELS = ("easy", "medium", "hard")

# A factory builds the bot for one seat: levels take the seat's persona (name and style).
BotFactory = Callable[[int], Bot]


class UnknownBot(ValueError):
    """A seat spec that names no bot of the game."""


def _nothing() -> None:
    return None


@dataclass(frozen=True)
class GameBots:
    """The bots one game offers, and the character each seat's level plays."""

    factories: dict[str, BotFactory]
    # seat -> object with ``name``, ``gender`` and ``style`` (``key``, ``label``)
    persona: Callable[[int], Any]
    # Earlier hands a bot is shown besides the one in play (its history).
    recent_hands: int = 0
    # Builds what the bots compute once (tables), so a worker's first AI turn does not pay it.
    warm_up: Callable[[], None] = _nothing
    # The one seat an event shows more to than to the others (its own cards), or None when
    # every seat sees the same record: the seats' histories then share that record. Without
    # it, each seat's record is filtered for that seat (bots.history.RecentHands).
    record_owner: Callable[[Any], int | None] | None = None
    # A finished hand's analysis body from its match and HandSummary rows, for a game whose
    # ``offers_analysis`` says it has one (bots.analysis stores it).
    analysis: Callable[[Any, Any], dict[str, Any]] | None = None


def default_game() -> str:
    """The game a spec means when none is named: the registry's first (the lobby's first)."""
    return DEFAULT_GAME


def games() -> list[str]:
    """Every registered game: each has its bots."""
    return list(GAMES)


def bot_names(game: str) -> list[str]:
    return list(game_bots(game).factories)


def recent_hands(game: str) -> int:
    """How many earlier hands a bot of ``game`` sees besides the one in play."""
    return game_bots(game).recent_hands


def record_owner(game: str) -> Callable[[Any], int | None] | None:
    """The seat an event of ``game`` shows more to, if the game says (``GameBots.record_owner``)."""
    return game_bots(game).record_owner


def warm_up() -> None:
    """Warm every game's bots (a worker does it once, before its first AI turn)."""
    for game in GAMES:
        game_bots(game).warm_up()


def resolve(spec: str, *, game: str | None = None, seat: int = 1) -> Bot:
    """The bot a seat spec names, for ``seat`` (levels play that seat's persona's style)."""
    if ":" in spec:
        return _import_bot(spec)
    game = game or default_game()
    factories = game_bots(game).factories
    try:
        factory = factories[spec]
    except KeyError:
        raise UnknownBot(
            f"unknown bot {spec!r} for {game}: choose one of {', '.join(factories)}, "
            "or module.path:ClassName"
        ) from None
    return factory(seat)


def seat_personas(seats: Sequence[str], game: str | None = None) -> list[SeatPersona | None]:
    """Who plays each seat, for the table to show: None for the human; for a level its
    persona's name, grammatical gender and style; for a baseline or an imported class, the spec
    as its name (no gender: the sentences use their neutral form).

    The three AI seats of a match against a human always get three different styles.
    """
    bots = game_bots(game or default_game())
    result: list[SeatPersona | None] = []
    for seat, spec in enumerate(seats):
        if spec == HUMAN:
            result.append(None)
        elif spec in LEVELS:
            persona = bots.persona(seat)
            result.append(
                SeatPersona(
                    seat=seat,
                    name=persona.name,
                    gender=persona.gender,
                    level=spec,
                    style=persona.style.key,
                    style_label=persona.style.label,
                )
            )
        else:
            name = spec.rpartition(":")[2] if ":" in spec else spec
            result.append(
                SeatPersona(
                    seat=seat, name=name, gender=None, level=spec, style=None, style_label=None
                )
            )
    return result


def game_bots(game: str) -> GameBots:
    """The ``BOTS`` of ``game``'s bots package (imported on first use: imports stay lazy)."""
    try:
        package = game_for(game).bots_package
    except UnknownGame:
        raise UnknownBot(f"no bots for game {game!r} (known: {', '.join(GAMES)})") from None
    bots = getattr(importlib.import_module(package), "BOTS", None)
    if not isinstance(bots, GameBots):
        raise UnknownBot(f"no bots for game {game!r}: {package}.BOTS is not a GameBots")
    return bots


def _import_bot(spec: str) -> Bot:
    module_name, _, class_name = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
        cls = getattr(module, class_name)
    except (ImportError, AttributeError) as missing:
        raise UnknownBot(f"cannot import bot {spec!r}: {missing}") from None
    bot = cls()
    if not callable(getattr(bot, "act", None)):
        raise UnknownBot(f"{spec!r} has no act(view, history, rng) method")
    return cast(Bot, bot)
