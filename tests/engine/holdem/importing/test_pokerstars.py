"""PokerStars text, read for import: each format feature a room writes, and each refusal with
its line and code (games.engine.holdem.importing.pokerstars)."""

from __future__ import annotations

import io

import pytest

from games.engine.holdem import events as ev
from games.engine.holdem.importing import (
    BLOCK_CHARS,
    NotAHandHistory,
    ParsedHand,
    RefusedHand,
    iter_hands,
)
from games.engine.holdem.state import fold

CASH = (
    "PokerStars Hand #{id}:  Hold'em No Limit ($0.25/$0.50 USD)"
    " - 2026/03/01 20:00:00 CET [2026/03/01 14:00:00 ET]"
)
TOURNAMENT = (
    "PokerStars Hand #{id}: Tournament #77, $10+$1 USD Hold'em No Limit - Level II (10/20)"
    " - 2026/03/01 14:00:00 ET"
)


def text(*lines: str, header: str = CASH, hand_id: int = 1) -> str:
    return "\n".join([header.format(id=hand_id), *lines]) + "\n"


def one(source: str) -> ParsedHand | RefusedHand:
    [hand] = iter_hands(io.StringIO(source), "hands.txt")
    return hand


def parsed(source: str) -> ParsedHand:
    hand = one(source)
    assert isinstance(hand, ParsedHand), hand
    return hand


def stacks(hand: ParsedHand) -> dict[str, int]:
    state = fold(hand.events)
    return {name: seat.stack for name, seat in zip(hand.players, state.seats, strict=True)}


HEADS_UP_SEATS = (
    "Table 'Deneb' 6-max Seat #1 is the button",
    "Seat 1: Ann ($10.00 in chips)",
    "Seat 3: Bob ($12.47 in chips)",
    "Ann: posts small blind $0.25",
    "Bob: posts big blind $0.50",
    "*** HOLE CARDS ***",
)


def test_cash_amounts_are_cents_kept_exactly_with_the_rake() -> None:
    hand = parsed(
        text(
            *HEADS_UP_SEATS,
            "Dealt to Ann [Ah Kd]",
            "Ann: raises $1.00 to $1.50",
            "Bob: calls $1.00",
            "*** FLOP *** [2c 3d 4h]",
            "Bob: checks",
            "Ann: bets $2.13",
            "Bob: folds",
            "Uncalled bet ($2.13) returned to Ann",
            "Ann collected $2.85 from pot",
            "*** SUMMARY ***",
            "Total pot $3 | Rake $0.15",
            "Board [2c 3d 4h]",
        )
    )
    assert (hand.unit, hand.scale, hand.small_blind, hand.big_blind) == ("USD", 100, 25, 50)
    assert hand.hero == 0 and hand.rake == 15 and hand.pot == 300
    assert stacks(hand) == {"Ann": 1000 - 150 + 285, "Bob": 1247 - 150}
    [award] = [item for item in hand.events if isinstance(item, ev.PotAwarded)]
    assert (award.amount, award.rake) == (285, 15)
    assert hand.played_at is not None and hand.played_at.isoformat() == "2026-03-01T19:00:00+00:00"


def test_tournament_antes_in_chips() -> None:
    hand = parsed(
        text(
            "Table '77 1' 9-max Seat #2 is the button",
            "Seat 1: Ann (1500 in chips)",
            "Seat 2: Bob (1500 in chips)",
            "Seat 3: Cid (1500 in chips)",
            "Ann: posts the ante 5",
            "Bob: posts the ante 5",
            "Cid: posts the ante 5",
            "Cid: posts small blind 10",
            "Ann: posts big blind 20",
            "*** HOLE CARDS ***",
            "Bob: raises 40 to 60",
            "Cid: folds",
            "Ann: folds",
            "Uncalled bet (40) returned to Bob",
            "Bob collected 65 from pot",
            "Bob: doesn't show hand",
            "*** SUMMARY ***",
            "Total pot 65 | Rake 0",
            header=TOURNAMENT,
        )
    )
    assert (hand.unit, hand.scale, hand.hero) == ("chips", 1, None)
    assert sum(isinstance(item, ev.AntePosted) for item in hand.events) == 3
    assert stacks(hand) == {"Ann": 1475, "Bob": 1540, "Cid": 1485}


