"""Your turn is on screen: at five window sizes (three desktops, a phone upright and held
sideways), in both games, in English and Arabic, when it is your turn your cards and every action
control lie inside the viewport without scrolling; on the table the page header is one short row
and the picture settings are folded (one tap opens them). Screenshots at every size
(tests/e2e/screenshots/turn-*.png)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SCREENSHOTS, open_match, wait_for_turn

SIZES = [(1280, 800), (1366, 768), (1440, 900), (360, 740), (740, 360)]
SEATS = {
    "holdem": ["human", "calling_station", "calling_station", "calling_station"],
    "updown": ["human", "calling_station"],
}
# Your cards, and every control of your turn: the betting bar's buttons, amount field, slider
# and quick sizes; Up & Down's card choices and lock button.
CARDS = {"holdem": ".my-cards .card", "updown": ".updown-hand .card"}
CONTROLS = ".betting-bar button, .betting-bar input, .lock-bar button, .lock-choice"


def outside(page: Page, selector: str) -> list[str]:
    """Each element of ``selector`` whose box is not wholly inside the viewport, described."""
    return page.evaluate(
        """selector => {
          const width = window.innerWidth, height = window.innerHeight;
          const problems = [];
          for (const element of document.querySelectorAll(selector)) {
            const box = element.getBoundingClientRect();
            if (box.width === 0 && box.height === 0) continue;  // not drawn (display: none)
            if (box.left < -0.5 || box.top < -0.5 || box.right > width + 0.5
                || box.bottom > height + 0.5) {
              problems.push(`${element.className || element.tagName} `
                + `[${Math.round(box.left)},${Math.round(box.top)}`
                + `-${Math.round(box.right)},${Math.round(box.bottom)}]`);
            }
          }
          return problems;
        }""",
        selector,
    )


def drawn(page: Page, selector: str) -> int:
    return page.evaluate(
        """selector => [...document.querySelectorAll(selector)].filter(element => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.height > 0;
        }).length""",
        selector,
    )


@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("game", ["holdem", "updown"])
def test_your_cards_and_controls_are_in_the_viewport_at_every_size(
    browse: Any, make_match: Any, deal: Any, game: str, language: str
) -> None:
    deal(f"on-screen-{game}-{language}")
    player, match_id = make_match(game, SEATS[game])
    page = browse(player=player, viewport={"width": 1280, "height": 800})
    page.goto("/")
    page.wait_for_selector(".lobby")
    page.select_option("#language-picker", language)
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if language == "ar" else "ltr")
    SCREENSHOTS.mkdir(exist_ok=True)
    found: dict[str, list[str]] = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        # A fresh visit at this size, scrolled to the top as a page opens.
        page.goto("/")
        page.wait_for_selector(".lobby")
        open_match(page, match_id)
        wait_for_turn(page)
        if game == "updown":
            expect(page.locator(".lock-choice")).to_have_count(2)
        else:
            expect(page.locator(".betting-bar [data-action=fold]")).to_be_visible()
        assert drawn(page, CARDS[game]) == 2
        assert drawn(page, CONTROLS) >= 3
        name = f"{game}-{language}-{width}x{height}"
        page.screenshot(path=SCREENSHOTS / f"turn-{name}.png")
        problems = outside(page, f"{CARDS[game]}, {CONTROLS}")
        # The board (Up & Down: the pot and the reveal) is in sight beside them, not under them.
        hidden = page.evaluate(
            """() => {
              const centre = document.querySelector('.felt-center');
              const box = centre.getBoundingClientRect();
              const hit = document.elementFromPoint(box.x + box.width / 2, box.y + 8);
              return !hit || !centre.contains(hit);
            }"""
        )
        if hidden:
            problems.append("the felt's centre is out of sight")
        # The picture settings are folded on the table, one tap from open.
        if page.locator("details.picture-settings[open]").count():
            problems.append("picture settings open")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if overflow > 0:
            problems.append(f"page scrolls sideways by {overflow}px")
        if problems:
            found[name] = problems
    assert found == {}
    # One tap opens the picture settings on the table, and they stay usable.
    page.locator("summary.picture-summary").click()
    expect(page.locator("#slider-contrast")).to_be_visible()
