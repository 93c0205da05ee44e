"""The hard level plays poker a card room would recognise: position and stack depth decide its
preflop hands, it reads the players it faces, and it bets where the chips say it should."""

from __future__ import annotations

import random
from collections import Counter

from bots.holdem.hard import HardBot
from bots.holdem.styles import BALANCED
from bots.policies import Choice
from games.engine.holdem.game import blind_seats, next_button
from games.engine.holdem.rules import BLIND_LEVELS
from tests.bots.tables import (
    Table,
    answering,
    bets_half_pot,
    calls,
    flop_bettor,
    folds,
    opens,
    shoves,
)

HARD = HardBot(BALANCED)


def first_to_act_with(cards: tuple[str, str]) -> Table:
    table = Table()
    table.deal({3: cards})  # button on seat 0: seat 3 acts first preflop (CO)
    return table


def test_opens_strong_hands_first_to_act_and_folds_weak_ones():
    assert first_to_act_with(("Ac", "Qd")).ask(HARD, 3)[0] == "raise"
    assert first_to_act_with(("7c", "2d")).ask(HARD, 3) == ("fold", None)


def test_opens_wider_on_the_button_than_first_to_act():
    table = Table()
    table.deal({3: ("Kc", "7d"), 0: ("Kh", "7s")})
    assert table.ask(HARD, 3) == ("fold", None)
    table.act("fold")
    assert table.ask(HARD, 0)[0] == "raise"


def test_heads_up_the_button_opens_most_hands():
    table = Table(stacks=(1000, 1000))
    table.deal({0: ("Qc", "5d")})
    assert table.state.to_act == 0
    assert table.ask(HARD, 0)[0] == "raise"


def test_a_short_stack_moves_all_in_or_folds():
    table = Table(stacks=(1000, 160, 1000, 1000))  # the small blind has 8 big blinds
    table.deal({1: ("Kc", "9d")})
    table.play({3: folds, 0: folds}, until_seat=1)
    kind, amount = table.ask(HARD, 1)
    assert (kind, amount) == ("raise", 160)

    table = Table(stacks=(1000, 160, 1000, 1000))
    table.deal({1: ("7c", "2d")})
    table.play({3: folds, 0: folds}, until_seat=1)
    assert table.ask(HARD, 1) == ("fold", None)


def history_of(opponent: object, hands: int = 13) -> Table:
    """A match after ``hands`` hands in which seat 2 played as ``opponent`` does and everyone
    else folded."""
    table = Table()
    for _ in range(hands):
        table.deal()
        table.play({0: folds, 1: folds, 2: opponent, 3: folds})  # type: ignore[dict-item]
    return table


def facing_a_shove_from_seat_2(table: Table, cards: tuple[str, str]) -> str:
    """Deal a hand, let seat 2 shove, everyone else fold, and ask the big blind."""
    big_blind = blind_seats(table.state, next_button(table.state))[1]
    assert big_blind != 2
    table.deal({2: ("2c", "3d"), big_blind: cards})
    scripts = {seat: folds for seat in range(4)} | {2: shoves}
    table.play(scripts, until_seat=big_blind)
    return table.ask(HARD, big_blind)[0]


def test_calls_a_maniacs_all_in_lighter_than_a_tight_players():
    def tight(seat_view: dict) -> tuple[str, int | None]:
        return folds(seat_view)

    assert facing_a_shove_from_seat_2(history_of(shoves), ("Ac", "9d")) == "call"
    assert facing_a_shove_from_seat_2(history_of(tight), ("Ac", "9d")) == "fold"


def heads_up_after(opponent: object, hands: int) -> Table:
    """Heads-up hands where seat 0 bet every flop and seat 1 answered as ``opponent`` does."""
    table = Table(stacks=(1000, 1000))
    for _ in range(hands):
        table.deal()
        table.play({0: flop_bettor, 1: answering(opponent)})  # type: ignore[dict-item]
    return table


def checked_to_seat_0_on(table: Table, street: str) -> None:
    """Both players check (or call the blind) until seat 0 is to act on ``street``."""
    while not (table.state.street == street and table.state.to_act == 0):
        table.act(*calls(table.seen(table.state.to_act)[0]))


