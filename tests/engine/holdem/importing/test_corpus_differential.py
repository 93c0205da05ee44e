"""Our importers over the whole test corpus (tests/engine/holdem/importing/data/): every good
hand is imported with PokerKit's final stacks, and every bad one refused at its line with its
code while the other hands of its file are imported.

``expected.json`` is PokerKit's result, rake deducted as the room paid it. A hand's stacks are
compared rake aside (our engine without the rake against PokerKit's plus each player's rake:
the issue's "same final stacks, rake aside"), and with the rake its total must be the room's.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

from games.engine.holdem.importing import (
    NotAHandHistory,
    ParsedHand,
    RefusedHand,
    iter_hands,
    phh,
    pokerstars,
)
from games.engine.holdem.importing.source import HandRefused, SourceHand
from games.engine.holdem.importing.table import play_source
from games.engine.holdem.state import fold
from tests.engine.holdem.importing import stacks_rake_aside

DATA = Path(__file__).parent / "data"
EXPECTED: dict[str, dict[str, Any]] = json.loads((DATA / "expected.json").read_text())
REFUSALS: list[dict[str, Any]] = json.loads((DATA / "refusals.json").read_text())
# The corpus's names for refusals, and ours (the error catalog's codes).
CODES = {
    "out_of_turn": "action_out_of_turn",
    "bet_exceeds_stack": "action_above_stack",
    "unknown_card": "invalid_card",
    "card_dealt_twice": "card_dealt_twice",
    "illegal_action": "impossible_action",
    "malformed_line": "malformed_line",
    "not_a_hand_history": "not_a_hand_history",
}
HAND_FILES = sorted(
    str(path.relative_to(DATA))
    for path in DATA.rglob("*")
    if path.suffix in (".txt", ".phh", ".phhs") and path.parent.name != "not_hand_history"
)


@functools.cache
def imported(relative: str) -> tuple[ParsedHand | RefusedHand, ...]:
    path = DATA / relative
    with path.open(encoding="utf-8-sig") as stream:
        return tuple(iter_hands(stream, path.name))


def sources(relative: str) -> list[SourceHand | None]:
    """The file's hands as read, before our engine plays them (None: refused as read)."""
    path = DATA / relative
    with path.open(encoding="utf-8-sig") as stream:
        lines = list(enumerate(stream, 1))
    if path.suffix == ".txt":
        reads = [
            functools.partial(pokerstars.parse_hand, hand)
            for hand in pokerstars.read_hands(iter(lines))
        ]
    else:
        reads = [
            functools.partial(phh.parse_section, section, path.name)
            for section in phh.read_sections(iter(lines))
        ]
    hands: list[SourceHand | None] = []
    for read in reads:
        try:
            hands.append(read())
        except HandRefused:
            hands.append(None)
    return hands


def stacks_of(hand: ParsedHand) -> dict[str, int]:
    state = fold(hand.events)
    return {name: seat.stack for name, seat in zip(hand.players, state.seats, strict=True)}


def test_the_corpus_is_here() -> None:
    assert len(EXPECTED) >= 250
    assert len(HAND_FILES) >= 20


@pytest.mark.parametrize("relative", HAND_FILES)
def test_every_good_hand_ends_with_pokerkit_stacks_rake_aside(relative: str) -> None:
    good = {key: value for key, value in EXPECTED.items() if key.startswith(f"{relative}#")}
    hands = sources(relative)
    wrong = {}
    for key, expected in good.items():
        source = hands[int(key.split("#")[1]) - 1]
        assert source is not None, key
        source.rake, source.collected = 0, None
        ours = stacks_of(play_source(source))
        theirs = stacks_rake_aside(expected)
        if ours != theirs:
            wrong[key] = (ours, theirs)
    assert wrong == {}


@pytest.mark.parametrize("relative", HAND_FILES)
def test_every_good_hand_is_imported_with_its_source(relative: str) -> None:
    hands = imported(relative)
    for key, expected in EXPECTED.items():
        if not key.startswith(f"{relative}#"):
            continue
        hand = hands[int(key.split("#")[1]) - 1]
        assert isinstance(hand, ParsedHand), (key, hand)
        assert list(hand.players) == expected["players"], key
        assert hand.line == expected["line"], key
        assert hand.scale == expected["scale"], key
        assert hand.rake == expected["rake"], key
        assert hand.finished == expected["complete"], key
        assert hand.went_to_showdown == expected["went_to_showdown"], key
        # The chips the room paid out, all told, are ours (its rake split aside).
        assert sum(stacks_of(hand).values()) == sum(expected["finishing_stacks"]), key


@pytest.mark.parametrize(
    "refusal", [r for r in REFUSALS if r["index"] is not None], ids=lambda r: f"{r['file']}"
)
def test_every_bad_hand_is_refused_at_its_line_with_its_code(refusal: dict[str, Any]) -> None:
    hand = imported(refusal["file"])[refusal["index"] - 1]
    assert isinstance(hand, RefusedHand)
    assert (hand.code, hand.line, hand.hand_id) == (
        CODES[refusal["code"]],
        refusal["line"],
        refusal["hand_id"],
    )


@pytest.mark.parametrize(
    "refusal", [r for r in REFUSALS if r["index"] is None], ids=lambda r: f"{r['file']}"
)
def test_a_file_that_is_no_hand_history_is_refused_whole(refusal: dict[str, Any]) -> None:
    path = DATA / refusal["file"]
    with pytest.raises(NotAHandHistory), path.open(encoding="utf-8-sig") as stream:
        list(iter_hands(stream, path.name))
