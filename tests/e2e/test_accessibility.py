"""axe-core (vendored, tests/e2e/vendor/) finds no serious or critical violation on the lobby,
both tables and the rules; and the screenshots of the lobby and both tables at desktop and phone
sizes, in English and Arabic, for a person to look at (tests/e2e/screenshots/, git-ignored)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import DESKTOP, PHONE, SCREENSHOTS, open_match, wait_for_turn

AXE = Path(__file__).with_name("vendor") / "axe.min.js"
HOLDEM_SEATS = ["human", "calling_station", "calling_station", "calling_station"]


def axe_violations(page: Page) -> list[dict[str, Any]]:
    # Evaluated through the DevTools protocol, which the page's CSP does not govern: the
    # client's own policy stays in force for everything else.
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    return page.evaluate(
        """async () => {
          const result = await axe.run(document, {resultTypes: ['violations']});
          return result.violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => ({
              id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')),
            }));
        }"""
    )


@pytest.mark.parametrize("language", ["en", "ar"])
def test_no_serious_accessibility_violation(
    browse: Any, make_match: Any, deal: Any, language: str
) -> None:
    deal(f"axe-{language}")
    player, holdem = make_match("holdem", HOLDEM_SEATS)
    _, updown = make_match("updown", ["human", "calling_station"])
    from games.models import Match

    Match.objects.filter(id=updown).update(owner=player)
    page = browse(player=player)
    page.goto("/")
    page.wait_for_selector(".lobby")
    page.select_option("#language-picker", language)
    expect(page.locator("html")).to_have_attribute("lang", language)
    found = {"lobby": axe_violations(page)}
    open_match(page, holdem)
    wait_for_turn(page)
    found["holdem"] = axe_violations(page)
    open_match(page, updown)
    wait_for_turn(page)
    found["updown"] = axe_violations(page)
    page.goto("/#/rules")
    page.wait_for_selector(".rules")
    found["rules"] = axe_violations(page)
    assert found == {"lobby": [], "holdem": [], "updown": [], "rules": []}


@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_screenshots(browse: Any, make_match: Any, deal: Any, language: str, size: str) -> None:
    deal(f"screenshots-{language}-{size}")
    player, holdem = make_match("holdem", HOLDEM_SEATS)
    _, updown = make_match("updown", ["human", "calling_station"])
    from games.models import Match

    Match.objects.filter(id=updown).update(owner=player)
    viewport = DESKTOP if size == "desktop" else PHONE
    page = browse(player=player, viewport=viewport)
    page.goto("/")
    page.wait_for_selector(".lobby")
    page.select_option("#language-picker", language)
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if language == "ar" else "ltr")
    SCREENSHOTS.mkdir(exist_ok=True)
    name = f"{language}-{viewport['width']}x{viewport['height']}"
    page.screenshot(path=SCREENSHOTS / f"lobby-{name}.png", full_page=True)
    open_match(page, holdem)
    wait_for_turn(page)
    page.screenshot(path=SCREENSHOTS / f"holdem-{name}.png", full_page=True)
    open_match(page, updown)
    wait_for_turn(page)
    page.locator(".lock-choice").first.click()
    page.screenshot(path=SCREENSHOTS / f"updown-{name}.png", full_page=True)
    # Nothing spills sideways at either size.
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
