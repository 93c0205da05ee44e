"""Showdowns you can read, watching and being knocked out: the result holds the table until
"Next hand" (or the speed's time), the speed is remembered, "Skip to the end" shows the end of a
match the AIs play out at once, and a summary follows a knock-out and the match's end."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from games.models import Event, Match
from tests.e2e.conftest import (
    DESKTOP,
    PHONE,
    SCREENSHOTS,
    drawn_seq,
    open_match,
    settled,
    wait_for_turn,
)
from tests.e2e.test_holdem import CALLING_STATIONS, eliminated_match

CHECK_OR_CALL = "[data-action=check], [data-action=call]"


def with_speed(page: Page, speed: str) -> None:
    page.context.add_init_script(f"localStorage.setItem('cardavia.speed', '{speed}')")


def play_to_the_first_result(page: Page) -> None:
    """Check or call until the first hand's result holds the table."""
    for _ in range(12):
        wait_for_turn(page)
        seq = drawn_seq(page)
        page.locator(CHECK_OR_CALL).first.click()
        page.wait_for_function(
            """seq => {
              if (document.querySelector('.next-hand')) return true;
              const stage = document.querySelector('.stage');
              return stage.dataset.settled === 'true' && Number(stage.dataset.seq) > seq;
            }""",
            arg=seq,
        )
        if page.locator(".next-hand").count():
            return
    raise AssertionError("no result held the table")


def test_at_the_slow_speed_a_result_stays_until_next_hand(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("pace-slow")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player, motion="no-preference")
    with_speed(page, "slow")
    open_match(page, match_id)
    expect(page.locator(".speed-control select")).to_have_value("slow")
    play_to_the_first_result(page)
    result = page.locator(".result h3")
    expect(result).to_contain_text("Hand 1")
    # Longer than the normal speed's hold: still there, the table not moved on.
    seq = int(page.locator(".stage").get_attribute("data-seq") or 0)
    time.sleep(5)
    expect(page.locator(".next-hand")).to_be_visible()
    expect(result).to_contain_text("Hand 1")
    assert int(page.locator(".stage").get_attribute("data-seq") or 0) == seq
    expect(page.locator(".seat .won").first).to_be_visible()
    page.screenshot(path=SCREENSHOTS / "next-hand-en-1280x800.png")
    # The key N moves on as the button does: the next hand is dealt on screen.
    page.keyboard.press("n")
    expect(page.locator(".next-hand")).to_have_count(0)
    expect(page.locator(".table-facts")).to_contain_text("Hand 2")
    settled(page)
    expect(page.locator(".seat .won")).to_have_count(0)


def test_the_speed_is_remembered_and_fast_moves_on_by_itself(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("pace-fast")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player, motion="no-preference")
    open_match(page, match_id)
    select = page.locator(".speed-control select")
    expect(select).to_have_value("normal")
    select.select_option("fast")
    page.reload()
    page.wait_for_selector(".stage")
    expect(page.locator(".speed-control select")).to_have_value("fast")
    assert page.evaluate("localStorage.getItem('cardavia.speed')") == "fast"
    play_to_the_first_result(page)
    # Nobody presses Next hand: at the fast speed the table moves on within seconds.
    started = time.monotonic()
    expect(page.locator(".next-hand")).to_have_count(0, timeout=6_000)
    assert time.monotonic() - started < 6
    expect(page.locator(".table-facts")).to_contain_text("Hand 2")


@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_knocked_out_a_summary_then_skip_to_the_end(
    browse: Any, make_match: Any, deal: Any, language: str, viewport: dict[str, int]
) -> None:
    player, match_id = eliminated_match(make_match, deal)
    page = browse(player=player, motion="no-preference", viewport=viewport)
    page.goto("/")
    page.wait_for_selector(".lobby")
    page.select_option("#language-picker", language)
    open_match(page, match_id)
    wait_for_turn(page)
    out = Event.objects.get(match_id=match_id, type="holdem.player_eliminated", payload__seat=0)
    summary = page.locator(".out-panel .summary")
    expect(summary.locator(".summary-figures")).to_be_visible()
    place = out.payload["place"]
    played = Event.objects.filter(
        match_id=match_id, type="holdem.hand_started", hand_number__lte=out.hand_number
    ).count()
    if language == "en":
        expect(summary.locator(".summary-place")).to_have_text(
            re.compile(rf"^{place}(st|nd|rd|th)$")
        )
        expect(summary.locator(".summary-played")).to_have_text(str(played))
        expect(summary.locator(".summary-out-link")).to_have_text(
            f"Hand {out.hand_number} (replay)"
        )
    else:
        expect(summary).to_contain_text("مباراتك")
        expect(summary.locator(".summary-out-link")).to_contain_text("إعادة العرض")
    expect(summary.locator(".summary-out-link")).to_have_attribute(
        "href", f"#/match/{match_id}/hand/{out.hand_number}"
    )
    expect(summary.locator(".stack-chart svg")).to_be_visible()
    name = f"{language}-{viewport['width']}x{viewport['height']}"
    page.screenshot(path=SCREENSHOTS / f"knocked-out-{name}.png", full_page=True)

    # Watch: the AIs play on at the table's pace; restart stays available; skip to the end.
    page.locator(".out-panel .watch").click()
    skip = page.locator(".skip-to-end")
    expect(skip).to_be_visible()
    expect(page.locator(".restart-out")).to_be_enabled()
    skip.click()
    # The end at once, not after hundreds of moves at the watching pace.
    expect(page.locator(".out-panel.match-over")).to_be_visible(timeout=15_000)
    match = Match.objects.get(id=match_id)
    assert match.status == Match.Status.FINISHED
    assert settled(page) == match.seq
    expect(page.locator(".final-places li")).to_have_count(4)
    final = page.locator(".match-over .summary")
    expect(final.locator(".summary-out-link")).to_have_attribute(
        "href", f"#/match/{match_id}/hand/{out.hand_number}"
    )
    expect(final.locator(".stack-chart svg")).to_be_visible()
    page.screenshot(path=SCREENSHOTS / f"match-over-{name}.png", full_page=True)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    # The link opens the replay of the hand that knocked the player out.
    final.locator(".summary-out-link").click()
    expect(page).to_have_url(re.compile(rf"#/match/{match_id}/hand/{out.hand_number}$"))


def test_restart_while_watching(browse: Any, make_match: Any, deal: Any) -> None:
    player, match_id = eliminated_match(make_match, deal)
    page = browse(player=player, motion="no-preference")
    open_match(page, match_id)
    wait_for_turn(page)
    page.locator(".out-panel .watch").click()
    expect(page.locator(".skip-to-end")).to_be_visible()
    page.locator(".restart-out").click()
    expect(page.locator(".out-panel")).to_have_count(0)
    wait_for_turn(page)
    expect(page.locator(".seat[data-seat='0'] .seat-stack")).to_contain_text("1,000")
    assert Event.objects.filter(match_id=match_id, type="holdem.match_restarted").exists()
