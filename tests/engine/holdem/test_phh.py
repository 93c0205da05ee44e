"""PHH replay (games/engine/holdem/phh.py): hand-written files, and PokerKit's own random hands.

PokerKit (the PHH reference implementation) plays random no-limit hands, exports them with
``HandHistory.from_game_state(...).dumps()``, and our replay must finish with PokerKit's stacks,
except where the two rule sets knowingly differ:

1. odd chips: PokerKit gives a split pot's remainder to the lowest-index winner and merges pots
   whose winners coincide before splitting; we split each pot and give odd chips one at a time
   clockwise from the button's left (RULES.md §1.6);
2. a short all-in raise in an unraised pre-flop pot (or a sub-minimum all-in bet) reopens raising
   in PokerKit, not for us (RULES.md §1.4): our replay refuses such a re-raise;
3. nothing else: antes are dead money in the main pot for both (PHH's default, no ante
   trimming), so big-blind-ante hands with side pots settle alike.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pokerkit
import pytest

from games.engine.cards import STANDARD_DECK
from games.engine.holdem import events as ev
from games.engine.holdem import phh

FILES = Path(__file__).parent / "phh_files"

GOOD_FILES = {
    "heads_up.phh": (40, 160),
    "four_handed.phh": (990, 640, 1430, 940),
    "side_pots.phh": (200, 370, 0, 100),
    "antes.phh": (485, 475, 540),
    "big_blind_ante.phh": (970, 950, 110),
    "allin_runout.phh": (0, 130),
    "dwan_ivey_2009.phh": (572100, 1997500, 1109500),
    "unknown_cards.phh": (199, 235, 200, 166, 200, 200),
    "skipped_check.phh": (490, 530, 0),
    "muck.phh": (98, 102),
}

BAD_FILES = {
    "bad_toml.phh": "malformed TOML: Illegal character",
    "wrong_variant.phh": "unsupported variant 'FT'",
    "short_allin_reraise.phh": "action 11 'p1 cbr 400': A short all-in did not reopen raising",
    "preflop_short_allin_reraise.phh": "action 9 'p3 cbr 100': A short all-in did not reopen",
    "truncated.phh": "hand incomplete: the actions end with p1 to act on the flop",
    "unknown_at_showdown.phh": "p1's hole cards are unknown at showdown",
}

# Files PokerKit settles exactly as we do (they show every hand at showdown with "sm").
POKERKIT_AGREES = (
    "side_pots.phh",
    "antes.phh",
    "allin_runout.phh",
    "dwan_ivey_2009.phh",
    "unknown_cards.phh",
    "skipped_check.phh",
    "muck.phh",
)


def pokerkit_stacks(text: str) -> list[int]:
    """PokerKit's finishing stacks for a PHH text."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, state = pokerkit.HandHistory.loads(text)
    assert not state.status
    return list(state.stacks)


# --- hand-written files ----------------------------------------------------------------------


@pytest.mark.parametrize(("name", "stacks"), GOOD_FILES.items())
def test_good_files_replay_to_their_finishing_stacks(name: str, stacks: tuple[int, ...]) -> None:
    result = phh.replay(phh.load(FILES / name))
    assert result.finishing_stacks == stacks
    assert sum(stacks) == sum(phh.load(FILES / name).starting_stacks)
    assert phh.replay_file(FILES / name) == stacks


def test_another_rooms_table_is_replayed_by_the_importer() -> None:
    """Straddles are no table of ours (phh.loads refuses them) but the importer's: the file
    is replayed, and PokerKit agrees."""
    with pytest.raises(phh.PHHError, match="unsupported: straddles"):
        phh.load(FILES / "straddle.phh")
    stacks = phh.replay_file(FILES / "straddle.phh")
    assert list(stacks) == pokerkit_stacks((FILES / "straddle.phh").read_text())


