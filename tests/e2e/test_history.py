"""The replayer and the history, and small things seen at the table: "Next hand" beside
"Previous hand"; step 0 shows the hand's own button and blinds; the hand list's filter belongs
to one match; hands after you were knocked out are "Watched"; Up & Down's list says "Deal";
overlapping stack-chart points each open their own player; the picture settings say they are the
table's and the phone's panel closes when you leave the table; the live region speaks the
language its line was written in; "Choose a stronger password" says the rule."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from games import selectors, services
from games.models import Event, Match
from tests.e2e.conftest import PHONE, SCREENSHOTS, act, open_match, wait_for_turn
from tests.e2e.test_holdem import eliminated_match
from tests.e2e.test_page import messages
from tests.e2e.test_replay import (
    CALLING_STATIONS,
    check_or_call,
    check_or_fold,
    finished_hands,
    open_replay,
    play_holdem,
    play_updown,
    replay_events,
    shot,
)


def markers_by_seat(page: Page) -> dict[int, list[str]]:
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.replay-stage .seat')].map(
          (seat) => [seat.dataset.seat, [...seat.querySelectorAll('.marker')].map((marker) =>
            marker.classList.contains('marker-button') ? 'button' : marker.textContent)]))"""
    )


def test_the_replayer_pages_both_ways_and_step_0_shows_the_hands_own_button_and_blinds(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("history-pager")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    play_holdem(player, match_id, 3, check_or_call)
    assert len(finished_hands(match_id)) >= 3
    page = browse(player=player)
    open_replay(page, match_id, 2)
    previous = page.locator("[data-nav=previous-hand]")
    following = page.locator("[data-nav=next-hand]")
    expect(previous).to_have_text("Previous hand")
    expect(following).to_have_text("Next hand")
    # Step 0, before any event of hand 2: its own button and blinds (the match has moved on to
    # a later hand, whose button is elsewhere), one marker a seat.
    events = replay_events(match_id, 2)
    started = next(e for e in events if e.type == "holdem.hand_started")
    blinds = {
        e.payload["blind"]: e.payload["seat"] for e in events if e.type == "holdem.blind_posted"
    }
    expect(page.locator(".replay-stage")).to_have_attribute("data-step", "0")
    expect(page.locator(".replay-stage .marker-button")).to_have_count(1)
    seats = markers_by_seat(page)
    assert seats[str(started.payload["button"])] == ["button"], seats
    assert seats[str(blinds["small"])] == ["SB"], seats
    assert seats[str(blinds["big"])] == ["BB"], seats
    assert all(len(marks) <= 1 for marks in seats.values()), seats
    shot(page, "replay-step0-en-1280x800")
    # "Next hand" opens hand 3; from the last finished hand there is none.
    following.click()
    expect(page).to_have_url(re.compile(rf"#/match/{match_id}/hand/3"))
    expect(page.locator(".study-replay h2")).to_contain_text("Hand 3")
    last = max(hand["hand_number"] for hand in finished_hands(match_id))
    open_replay(page, match_id, last)
    expect(page.locator("[data-nav=previous-hand]")).to_be_visible()
    expect(page.locator("[data-nav=next-hand]")).to_have_count(0)


def test_the_hand_list_filter_belongs_to_one_match(browse: Any, make_match: Any, deal: Any) -> None:
    deal("history-filter")
    player, first = make_match("holdem", CALLING_STATIONS)
    play_holdem(player, first, 2, check_or_call)
    second = services.match_start(
        player=player, game="holdem", level="medium", seats=CALLING_STATIONS
    )
    second_id = str(second.match.id)
    play_holdem(player, second_id, 2, check_or_call)
    page = browse(player=player)
    page.goto(f"/#/match/{first}/hands")
    page.locator("[data-filter=showdown]").click()
    expect(page.locator("[data-filter=showdown]")).to_have_attribute("aria-pressed", "true")
    page.goto(f"/#/match/{second_id}/hands")
    expect(page.locator(".hand-list")).to_be_visible()
    expect(page.locator("[data-filter=all]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-filter=showdown]")).to_have_attribute("aria-pressed", "false")
    listed = selectors.match_hands(Match.objects.get(id=second_id))
    rows = page.locator("table.hands tbody tr")
    expect(rows).to_have_count(len([hand for hand in listed if not hand["abandoned"]]))


@pytest.mark.parametrize("language", ["en", "ar"])
def test_hands_after_you_were_knocked_out_are_watched_not_folded(
    browse: Any, make_match: Any, deal: Any, language: str
) -> None:
    player, match_id = eliminated_match(make_match, deal)
    out_hand = Event.objects.get(
        match_id=match_id, type="holdem.player_eliminated", payload__seat=0
    ).hand_number
    services.match_watch(match_id=match_id, player=player)
    later = [hand for hand in finished_hands(match_id) if hand["hand_number"] > out_hand]
    assert later, "the AIs played on after the knock-out"
    page = browse(player=player)
    page.goto("/")
    page.wait_for_selector(".lobby")
    page.select_option("#language-picker", language)
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.goto(f"/#/match/{match_id}/hands")
    watched = {"en": "Watched", "ar": "شاهدتها"}[language]
    folded = {"en": "Folded", "ar": None}[language]
    for hand in later:
        row = page.locator(f"tr[data-hand='{hand['hand_number']}'] .hand-result")
        expect(row).to_have_text(watched)
        if folded:
            expect(row).not_to_contain_text(folded)
    expect(page.locator(f"tr[data-hand='{out_hand}'] .hand-result")).not_to_have_text(watched)
    shot(page, f"hands-watched-{language}-1280x800")


def test_up_and_downs_hand_list_says_deal(browse: Any, make_match: Any, deal: Any) -> None:
    deal("history-deal")
    player, match_id = make_match("updown", ["human", "calling_station"])
    play_updown(player, match_id, 2)
    page = browse(player=player)
    page.goto(f"/#/match/{match_id}/hands")
    expect(page.locator("table.hands thead th").first).to_have_text("Deal")


def test_each_stack_chart_point_opens_its_own_player(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("history-chart")
    # We fold every hand: the calling stations play them out, and the losers of a showdown
    # are left with the same stack — their dots would lie on one spot.
    player, match_id = make_match("holdem", CALLING_STATIONS)
    play_holdem(player, match_id, 3, check_or_fold)
    hands = finished_hands(match_id)
    assert any(len(set(hand["stacks_after"])) < len(hand["stacks_after"]) for hand in hands)
    page = browse(player=player)
    page.goto(f"/#/match/{match_id}/hands")
    expect(page.locator(".stack-chart svg")).to_be_visible()
    # Every dot (and cross), hit at its centre, is its own seat's link: none lies under another
    # player's dot or touch target.
    wrong = page.evaluate(
        """() => [...document.querySelectorAll('.chart-series .chart-link')].flatMap((link) => {
          const shape = link.querySelector('circle, path');
          const box = shape.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          const owner = hit && hit.closest('a');
          return owner && owner.dataset.seat === link.dataset.seat
            && owner.dataset.hand === link.dataset.hand
            ? [] : [`seat ${link.dataset.seat} hand ${link.dataset.hand}`];
        })"""
    )
    assert page.locator(".chart-series .chart-link").count() >= 4 * len(hands)
    page.locator(".stack-chart").screenshot(
        path=SCREENSHOTS / "stack-chart-overlap-en-1280x800.png"
    )
    assert wrong == []


def test_the_picture_settings_say_they_are_the_tables_and_fold_when_you_leave_it(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("history-picture")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player, viewport=PHONE)
    open_match(page, match_id)
    wait_for_turn(page)
    settings = page.locator("details.picture-settings")
    page.locator("summary.picture-summary").click()
    expect(settings).to_have_attribute("open", "")
    expect(page.locator(".picture-note")).to_have_text("These settings change the table only.")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "picture-open-en-360x740.png")
    # Leaving the table (to the lobby, or the rules) folds the phone's panel away.
    page.locator(".brand-link").click()
    page.wait_for_selector(".lobby")
    expect(settings).not_to_have_attribute("open", "")
    open_match(page, match_id)
    page.locator("summary.picture-summary").click()
    expect(settings).to_have_attribute("open", "")
    page.locator("[data-tab=rules]").click()
    page.wait_for_selector(".rules")
    expect(settings).not_to_have_attribute("open", "")


def test_the_live_region_speaks_the_language_of_its_line(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("history-announcer")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player)
    open_match(page, match_id)
    wait_for_turn(page)
    act(page, "[data-action=call]")
    announcer = page.locator("#announcer")
    expect(announcer).not_to_be_empty()
    expect(announcer).to_have_attribute("lang", "en")
    english = announcer.inner_text()
    # Another language: the line already spoken stays English, and says so; the next is Arabic.
    page.select_option("#language-picker", "ar")
    expect(page.locator("html")).to_have_attribute("lang", "ar")
    expect(announcer).to_have_text(english)
    expect(announcer).to_have_attribute("lang", "en")
    wait_for_turn(page)
    act(page, "[data-action=check], [data-action=call]")
    expect(announcer).to_have_attribute("lang", "ar")
    assert re.search("[\u0600-\u06ff]", announcer.inner_text())


@pytest.mark.parametrize("language", ["en", "ar"])
def test_a_weak_password_is_refused_with_the_rule(browse: Any, language: str) -> None:
    browse.expect_status(400)
    page = browse()
    page.goto("/")
    page.wait_for_selector(".lobby")
    page.select_option("#language-picker", language)
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.locator(".account-form input[name=username]").fill(f"weak-{language}")
    page.locator(".account-form input[name=password]").fill("1234")
    sign_up = messages(language)["ui.account.sign_up"]
    page.locator(".account-form button", has_text=sign_up).click()
    rule = {"en": "at least 8 characters", "ar": "8 أحرف على الأقل"}[language]
    expect(page.locator(".error-text")).to_contain_text(re.compile(r"[\u2068\u2069]*".join(rule)))
    page.screenshot(path=SCREENSHOTS / f"weak-password-{language}-1280x800.png")
