"""Rising blinds in the browser: a sit & go chosen in the lobby starts a match whose table shows
its level, blinds, the next level and the hands to go; at a raised level the table says so and
counts down as hands are played. English and Arabic, at 1280x800 and on a 360 px phone."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from games import services
from games.models import Event, Match, Player
from games.selectors import match_state
from tests.e2e.conftest import DESKTOP, PHONE, SCREENSHOTS, act, open_match, wait_for_turn

CALLING_STATIONS = ["human", "calling_station", "calling_station", "calling_station"]
SIZES = {"1280x800": DESKTOP, "360x740": PHONE}


def choose_language(page: Page, language: str) -> None:
    page.select_option("#language-picker", language)
    expect(page.locator("html")).to_have_attribute("lang", language)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "ar"])
def test_a_sit_and_go_started_in_the_lobby_shows_its_blinds(
    browse: Any, deal: Any, language: str, size: str
) -> None:
    deal(f"sit-and-go-{language}-{size}")
    page = browse(viewport=SIZES[size])
    page.goto("/")
    page.wait_for_selector(".lobby")
    choose_language(page, language)
    choice = page.locator(".game-holdem .blinds-choice")
    expect(choice.locator("#blinds-fixed")).to_be_checked()  # the 10/20 match stays the default
    choice.locator("label[for=blinds-rising]").click()
    expect(choice.locator("#blinds-rising")).to_be_checked()
    choice.scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOTS / f"blinds-lobby-{language}-{size}.png")

    page.locator("[data-start=holdem]").click()
    page.wait_for_selector(".stage")

    level = page.locator(".table-facts .blind-level")
    expect(level).to_have_attribute("data-level", "1")
    if language == "en":
        expect(level.locator(".blinds-level")).to_have_text("Level 1")
        expect(level.locator(".blinds-now")).to_have_text("Blinds 10/20")
        expect(level.locator(".blinds-next")).to_have_text("Next 15/30 in 10 hands")
    else:
        # Numbers come isolated (U+2068 ... U+2069) inside right-to-left text, and a pair of
        # blinds is one left-to-right run (U+2066 ... U+2069) so that it reads 10/20, not 20/10.
        expect(level.locator(".blinds-level")).to_have_text("المستوى \u20681\u2069")
        expect(level.locator(".blinds-next")).to_have_text(
            "التالي \u2066\u206815\u2069/\u206830\u2069\u2069 بعد \u206810\u2069 أيدٍ"
        )
    assert reads_left_to_right(level.locator(".blinds-now"), "10", "20")
    assert reads_left_to_right(level.locator(".blinds-next"), "15", "30")
    level.scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOTS / f"blinds-table-{language}-{size}.png")
    match = Match.objects.get()
    started = Event.objects.get(match=match, type="holdem.match_started").payload
    assert started["hands_per_level"] == 10 and started["blind_levels"][1] == [15, 30]


def reads_left_to_right(element: Locator, first: str, second: str) -> bool:
    """Whether ``first`` is drawn left of ``second`` in the element's text, as the browser lays
    it out (bidi applied): "10/20" must read so in Arabic too."""
    return bool(
        element.evaluate(
            """(node, [first, second]) => {
                const text = node.firstChild;
                const box = (needle) => {
                    const range = document.createRange();
                    const start = text.data.indexOf(needle);
                    range.setStart(text, start);
                    range.setEnd(text, start + needle.length);
                    return range.getBoundingClientRect();
                };
                return box(first).right <= box(second).left;
            }""",
            [first, second],
        )
    )


def plain(text: str) -> str:
    """Text without the isolates that wrap numbers in right-to-left text."""
    return text.replace("\u2066", "").replace("\u2068", "").replace("\u2069", "")


def play_to_hand(player: Player, match_id: str, hand: int) -> None:
    """The human checks or folds (the calling stations play on) until ``hand`` is dealt."""
    while match_state(Match.objects.get(id=match_id)).hand_number < hand:
        state = match_state(Match.objects.get(id=match_id))
        assert state.to_act == 0, "the AIs play inside the request in these tests"
        owes = state.current_bet > state.seats[0].bet
        services.match_act(match_id=match_id, player=player, kind="fold" if owes else "check")


@pytest.mark.parametrize("language", ["en", "ar"])
def test_a_raised_level_is_shown_and_counts_down(browse: Any, deal: Any, language: str) -> None:
    deal(f"raised-level-{language}")
    player = Player.objects.create()
    match_id = str(
        services.match_start(player=player, seats=CALLING_STATIONS, blinds="rising").match.id
    )
    play_to_hand(player, match_id, 11)
    page = browse(player=player)
    page.goto("/")
    choose_language(page, language)
    open_match(page, match_id)
    wait_for_turn(page)

    level = page.locator(".table-facts .blind-level")
    expect(level).to_have_attribute("data-level", "2")
    assert plain(level.locator(".blinds-now").inner_text()).endswith("15/30")
    assert reads_left_to_right(level.locator(".blinds-now"), "15", "30")
    expect(level.locator(".blinds-next")).to_have_attribute("data-hands-left", "10")
    if language == "en":
        expect(level).to_contain_text("Level 2")
        expect(level.locator(".blinds-next")).to_have_text("Next 25/50 in 10 hands")
    page.screenshot(path=SCREENSHOTS / f"blinds-level-2-{language}-1280x800.png")
    # The hand's own blinds are what the seats posted.
    posted = Event.objects.filter(match_id=match_id, hand_number=11, type="holdem.blind_posted")
    assert sorted(row.payload["amount"] for row in posted) == [15, 30]

    # Fold (or check) through this hand: the next is dealt at the same level, a hand fewer to go
    # (hand 12 comes with the feed: no view is read for it).
    hands_left = level.locator(".blinds-next")
    for _ in range(8):
        if hands_left.get_attribute("data-hands-left") == "9":
            break
        fold = page.locator("[data-action=fold]")
        act(page, "[data-action=fold]" if fold.count() else "[data-action=check]")
        wait_for_turn(page)
    expect(hands_left).to_have_attribute("data-hands-left", "9")
    expect(page.locator(".table-facts")).to_contain_text(
        "12" if language == "en" else "\u206812\u2069"
    )
    expect(level).to_have_attribute("data-level", "2")
    assert plain(level.locator(".blinds-now").inner_text()).endswith("15/30")
    assert reads_left_to_right(level.locator(".blinds-now"), "15", "30")
