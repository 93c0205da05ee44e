"""bench/bench_sparring.py: its reading of a decision on hand-built views, its equity against
known cards, and a few real matches whose counters must hold together."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from bench import bench_bots, bench_sparring
from bench.bench_sparring import Tally, count_decision, equity_against, read_spot

HARD_SEATS = frozenset({0, 2})


def view(
    street: str,
    to_act: int,
    bets: list[int],
    *,
    folded: tuple[int, ...] = (),
    all_in: tuple[int, ...] = (),
    stacks: list[int] | None = None,
    pot: int = 200,
) -> dict[str, Any]:
    """What ``to_act`` sees, reduced to what the bench reads."""
    stacks = stacks or [1000] * len(bets)
    call = max(bets) - bets[to_act]
    return {
        "street": street,
        "pot": pot,
        "blinds": {"small": 10, "big": 20, "ante": 0},
        "board": [],
        "seats": [
            {
                "seat": seat,
                "stack": 0 if seat in all_in else stacks[seat],
                "bet": bet,
                "in_hand": True,
                "folded": seat in folded,
                "all_in": seat in all_in,
            }
            for seat, bet in enumerate(bets)
        ],
        "legal_actions": {"can_call": call > 0, "call_amount": min(call, stacks[to_act])},
    }


def test_the_fold_to_a_heads_up_postflop_bet_counts_only_heads_up_bets_after_the_flop() -> None:
    tally = Tally()

    def decide(seat: int, seen: dict[str, Any], answer: str, raises: int = 1) -> None:
        hard = seat in HARD_SEATS
        spot = read_spot(seat, seen, raises)
        count_decision(tally, spot, answer, hard=hard, hard_seats=HARD_SEATS)

    heads_up = view("flop", 0, [0, 60, 0, 0], folded=(2, 3))
    decide(0, heads_up, "fold")
    decide(0, heads_up, "call")
    decide(0, heads_up, "raise")
    decide(0, view("turn", 0, [0, 0, 0, 0], folded=(2, 3)), "check")  # nothing to call
    decide(0, view("flop", 0, [0, 60, 0, 0], folded=(3,)), "fold")  # three in the hand
    decide(0, view("preflop", 0, [0, 60, 0, 20], folded=(2,)), "fold")  # before the flop
    assert tally.share("hard", "hu_bet_folds", "hu_bet_spots") == (pytest.approx(1 / 3), 3)
    # The others count only against hard's bets.
    decide(1, view("river", 1, [100, 0, 0, 0], folded=(2, 3)), "fold")
    decide(3, view("river", 3, [0, 100, 0, 0], folded=(0, 2)), "fold")  # 1 is not hard
    assert tally.share("other", "hu_bet_folds", "hu_bet_spots") == (1.0, 1)


def test_preflop_raises_and_a_single_open() -> None:
    tally = Tally()
    opened = view("preflop", 2, [0, 60, 10, 20], folded=(0,))
    count_decision(tally, read_spot(2, opened, 1), "raise", hard=True, hard_seats=HARD_SEATS)
    reraised = view("preflop", 0, [60, 180, 10, 20])
    count_decision(tally, read_spot(0, reraised, 2), "fold", hard=True, hard_seats=HARD_SEATS)
    counts = tally.counts
    assert counts["hard.preflop_raise_spots"] == 2 and counts["hard.preflop_raise_folds"] == 1
    assert counts["hard.single_open_spots"] == 1 and counts["hard.three_bets"] == 1


def test_a_short_all_in_is_at_most_fifteen_big_blinds_of_effective_stack() -> None:
    short = read_spot(0, view("preflop", 0, [0, 300, 10, 20], all_in=(1,)), 1)
    assert short.shover == 1 and short.short_all_in
    assert short.price == pytest.approx(300 / 500)
    deep = read_spot(0, view("preflop", 0, [0, 320, 10, 20], all_in=(1,)), 1)
    assert deep.shover == 1 and not deep.short_all_in
    # Covering a big all-in with 250 chips left: the call risks 250, a short all-in.
    covered = read_spot(
        0, view("preflop", 0, [0, 900, 10, 20], all_in=(1,), stacks=[250, 0, 990, 980]), 1
    )
    assert covered.effective == 250 and covered.short_all_in
    # Its price counts the pot it can win: the 650 of the all-in it cannot match go back.
    priced = read_spot(
        0,
        view("preflop", 0, [0, 900, 10, 20], all_in=(1,), stacks=[250, 0, 990, 980], pot=930),
        1,
    )
    assert priced.price == pytest.approx(250 / (930 - 650 + 250))
    # A raise on top of the all-in is the bet to call: no longer facing an all-in.
    over = read_spot(0, view("preflop", 0, [0, 300, 600, 20], all_in=(1,)), 2)
    assert over.shover is None
    tally = Tally()
    for spot, answer in ((short, "fold"), (deep, "fold"), (covered, "call"), (over, "fold")):
        count_decision(tally, spot, answer, hard=True, hard_seats=HARD_SEATS)
    count_decision(tally, short, "call", hard=False, hard_seats=HARD_SEATS)
    assert tally.share("hard", "short_all_in_folds", "short_all_in_spots") == (0.5, 2)
    assert tally.share("other", "short_all_in_folds", "short_all_in_spots") == (0.0, 1)


def test_equity_against_known_cards() -> None:
    rng = np.random.default_rng(3)
    aces = equity_against(["As", "Ad"], ["Kh", "Kd"], [], rng)
    assert 0.74 < aces < 0.90  # about 0.82
    board = ["2c", "7d", "9h"]
    ours = equity_against(["As", "Ks"], ["Qh", "Qd"], board, rng)
    theirs = equity_against(["Qh", "Qd"], ["As", "Ks"], board, rng)
    assert ours + theirs == pytest.approx(1.0)  # every turn and river: exact
    assert equity_against(["As", "Ks"], ["Qh", "Qd"], [*board, "3c", "4d"], rng) == 0.0
    assert bench_sparring.ahead_now(["Qh", "Qd"], ["As", "Ks"], board)


def test_a_few_matches_keep_their_counters_consistent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_bots, "PROCESSES", 1)
    head_to_head = ("hard", "equity", "hard", "equity")
    alone = ("hard", "maniac", "maniac", "maniac")
    played = [
        bench_sparring.play_table("h2h", "vs_equity", head_to_head, 4),
        bench_sparring.play_table("alone", "vs_3_maniac", alone, 4),
    ]
    for table in played:
        counts = table.tally.counts
        assert table.matches == 4 and 0 <= table.wins <= table.matches
        for role in ("hard", "other"):
            assert counts[f"{role}.decisions"] > 0
            assert counts[f"{role}.hu_bet_folds"] <= counts[f"{role}.hu_bet_spots"]
            assert counts[f"{role}.preflop_raise_folds"] <= counts[f"{role}.preflop_raise_spots"]
            assert counts[f"{role}.three_bets"] <= counts[f"{role}.single_open_spots"]
            assert counts[f"{role}.single_open_spots"] <= counts[f"{role}.preflop_raise_spots"]
        assert counts["hard.hu_folds_checked"] == counts["hard.hu_bet_folds"]
        for what in ("hu", "short_all_in"):
            assert (
                counts[f"hard.{what}_folds_clearly_above"]
                <= counts[f"hard.{what}_folds_above_price"]
            )
            assert counts[f"hard.{what}_folds_above_price"] <= counts[f"hard.{what}_folds_checked"]
        assert counts["hard.hu_folds_ahead"] <= counts["hard.hu_folds_checked"]
        assert counts["hard.short_all_in_folds"] == counts["hard.short_all_in_folds_checked"]
        for role in ("hard", "other"):
            assert counts[f"{role}.short_all_in_folds"] <= counts[f"{role}.short_all_in_spots"]
        figures = bench_sparring.table_figures(table)
        for item in figures:
            if "ci95" in item:
                low, high = item["ci95"]
                assert low <= item["ours"] <= high, item
                if item["unit"].startswith("%"):
                    assert low >= 0 and high <= 100, item
        assert all(len(e.text) > 0 for e in table.tally.examples)
    assert [f["name"] for f in bench_sparring.table_figures(played[0])][:2] == [
        "sparring_hard_vs_equity_win_pct",
        "sparring_hard_vs_equity_chips_per_100",
    ]
    assert bench_sparring.table_figures(played[1])[0]["name"] == "sparring_hard_win_pct_vs_3_maniac"
    text = bench_sparring.examples_text(played)
    assert "== h2h" in text and "== alone" in text


def test_a_spec_names_its_figures() -> None:
    assert bench_sparring.slug("bots.holdem.sparring:NashBot") == "nashbot"
    assert bench_sparring.slug("calling_station") == "calling_station"


def test_holdings_are_sorted_as_the_issue_table_sorts_them() -> None:
    from bench.bench_sparring import holding

    assert holding(("Ah", "Kd"), ()) == {"premium", "strong_vs_all_in"}
    assert holding(("9h", "9d"), ()) == {"strong_vs_all_in"}
    assert holding(("Ah", "7d"), ()) == {"ace"}
    assert holding(("4h", "4d"), ()) == {"small_pair"}
    assert holding(("9h", "Td"), ("Kc", "9d", "3s")) == {"weak_pair"}
    assert holding(("Kh", "Td"), ("Kc", "9d", "3s")) == set()  # top pair
    assert holding(("Ah", "2d"), ("Jc", "5d", "Js")) == {"no_pair"}  # the board's pair
    assert holding(("5h", "Qd"), ("Jc", "5d", "Js")) == set()  # two pair
