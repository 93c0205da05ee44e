"""Keys the client builds from what the server sends (``t(`style.${player.style}`)``,
``event.<type>``, ``hand.name.<category>``...) exist in English, for every value the server can
send: read from the code that sends them (the games, the engines' events and hand categories,
the bots' levels and styles). A new style, level, game, event or hand category without its words
fails here, even where the client guards the key with ``has()`` and would silently show nothing.
The translations follow from tests/i18n/test_catalog_files.py (every English key in every
language).
"""

from __future__ import annotations

import re

from bots.holdem import styles
from bots.registry import LEVELS
from games import registry  # importing it registers both engines' events
from games.engine.cards import RANKS, SUITS
from games.engine.events import event_types
from games.engine.holdem.evaluator import CATEGORY_NAMES
from tests.i18n.test_catalog_files import CLIENT_SOURCES, english

NARRATE = CLIENT_SOURCES / "frontend" / "js" / "narrate.js"

#: Events the table does not narrate, each for its reason (narrate.js returns no line for them).
SILENT = {
    "deal_ended": "the pot award and the reveal already say how the deal ended",
    "hand_ended": "the pot awards already say how the hand ended",
    "signals_shown": "the signals are drawn beside each seat, not spoken one by one",
    "shuffle_revealed": "the shuffle's proof is for the replay, not the table",
}


def missing(keys: set[str]) -> list[str]:
    return sorted(keys - set(english()))


def test_every_game_has_its_name_header_and_summary() -> None:
    assert set(registry.GAMES) >= {"holdem", "updown"}
    assert (
        missing(
            {
                f"{prefix}.{game}.{suffix}"
                for game in registry.GAMES
                for prefix, suffix in (("game", "name"), ("game", "header"), ("ui.game", "summary"))
            }
        )
        == []
    )


def test_every_level_has_its_name_and_a_description_in_each_game() -> None:
    keys = {f"level.{level}.name" for level in LEVELS}
    keys |= {f"level.{level}.description" for level in LEVELS}
    keys |= {f"level.{game}.{level}.description" for game in registry.GAMES for level in LEVELS}
    assert missing(keys) == []


def test_every_ai_style_has_its_words() -> None:
    keys = {
        f"style.{value.key}" for value in vars(styles).values() if isinstance(value, styles.Style)
    }
    assert len(keys) >= 4
    assert missing(keys) == []


def test_every_card_rank_and_suit_has_its_words() -> None:
    keys = {f"card.rank.{rank}" for rank in RANKS} | {f"card.suit.{suit}" for suit in SUITS}
    keys |= {f"ui.card.index.{rank}" for rank in RANKS}
    assert missing(keys) == []


def test_every_hand_category_has_its_category_and_its_spoken_name() -> None:
    keys = {f"hand.category.{name}" for name in CATEGORY_NAMES}
    keys |= {f"hand.name.{name}" for name in CATEGORY_NAMES}
    assert missing(keys) == []


def test_every_event_is_narrated_or_silent_on_purpose() -> None:
    # The registered games' events (a test module may define events of its own, e.g. "test.*").
    short = {
        name.partition(".")[2] for name in event_types() if name.partition(".")[0] in registry.GAMES
    }
    assert {"raised", "card_locked", "pot_awarded"} <= short
    unnarrated = sorted(
        name for name in short if f"event.{name}" not in english() and name not in SILENT
    )
    assert unnarrated == [], f"add event.<type> to fixtures/i18n/en/game.json: {unnarrated}"
    # The silent ones really are silenced by the client, and are still real events.
    source = NARRATE.read_text(encoding="utf-8")
    for name in SILENT:
        assert name in short
        assert re.search(rf'case "{name}":', source), name