@pytest.mark.parametrize(("name", "reason"), BAD_FILES.items())
def test_bad_files_are_refused_with_a_one_line_reason(name: str, reason: str) -> None:
    with pytest.raises(phh.PHHError) as refused:
        phh.replay_file(FILES / name)
    assert reason in str(refused.value)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("name", POKERKIT_AGREES)
def test_pokerkit_agrees_on_the_files_that_show_their_hands(name: str) -> None:
    text = (FILES / name).read_text()
    assert pokerkit_stacks(text) == list(GOOD_FILES[name])


def test_a_big_blind_ante_is_dead_money_in_the_main_pot() -> None:
    text = (FILES / "big_blind_ante.phh").read_text()
    assert phh.replay(phh.loads(text)).finishing_stacks == (970, 950, 110)
    assert pokerkit_stacks(text) == [970, 950, 110]


def test_a_big_blind_ante_does_not_cost_the_others_their_claim_on_the_pot() -> None:
    # Heads-up, checked down: p2 (the button) has two aces, p1 (the big blind, who also antes)
    # has seven high. Every live hand is eligible for the pot (RULES.md §1.6): p2 wins 30.
    text = hand(
        antes="[0, 10]",
        blinds_or_straddles="[5, 10]",
        min_bet="10",
        actions='["d dh p1 2c7d", "d dh p2 AsAh", "p2 cc", "p1 cc", "d db Kc9s8h", "p1 cc", '
        '"p2 cc", "d db 4d", "p1 cc", "p2 cc", "d db 5s", "p1 cc", "p2 cc", "p1 sm 2c7d", '
        '"p2 sm AsAh"]',
    )
    assert pokerkit_stacks(text) == [80, 120]
    assert phh.replay(phh.loads(text)).finishing_stacks == (80, 120)


def test_pokerkit_lets_a_caller_reraise_a_short_preflop_allin_and_we_do_not() -> None:
    text = (FILES / "preflop_short_allin_reraise.phh").read_text()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        states = list(pokerkit.HandHistory.loads(text))
    assert states[-1].bets[2] == 100  # PokerKit took p3's re-raise to 100
    with pytest.raises(phh.PHHError, match=r"\[raise_not_reopened\]"):
        phh.replay(phh.loads(text))


# --- seats, blinds and the deck ---------------------------------------------------------------


def _events[E](result: phh.Replay, kind: type[E]) -> list[E]:
    return [item for item in result.events if isinstance(item, kind)]


def test_heads_up_p1_posts_the_big_blind_and_p2_has_the_button() -> None:
    result = phh.replay(phh.load(FILES / "heads_up.phh"))
    (started,) = _events(result, ev.HandStarted)
    assert started.button == 1
    blinds = {item.blind: (item.seat, item.amount) for item in _events(result, ev.BlindPosted)}
    assert blinds == {"small": (1, 1), "big": (0, 2)}
    dealt = [(item.seat, item.cards) for item in _events(result, ev.HoleCardsDealt)]
    assert dealt == [(0, ("Ah", "Kh")), (1, ("7c", "7d"))]
    actors = [item.seat for item in result.events if isinstance(item, ev.Raised | ev.Called)]
    assert actors[:2] == [1, 0]  # p2 (the button) acts first pre-flop


def test_three_or_more_p1_small_blind_p2_big_blind_last_player_button() -> None:
    result = phh.replay(phh.load(FILES / "four_handed.phh"))
    (started,) = _events(result, ev.HandStarted)
    assert started.button == 3
    blinds = {item.blind: item.seat for item in _events(result, ev.BlindPosted)}
    assert blinds == {"small": 0, "big": 1}
    assert [item.seat for item in _events(result, ev.HoleCardsDealt)] == [0, 1, 2, 3]
    assert [item.cards for item in _events(result, ev.BoardDealt)] == [
        ("Kd", "8s", "3c"),
        ("2h",),
        ("2d",),
    ]