def test_a_dead_and_a_posted_blind_and_a_player_sitting_out() -> None:
    hand = parsed(
        text(
            "Table 'Deneb' 6-max Seat #1 is the button",
            "Seat 1: Ann ($10 in chips)",
            "Seat 2: Bob ($10 in chips)",
            "Seat 3: Cid ($10 in chips)",
            "Seat 4: Dee ($10 in chips) is sitting out",
            "Seat 5: Eve ($10 in chips)",
            "Bob: posts small blind $0.25",
            "Cid: posts big blind $0.50",
            "Eve: posts small & big blinds $0.75",
            "*** HOLE CARDS ***",
            "Eve: checks",
            "Ann: folds",
            "Bob: folds",
            "Cid: checks",
            "*** FLOP *** [2c 3d 4h]",
            "Cid: checks",
            "Eve: checks",
            "*** TURN *** [2c 3d 4h] [5s]",
            "Cid: checks",
            "Eve: checks",
            "*** RIVER *** [2c 3d 4h 5s] [9c]",
            "Cid: checks",
            "Eve: checks",
            "*** SHOW DOWN ***",
            "Cid: shows [Ac Ad] (a pair of Aces)",
            "Eve: mucks hand",
            "Cid collected $1.50 from pot",
            "*** SUMMARY ***",
            "Total pot $1.50 | Rake $0",
        )
    )
    assert hand.players == ("Ann", "Bob", "Cid", "Eve")  # Dee sits out: not dealt in
    blinds = [
        (item.seat, item.blind, item.amount)
        for item in hand.events
        if isinstance(item, ev.BlindPosted)
    ]
    assert blinds == [(1, "small", 25), (2, "big", 50), (3, "dead", 25), (3, "posted", 50)]
    assert stacks(hand) == {"Ann": 1000, "Bob": 975, "Cid": 1100, "Eve": 925}
    assert not any(isinstance(item, ev.HandShown) and item.seat == 3 for item in hand.events)


def test_a_straddle_and_a_missing_small_blind() -> None:
    hand = parsed(
        text(
            "Table 'Deneb' 6-max Seat #1 is the button",
            "Seat 1: Ann ($10 in chips)",
            "Seat 2: Bob ($10 in chips)",
            "Seat 3: Cid ($10 in chips)",
            "Seat 4: Dee ($10 in chips)",
            "Cid: posts big blind $0.50",
            "Dee: posts straddle $1",
            "*** HOLE CARDS ***",
            "Ann: raises $2 to $3",
            "Bob: folds",
            "Cid: folds",
            "Dee: folds",
            "Uncalled bet ($2) returned to Ann",
            "Ann collected $2.50 from pot",
            "*** SUMMARY ***",
            "Total pot $2.50 | Rake $0",
        )
    )
    kinds = [item.blind for item in hand.events if isinstance(item, ev.BlindPosted)]
    assert kinds == ["big", "straddle"]
    assert stacks(hand) == {"Ann": 1150, "Bob": 1000, "Cid": 950, "Dee": 900}


def test_unknown_hole_cards_and_an_all_in_run_out() -> None:
    hand = parsed(
        text(
            *HEADS_UP_SEATS,
            "Ann: raises $9.50 to $10 and is all-in",
            "Bob: calls $9.50",
            "Ann: shows [As Ah]",
            "Bob: shows [Kc Kd]",
            "*** FLOP *** [2c 3d 7h]",
            "*** TURN *** [2c 3d 7h] [8s]",
            "*** RIVER *** [2c 3d 7h 8s] [9c]",
            "*** SHOW DOWN ***",
            "Ann: shows [As Ah] (a pair of Aces)",
            "Bob: shows [Kc Kd] (a pair of Kings)",
            "Ann collected $20 from pot",
            "*** SUMMARY ***",
            "Total pot $20 | Rake $0",
            "Board [2c 3d 7h 8s 9c]",
        )
    )
    assert hand.hero is None  # an observer's file: no "Dealt to"
    assert sum(isinstance(item, ev.CardsExposed) for item in hand.events) == 2
    assert stacks(hand) == {"Ann": 2000, "Bob": 247}


def test_a_hand_that_stops_before_the_end_is_kept_as_far_as_it_goes() -> None:
    hand = parsed(text(*HEADS_UP_SEATS, "Ann: raises $1 to $1.50"))
    assert not hand.finished
    assert stacks(hand) == {"Ann": 850, "Bob": 1197}


def test_our_own_export_is_known_by_its_match() -> None:
    hand = parsed(
        text(
            "Table 'cardavia-1a2b3c4d-hand-3' 4-max Seat #1 is the button",
            "Seat 1: You (1000 in chips)",
            "Seat 2: Vera (1000 in chips)",
            "You: posts small blind 10",
            "Vera: posts big blind 20",
            "*** HOLE CARDS ***",
            "Dealt to You [As Ad]",
            "Dealt to Vera [Kc Kd]",
            "You: folds",
            "Uncalled bet (10) returned to Vera",
            "Vera collected 20 from pot",
            "*** SUMMARY ***",
            "Total pot 20 | Rake 0",
            "Seat 2: Vera (big blind) collected (20)",
            header="PokerStars Hand #{id}: Hold'em No Limit (10/20) - 2026/03/01 14:00:00 UTC",
            hand_id=3,
        )
    )
    assert (hand.room, hand.hand_id) == ("cardavia", "cardavia-1a2b3c4d-hand-3#3")


