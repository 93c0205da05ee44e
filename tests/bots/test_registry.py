"""Seat specs name bots per game; each AI seat of a match is a named player with a style."""

from __future__ import annotations

import pytest

from bots import registry
from bots.holdem.baselines import CallingStation, EquityBot, Maniac, RandomBot
from bots.holdem.hard import HardBot
from bots.holdem.levels import EasyBot, MediumBot


@pytest.mark.parametrize(
    ("spec", "kind"),
    [
        ("easy", EasyBot),
        ("medium", MediumBot),
        ("hard", HardBot),
        ("random", RandomBot),
        ("calling_station", CallingStation),
        ("maniac", Maniac),
        ("equity", EquityBot),
        ("bots.holdem.baselines:Maniac", Maniac),
    ],
)
def test_a_spec_names_a_level_a_baseline_or_any_importable_bot_class(spec, kind):
    assert isinstance(registry.resolve(spec, game="holdem", seat=1), kind)


@pytest.mark.parametrize(
    "spec",
    ["grandmaster", "bots.holdem.baselines:Nobody", "no.such.module:Bot", "json:JSONDecoder"],
)
def test_an_unknown_spec_is_refused_with_the_choices(spec):
    with pytest.raises(registry.UnknownBot):
        registry.resolve(spec, game="holdem")


def test_a_game_without_bots_is_refused_clearly():
    with pytest.raises(registry.UnknownBot, match="no bots for game 'chess'"):
        registry.resolve("hard", game="chess")


def test_another_game_brings_its_own_bots_without_touching_holdem():
    """A game names its bots package; the registry finds that package's ``BOTS`` there."""
    from games.registry import registered
    from tests.toygame.bots import HighCardBot
    from tests.toygame.engine import TOY

    with registered(TOY):
        assert isinstance(registry.resolve("hard", game="toy"), HighCardBot)
        assert registry.bot_names("toy") == ["easy", "medium", "hard", "high_card"]
        assert isinstance(registry.resolve("hard", game="holdem"), HardBot)
    with pytest.raises(registry.UnknownBot, match="no bots for game 'toy'"):
        registry.resolve("hard", game="toy")


def test_the_three_ai_seats_of_a_match_are_three_named_players_with_distinct_styles():
    for level in registry.LEVELS:
        personas = registry.seat_personas(["human", level, level, level])
        assert personas[0] is None
        ai = personas[1:]
        assert all(p is not None and p["level"] == level for p in ai)
        assert len({p["name"] for p in ai}) == 3  # type: ignore[index]
        assert len({p["style"] for p in ai}) == 3  # type: ignore[index]


def test_a_level_plays_the_style_of_its_seats_persona():
    styles = {registry.resolve("hard", seat=seat).style.key for seat in (1, 2, 3)}  # type: ignore[attr-defined]
    assert styles == {
        p["style"] for p in registry.seat_personas(["human", "hard", "hard", "hard"])[1:]
    }  # type: ignore[index]
