"""The game registry (games/registry.py): every game looked up by name, toy games added by tests."""

from __future__ import annotations

import typing

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


@pytest.mark.django_db
def test_a_match_names_a_registered_game_not_a_fixed_choice() -> None:
    from django.core.exceptions import ValidationError

    from games.models import Match, Player
    from tests.toygame.engine import TOY

    owner = Player.objects.create()
    Match(game="updown", owner=owner, seats=["human", "easy"]).full_clean()
    with pytest.raises(ValidationError, match="Unknown game"):
        Match(game="chess", owner=owner).full_clean()
    with registered(TOY):
        Match(game="toy", owner=owner, seats=["human", "easy"]).full_clean()
    assert not Match._meta.get_field("game").choices  # no list to migrate for a new game


@pytest.mark.parametrize("game", [HOLDEM, UPDOWN], ids=lambda game: game.name)
def test_every_game_names_its_bots_view_type_and_standings(game) -> None:
    from bots.registry import game_bots
    from games.engine.match import advance_match

    assert game.bots_package == f"bots.{game.name}"
    assert {"easy", "medium", "hard"} <= set(game_bots(game.name).factories)
    assert typing.get_type_hints(game.view_type)["game"] == typing.Literal[game.name]
    state, _ = advance_match(
        game, game.new_state(), [game.start_match()], seed=lambda s: b"\1" * 32
    )
    standings = game.standings(state)
    assert standings.hands == 1 and standings.places == {}
    assert (
        sum(standings.chips) == sum(standings.starting) and len(standings.chips) == game.seat_count
    )


def test_the_admin_says_a_holdem_hand_rank_in_words() -> None:
    from games.engine.holdem import events as ev

    shown = ev.HandShown(
        seat=1, cards=("Ks", "Kd"), rank={"category": "pair", "ranks": ["K", "A", "Q", "J"]}
    )
    assert HOLDEM.words(shown)["rank"] == "pair of kings"
    assert UPDOWN.words(shown) == shown.payload()
    won = ev.PotAwarded(
        pot=0,
        amount=80,
        eligible=(1, 2),
        winners=(1,),
        shares=(80,),
        hand_rank={"category": "pair", "ranks": ["K", "A", "Q", "J"]},
        odd_chips=(),
        kickers=2,
    )
    assert HOLDEM.words(won)["hand_rank"] == "pair of kings, ace-queen kicker"
