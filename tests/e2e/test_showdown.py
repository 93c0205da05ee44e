"""Showdowns a player can read, in the browser: an all-in turns every live hand face up before the
rest of the board comes, and the board then comes street by street (RULES.md §1.6); a pot a kicker
decided names it ("Pair of jacks, ace-king kicker") in the result, the log and the replayer — in
English and Arabic, at 1280x800 and 360 px."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from games.models import Event
from tests.e2e.conftest import DESKTOP, PHONE, open_match, wait_for_turn
from tests.e2e.test_holdem import CALLING_STATIONS, check_or_call_until_result
from tests.e2e.test_narration import ISOLATES, log_lines
from tests.e2e.test_replay import choose_language, open_replay, replay_events, shot

SIZES = {"desktop": DESKTOP, "phone": PHONE}

# Every change of the table, as (face-up board cards, face-up cards at the opponents' seats).
WATCH_THE_TABLE = """() => {
  window.tableSnapshots = [];
  const take = () => {
    const board = document.querySelectorAll('.board .card.face').length;
    const up = document.querySelectorAll('.seat:not(.seat-me) .seat-cards .card.face').length;
    const last = window.tableSnapshots[window.tableSnapshots.length - 1];
    if (!last || last[0] !== board || last[1] !== up) window.tableSnapshots.push([board, up]);
  };
  take();
  new MutationObserver(take).observe(document.body, {subtree: true, childList: true});
}"""

OPPONENTS_FACE_UP = """() =>
  document.querySelectorAll('.seat:not(.seat-me) .seat-cards .card.face').length === 6"""


def shove(page: Page) -> None:
    page.locator("[data-size=all_in]").click()
    expect(page.locator(".amount-field")).to_have_value("1000")
    page.locator("[data-action=raise]").first.click()


@pytest.mark.parametrize(("language", "size"), [("en", "desktop"), ("ar", "phone")])
def test_an_all_in_turns_the_hands_up_then_deals_the_board_street_by_street(
    browse: Any, make_match: Any, deal: Any, language: str, size: str
) -> None:
    deal("exposure")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    # Motion on: the feed is shown one event at a time, at a player's pace.
    page = browse(player=player, viewport=SIZES[size], motion="no-preference")
    open_match(page, match_id)
    wait_for_turn(page)
    choose_language(page, language)
    page.evaluate(WATCH_THE_TABLE)

    shove(page)  # the three calling stations call
    page.wait_for_function(OPPONENTS_FACE_UP)
    shot(page, f"exposure-{language}-{size}")
    expect(page.locator(".result h3")).to_be_visible()
    shot(page, f"exposure-result-{language}-{size}")

    snapshots: list[list[int]] = page.evaluate("() => window.tableSnapshots")
    snapshots = snapshots[: snapshots.index([5, 6]) + 1]  # up to the river: the next hand clears
    face_up = [board for board, up in snapshots if up == 6]
    # Every opponent's hand was face up before the flop, and stayed so while the board came one
    # street at a time: no face-up card before the all-in, no street skipped.
    assert face_up and face_up[0] == 0, snapshots
    boards_while_face_up = [b for i, b in enumerate(face_up) if i == 0 or b != face_up[i - 1]]
    assert boards_while_face_up == [0, 3, 4, 5], snapshots
    # One hand after the other, two cards each, all of them before the flop.
    turning = [up for board, up in snapshots if up < 6 and (board, up) != (0, 0)]
    assert turning == [2, 4] and all(board == 0 for board, up in snapshots if 0 < up < 6)
    # The log says so before the flop.
    lines = log_lines(page)
    flop = next(i for i, line in enumerate(lines) if re.search("Flop|الفلوب", line))
    turned_up = [i for i, line in enumerate(lines) if re.search("All-in:|أول إن:", line)]
    assert len(turned_up) == 4 and max(turned_up) < flop, lines

    # In the replayer the same: the step after the last exposure has every hand up, no board.
    events = replay_events(match_id, 1)
    last_exposure = max(i for i, e in enumerate(events) if e.type == "holdem.cards_exposed")
    open_replay(page, match_id, 1, step=last_exposure + 1)
    stage = page.locator(".replay-stage")
    expect(stage.locator(".seat:not(.seat-me) .seat-cards .card.face")).to_have_count(6)
    expect(stage.locator(".board .card.face")).to_have_count(0)
    first_exposure = min(i for i, e in enumerate(events) if e.type == "holdem.cards_exposed")
    open_replay(page, match_id, 1, step=first_exposure)
    expect(stage.locator(".seat:not(.seat-me) .seat-cards .card.face")).to_have_count(0)
    shot(page, f"exposure-replay-{language}-{size}")


# Seed "kicker-44": everyone checks and calls to the showdown; you win with a pair of jacks, and
# only the second kicker beats the next hand's (jacks, ace-queen).
KICKER_NAMES = {
    "en": "Pair of jacks, ace-king kicker",
    "ar": "زوج أولاد، الكيكر آس وملك",
}


# Right-to-left text isolates each word the client puts into a sentence (i18n.js).
ISOLATED = {
    KICKER_NAMES["en"]: re.compile(re.escape(KICKER_NAMES["en"])),
    KICKER_NAMES["ar"]: re.compile("[\u2066-\u2069]*".join(map(re.escape, KICKER_NAMES["ar"]))),
}


@pytest.mark.parametrize(("language", "size"), [("en", "phone"), ("ar", "desktop")])
def test_a_pot_won_on_the_kicker_names_it_in_the_result_the_log_and_the_replayer(
    browse: Any, make_match: Any, deal: Any, language: str, size: str
) -> None:
    deal("kicker-44")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player, viewport=SIZES[size])
    open_match(page, match_id)
    wait_for_turn(page)
    choose_language(page, language)

    check_or_call_until_result(page)

    award = Event.objects.get(match_id=match_id, type="holdem.pot_awarded", hand_number=1)
    assert (award.payload["winners"], award.payload["kickers"]) == ([0], 2)
    name = KICKER_NAMES[language]
    expect(page.locator(".result-pot[data-pot='0'] .result-hand")).to_contain_text(ISOLATED[name])
    assert any(name in line for line in log_lines(page)), log_lines(page)
    shot(page, f"kicker-result-{language}-{size}")

    open_replay(page, match_id, 1)
    page.keyboard.press("End")
    expect(page.locator(".settlement .settle-winning").first).to_contain_text(ISOLATED[name])
    replay_log = [ISOLATES.sub("", line) for line in page.locator(".log-step").all_inner_texts()]
    assert any(name in line for line in replay_log), replay_log
    shot(page, f"kicker-replay-{language}-{size}")


# The client's narration of pots won on kickers, one per hand category that has kickers, and the
# same pots with no kicker (kickers 0, or an older event without the field).
KICKER_SAMPLES = """() => {
  const display = {viewer: 0, players: [{seat: 0}, {seat: 1, name: "Vera", gender: "female"}],
                   seats: [{}, {}]};
  const pot = (category, ranks, kickers) => window.cardavia.narrate(display, {
    type: "holdem.pot_awarded", seq: 1,
    payload: {pot: 0, amount: 80, winners: [1], shares: [80], eligible: [0, 1],
              hand_rank: {category, ranks}, odd_chips: [], kickers},
  });
  return {
    pair: pot("pair", ["8", "J", "6", "4"], 1),
    high: pot("high_card", ["A", "K", "Q", "8", "6"], 2),
    two_pair: pot("two_pair", ["K", "7", "A"], 1),
    trips: pot("three_of_a_kind", ["9", "A", "Q"], 2),
    flush: pot("flush", ["A", "Q", "9", "6", "2"], 1),
    full_house: pot("full_house", ["K", "5"], 0),
    no_kicker: pot("pair", ["8", "J", "6", "4"], 0),
    older_event: pot("pair", ["8", "J", "6", "4"], undefined),
  };
}"""


def test_kicker_names_in_every_language(browse: Any) -> None:
    page = browse()
    page.goto("/")
    page.wait_for_selector(".lobby")
    spoken = {}
    for language in ("en", "ms", "de", "ar", "fi", "vi"):
        choose_language(page, language)
        spoken[language] = {
            k: ISOLATES.sub("", v) for k, v in page.evaluate(KICKER_SAMPLES).items()
        }
    assert spoken["en"] == {
        "pair": "Vera wins the pot: 80 (Pair of eights, jack kicker)",
        "high": "Vera wins the pot: 80 (Ace high, king-queen kicker)",
        "two_pair": "Vera wins the pot: 80 (Two pair, kings and sevens, ace kicker)",
        "trips": "Vera wins the pot: 80 (Three of a kind, nines, ace-queen kicker)",
        "flush": "Vera wins the pot: 80 (Flush, ace-queen high)",
        "full_house": "Vera wins the pot: 80 (Full house, kings full of fives)",
        "no_kicker": "Vera wins the pot: 80 (Pair of eights)",
        "older_event": "Vera wins the pot: 80 (Pair of eights)",
    }
    assert spoken["de"]["pair"].endswith("(Ein Paar Achter, Bube als Kicker)")
    assert spoken["de"]["high"].endswith("(Ass hoch, König-Dame als Kicker)")
    assert spoken["ar"]["pair"].endswith("زوج ثمانيات، الكيكر ولد")
    assert spoken["fi"]["high"].endswith("(Hai, ässä, kuningas-rouva kickereinä)")
    assert spoken["vi"]["pair"].endswith("(Đôi tám, kicker bồi)")
    assert spoken["ms"]["high"].endswith("(Ace tertinggi, kicker king-queen)")
    for language, lines in spoken.items():
        for line in lines.values():
            assert "hand." not in line and "{" not in line, (language, line)
        if language != "en":  # the words are the language's own, not English
            assert not set(lines.values()) & set(spoken["en"].values()), language