def test_the_deck_puts_each_card_where_our_deal_takes_it() -> None:
    cards = phh.Cards(hole=(("As", "Kd"), (None, "2c"), ("Qh", None)), board=("Th", None, "Jh"))
    deck = phh.deck_for(cards)
    assert sorted(deck) == sorted(STANDARD_DECK)
    assert (deck[0], deck[3]) == ("As", "Kd")
    assert deck[4] == "2c"
    assert deck[2] == "Qh"
    assert [deck[i] for i in phh.board_positions(3)][::2] == ["Th", "Jh", deck[13]]
    assert phh.board_positions(3) == (7, 8, 9, 11, 13)


def test_a_show_reveals_an_unknown_hand() -> None:
    cards = phh.known_cards(phh.load(FILES / "unknown_cards.phh"))
    assert cards.hole[1] == ("9c", "9d")
    assert cards.hole[3] == ("Ac", "Ad")
    assert cards.hole[0] == (None, None)


# --- reading: what is accepted ---------------------------------------------------------------


def hand(**fields: object) -> str:
    """PHH text of a heads-up hand, with ``fields`` replacing the defaults."""
    values: dict[str, object] = {
        "variant": '"NT"',
        "antes": "[0, 0]",
        "blinds_or_straddles": "[1, 2]",
        "min_bet": "2",
        "starting_stacks": "[100, 100]",
        "actions": '["d dh p1 AsKs", "d dh p2 QdQh", "p2 f"]',
    }
    values.update({key: value for key, value in fields.items() if value is not None})
    for key in [key for key, value in fields.items() if value is None]:
        del values[key]
    return "\n".join(f"{key} = {value}" for key, value in values.items()) + "\n"


def test_a_number_is_every_players_ante_and_short_arrays_are_padded() -> None:
    history = phh.loads(hand(antes="1", blinds_or_straddles="[1.0, 2.0]", min_bet="2.0"))
    assert (history.ante, history.small_blind, history.big_blind) == (1, 1, 2)
    history = phh.loads(
        hand(antes="[0, 3]", blinds_or_straddles="[1, 2]", starting_stacks="[9, 9, 9]")
    )
    assert (history.ante, history.big_blind_ante) == (0, 3)


def test_commentary_no_ops_one_card_deals_and_extra_fields_are_fine() -> None:
    text = hand(
        actions='["d dh p1 As # first card", "", "# just a comment", "d dh p1 Ks", '
        '"d dh p2 Qd", "d dh p2 Qh", "p2   cc", "p1 cc # checks", "d db 2c3c4d", "p1 cbr 2", '
        '"p2 f"]',
        players='["A", "B"]',
        _private="1",
    )
    text += "[user_defined]\nnote = 'x'\n"
    assert phh.replay(phh.loads(text)).finishing_stacks == (102, 98)
    history = phh.loads(text)
    assert [action.kind for action in history.actions[:3]] == ["dh", "noop", "noop"]


def test_the_heads_up_big_blind_ante_is_posted_by_p1() -> None:
    text = hand(antes="[0, 5]", actions='["d dh p1 AsKs", "d dh p2 QdQh", "p2 f"]')
    result = phh.replay(phh.loads(text))
    assert [(item.seat, item.amount) for item in _events(result, ev.AntePosted)] == [(0, 5)]
    assert result.finishing_stacks == (101, 99)


# --- reading and replaying: what is refused ---------------------------------------------------


