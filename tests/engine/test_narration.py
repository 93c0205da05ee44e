"""The hand's narrators, one per event type: a registry a new event joins with one function,
lines read from stored payloads with defaults for fields a newer event version adds (shown here
through the admin's renderer, in English from the catalog's files)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from html import unescape
from typing import Any

import pytest

from cardavia.i18n.formatting import format_message
from cardavia.i18n.loader import read_sources
from games.backoffice.render import html
from games.engine.events import event_types
from games.engine.narration import NARRATORS, Sitter, Telling, tell
from games.registry import GAMES

ENGLISH = {key: entry["text"] for key, entry in read_sources()[0].items()}


class English:
    language = "en"
    direction = "ltr"

    def __call__(self, key: str, params: Mapping[str, Any] | None = None, *, wrap=str, literal=str):
        return format_message(ENGLISH[key], params or {}, "en", wrap=wrap, literal=literal)

    def has(self, key: str) -> bool:
        return key in ENGLISH


SITTERS = [
    Sitter(0, "marta", "other", None),
    Sitter(1, "Vera", "female", "easy"),
    Sitter(2, "Otto", "male", "medium"),
    Sitter(3, "Lina", "female", "hard"),
]


def telling() -> Telling:
    return Telling(words=English(), sitters=SITTERS, stacks=[1000, 1000, 1000, 1000])


def text(told: Telling) -> list[str]:
    """The lines as the page shows them, tags taken out."""
    return [unescape(re.sub(r"<[^>]+>", "", html(told.words, line.text))) for line in told.lines]


def test_every_event_of_every_game_has_its_narrator() -> None:
    types = [name for name in event_types() if name.split(".")[0] in GAMES]
    assert len(types) > 30 and [name for name in types if name not in NARRATORS] == []


def test_the_all_in_exposure_is_told_from_its_record() -> None:
    """``holdem.cards_exposed`` (contracts.md) comes from another branch: its line reads the
    record's fields by name, so it is told before and after the event class exists here."""
    told = tell(
        telling(),
        [
            {
                "seq": 7,
                "type": "holdem.cards_exposed",
                "version": 1,
                "payload": {"seat": 3, "cards": ["Ah", "Kd"]},
            }
        ],
    )
    assert text(told) == ["Lina is all-in: cards face up, A♥ K♦"]


def test_a_pot_names_the_kickers_that_decided_it() -> None:
    award = {
        "pot": 0,
        "amount": 160,
        "eligible": [0, 1],
        "winners": [1],
        "shares": [160],
        "hand_rank": {"category": "pair", "ranks": ["8", "J", "9", "3"]},
        "odd_chips": [],
    }
    told = tell(
        telling(),
        [
            {
                "seq": 1,
                "type": "holdem.pot_awarded",
                "version": 3,
                "payload": {**award, "kickers": 1},
            },
            {
                "seq": 2,
                "type": "holdem.pot_awarded",
                "version": 3,
                "payload": {**award, "kickers": 2},
            },
            {"seq": 3, "type": "holdem.pot_awarded", "version": 3, "payload": award},
        ],
    )
    assert text(told) == [
        "Vera wins the pot: 160 (Pair of eights, jack kicker)",
        "Vera wins the pot: 160 (Pair of eights, jack and nine kickers)",
        "Vera wins the pot: 160 (Pair of eights)",
    ]
    assert told.pots[0].hand == "Pair of eights, jack kicker"


def test_an_event_nobody_narrates_points_at_the_raw_events() -> None:
    told = tell(
        telling(), [{"seq": 4, "type": "holdem.something_new", "version": 1, "payload": {"x": 1}}]
    )
    assert text(told) == ["holdem.something_new (see the raw events)"]


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_calls_that_empty_a_stack_say_all_in(seat: int) -> None:
    told = telling()
    told.stacks[seat] = 40
    tell(
        told,
        [
            {
                "seq": 1,
                "type": "holdem.called",
                "version": 1,
                "payload": {"seat": seat, "amount": 40},
            }
        ],
    )
    assert text(told) == [f"{SITTERS[seat].name} calls 40, all-in"]
    assert told.pot == 40 and told.stacks[seat] == 0