def bluff_rate(opponent: object) -> float:
    table = heads_up_after(opponent, hands=10)
    table.deal({0: ("4c", "5d"), 1: ("Jh", "Ts")}, board=["Ks", "Qh", "8c", "2d", "9s"])
    checked_to_seat_0_on(table, "river")
    choices = Counter(table.ask(HARD, 0, seed)[0] for seed in range(120))
    return choices["bet"] / 120


def test_bluffs_players_who_fold_and_never_a_calling_station():
    assert bluff_rate(calls) == 0.0
    assert bluff_rate(folds) > 0.3


def river_bets(opponent: object, cards: tuple[str, str]) -> tuple[list[int], int]:
    """Seat 0's bets (amounts) over 60 seeds, checked to on the river holding ``cards`` after
    ten hands against ``opponent`` (a raised pot: big enough for a bet of a third of it)."""
    table = heads_up_after(opponent, hands=10)
    table.deal({0: cards, 1: ("Jh", "Ts")}, board=["Ks", "Qh", "8c", "2d", "9s"])
    table.act(*opens(table.seen(table.state.to_act)[0]))
    checked_to_seat_0_on(table, "river")
    choices = [table.ask(HARD, 0, seed) for seed in range(60)]
    return [amount for kind, amount in choices if kind == "bet" and amount], table.seen(0)[0]["pot"]


def test_bluffs_a_player_who_folds_with_the_smallest_bet_their_folding_pays_for():
    # Folding to nine bets in ten, a bet of a third of the pot (which needs folds one time in
    # four) makes more than a big one: the old option values bet half the pot or more.
    bets, pot = river_bets(folds, ("4c", "5d"))
    assert len(bets) > 18
    assert max(bets) <= 0.4 * pot


def test_bets_a_strong_hand_for_value_into_a_calling_station():
    table = heads_up_after(calls, hands=8)
    table.deal({0: ("Ks", "Kd"), 1: ("7h", "6s")}, board=["Kh", "9c", "2d"])
    checked_to_seat_0_on(table, "flop")
    choices = Counter(table.ask(HARD, 0, seed)[0] for seed in range(40))
    assert choices["bet"] >= 36


def test_decides_the_same_way_from_the_same_seed_and_mixes_across_seeds():
    # Against a player known to call (its own option values decide, not the exploiter's bets).
    table = heads_up_after(calls, hands=13)
    table.deal({0: ("Ah", "7h"), 1: ("Qd", "Jc")}, board=["Kh", "8h", "3c"])
    checked_to_seat_0_on(table, "flop")
    seat_view, history = table.seen(0)
    first = [HARD.act(seat_view, history, random.Random(seed)) for seed in range(30)]
    again = [HARD.act(seat_view, history, random.Random(seed)) for seed in range(30)]
    assert first == again
    assert len(set(first)) > 1


# --- short stacks, aggression, re-raises (the sparring-partner issue) -------------------------


def facing_a_short_shove(cards: tuple[str, str], big_blinds: int) -> Choice:
    """Seat 3 (first to act) moves all-in for ``big_blinds``; the big blind (seat 2) holds
    ``cards`` and everyone between folded."""
    table = Table(stacks=(1000, 1000, 1000, 20 * big_blinds))
    table.deal({2: cards, 3: ("7c", "3d")})
    table.play({3: shoves, 0: folds, 1: folds}, until_seat=2)
    return table.ask(HARD, 2)


def test_calls_a_short_all_in_with_the_hands_that_beat_its_price():
    for cards in (("9c", "9d"), ("Ac", "Qd"), ("Ah", "Kd"), ("Kc", "Qc")):
        assert facing_a_short_shove(cards, 10) == ("call", None), cards
    assert facing_a_short_shove(("8c", "2h"), 10) == ("fold", None)


def test_short_stacks_shove_the_equilibrium_chart():
    table = Table(stacks=(1000, 1000, 1000, 200))  # first to act with 10 big blinds
    table.deal({3: ("Ah", "Kd")})
    assert table.ask(HARD, 3) == ("raise", 200)
    table = Table(stacks=(1000, 1000, 1000, 200))
    table.deal({3: ("Jc", "4d")})
    assert table.ask(HARD, 3) == ("fold", None)