REFUSED = {
    "several hands": ("[1]\n" + hand() + "[2]\n" + hand(), "holds 2 hands in tables"),
    "missing field": (hand(min_bet=None), "missing field(s) min_bet"),
    "no variant": (hand(variant=None), "no 'variant' field"),
    "min bet": (hand(min_bet="4"), "min_bet 4 differs from the big blind 2"),
    "fractional": (hand(blinds_or_straddles="[0.5, 1]"), "our chips are whole numbers"),
    "infinite stack": (hand(starting_stacks="[inf, 100]"), "unknown amounts"),
    "zero stack": (hand(starting_stacks="[0, 100]"), "every starting stack must be positive"),
    "eleven players": (hand(starting_stacks="[9,9,9,9,9,9,9,9,9,9,9]"), "11 players"),
    "one player": (hand(starting_stacks="[9]"), "1 players"),
    "boolean": (hand(min_bet="true"), "min_bet holds True, not a number"),
    "negative": (hand(antes="[-1, -1]"), "negative amount"),
    "too many antes": (hand(antes="[0, 0, 0]"), "antes has 3 entries for 2 players"),
    "button ante": (hand(antes="[5, 0]"), "unsupported antes [5, 0]"),
    "mixed antes": (hand(antes="[1, 2, 3]", starting_stacks="[9, 9, 9]"), "unsupported antes"),
    "no big blind": (hand(blinds_or_straddles="[0, 0]"), "no big blind"),
    "small above big": (hand(blinds_or_straddles="[3, 2]"), "small blind 3 exceeds the big"),
    "bad card": (hand(actions='["d dh p1 AsXx"]'), "'Xx' is not a card"),
    "odd card text": (hand(actions='["d dh p1 AsK"]'), "not a sequence of two-character cards"),
    "no such player": (hand(actions='["d dh p3 AsKs"]'), "'p3' is not a player p1..p2"),
    "gibberish": (hand(actions='["p1 jumps"]'), "'p1 jumps' is not a PHH action"),
    "stud action": (hand(actions='["p1 pb"]'), "is not a no-limit hold'em action"),
    "draw action": (hand(actions='["p1 sd AsKs"]'), "is not a no-limit hold'em action"),
    "bad amount": (hand(actions='["d dh p1 AsKs", "p2 cbr lots"]'), "'lots' is not an amount"),
    "card twice": (hand(actions='["d dh p1 AsKs", "d dh p2 AsQh"]'), "the card As appears twice"),
    "board twice": (hand(actions='["d dh p1 AsKs", "d db 2c2c3c"]'), "the card 2c appears twice"),
    "three hole cards": (hand(actions='["d dh p1 AsKs", "d dh p1 Qc"]'), "more than two hole"),
    "six board cards": (
        hand(actions='["d db 2c3c4c", "d db 5c", "d db 6c", "d db 7c"]'),
        "more than five board cards",
    ),
    "show contradicts deal": (
        hand(actions='["d dh p1 AsKs", "d dh p2 QdQh", "p1 sm AsKd"]'),
        "p1 shows AsKd but was dealt AsKs",
    ),
    "show three cards": (hand(actions='["p1 sm AsKsQs"]'), "a hold'em player shows two cards"),
    "deal after betting": (
        hand(actions='["d dh p1 AsKs", "p2 cc", "d dh p2 QdQh"]'),
        "hole cards dealt after the betting",
    ),
    "out of turn": (
        hand(actions='["d dh p1 AsKs", "d dh p2 QdQh", "p1 cc"]'),
        "it is p2's turn on the preflop, not p1's",
    ),
    "board not dealt yet": (
        hand(actions='["d dh p1 AsKs", "d dh p2 QdQh", "p2 cc", "p1 cc", "p1 cc"]'),
        "the file has dealt 0 board card(s) but the hand is on the flop (3)",
    ),
    "board dealt early": (
        hand(actions='["d dh p1 AsKs", "d dh p2 QdQh", "p2 cc", "d db 2c3c4c", "p1 cc"]'),
        "the file has dealt 3 board card(s) but the hand is on the preflop",
    ),
    "after the hand": (
        hand(actions='["d dh p1 AsKs", "d dh p2 QdQh", "p2 f", "p1 cc"]'),
        "action 4 'p1 cc': the hand is already over",
    ),
    "board after a fold": (
        hand(actions='["p2 cc", "p1 cc", "d db 2c3c4c", "p1 cbr 2", "p2 f", "d db 5d"]'),
        "the file deals 4 board cards but the hand ended with 3",
    ),
    "below the minimum": (
        hand(actions='["d dh p1 AsKs", "d dh p2 QdQh", "p2 cbr 3"]'),
        "action 3 'p2 cbr 3': The bet must be to at least 4. [amount_below_minimum]",
    ),
    "above the stack": (
        hand(actions='["p2 cbr 101"]'),
        "You can bet at most 100 this round. [amount_above_stack]",
    ),
    "fold owing nothing": (
        hand(actions='["p2 cc", "p1 f"]'),
        "action 2 'p1 f': You owe nothing: check instead of folding. [nothing_to_fold]",
    ),
    "board cut short": (
        hand(actions='["d dh p1 AsKs", "d dh p2 QdQh", "p2 cbr 100", "p1 cc", "d db 2c3c4c"]'),
        "hand incomplete: the hand needs 5 board cards but the file deals 3",
    ),
    "unknown board": (
        hand(actions='["d dh p1 AsKs", "d dh p2 QdQh", "p2 cbr 100", "p1 cc", "d db 2c3c4c??5s"]'),
        "a board card is unknown at showdown",
    ),
    "nothing at all": (hand(actions="[]"), "hand incomplete: the actions end with p2 to act"),
    "actions not strings": (hand(actions="[1, 2]"), "'actions' is not an array of strings"),
}


