"""The back office in a real browser, as a support agent uses it: log in to the admin, find a
player's match by their username, open a hand, read it, open its raw events, run the audit.
Screenshots at desktop and phone width, in English and in Arabic (right to left), saved to
tests/e2e/screenshots/backoffice-*.png."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from cardavia.i18n.accounts import choose_language
from cardavia.i18n.formatting import format_message
from games.models import Match, Player
from tests.admin.test_hand_history import side_pots_and_odd_chip, updown_match
from tests.e2e.conftest import DESKTOP, PHONE, SCREENSHOTS

PASSWORD = "a-long-enough-secret"


def log_in(page: Page, username: str) -> None:
    page.goto("/admin/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_selector("#content")


def shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"backoffice-{name}.png", full_page=True)


@pytest.fixture
def martas_matches(transactional_db: None) -> tuple[Match, Match]:
    user = User.objects.create_user("marta", password=PASSWORD)
    marta = Player.objects.create(user=user, display_name="Marta")
    other = Player.objects.create(user=User.objects.create_user("olli", password=PASSWORD))
    side_pots_and_odd_chip(other)  # someone else's match, which the search leaves out
    return side_pots_and_odd_chip(marta), updown_match(marta)


@pytest.mark.parametrize("language", ["en", "ar"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_support_agent_finds_reads_and_audits_a_hand(
    browse: Any, martas_matches: tuple[Match, Match], language: str, size: str
) -> None:
    holdem, updown = martas_matches
    staff = User.objects.create_user("support", password=PASSWORD, is_staff=True, is_superuser=True)
    if language == "ar":
        choose_language(staff, "ar")
    page = browse(viewport=DESKTOP if size == "desktop" else PHONE)
    log_in(page, "support")
    page.goto("/admin/games/match/")
    page.fill("#searchbar", "marta")
    page.press("#searchbar", "Enter")
    rows = page.locator("#result_list tbody tr")
    expect(rows).to_have_count(2)
    expect(page.locator("#result_list")).to_contain_text("marta")
    shot(page, f"list-{language}-{size}")

    page.click(f"#result_list a[href*='{holdem.id}']")
    expect(page.locator(".backoffice")).to_be_visible()
    if language == "ar":
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
    page.click("form.bo-audit-form button")
    expect(page.locator(".bo-audit-state")).to_contain_text(
        "2 hands verified, no mismatch" if language == "en" else "تُحقق من يدين"
    )
    shot(page, f"match-{language}-{size}")

    page.click(f"a[href='/admin/games/match/{holdem.id}/hands/1/']")
    story = page.locator(".bo-story")
    expect(story).to_contain_text("Vera")
    if language == "en":
        expect(story).to_contain_text("Vera calls 190, all-in")
        expect(story).to_contain_text("Otto wins side pot 1: 900 (Pair of kings)")
    expect(page.locator(".bo-ok")).to_be_visible()
    shot(page, f"hand-{language}-{size}")

    page.click(".bo-raw summary")
    expect(page.locator(".bo-raw pre").first).to_be_visible()
    first = json.loads(page.locator(".bo-raw pre").first.inner_text())
    assert first["hand_number"] == 1 and first["button"] == 0
    page.goto(f"/admin/games/match/{updown.id}/hands/1/")
    expect(page.locator(".bo-story")).to_contain_text(
        "2" if language == "ar" else "a 2 beats an ace"
    )
    shot(page, f"deal-{language}-{size}")
    page.goto(f"/admin/games/match/{holdem.id}/hands/1/?four_colour=on")
    expect(page.locator(".backoffice.four-colour")).to_be_visible()
    diamond = page.locator(".bo-card.suit-d").first
    assert diamond.evaluate("e => getComputedStyle(e).color") == "rgb(29, 78, 216)"


CASES = [
    ("{n, plural, zero {z} one {o} two {t} few {f #} many {m #} other {x #}}", {"n": 13}),
    ("{n, plural, zero {z} one {o} two {t} few {f #} many {m #} other {x #}}", {"n": 104}),
    ("{n, plural, one {# chip} other {# chips}}", {"n": 1}),
    ("{place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", {"place": 23}),
    ("{place, selectordinal, one {#.} other {# other}}", {"place": 1}),
    ("{amount} · {amount, number}", {"amount": 1234567}),
    ("{s, select, you {You} female {{p} she} other {{p}}}", {"s": "female", "p": "Lina"}),
    ("Hold'em '{x}' ''", {}),
]


def test_the_server_formats_as_the_client_does(browse: Any) -> None:
    """The admin's formatter against the client's icu.js in Chromium (Intl's CLDR data), for
    every language of the catalog."""
    page = browse()
    page.goto("/")
    for language in ("en", "ms", "de", "ar", "fi", "vi"):
        for text, params in CASES:
            client = page.evaluate(
                """async ([text, params, language]) => {
                    const icu = await import("/static/frontend/js/icu.js");
                    return icu.format(icu.parse(text), params, language);
                }""",
                [text, params, language],
            )
            assert format_message(text, params, language) == client, (language, text)