def facing_a_flop_bet(hole: tuple[str, str], board: list[str], fraction: float) -> Table:
    """Heads-up: both see the flop for one big blind; the big blind (seat 1, hard) checks and
    the button bets ``fraction`` of the pot."""
    table = Table(stacks=(1000, 1000))
    table.deal({0: ("4c", "7d"), 1: hole}, board=board)
    table.act("call")
    table.act("check")
    table.act("check")
    table.act("bet", max(20, round(fraction * table.state.pot_total())))
    return table


def test_never_folds_two_pair_to_a_small_bet():
    table = facing_a_flop_bet(("5h", "Qd"), ["Jc", "5d", "Js"], 1 / 3)
    choices = Counter(table.ask(HARD, 1, seed)[0] for seed in range(30))
    assert choices["fold"] == 0


def flop_answers(opponent: object, hole: tuple[str, str], seeds: int) -> Counter[str]:
    """Hard's answers (seat 1, holding ``hole`` on K-9-3) over ``seeds`` seeds to a half-pot
    flop bet from seat 0, after ten hands in which seat 0 bet every flop and seat 1 answered as
    ``opponent`` does."""
    table = heads_up_after(opponent, hands=10)
    table.deal({0: ("4c", "7d"), 1: hole}, board=["Kc", "9d", "3s"])
    while table.state.street == "preflop":
        table.act(*calls(table.seen(table.state.to_act)[0]))
    if table.state.to_act == 1:
        table.act("check")
    table.act(*bets_half_pot(table.seen(0)[0]))
    return Counter(table.ask(HARD, 1, seed)[0] for seed in range(seeds))


def test_defends_enough_against_a_player_who_bets_every_flop():
    # Ten hands in which seat 0 bet every flop and seat 1 folded to it: then a flop bet of half
    # the pot into a middle pair must not be folded, however often that player bets.
    choices = flop_answers(folds, ("9h", "Td"), seeds=30)
    assert choices["fold"] <= 3


def test_calls_a_player_who_keeps_betting_and_raises_one_who_stops():
    # Folded to, seat 0 bet every flop it saw: it bets whenever checked to, so a call lets it
    # bet its misses again on the turn and river, where a raise would fold them now (the option
    # values without the bets to come raised here every time). Called, it stopped betting after
    # the flop: its bets are fewer and stronger, and top pair raises for value.
    top_pair = ("Kh", "Qd")
    assert flop_answers(folds, top_pair, seeds=40)["call"] >= 30
    assert flop_answers(calls, top_pair, seeds=40)["raise"] >= 30


def test_re_raises_a_range_not_only_premiums():
    three_bets = Counter()
    for cards in (("Qs", "Qd"), ("Ah", "Kd"), ("As", "5s"), ("Th", "9h"), ("7c", "2d")):
        for seed in range(20):
            table = Table()
            table.deal({3: ("Kc", "Jd"), 0: cards})
            table.act("raise", 50)  # seat 3 opens first to act
            three_bets[cards[0] + cards[1]] += table.ask(HARD, 0, seed)[0] == "raise"
    assert three_bets["QsQd"] == 20 and three_bets["AhKd"] == 20
    assert 0 < three_bets["As5s"] < 20
    assert three_bets["7c2d"] == 0


def all_in_over_an_open_from_seat_2(cards: tuple[str, str]) -> bool:
    """After hands in which seat 2 opened every time, deal one in which it opens again and
    everyone between folds: whether seat 3, holding ``cards``, moves all-in over it."""
    table = history_of(opens)
    table.deal({2: ("2c", "3d"), 3: cards})
    table.play({0: folds, 1: folds, 2: opens}, until_seat=3)
    everything = table.seen(3)[0]["legal_actions"]["max_raise_to"]
    return table.ask(HARD, 3) == ("raise", everything)


def test_does_not_move_all_in_over_a_wide_opener_with_hands_its_callers_beat():
    # Seat 2 opened every hand: its opens say little, but the hands that would call an all-in
    # over them are its best ones, which K-T, Q-J or a weak ace do not beat.
    for cards in (("Kd", "Th"), ("Qc", "Jd"), ("Ah", "7c")):
        assert not all_in_over_an_open_from_seat_2(cards), cards
    assert all_in_over_an_open_from_seat_2(("Ah", "Ad"))


