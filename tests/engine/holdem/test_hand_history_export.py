"""Hand histories out: our PHH and PokerStars text read back by PokerKit (an independent
implementation) and by our own PHH reader end every hand with our stacks — over random hands
whose stacks force short all-ins, side pots, split pots, odd chips and raises nobody can answer.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import pytest
from pokerkit import HandHistory

from games.engine.events import to_record
from games.engine.holdem.evaluator import HandRank
from games.engine.holdem.phh import loads, replay
from games.engine.holdem.phh_export import to_phh
from games.engine.holdem.played_hand import NotAFinishedHand, PlayedHand, played_hand
from games.engine.holdem.pokerstars import join_hands, pokerstars_hand_name, to_pokerstars
from tests.engine.holdem.random_hands import RISING_LEVELS, random_hands, random_rising_hands
from tests.engine.holdem.table import Table

NAMES = {0: "You", 1: "Vera", 2: "Otto", 3: "Lina"}
HANDS_PER_TABLE = 150
PLAYED_AT = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

# PokerKit's own PokerStars parser keeps the time zone in a field its HandHistory warns about.
pytestmark = pytest.mark.filterwarnings("ignore:The field 'time_zone_abbreviation':UserWarning")


@functools.cache
def _hands(seed: int) -> list[PlayedHand]:
    return [
        played_hand(records)
        for seats in (4, 3, 2)
        for records in random_hands(seed, HANDS_PER_TABLE, seats)
    ]


@pytest.fixture(scope="module")
def hands() -> list[PlayedHand]:
    sample = _hands(2026)
    # The sample must hold the hands the export is hard for, or the round trips prove little.
    assert sum(len(hand.pots) > 1 for hand in sample) > 50, "side pots"
    assert sum(any(len(pot.winners) > 1 for pot in hand.pots) for hand in sample) > 10
    assert sum(any(pot.odd_chips for pot in hand.pots) for hand in sample) > 3, "odd chips"
    assert any(
        not action.answerable for hand in sample for s in hand.streets for action in s.actions
    ), "a raise nobody could answer"
    return sample


def _finishing(hand: PlayedHand, order: Sequence[int]) -> list[int]:
    return [hand.finishing_stacks[seat] for seat in order]


def test_pokerkit_reads_our_phh_and_ends_with_our_stacks(hands: list[PlayedHand]) -> None:
    for hand in hands:
        text = to_phh(hand, names=NAMES)
        final = list(HandHistory.loads(text))[-1]
        assert list(final.stacks) == _finishing(hand, hand.seats), text


def test_our_phh_reader_replays_our_phh_to_our_stacks(hands: list[PlayedHand]) -> None:
    for hand in hands:
        text = to_phh(hand)
        assert list(replay(loads(text)).finishing_stacks) == _finishing(hand, hand.seats), text


def _pokerstars_texts(hands: list[PlayedHand]) -> list[str]:
    return [
        to_pokerstars(
            hand,
            names=NAMES,
            played_at=PLAYED_AT,
            table="Cardavia",
            seat_count=max(hand.seats) + 1,
        )
        for hand in hands
    ]


def _assert_pokerkit_ends_with_our_stacks(hands: list[PlayedHand], texts: list[str]) -> None:
    parsed = list(HandHistory.from_pokerstars(join_hands(texts), error_status=True))
    assert len(parsed) == len(hands)
    for hand, history, text in zip(hands, parsed, texts, strict=True):
        seats = [seat - 1 for seat in history.seats]
        stacks = dict(zip(seats, list(history)[-1].stacks, strict=True))
        assert stacks == dict(hand.finishing_stacks), text


def test_pokerkit_parses_our_pokerstars_text_and_ends_with_our_stacks(
    hands: list[PlayedHand],
) -> None:
    _assert_pokerkit_ends_with_our_stacks(hands, _pokerstars_texts(hands))


def test_a_raise_nobody_can_answer_is_written_as_the_call_it_amounts_to() -> None:
    hand = next(
        hand
        for hand in _hands(2026)
        if any(not a.answerable for street in hand.streets for a in street.actions)
    )
    action = next(a for street in hand.streets for a in street.actions if not a.answerable)
    text = to_phh(hand)
    assert f"cc # {action.kind} to {action.to}: no one could call more than {action.faced}" in text
    stars = to_pokerstars(
        hand,
        names=NAMES,
        played_at=PLAYED_AT,
        table="Cardavia",
        seat_count=4,
    )
    assert f"{NAMES[action.seat]}: calls {action.added - (action.to - action.faced)}" in stars


def test_pokerstars_text_says_raise_increments_totals_and_returned_bets() -> None:
    hand = next(
        hand
        for hand in _hands(7)
        if hand.returned
        and any(a.kind == "raise" and a.answerable for s in hand.streets for a in s.actions)
    )
    text = to_pokerstars(
        hand,
        names=NAMES,
        played_at=PLAYED_AT,
        table="Cardavia",
        seat_count=4,
    )
    raise_ = next(a for s in hand.streets for a in s.actions if a.kind == "raise" and a.answerable)
    assert f"{NAMES[raise_.seat]}: raises {raise_.to - raise_.faced} to {raise_.to}" in text
    seat, amount = next(iter(hand.returned.items()))
    assert f"Uncalled bet ({amount}) returned to {NAMES[seat]}" in text
    assert text.startswith(f"PokerStars Hand #{hand.hand_number}: Hold'em No Limit (10/20) - ")


def test_an_unfinished_hand_is_refused() -> None:
    records = next(random_hands(3, 1))
    unfinished = [r for r in records if r["type"] != "holdem.hand_ended"]
    with pytest.raises(NotAFinishedHand):
        played_hand(unfinished)


def test_hidden_hole_cards_are_refused() -> None:
    records = next(random_hands(3, 1))
    hidden = [
        {**r, "payload": {**r["payload"], "cards": None}}
        if r["type"] == "holdem.hole_cards_dealt"
        else r
        for r in records
    ]
    with pytest.raises(NotAFinishedHand, match="not revealed"):
        played_hand(hidden)


# --- all-in run-outs and kickers -------------------------------------------------------------


def _records(table: Table) -> list[dict[str, Any]]:
    return [json.loads(json.dumps(to_record(item))) for item in table.hand_events]


def _stars(hand: PlayedHand) -> list[str]:
    text = to_pokerstars(hand, names=NAMES, played_at=PLAYED_AT, table="Cardavia", seat_count=4)
    return text.splitlines()


def _preflop_all_in() -> PlayedHand:
    table = Table()
    table.deal(holes={1: "AsAd", 2: "KsKd"}, board="2c7d9h4sTc")
    table.fold(3)
    table.fold(0)
    table.raise_to(1, 1000)
    table.call(2)
    return played_hand(_records(table))


def test_pokerstars_shows_an_all_in_hands_before_the_flop_and_names_them_at_showdown() -> None:
    lines = _stars(_preflop_all_in())
    called = lines.index("Otto: calls 980 and is all-in")
    assert lines[called + 1 : called + 4] == [
        "Vera: shows [As Ad]",
        "Otto: shows [Ks Kd]",
        "*** FLOP *** [2c 7d 9h]",
    ]
    showdown = lines.index("*** SHOW DOWN ***")
    assert lines[showdown - 1].startswith("*** RIVER ***")
    assert lines[showdown + 1 : showdown + 3] == [
        "Vera: shows [As Ad] (a pair of Aces)",
        "Otto: shows [Ks Kd] (a pair of Kings)",
    ]
    assert "Seat 2: Vera showed [As Ad] and won (2000) with a pair of Aces" in lines
    assert "Seat 3: Otto showed [Ks Kd] and lost with a pair of Kings" in lines


def test_phh_shows_an_all_in_hands_before_the_board_is_dealt() -> None:
    text = to_phh(_preflop_all_in())
    actions = [line.strip().strip('",') for line in text.splitlines() if line.startswith("  ")]
    called = actions.index("p2 cc")
    assert actions[called - 1 : called + 4] == [
        "p1 cbr 1000",
        "p2 cc",
        "p1 sm AsAd",
        "p2 sm KsKd",
        "d db 2c7d9h",
    ]
    assert list(HandHistory.loads(text))[-1].stacks == [2000, 0, 1000, 1000]


def test_the_sample_holds_all_in_run_outs_read_back_by_pokerkit(hands: list[PlayedHand]) -> None:
    # The round trips above (PokerKit reading our PHH and PokerStars text) cover these hands.
    assert sum(hand.exposed_after is not None for hand in hands) > 30


def test_pokerstars_names_the_kicker_that_won_and_the_one_that_lost() -> None:
    table = Table()
    table.deal(holes={1: "8hJd", 2: "8sTc"}, board="8d6c4s3h2d")
    table.fold(3)
    table.fold(0)
    table.call(1)
    table.check(2)
    table.check_down()
    lines = _stars(played_hand(_records(table)))

    assert "Vera: shows [8h Jd] (a pair of Eights - Jack kicker)" in lines
    assert "Otto: shows [8s Tc] (a pair of Eights - lower kicker)" in lines
    assert any(line.endswith("and won (40) with a pair of Eights - Jack kicker") for line in lines)


@pytest.mark.parametrize(
    ("rank", "name"),
    [
        ({"category": "high_card", "ranks": ["A", "K", "Q", "8", "6"]}, "high card Ace"),
        ({"category": "pair", "ranks": ["2", "A", "K", "Q"]}, "a pair of Deuces"),
        ({"category": "two_pair", "ranks": ["K", "7", "A"]}, "two pair, Kings and Sevens"),
        ({"category": "three_of_a_kind", "ranks": ["6", "A", "K"]}, "three of a kind, Sixes"),
        ({"category": "straight", "ranks": ["9"]}, "a straight, Five to Nine"),
        ({"category": "straight", "ranks": ["5"]}, "a straight, Ace to Five"),
        ({"category": "flush", "ranks": ["A", "J", "9", "4", "2"]}, "a flush, Ace high"),
        ({"category": "full_house", "ranks": ["6", "K"]}, "a full house, Sixes full of Kings"),
        ({"category": "four_of_a_kind", "ranks": ["A", "K"]}, "four of a kind, Aces"),
        ({"category": "straight_flush", "ranks": ["9"]}, "a straight flush, Five to Nine"),
        ({"category": "straight_flush", "ranks": ["A"]}, "a Royal Flush"),
    ],
)
def test_pokerstars_hand_names(rank: HandRank, name: str) -> None:
    assert pokerstars_hand_name(rank) == name


# --- rising blinds: each hand written at its own level --------------------------------------


@functools.cache
def _rising_hands() -> list[PlayedHand]:
    return [
        played_hand(records, rising=True)
        for seats in (4, 3, 2)
        for records in random_rising_hands(2027, 40, seats)
    ]


def test_rising_blinds_hands_are_read_by_pokerkit_at_their_own_level() -> None:
    hands = _rising_hands()
    assert {hand.big_blind for hand in hands} >= {50, 120, 200, 300}, "hands at raised levels"
    for hand in hands:
        assert hand.level is not None and hand.level >= 2
        assert hand.big_blind == RISING_LEVELS[hand.level - 1][1]
        text = to_phh(hand, names=NAMES)
        assert f"blinds_or_straddles = [{hand.small_blind}, {hand.big_blind}" in text
        assert f"min_bet = {hand.big_blind}\n" in text and f"_level = {hand.level}\n" in text
        final = list(HandHistory.loads(text))[-1]
        assert list(final.stacks) == _finishing(hand, hand.seats), text
        assert list(replay(loads(text)).finishing_stacks) == _finishing(hand, hand.seats), text


def test_rising_blinds_hands_in_pokerstars_text_name_their_level_and_blinds() -> None:
    hands = _rising_hands()
    texts = _pokerstars_texts(hands)
    for hand, text in zip(hands, texts, strict=True):
        level = ("I", "II", "III", "IV", "V")[(hand.level or 0) - 1]
        header = f"Hold'em No Limit - Level {level} ({hand.small_blind}/{hand.big_blind}) - "
        assert header in text.splitlines()[0], text
    _assert_pokerkit_ends_with_our_stacks(hands, texts)
