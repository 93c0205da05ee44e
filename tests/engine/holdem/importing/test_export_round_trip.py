"""Imported hands exported (issue 29): every good hand of the corpus, imported, written as PHH
and as PokerStars text, and imported again, is the same hand — the same events, record for
record, and the same source facts wherever the format carries them; PokerKit reads our PHH of
it to the stacks the room paid (rake aside).

One test per file of the corpus and format (not per hand: the suite stays quick).
"""

from __future__ import annotations

import dataclasses
import functools
import io
import json
import warnings
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pokerkit
import pytest

from games.engine.events import to_record
from games.engine.game import HandSource
from games.engine.holdem.imported_hand import ImportedHand, imported_hand
from games.engine.holdem.importing import ParsedHand, iter_hands
from games.engine.holdem.phh_export import imported_to_phh
from games.engine.holdem.pokerstars import imported_to_pokerstars
from tests.engine.holdem.importing import stacks_rake_aside

DATA = Path(__file__).parent / "data"
EXPECTED: dict[str, dict[str, Any]] = json.loads((DATA / "expected.json").read_text())
FILES = sorted({key.rsplit("#", 1)[0] for key in EXPECTED})
# Only what an export needs when the history told no time (a PokerStars header must have one).
DOWNLOADED_AT = datetime(2026, 12, 4, 12, 0, tzinfo=UTC)


@functools.cache
def imported(relative: str) -> tuple[Any, ...]:
    with (DATA / relative).open(encoding="utf-8-sig") as stream:
        return tuple(iter_hands(stream, relative))


def good_hands(relative: str) -> list[tuple[str, ParsedHand]]:
    hands = imported(relative)
    found = []
    for key in EXPECTED:
        if key.rsplit("#", 1)[0] == relative:
            hand = hands[int(key.rsplit("#", 1)[1]) - 1]
            assert isinstance(hand, ParsedHand), key
            found.append((key, hand))
    return found


def stored(hand: ParsedHand) -> ImportedHand:
    """The hand as the store gives it to the exporter: its events and its source's facts."""
    source = HandSource(
        room=hand.room,
        hand_id=hand.hand_id,
        played_at=hand.played_at,
        table=hand.table,
        unit=hand.unit,
        scale=hand.scale,
        small_blind=hand.small_blind,
        big_blind=hand.big_blind,
        players=hand.players,
        hero=hand.hero,
    )
    return imported_hand(hand.events, source)


def read_back(text: str, name: str) -> ParsedHand:
    (again,) = iter_hands(io.StringIO(text), name)
    assert isinstance(again, ParsedHand), (again, text)
    return again


def source_facts(hand: ParsedHand) -> dict[str, Any]:
    """What an ``ImportedHand`` row keeps of a hand, but where in which file it was."""
    facts = dataclasses.asdict(hand)
    for where in ("events", "line", "fingerprint"):
        facts.pop(where)
    return facts


def records(hand: ParsedHand) -> list[dict[str, Any]]:
    return [to_record(item) for item in hand.events]


def test_every_corpus_file_with_good_hands_is_exported() -> None:
    assert sum(len(good_hands(relative)) for relative in FILES) == len(EXPECTED) >= 250


@pytest.mark.parametrize("relative", FILES)
def test_phh_export_reads_back_to_the_same_hand(relative: str) -> None:
    for key, hand in good_hands(relative):
        again = read_back(imported_to_phh(stored(hand)), "export.phh")
        assert records(again) == records(hand), key
        assert source_facts(again) == source_facts(hand), key
        assert again.fingerprint == hand.fingerprint, key  # skipped if imported twice


@pytest.mark.parametrize("relative", FILES)
def test_pokerstars_export_reads_back_to_the_same_hand(relative: str) -> None:
    for key, hand in good_hands(relative):
        text = imported_to_pokerstars(stored(hand), played_at=DOWNLOADED_AT)
        again = read_back(text, "export.txt")
        assert records(again) == records(hand), key
        facts, expected = source_facts(again), source_facts(hand)
        # PokerStars text names no room (it is PokerStars'), nor a hand's time it never had.
        assert facts.pop("room") == "pokerstars", key
        expected.pop("room")
        if hand.played_at is None:
            assert facts.pop("played_at") == DOWNLOADED_AT, key
            expected.pop("played_at")
        assert facts == expected, key