def facing_a_big_stacks_all_in_with_seven_big_blinds(cards: tuple[str, str]) -> Choice:
    """The small blind covers everyone and moves all-in; the big blind holds ``cards`` and
    140 chips, 120 of them to call for a pot of 280."""
    table = Table(stacks=(1000, 3000, 140, 1000))
    table.deal({1: ("7c", "3d"), 2: cards})
    table.play({3: folds, 0: folds, 1: shoves}, until_seat=2)
    return table.ask(HARD, 2)


def test_calls_a_big_stacks_all_in_for_its_last_chips_when_the_price_is_right():
    # The all-in risks only the 7 big blinds the big blind has: the chart shoves most hands
    # from the small blind at that depth (not the few it shoves with 150), and a short stack
    # values its chips at face value, so K-4 (about 48% against that range, the price 43%)
    # calls; 8-3 does not.
    for cards in (("Kd", "4h"), ("7d", "7h"), ("Ad", "2h")):
        assert facing_a_big_stacks_all_in_with_seven_big_blinds(cards) == ("call", None), cards
    assert facing_a_big_stacks_all_in_with_seven_big_blinds(("8d", "3h")) == ("fold", None)


def min_raises(seat_view: dict) -> Choice:
    """Raises the minimum whenever it may, else calls: it never folds, whatever it holds."""
    legal = seat_view["legal_actions"]
    if legal["can_bet"] or legal["can_raise"]:
        return ("bet" if legal["can_bet"] else "raise"), legal["min_raise_to"]
    return calls(seat_view)


def raises_once(seat_view: dict) -> Choice:
    """Raises to three big blinds before the flop if nobody has raised that far, folds to
    anything more: a player for the other to raise over."""
    three = 3 * seat_view["blinds"]["big"]
    legal = seat_view["legal_actions"]
    current = max(seat["bet"] for seat in seat_view["seats"])
    if seat_view["street"] == "preflop" and current < three and legal["can_raise"]:
        return "raise", max(three, legal["min_raise_to"])
    return folds(seat_view)


def heads_up_against(opponent: object) -> Table:
    """Ten heads-up hands in which seat 1 raised and seat 0 answered as ``opponent`` does."""
    table = Table(stacks=(2000, 2000))
    for _ in range(10):
        table.deal()
        table.play({0: opponent, 1: raises_once})  # type: ignore[dict-item]
    return table


def answer_to_a_raise(opponent: object, hole: tuple[str, str], to: int) -> Choice:
    """Hard's answer (seat 1, holding ``hole``) to a raise to ``to`` from seat 0, after ten hands
    in which seat 0 answered hard's raises as ``opponent`` does."""
    table = heads_up_against(opponent)
    table.deal({1: hole})
    if table.state.to_act == 1:
        table.act("call")  # hard limps from the button; the raise comes from the big blind
    table.act("raise", min(to, table.seen(0)[0]["legal_actions"]["max_raise_to"]))
    return table.ask(HARD, 1)


def test_heads_up_against_a_maniac_chips_go_in_only_with_a_big_edge():
    # Seat 0 re-raised every raise and never folded: its all-ins say nothing about its cards.
    # Nines (72% against any hand) and A-K (65%) call one, Q-9 (56%) does not: 7 points over
    # the price of about 49%, and a maniac offers 10 within a few hands (against a player who
    # folds to raises, whose all-in is a strong hand, nines fold it). Over a small raise,
    # queens move every chip in: the maniac calls.
    everything = 2000
    assert answer_to_a_raise(min_raises, ("9c", "9d"), everything) == ("call", None)
    assert answer_to_a_raise(min_raises, ("Ac", "Kd"), everything) == ("call", None)
    assert answer_to_a_raise(min_raises, ("Qc", "9d"), everything) == ("fold", None)
    assert answer_to_a_raise(folds, ("9c", "9d"), everything) == ("fold", None)
    assert answer_to_a_raise(folds, ("Ac", "Kd"), everything) == ("call", None)
    stack = heads_up_against(min_raises).seen(1)[0]["seats"][1]["stack"]
    assert answer_to_a_raise(min_raises, ("Qc", "Qd"), 100) == ("raise", stack)


