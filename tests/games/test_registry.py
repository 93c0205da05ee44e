"""The game registry (games/registry.py): every game looked up by name, toy games added by tests."""

from __future__ import annotations

import pytest

from games.engine.holdem import HOLDEM
from games.engine.updown import UPDOWN
from games.registry import GAMES, UnknownGame, game_for, registered


def test_both_games_are_registered_under_their_names() -> None:
    assert dict(GAMES) == {"holdem": HOLDEM, "updown": UPDOWN}
    assert game_for("updown") is UPDOWN


def test_an_unknown_game_is_a_lookup_error_naming_the_known_ones() -> None:
    with pytest.raises(UnknownGame, match="holdem, updown"):
        game_for("chess")


def test_a_game_registered_for_a_block_is_found_only_inside_it() -> None:
    class Toy(type(HOLDEM)):  # type: ignore[misc]
        name = "toy"

    toy = Toy()
    with registered(toy):
        assert game_for("toy") is toy
    with pytest.raises(UnknownGame):
        game_for("toy")


def test_a_name_cannot_be_registered_twice() -> None:
    with pytest.raises(ValueError, match="already registered"), registered(HOLDEM):
        pass
