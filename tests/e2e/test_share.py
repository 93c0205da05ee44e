"""A hand shared by its owner from the replayer, opened by someone else in a fresh browser with
no cookies, in their own language (English and Arabic), stepped through; then revoked (issue 29).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.test_accessibility import axe_violations
from tests.e2e.test_replay import (
    MANIACS,
    a_showdown_hand,
    check_or_fold,
    open_replay,
    play_holdem,
    play_updown,
    shot,
)

LOCALES = {"en": "en-US", "ar": "ar-EG"}


def share_from_the_replayer(page: Page, match_id: str, number: int) -> str:
    open_replay(page, match_id, number)
    page.locator("[data-action=share]").click()
    link = page.locator(".share-panel .share-link")
    expect(link).to_have_value(re.compile(r"/shared/[A-Za-z0-9_-]{43}$"))
    return link.input_value()


@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_shared_hand_opens_for_a_visitor_in_their_language(
    browse: Any, make_match: Any, deal: Any, language: str, size: str
) -> None:
    deal(f"share-{language}-{size}")
    player, match_id = make_match("holdem", MANIACS)
    play_holdem(player, match_id, 4, check_or_fold)
    number = a_showdown_hand(match_id)["hand_number"]
    viewport = DESKTOP if size == "desktop" else PHONE
    name = f"{language}-{viewport['width']}x{viewport['height']}"

    owner = browse(player=player, viewport=viewport, locale=LOCALES[language])
    link = share_from_the_replayer(owner, match_id, number)
    expect(owner.locator(".share-panel [data-action=share-revoke]")).to_be_visible()
    owner.locator(".share-panel").scroll_into_view_if_needed()
    shot(owner, f"share-owner-{name}")

    # A visitor: a new browser (no cookies, no session), its own language.
    visitor = browse(viewport=viewport, locale=LOCALES[language])
    visitor.goto(link)
    visitor.wait_for_selector(".replay-stage")
    expect(visitor.locator("html")).to_have_attribute("lang", language)
    expect(visitor).to_have_url(re.compile(r"/#/shared/[A-Za-z0-9_-]{43}$"))
    expect(visitor.locator(".shared-by")).to_be_visible()
    # Read-only: none of the owner's tools.
    for owners_only in (
        ".share-panel",
        ".exports",
        "[data-action=analyse]",
        ".study-nav [data-nav=hands]",
    ):
        expect(visitor.locator(owners_only)).to_have_count(0)
    visitor.keyboard.press("ArrowRight")
    expect(visitor.locator(".replay-stage")).to_have_attribute("data-step", "1")
    visitor.locator("[data-action=forward]").click()
    expect(visitor.locator(".replay-stage")).to_have_attribute("data-step", "2")
    visitor.keyboard.press("End")
    expect(visitor).to_have_url(re.compile(r"/#/shared/[A-Za-z0-9_-]{43}/step/\d+$"))
    visitor.locator("[data-action=verify]").click()
    expect(visitor.locator(".proof-result")).to_have_attribute("data-ok", "true")
    text = visitor.locator(".study-replay").inner_text()
    assert "share." not in text and "replay." not in text
    if language == "ar":
        assert "Verify the shuffle" not in text and "You " not in text
    else:
        assert "You " not in text  # the owner's seat is not the visitor
    shot(visitor, f"share-visitor-{name}")
    assert axe_violations(visitor) == []
    assert axe_violations(owner) == []  # the share panel, with its live link
    overflow = visitor.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, "the shared hand spills sideways"

    # The owner's list of links, then revoking: the link opens nothing any more.
    owner.goto("/#/shares")
    expect(owner.locator(".share-item")).to_have_count(1)
    shot(owner, f"share-list-{name}")
    owner.locator(".share-item [data-action=share-revoke]").click()
    expect(owner.locator(".share-item")).to_have_count(0)
    browse.expect_status(404)
    again = browse(viewport=viewport, locale=LOCALES[language])
    again.goto(link)
    expect(again.locator(".shared-missing")).to_be_visible()
    expect(again.locator(".replay-stage")).to_have_count(0)


def test_a_shared_up_and_down_deal_opens_read_only_for_a_visitor(
    browse: Any, make_match: Any, deal: Any
) -> None:
    deal("share-updown")
    player, match_id = make_match("updown", ["human", "calling_station"])
    play_updown(player, match_id, 2)
    owner = browse(player=player)
    link = share_from_the_replayer(owner, match_id, 1)

    visitor = browse(locale="de-DE")
    visitor.goto(link)
    visitor.wait_for_selector(".replay-stage")
    expect(visitor.locator("html")).to_have_attribute("lang", "de")
    # The shoe is checked against the match's earlier deals, which a link does not open.
    expect(visitor.locator("[data-action=verify]")).to_have_count(0)
    expect(visitor.locator(".settlement")).to_be_visible()
    expect(visitor.locator(".seat-me .seat-name")).to_have_text("Spieler")  # not "Du"
    visitor.keyboard.press("End")
    log = visitor.locator(".replay-log").inner_text()
    assert "Spieler" in log and "Deine" not in log and "deine" not in log, log
    shot(visitor, "share-visitor-updown-de-1280x800")