def facing_a_lone_open(cards: tuple[str, str], stack: int, *, rising: bool) -> Table:
    """Hand 1: seat 3 folds, the button (seat 0) opens to two and a half big blinds, and the
    small blind (seat 1, ``stack`` chips) holds ``cards``; a sit & go's blinds when ``rising``."""
    levels = {"blind_levels": BLIND_LEVELS, "hands_per_level": 10} if rising else {}
    table = Table(stacks=(1000, stack, 1000, 1000), **levels)  # type: ignore[arg-type]
    table.deal({1: cards})
    table.play({3: folds, 0: opens}, until_seat=1)
    return table


def test_in_a_sit_and_go_a_short_stack_re_steals_a_lone_open():
    # 20 big blinds: the open is re-stolen with hands that would only call or fold it.
    for cards in (("Kc", "Jd"), ("9c", "7c")):
        assert facing_a_lone_open(cards, 400, rising=True).ask(HARD, 1) == ("raise", 400)
    # The same spots at the fixed table, and at 50 big blinds in a sit & go: no re-steal.
    assert facing_a_lone_open(("Kc", "Jd"), 400, rising=False).ask(HARD, 1) == ("call", None)
    assert facing_a_lone_open(("9c", "7c"), 400, rising=False).ask(HARD, 1) == ("fold", None)
    assert facing_a_lone_open(("Kc", "Jd"), 1000, rising=True).ask(HARD, 1) == ("raise", 180)
    # Trash still folds.
    assert facing_a_lone_open(("7c", "2d"), 400, rising=True).ask(HARD, 1) == ("fold", None)


def test_in_a_sit_and_go_a_lone_open_is_re_raised_with_the_top_of_its_range():
    # 50 big blinds against a button open: the hands the fixed table calls with are re-raised
    # to three and a half times the open where the blinds rise; the hands below still call.
    for cards in (("Kc", "Jd"), ("Kc", "Qd"), ("Ac", "9d"), ("Kc", "Td")):
        assert facing_a_lone_open(cards, 1000, rising=True).ask(HARD, 1) == ("raise", 180), cards
        assert facing_a_lone_open(cards, 1000, rising=False).ask(HARD, 1) == ("call", None), cards
    for cards in (("Qc", "Jd"), ("Jc", "Tc")):
        assert facing_a_lone_open(cards, 1000, rising=True).ask(HARD, 1) == ("call", None), cards


def sit_and_go(stacks: tuple[int, ...], *, rising: bool) -> Table:
    """A table of ``stacks`` at hand 1 (blinds 10/20): a sit & go's rising levels when
    ``rising``, else the fixed table."""
    levels = {"blind_levels": BLIND_LEVELS, "hands_per_level": 10} if rising else {}
    return Table(stacks=stacks, **levels)  # type: ignore[arg-type]


def facing_a_flop_bet_after_a_raise(fraction: float, *, rising: bool) -> Counter[str]:
    """Heads-up: the button raises to three big blinds and hard (the big blind, A-T) calls; on
    J-5-2 hard checks and the button bets ``fraction`` of the pot. Hard's answers over 20
    seeds."""
    table = sit_and_go((1000, 1000), rising=rising)
    table.deal({0: ("4c", "7d"), 1: ("Ah", "Td")}, board=["Jc", "5d", "2s"])
    table.act("raise", 60)
    table.act("call")
    table.act("check")
    table.act("bet", round(fraction * table.state.pot_total()))
    return Counter(table.ask(HARD, 1, seed)[0] for seed in range(20))


def test_in_a_sit_and_go_a_third_of_the_pot_reads_as_a_bluff_to_keep_in():
    # At the fixed table the bet comes from the top of the bettor's range, and ace-high raises
    # it off; where the blinds rise it comes from the bottom (the exploiter's bluffs), and
    # ace-high calls, so the bettor keeps bluffing into it on the streets to come.
    assert facing_a_flop_bet_after_a_raise(1 / 3, rising=False) == Counter({"raise": 20})
    assert facing_a_flop_bet_after_a_raise(1 / 3, rising=True) == Counter({"call": 20})
    # Three quarters of the pot is read from the top of the range at either table: ace-high
    # mostly folds (where the blinds rise a stranger's stack is not feared as at the fixed
    # table, and a few calls mix in).
    three_quarters = facing_a_flop_bet_after_a_raise(3 / 4, rising=True)
    assert three_quarters["fold"] >= 15 and three_quarters["raise"] == 0, three_quarters
    assert facing_a_flop_bet_after_a_raise(3 / 4, rising=False) == Counter({"fold": 20})