@pytest.mark.parametrize(("text", "reason"), REFUSED.values(), ids=REFUSED.keys())
def test_refused_with_a_one_line_reason(text: str, reason: str) -> None:
    with pytest.raises(phh.PHHError) as refused:
        phh.replay(phh.loads(text))
    assert reason in str(refused.value)
    assert "\n" not in str(refused.value)


def test_files_that_cannot_be_read(tmp_path: Path) -> None:
    binary = tmp_path / "binary.phh"
    binary.write_bytes(b"\xff\xfe\x00variant")
    with pytest.raises(phh.PHHError, match="not UTF-8"):
        phh.load(binary)
    with pytest.raises(phh.PHHError, match="cannot read the file"):
        phh.load(tmp_path / "missing.phh")


# --- PokerKit's random hands -----------------------------------------------------------------

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.RUNOUT_COUNT_SELECTION,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)


def pokerkit_hand(seed: int, mode: str) -> tuple[str, list[int]] | None:
    """A random hand played by PokerKit: (PHH text, PokerKit's finishing stacks).

    ``mode``: ``plain`` (no ante), ``ante`` (uniform), ``bb_ante`` (a big-blind ante the big blind
    can cover) or ``scaled`` (every amount a multiple of 2520, so no split leaves odd chips).
    None when PokerKit itself fails on the hand (it asserts on a few fold-outs with antes).
    """
    rng = random.Random(f"{mode}-{seed}")
    count = rng.randint(2, 10)
    unit = 2520 if mode == "scaled" else 1
    small, big = rng.choice([(1, 2), (5, 10), (10, 20), (0, 2), (2, 2), (3, 6)])
    if count == 2 and small == big:
        small = 1  # heads-up equal blinds leave "who is the big blind" to convention
    ante = rng.choice([1, 2, 5]) if mode == "ante" else 0
    antes = [ante] * count
    if mode == "bb_ante":
        antes = [0, rng.choice([1, 2, 20])] + [0] * (count - 2)
    stacks = [rng.choice([rng.randint(1, 40), rng.randint(20, 400)]) for _ in range(count)]
    stacks = [stack + ante for stack in stacks]
    if mode == "bb_ante":
        # Who acts first when the big blind is all-in from its ante alone is a convention
        # RULES.md does not settle; such hands are left out.
        stacks[1] = max(stacks[1], antes[1] + big + 1)
    deck = list(STANDARD_DECK)
    rng.shuffle(deck)
    cards = iter(deck)
    game = pokerkit.NoLimitTexasHoldem(
        AUTOMATIONS,
        False,
        [amount * unit for amount in antes],
        [small * unit, big * unit],
        big * unit,
        mode=pokerkit.Mode.CASH_GAME,
    )
    state = game([stack * unit for stack in stacks], count)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns about cards it meant to burn
        try:
            _play_out(state, rng, cards, unit, all_ins=True)
        except AssertionError:
            return None
    # One in four written uncompressed: one "d dh" line per card dealt.
    compressed = rng.random() >= 0.25
    history = pokerkit.HandHistory.from_game_state(game, state, compression_status=compressed)
    return history.dumps(), list(state.stacks)


