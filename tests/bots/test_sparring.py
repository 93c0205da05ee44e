"""The sparring partners play as their docstrings say, and only ever legally."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bots import registry
from bots.holdem import pushfold
from bots.holdem.arena import play_match
from bots.holdem.preflop import CLASS_INDEX
from bots.holdem.sparring import Aggressor, Exploiter, NashPusher, Regular
from games.engine.cards import STANDARD_DECK
from tests.bots.tables import Table, answering, calls, flop_bettor, folds, shoves

SPARRING = {"aggressor": Aggressor, "nash": NashPusher, "reg": Regular, "exploiter": Exploiter}


@pytest.mark.parametrize("name", list(SPARRING))
def test_each_resolves_by_name(name):
    assert type(registry.resolve(name, game="holdem", seat=1)) is SPARRING[name]


def test_every_sparring_partner_only_ever_answers_legal_moves():
    """The arena plays every move through the engine, which refuses an illegal one."""
    specs = ["aggressor", "nash", "reg", "exploiter", "hard", "equity"]
    for index in range(len(specs)):
        seats = [specs[(index + offset) % len(specs)] for offset in range(4)]
        bots = [registry.resolve(spec, seat=seat) for seat, spec in enumerate(seats)]
        result = play_match(bots, deal_seed=f"sparring-{index}", max_hands=120)
        assert sum(result.net) == 0
        assert sorted(result.places)[0] == 1


def checked_to_seat_0_on(table: Table, street: str) -> None:
    """Both players check (or call the blind) until seat 0 is to act on ``street``."""
    while not (table.state.street == street and table.state.to_act == 0):
        table.act(*calls(table.seen(table.state.to_act)[0]))


# --- aggressor ----------------------------------------------------------------------------


def test_the_aggressor_bets_air_when_checked_to_on_the_flop():
    table = Table(stacks=(1000, 1000))
    table.deal({0: ("7c", "2d"), 1: ("Jh", "Ts")}, board=["Ks", "Qh", "4s"])
    checked_to_seat_0_on(table, "flop")
    choices = Counter(table.ask(Aggressor(), 0, seed)[0] for seed in range(20))
    assert choices == {"bet": 20}


def test_the_aggressor_raises_a_flush_draw_and_folds_air_to_a_raise():
    table = Table(stacks=(1000, 1000))
    table.deal({0: ("7s", "2s"), 1: ("Jh", "Ts")}, board=["Ks", "Qs", "4d"])
    checked_to_seat_0_on(table, "flop")
    table.act("check")
    table.act("bet", 40)
    assert table.ask(Aggressor(), 0)[0] == "raise"
    table.act("raise", 160)
    table.act("raise", 500)
    assert table.ask(Aggressor(), 0) == ("call", None)  # re-raised, a draw only calls

    table = Table(stacks=(1000, 1000))
    table.deal({0: ("7c", "2d"), 1: ("Jh", "Ts")}, board=["Ks", "Qh", "4s"])
    checked_to_seat_0_on(table, "flop")
    table.act("bet", 40)
    table.act("raise", 160)
    assert table.ask(Aggressor(), 0) == ("fold", None)


def test_the_aggressor_opens_about_half_its_hands_first_to_act():
    deck = random.Random(7)
    opened = 0
    for deal in range(100):
        first, second = deck.sample(STANDARD_DECK, 2)
        table = Table()
        table.deal({3: (first, second)})
        opened += table.ask(Aggressor(), 3, deal)[0] == "raise"
    assert 38 <= opened <= 60


# --- nash ---------------------------------------------------------------------------------

HANDS = {
    "AA": ("Ac", "Ad"),
    "A2s": ("Ah", "2h"),
    "K9o": ("Kc", "9d"),
    "55": ("5c", "5d"),
    "T8s": ("Ts", "8s"),
    "72o": ("7c", "2d"),
}


@pytest.mark.parametrize("depth", [4, 8, 15, 30, 50])
def test_nash_shoves_unopened_exactly_its_chart(depth):
    expectations = {pushfold.shoves(CLASS_INDEX[name], 3, float(depth)) for name in HANDS}
    assert expectations == {True, False}  # the hands straddle the chart's edge
    for name, cards in HANDS.items():
        table = Table(stacks=(1000, 1000, 1000, depth * 20))
        table.deal({3: cards})  # button on seat 0: seat 3 acts first, three players behind it
        kind, amount = table.ask(NashPusher(), 3)
        expected = pushfold.shoves(CLASS_INDEX[name], 3, float(depth))
        assert (kind == "raise" and amount == depth * 20) == expected, name
        assert expected or kind == "fold"


@pytest.mark.parametrize("depth", [6, 12, 25, 50])
def test_nash_calls_an_all_in_exactly_its_chart(depth):
    expectations = {pushfold.calls_shove(CLASS_INDEX[name], 3, 0, float(depth)) for name in HANDS}
    assert expectations == {True, False}
    for name, cards in HANDS.items():
        table = Table(stacks=(1000, 1000, depth * 20, depth * 20))
        table.deal({3: ("2c", "3d"), 2: cards})  # seat 3 shoves first to act, seat 2 the BB
        table.play({3: shoves, 0: folds, 1: folds}, until_seat=2)
        kind, _ = table.ask(NashPusher(), 2)
        expected = pushfold.calls_shove(CLASS_INDEX[name], 3, 0, float(depth))
        assert kind == ("call" if expected else "fold"), name


def test_nash_answers_an_ordinary_raise_all_in_or_not_at_all():
    table = Table()
    table.deal({3: ("2c", "3d"), 0: ("Ac", "Ad")})
    table.act("raise", 60)
    assert table.ask(NashPusher(), 0) == ("raise", 1000)
    table = Table()
    table.deal({3: ("2c", "3d"), 0: ("7c", "2d")})
    table.act("raise", 60)
    assert table.ask(NashPusher(), 0) == ("fold", None)


def test_nash_checks_post_flop_and_calls_a_bet_only_with_a_pair():
    table = Table(stacks=(1000, 1000))
    table.deal({0: ("Kc", "7d"), 1: ("Jh", "Ts")}, board=["Ks", "Qh", "4s"])
    checked_to_seat_0_on(table, "flop")
    assert table.ask(NashPusher(), 0) == ("check", None)
    table.act("bet", 20)
    table.act("raise", 60)
    assert table.ask(NashPusher(), 0) == ("call", None)

    table = Table(stacks=(1000, 1000))
    table.deal({0: ("8c", "7d"), 1: ("Jh", "Ts")}, board=["Ks", "Qh", "4s"])
    checked_to_seat_0_on(table, "flop")
    table.act("check")
    table.act("bet", 20)
    assert table.ask(NashPusher(), 0) == ("fold", None)


# --- reg ----------------------------------------------------------------------------------


def first_to_act_with(cards: tuple[str, str]) -> Table:
    table = Table()
    table.deal({3: cards})  # button on seat 0: seat 3 acts first preflop
    return table


@pytest.mark.parametrize("bot", [Regular(), Exploiter()], ids=["reg", "exploiter"])
def test_the_regular_folds_trash_and_raises_aces_first_to_act(bot):
    assert first_to_act_with(("7c", "2d")).ask(bot, 3) == ("fold", None)
    assert first_to_act_with(("Ac", "Ad")).ask(bot, 3)[0] == "raise"
    assert first_to_act_with(("Kc", "7d")).ask(bot, 3) == ("fold", None)


def test_the_regular_value_bets_top_pair_and_folds_air_to_a_big_river_bet():
    table = Table(stacks=(1000, 1000))
    table.deal({0: ("Ks", "Qd"), 1: ("7h", "6s")}, board=["Kh", "9c", "2d", "3s", "8h"])
    checked_to_seat_0_on(table, "flop")
    choices = Counter(table.ask(Regular(), 0, seed)[0] for seed in range(20))
    assert choices["bet"] >= 18

    table = Table(stacks=(1000, 1000))
    table.deal({0: ("4c", "5d"), 1: ("Kd", "Ts")}, board=["Ks", "Qh", "8c", "2d", "9s"])
    while not (table.state.street == "river" and table.state.to_act == 1):
        table.act(*calls(table.seen(table.state.to_act)[0]))
    table.act("bet", 60)
    assert table.ask(Regular(), 0) == ("fold", None)


def river_answer(opponent: object) -> Counter[str]:
    """The regular's answers with bottom pair to a pot-sized river bet from seat 1, after eight
    hands where seat 1 played as ``opponent`` does and the regular folded."""
    table = Table(stacks=(1000, 1000))
    for _ in range(8):
        table.deal()
        table.play({0: folds, 1: opponent})  # type: ignore[dict-item]
    table.deal({0: ("6d", "5s"), 1: ("4h", "3s")}, board=["Ks", "9h", "5c", "2d", "7s"])
    while not (table.state.street == "river" and table.state.to_act == 1):
        table.act(*calls(table.seen(table.state.to_act)[0]))
    table.act("bet", 40)  # the pot
    return Counter(table.ask(Regular(), 0, seed)[0] for seed in range(20))


def test_the_regular_calls_a_maniac_lighter_than_a_quiet_player():
    assert river_answer(shoves) == {"call": 20}
    assert river_answer(calls) == {"fold": 20}


# --- exploiter ----------------------------------------------------------------------------


def bluff_rate(bot: object, opponent: object, hands: int = 6) -> float:
    """How often ``bot`` in seat 0 bets 5-high into seat 1 on a river checked to it, after
    ``hands`` hands where seat 0 bet every flop and seat 1 answered as ``opponent`` does."""
    table = Table(stacks=(1000, 1000))
    for _ in range(hands):
        table.deal()
        table.play({0: flop_bettor, 1: answering(opponent)})  # type: ignore[dict-item]
    table.deal({0: ("4c", "5d"), 1: ("Jh", "Ts")}, board=["Ks", "Qh", "8c", "2d", "9s"])
    checked_to_seat_0_on(table, "river")
    choices = Counter(table.ask(bot, 0, seed)[0] for seed in range(40))  # type: ignore[arg-type]
    return choices["bet"] / 40


def test_the_exploiter_bluffs_a_player_who_keeps_folding_after_a_few_hands():
    assert bluff_rate(Exploiter(), folds, hands=4) == 1.0


def test_neither_the_exploiter_nor_the_regular_bluffs_a_calling_station():
    assert bluff_rate(Exploiter(), calls) == 0.0
    assert bluff_rate(Regular(), calls) == 0.0


def test_the_exploiter_bluffs_folders_more_than_the_regular_does():
    assert bluff_rate(Exploiter(), folds) > bluff_rate(Regular(), folds) + 0.3