def first_to_act_with_18_big_blinds(cards: tuple[str, str], *, rising: bool) -> Choice:
    table = sit_and_go((1000, 1000, 1000, 360), rising=rising)
    table.deal({3: cards})
    return table.ask(HARD, 3)


def test_in_a_sit_and_go_18_big_blinds_move_all_in_or_fold_by_the_chart():
    # Where the blinds rise an unopened pot at 20 big blinds or less is shoved or folded by the
    # push/fold chart: an open that folds to a re-shove is too dear there. A-K and sevens shove
    # into three players, K-J and Q-T (outside the chart) fold.
    for cards in (("Ac", "Kd"), ("7c", "7d")):
        assert first_to_act_with_18_big_blinds(cards, rising=True) == ("raise", 360), cards
    for cards in (("Kc", "Jd"), ("Qc", "Td")):
        assert first_to_act_with_18_big_blinds(cards, rising=True) == ("fold", None), cards
    # At the fixed table the same hands open to two and a half big blinds, as measured there.
    for cards in (("Ac", "Kd"), ("7c", "7d"), ("Kc", "Jd"), ("Qc", "Td")):
        assert first_to_act_with_18_big_blinds(cards, rising=False) == ("raise", 50), cards


def facing_a_first_seat_shove_of_20_big_blinds(cards: tuple[str, str], *, rising: bool) -> Choice:
    """Seat 3, first to act with 400 chips, moves all-in into three players; the others fold to
    the big blind (seat 2, 1000 chips), who holds ``cards``."""
    table = sit_and_go((1000, 1000, 1000, 400), rising=rising)
    table.deal({2: cards, 3: ("2c", "3d")})
    table.play({3: shoves, 0: folds, 1: folds}, until_seat=2)
    return table.ask(HARD, 2)


def test_in_a_sit_and_go_a_shove_into_three_players_is_read_by_its_chart_range():
    # The chart's range for a 20-big-blind shove with three players behind is tight
    # and K-Q are dominated by it and fold; the best hands call. Before, the shove was read as
    # if it had been made into the big blind alone (the players who folded since were left
    # out), a range several times wider, and they called.
    dominated = (("Ac", "9d"), ("Ac", "8d"), ("Kc", "Qd"))
    for cards in dominated:
        assert facing_a_first_seat_shove_of_20_big_blinds(cards, rising=True) == ("fold", None)
    for cards in (("9c", "9d"), ("Ac", "Qd")):
        assert facing_a_first_seat_shove_of_20_big_blinds(cards, rising=True) == ("call", None)
    # The fixed table keeps the read its figures were measured with.
    for cards in dominated:
        assert facing_a_first_seat_shove_of_20_big_blinds(cards, rising=False) == ("call", None)


def on_the_button_after_hands_all_folded(
    cards: tuple[str, str], hands: int, *, rising: bool
) -> Choice:
    """``hands`` hands in which every player folded (the big blind took the blinds), then one
    in which the first seat folds to the button, who holds ``cards``: its answer."""
    table = sit_and_go((1000, 1000, 1000, 1000), rising=rising)
    for _ in range(hands):
        table.deal()
        table.play({seat: folds for seat in range(4)})
    button = next_button(table.state)
    first = (button + 3) % 4
    table.deal({button: cards})
    table.play({first: folds}, until_seat=button)
    return table.ask(HARD, button)


def test_in_a_sit_and_go_blinds_that_never_play_are_stolen_with_any_two_cards():
    # A dozen hands show blinds that play no hand: an open takes their rising blinds more often
    # than it is given up, whatever it holds. Strangers, or the fixed table, get the usual range.
    for cards in (("7c", "2d"), ("9c", "4d")):
        assert on_the_button_after_hands_all_folded(cards, 12, rising=True)[0] == "raise", cards
        assert on_the_button_after_hands_all_folded(cards, 0, rising=True) == ("fold", None)
        assert on_the_button_after_hands_all_folded(cards, 12, rising=False) == ("fold", None)
    assert on_the_button_after_hands_all_folded(("Kc", "Qd"), 12, rising=False)[0] == "raise"


