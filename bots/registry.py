"""Seat specs to bots, per game: what ``Match.seats`` and ``manage.py simulate --seats`` name.

A spec is a level (``easy``, ``medium``, ``hard``), a baseline (``random``, ``calling_station``,
``maniac``, ``equity``), or ``module.path:ClassName`` — any importable class whose instances have
the :class:`bots.policies.Bot` ``act`` method, built with no arguments. Each game has its own
registry (:func:`register_game`), so Up & Down adds its bots without touching Hold'em's.

>>> type(resolve("hard", game="holdem", seat=1)).__name__
'HardBot'
>>> [p and p["name"] for p in seat_personas(["human", "easy", "medium", "hard"])]
[None, 'Vera', 'Otto', 'Lina']
>>> [p and p["gender"] for p in seat_personas(["human", "easy", "medium", "hard"])]
[None, 'female', 'male', 'female']
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from bots.policies import Bot
from games.hooks import SeatPersona

HUMAN = "human"
LEVELS = ("easy", "medium", "hard")

# A factory builds the bot for one seat: levels take the seat's persona (name and style).
BotFactory = Callable[[int], Bot]


class UnknownBot(ValueError):
    """A seat spec that names no bot of the game."""


@dataclass(frozen=True)
class GameBots:
    """The bots one game offers, and the character each seat's level plays."""

    factories: dict[str, BotFactory]
    # seat -> object with ``name``, ``gender`` and ``style`` (``key``, ``label``)
    persona: Callable[[int], Any]
    # Earlier hands a bot is shown besides the one in play (its history).
    recent_hands: int = 0


_GAMES: dict[str, Callable[[], GameBots]] = {}


def register_game(game: str, load: Callable[[], GameBots]) -> None:
    """Offer bots for ``game``; ``load`` runs on first use, so imports stay lazy."""
    _GAMES[game] = load


def games() -> list[str]:
    return sorted(_GAMES)


def bot_names(game: str) -> list[str]:
    return list(_game(game).factories)


def recent_hands(game: str) -> int:
    """How many earlier hands a bot of ``game`` sees besides the one in play."""
    return _game(game).recent_hands


def resolve(spec: str, *, game: str = "holdem", seat: int = 1) -> Bot:
    """The bot a seat spec names, for ``seat`` (levels play that seat's persona's style)."""
    if ":" in spec:
        return _import_bot(spec)
    factories = _game(game).factories
    try:
        factory = factories[spec]
    except KeyError:
        raise UnknownBot(
            f"unknown bot {spec!r} for {game}: choose one of {', '.join(factories)}, "
            "or module.path:ClassName"
        ) from None
    return factory(seat)


def seat_personas(seats: Sequence[str], game: str = "holdem") -> list[SeatPersona | None]:
    """Who plays each seat, for the table to show: None for the human; for a level its
    persona's name, grammatical gender and style; for a baseline or an imported class, the spec
    as its name (no gender: the sentences use their neutral form).

    The three AI seats of a match against a human always get three different styles.
    """
    bots = _game(game)
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


def _game(game: str) -> GameBots:
    try:
        load = _GAMES[game]
    except KeyError:
        raise UnknownBot(f"no bots for game {game!r} yet (known: {', '.join(games())})") from None
    return load()


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


@functools.cache
def _holdem() -> GameBots:
    from bots.holdem import baselines
    from bots.holdem.hard import HardBot
    from bots.holdem.levels import EasyBot, MediumBot
    from bots.holdem.styles import persona_for_seat

    def style(seat: int) -> Any:
        return persona_for_seat(seat).style

    return GameBots(
        factories={
            "easy": lambda seat: EasyBot(style(seat)),
            "medium": lambda seat: MediumBot(style(seat)),
            "hard": lambda seat: HardBot(style(seat)),
            "random": lambda seat: baselines.RandomBot(),
            "calling_station": lambda seat: baselines.CallingStation(),
            "maniac": lambda seat: baselines.Maniac(),
            "equity": lambda seat: baselines.EquityBot(),
        },
        persona=persona_for_seat,
        recent_hands=25,  # enough hands to read a maniac or a calling station
    )


@functools.cache
def _updown() -> GameBots:
    from bots.holdem.styles import BALANCED, Persona, persona_for_seat
    from bots.updown import BOTS

    def factory(cls: type) -> BotFactory:
        return lambda seat: cls()

    return GameBots(
        factories={name: factory(cls) for name, cls in BOTS.items()},
        # Up & Down's levels play one (equilibrium) strategy each: a name, and no style.
        persona=lambda seat: Persona(
            persona_for_seat(seat).name, BALANCED, persona_for_seat(seat).gender
        ),
        # The deal before the one in play: its revealed locked cards tell each kept card's group.
        recent_hands=1,
    )


register_game("holdem", _holdem)
register_game("updown", _updown)