def pokerkit_stacks(text: str) -> tuple[list[str], list[int]]:
    """PokerKit's own reader (HandHistory, and its automations) over our PHH: each player's
    final stack, in minor units."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a card dealt twice is only a warning to PokerKit
        history = pokerkit.HandHistory.loads(text, parse_value=Decimal)
        final = list(history)[-1]
    scale = 100 if history.currency else 1
    stacks = []
    for stack in final.stacks:
        minor = Decimal(stack) * scale
        assert minor == minor.to_integral_value(), f"{stack} is no whole number of minor units"
        stacks.append(int(minor))
    return list(history.players or []), stacks


@pytest.mark.parametrize("relative", FILES)
def test_pokerkit_replays_our_phh_export_to_the_room_s_stacks_rake_aside(relative: str) -> None:
    for key, hand in good_hands(relative):
        players, stacks = pokerkit_stacks(imported_to_phh(stored(hand)))
        expected = EXPECTED[key]
        theirs = stacks_rake_aside(expected)
        if not expected["complete"]:
            # Stopped before the end: PokerKit's stacks behind, chips in front not counted.
            theirs = dict(zip(expected["players"], expected["finishing_stacks"], strict=True))
        assert dict(zip(players, stacks, strict=True)) == theirs, key


def test_a_phh_export_is_in_the_room_s_money_to_the_cent() -> None:
    key, hand = next((k, h) for k, h in good_hands("pokerstars/cash_6max.txt") if h.rake)
    text = imported_to_phh(stored(hand))
    starts = [stack for stack in hand.events[0].stacks]  # type: ignore[attr-defined]
    assert 'currency = "USD"' in text, key
    assert f"_rake = {hand.rake // 100}.{hand.rake % 100:02d}" in text, key
    # No float anywhere: every stack written with exactly two decimals.
    line = next(row for row in text.splitlines() if row.startswith("starting_stacks"))
    assert all(
        len(value.strip(" []").split(".")[1]) == 2 for value in line.split("=")[1].split(",")
    )
    assert sorted(
        int(Decimal(v.strip(" []")) * 100) for v in line.split("=")[1].split(",")
    ) == sorted(starts)


def test_unknown_cards_are_written_as_phh_and_pokerstars_do() -> None:
    key, hand = next(
        (k, h)
        for k, h in good_hands("pokerstars/cash_6max.txt")
        if h.hero is not None and h.went_to_showdown
    )
    exported = stored(hand)
    phh = imported_to_phh(exported)
    assert "????" in phh, key  # a hand nobody saw
    stars = imported_to_pokerstars(exported, played_at=DOWNLOADED_AT)
    assert "??" not in stars, key  # PokerStars text tells only the cards it knows
    dealt = [line for line in stars.splitlines() if line.startswith("Dealt to ")]
    assert dealt == [
        f"Dealt to {hand.players[hand.hero]} [{' '.join(exported.known(hand.hero) or ())}]"
    ]


def test_a_hand_that_stops_early_is_exported_as_far_as_it_goes() -> None:
    (key, hand), *_ = good_hands("pokerstars/stops_early.txt")
    assert not hand.finished, key
    exported = stored(hand)
    stars = imported_to_pokerstars(exported, played_at=DOWNLOADED_AT)
    assert "*** SUMMARY ***" not in stars
    phh = imported_to_phh(exported)
    assert "finishing_stacks" not in phh and "winnings" not in phh
    assert not read_back(phh, "early.phh").finished


def test_a_hand_id_pokerstars_cannot_write_becomes_a_number_of_its_own() -> None:
    (_, first), (_, second), *_ = good_hands("phh/hand_01.phh") + good_hands("phh/hand_02.phh")

    def header_id(hand: ParsedHand, hand_id: str) -> str:
        text = imported_to_pokerstars(
            stored(dataclasses.replace(hand, hand_id=hand_id)), played_at=DOWNLOADED_AT
        )
        return read_back(text, "export.txt").hand_id

    named = header_id(first, "hh-7/a")
    assert named.isdigit() and named == header_id(first, "hh-7/a")
    assert named != header_id(first, "hh-7/b")
    # No id at all: the hand's content names it, so two hands are still two.
    assert header_id(first, "").isdigit()
    assert header_id(first, "") != header_id(second, "")