def facing_a_first_seat_open_with_20_big_blinds(cards: tuple[str, str]) -> Choice:
    """Hand 1 of a sit & go: the first seat (seat 3) opens, the button folds, and the small
    blind (seat 1, 400 chips) holds ``cards``."""
    table = sit_and_go((1000, 400, 1000, 1000), rising=True)
    table.deal({1: cards})
    table.play({3: opens, 0: folds}, until_seat=1)
    return table.ask(HARD, 1)


def test_in_a_sit_and_go_a_tight_open_is_re_stolen_only_by_hands_that_stand_a_call():
    # The first seat opens a quarter of its hands and calls an all-in with most of them; the
    # button opens two fifths and calls with fewer: J-10 suited re-steals the button only.
    assert facing_a_lone_open(("Jc", "Tc"), 400, rising=True).ask(HARD, 1) == ("raise", 400)
    assert facing_a_first_seat_open_with_20_big_blinds(("Jc", "Tc")) == ("call", None)
    # Pairs and big aces still re-steal it.
    for cards in (("8c", "8d"), ("Ac", "Td")):
        assert facing_a_first_seat_open_with_20_big_blinds(cards) == ("raise", 400), cards


def facing_a_stranger_shove_in_hand_1(cards: tuple[str, str], *, rising: bool) -> Choice:
    """Hand 1, 50 big blinds each: the first seat moves all-in, the others fold to the big
    blind (seat 2), who holds ``cards``."""
    table = sit_and_go((1000, 1000, 1000, 1000), rising=rising)
    table.deal({2: cards, 3: ("2c", "3d")})
    table.play({3: shoves, 0: folds, 1: folds}, until_seat=2)
    return table.ask(HARD, 2)


def facing_a_stranger_all_in_over_an_open(cards: tuple[str, str], *, rising: bool) -> Choice:
    """Hand 1, 50 big blinds each: the first seat (seat 3) opens holding ``cards``, the button
    moves all-in over it and the blinds fold."""
    table = sit_and_go((1000, 1000, 1000, 1000), rising=rising)
    table.deal({3: cards, 0: ("2c", "3d")})
    table.act("raise", 50)
    table.play({0: shoves, 1: folds, 2: folds}, until_seat=3)
    return table.ask(HARD, 3)


def test_a_strangers_all_in_in_hand_1_is_called_by_the_hands_that_beat_its_range():
    # A stranger is played carefully for a dozen hands, but not their all-in before the flop:
    # played carefully, K-K folded to it at the fixed table (open or over its own raise) and
    # A-A alone called. Where the blinds rise a stranger is a typical player from hand 1.
    for rising in (False, True):
        for cards in (("Kc", "Kd"), ("Jc", "Jd"), ("Ac", "Kd")):
            assert facing_a_stranger_shove_in_hand_1(cards, rising=rising) == ("call", None)
            assert facing_a_stranger_all_in_over_an_open(cards, rising=rising) == ("call", None)
        assert facing_a_stranger_shove_in_hand_1(("7c", "2d"), rising=rising) == ("fold", None)
        assert facing_a_stranger_all_in_over_an_open(("Kc", "Qd"), rising=rising) == ("fold", None)


def after_a_push_fold_player(*, rising: bool) -> Table:
    """13 hands in which seat 2 moved all-in on every sixth and folded the rest, and everyone
    else folded: a push/fold player at 50 big blinds."""
    table = sit_and_go((1000, 1000, 1000, 1000), rising=rising)
    for hand in range(13):
        table.deal()
        table.play({0: folds, 1: folds, 2: shoves if hand % 6 == 0 else folds, 3: folds})
    return table


def test_in_a_sit_and_go_push_fold_play_is_not_read_as_a_mistake():
    # At the fixed table a player who only shoves or folds bleeds blinds at deep stacks: its
    # all-ins are not worth a flip, and hard waits for a bigger edge. Where the blinds rise
    # every stack plays so within a few levels, and the hands that beat the shover's range call.
    for cards in (("Ac", "Qd"), ("Ac", "Jd"), ("9c", "9d"), ("8c", "8d")):
        assert facing_a_shove_from_seat_2(after_a_push_fold_player(rising=True), cards) == "call"
        assert facing_a_shove_from_seat_2(after_a_push_fold_player(rising=False), cards) == "fold"
    assert facing_a_shove_from_seat_2(after_a_push_fold_player(rising=True), ("Kc", "Qd")) == "fold"