def _play_out(
    state: Any, rng: random.Random, cards: Iterator[str], unit: int, all_ins: bool
) -> None:
    """Deal from ``cards``, show every hand at showdown, and act at random."""
    while state.status:
        if state.can_deal_hole():
            state.deal_hole(next(cards))
        elif state.can_deal_board():
            count = state.street.board_dealing_count
            state.deal_board("".join(next(cards) for _ in range(count)))
        elif state.can_show_or_muck_hole_cards():
            state.show_or_muck_hole_cards(True)
        elif state.actor_index is not None:
            _random_action(state, rng, unit, all_ins)
        else:  # pragma: no cover - PokerKit automates everything else
            raise RuntimeError("PokerKit is waiting for something unexpected")


def _random_action(state: Any, rng: random.Random, unit: int, all_ins: bool) -> None:
    """Fold (only when owing), bet or raise (min, max or between), or check/call."""
    player = state.actor_index
    owed = state.checking_or_calling_amount
    roll = rng.random()
    if state.can_complete_bet_or_raise_to() and 0.25 <= roll < 0.6:
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        if not all_ins:
            high = min(high, state.stacks[player] + state.bets[player] - unit)
        if low <= high:
            middle = low + rng.randint(0, (high - low) // unit) * unit
            state.complete_bet_or_raise_to(rng.choice([low, high, middle]))
            return
    if owed and (roll < 0.25 or (not all_ins and owed >= state.stacks[player])):
        state.fold()
    else:
        state.check_or_call()


def compare(seed: int, mode: str) -> str:
    """Replay one PokerKit hand; 'equal', 'odd chips', 'refused' or 'pokerkit failed'."""
    generated = pokerkit_hand(seed, mode)
    if generated is None:
        return "pokerkit failed"
    text, expected = generated
    try:
        result = phh.replay(phh.loads(text))
    except phh.PHHError as error:
        # Difference 2: PokerKit reopened raising after a short all-in; nothing else may fail.
        assert "[raise_not_reopened]" in str(error), f"{error}\n{text}"
        return "refused"
    ours = list(result.finishing_stacks)
    if ours == expected:
        return "equal"
    # Difference 1: only the split pots' odd chips may land elsewhere.
    split = [item for item in _events(result, ev.PotAwarded) if item.odd_chips]
    assert split and mode != "scaled", f"{ours} != {expected}\n{text}"
    assert sum(ours) == sum(expected)
    tied = {seat for item in split for seat in item.winners}
    odd = sum(len(item.odd_chips) for item in split)
    for seat, (mine, theirs) in enumerate(zip(ours, expected, strict=True)):
        assert mine == theirs or (seat in tied and abs(mine - theirs) <= odd), text
    return "odd chips"


MODES = ["plain", "ante", "bb_ante", "scaled"]


@pytest.mark.parametrize("mode", MODES)
def test_random_pokerkit_hands_replay_to_pokerkit_stacks(mode: str) -> None:
    outcomes = Counter(compare(seed, mode) for seed in range(150))
    assert outcomes["equal"] >= 135, outcomes
    assert outcomes["refused"] + outcomes["pokerkit failed"] <= 6, outcomes


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_many_random_pokerkit_hands(mode: str) -> None:
    outcomes = Counter(compare(seed, mode) for seed in range(1000, 2000))
    assert outcomes["equal"] >= 900, outcomes
    assert outcomes["refused"] + outcomes["pokerkit failed"] <= 40, outcomes