class EndlessFile(io.TextIOBase):
    """A file of hands without end, written as it is read: counts the characters read."""

    def __init__(self) -> None:
        self.read_so_far = 0
        self._hands = (
            text(
                *HEADS_UP_SEATS,
                "Ann: folds",
                "*** SUMMARY ***",
                "Total pot $0.50 | Rake $0",
                hand_id=number,
            )
            + "\n"
            for number in range(1, 1_000_000_000)
        )
        self._buffer = ""

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> str:
        assert size is not None and size > 0, "the whole endless file asked for"
        while len(self._buffer) < size:
            self._buffer += next(self._hands)
        taken, self._buffer = self._buffer[:size], self._buffer[size:]
        self.read_so_far += len(taken)
        return taken

    def readline(self, size: int | None = -1) -> str:
        while "\n" not in self._buffer:
            self._buffer += next(self._hands)
        return self.read(self._buffer.index("\n") + 1)


def test_hands_are_read_lazily_a_block_at_a_time() -> None:
    hand_text = text(*HEADS_UP_SEATS, "Ann: folds", "*** SUMMARY ***", "Total pot $0.50 | Rake $0")
    stream = EndlessFile()
    hands = iter_hands(stream, "endless.txt")
    first = next(hands)
    assert isinstance(first, ParsedHand) and first.hand_id == "1"
    assert stream.read_so_far <= BLOCK_CHARS + 2 * len(hand_text) + 1
    for _ in range(3 * BLOCK_CHARS // len(hand_text)):
        next(hands)
    assert stream.read_so_far <= 4 * BLOCK_CHARS + 2 * len(hand_text) + 1


def refused(source: str) -> RefusedHand:
    hand = one(source)
    assert isinstance(hand, RefusedHand), hand
    return hand


@pytest.mark.parametrize(
    ("lines", "code", "line"),
    [
        (("Bob: raises $1 to $1.50",), "action_out_of_turn", 8),
        (("Ann: raises $20 to $20.25",), "action_above_stack", 8),
        (("Ann: raises $0.10 to $0.60",), "impossible_action", 8),
        (("Ann: calls $0.25", "Bob: checks", "*** FLOP *** [2c 3d 2c]"), "card_dealt_twice", 10),
        (("Dealt to Ann [Ah Zs]",), "invalid_card", 8),
        (("Ann: dances $1",), "malformed_line", 8),
        (("Zed: folds",), "unknown_player", 8),
        (("Ann: raises $1.005 to $1.505",), "amount_not_exact", 8),
    ],
)
def test_an_impossible_hand_is_refused_at_its_line(
    lines: tuple[str, ...], code: str, line: int
) -> None:
    hand = refused(text(*HEADS_UP_SEATS, *lines))
    assert (hand.code, hand.line, hand.hand_id) == (code, line, "1")


def test_another_game_is_refused() -> None:
    hand = refused(
        "PokerStars Hand #5: Omaha Pot Limit ($0.25/$0.50 USD) - 2026/03/01 14:00:00 ET\n"
    )
    assert (hand.code, hand.params) == ("unsupported_game", {"game": "Omaha Pot Limit"})


def test_payouts_that_the_rules_do_not_give_are_refused() -> None:
    hand = refused(
        text(
            *HEADS_UP_SEATS,
            "Ann: folds",
            "Bob collected $1 from pot",
            "*** SUMMARY ***",
            "Total pot $1 | Rake $0",
        )
    )
    assert (hand.code, hand.params["player"]) == ("settlement_mismatch", "Bob")


def test_a_refused_hand_does_not_stop_the_next() -> None:
    bad = text(*HEADS_UP_SEATS, "Bob: folds", hand_id=1)
    good = text(
        *HEADS_UP_SEATS, "Ann: folds", "*** SUMMARY ***", "Total pot $0.50 | Rake $0", hand_id=2
    )
    hands = list(iter_hands(io.StringIO(bad + "\n\n" + good), "two.txt"))
    assert [type(hand).__name__ for hand in hands] == ["RefusedHand", "ParsedHand"]


def test_a_file_that_is_no_hand_history_is_refused_whole() -> None:
    with pytest.raises(NotAHandHistory):
        iter_hands(io.StringIO("name,stack\nAnn,100\n"), "stacks.csv")
