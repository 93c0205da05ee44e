"""The page's header on a phone: two short rows (the title and the language; the picture
settings' button and the tabs), the sliders folded in a native disclosure that the keyboard
opens and closes, axe-clean open or closed; on a desktop the sliders show at once. Screenshots
of the phone's header open, in English and Arabic (tests/e2e/screenshots/)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import DESKTOP, PHONE, SCREENSHOTS, open_match, wait_for_turn
from tests.e2e.test_accessibility import axe_violations

CALLING_STATIONS = ["human", "calling_station", "calling_station", "calling_station"]


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_phone_header_is_compact_and_its_settings_fold_away(
    browse: Any, make_match: Any, deal: Any, language: str
) -> None:
    deal(f"header-{language}")
    player, match_id = make_match("holdem", CALLING_STATIONS)
    page = browse(player=player, viewport=PHONE)
    page.goto("/")
    page.wait_for_selector(".lobby")
    page.select_option("#language-picker", language)
    expect(page.locator("html")).to_have_attribute("lang", language)
    open_match(page, match_id)
    wait_for_turn(page)
    header = page.locator(".page-header")
    settings = page.locator("details.picture-settings")
    # Closed: the header is two rows and the table starts right under it.
    expect(settings).not_to_have_attribute("open", "")
    expect(page.locator("#slider-contrast")).to_be_hidden()
    box = header.bounding_box()
    assert box is not None and box["height"] <= 110, box
    stage = page.locator(".stage").bounding_box()
    assert stage is not None and stage["y"] < box["y"] + box["height"] + 30
    assert axe_violations(page) == []
    # By keyboard: from the language picker, Tab reaches the settings' button; Enter opens.
    page.locator("#language-picker").focus()
    page.keyboard.press("Tab")
    summary = page.locator("summary.picture-summary")
    expect(summary).to_be_focused()
    page.keyboard.press("Enter")
    expect(settings).to_have_attribute("open", "")
    slider = page.locator("#slider-contrast")
    expect(slider).to_be_visible()
    page.keyboard.press("Tab")
    expect(slider).to_be_focused()
    page.keyboard.press("End")
    expect(slider).to_have_value("100")
    # The open settings lie over the page: the header keeps its height.
    after = header.bounding_box()
    assert after is not None and abs(after["height"] - box["height"]) < 1
    assert axe_violations(page) == []
    SCREENSHOTS.mkdir(exist_ok=True)
    name = f"{language}-{PHONE['width']}x{PHONE['height']}"
    page.screenshot(path=SCREENSHOTS / f"header-open-{name}.png")
    # Escape closes them and gives the focus back to their button.
    page.keyboard.press("Escape")
    expect(settings).not_to_have_attribute("open", "")
    expect(summary).to_be_focused()
    page.screenshot(path=SCREENSHOTS / f"header-closed-{name}.png")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0


def test_on_a_desktop_the_sliders_show_at_once(browse: Any) -> None:
    page = browse(viewport=DESKTOP)
    page.goto("/")
    page.wait_for_selector(".lobby")
    expect(page.locator("details.picture-settings")).to_have_attribute("open", "")
    expect(page.locator("#slider-grain")).to_be_visible()
    page.locator("summary.picture-summary").click()
    expect(page.locator("#slider-grain")).to_be_hidden()
