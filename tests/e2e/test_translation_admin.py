"""The translator's admin in a real browser: outdated entries listed with the old and the new
English, the termbase beside the entry, and an edit that breaks a term refused with the reason."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from cardavia.i18n.models import Language, Message
from tests.e2e.conftest import DESKTOP, PHONE, SCREENSHOTS, Browse

PASSWORD = "a translator's password"


@pytest.fixture(autouse=True)
def translator(catalog: None) -> User:
    return User.objects.create_superuser("translator", password=PASSWORD)


def signed_in(browse: Browse, viewport: dict[str, int]) -> Page:
    browse.expect_status(404)  # the Django admin links no icon: Chromium asks for /favicon.ico
    page = browse(viewport=viewport)
    page.goto("/admin/login/")
    page.fill("#id_username", "translator")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    expect(page.locator("#site-name")).to_be_visible()
    return page


def change_the_english(key: str, text: str) -> None:
    message = Message.objects.get(key=key)
    message.text = text
    message.save()


def test_outdated_entries_show_old_and_new_english_and_the_termbase(browse: Browse) -> None:
    change_the_english(
        "updown.shoe_count", "{count, plural, one {# card} other {# cards}} left in the shoe"
    )
    arabic = Language.objects.get(code="ar")
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = signed_in(browse, viewport)
        page.goto(f"/admin/i18n/translation/?language__id__exact={arabic.pk}&outdated=yes")
        table = page.locator("table.i18n-outdated")
        expect(table).to_have_count(1)
        expect(table.locator("ins")).to_have_text([" left"])
        expect(page.locator(".i18n-terms")).to_contain_text("shoe → رزمة السحب")
        page.screenshot(path=SCREENSHOTS / f"admin-outdated-ar-{name}.png", full_page=True)


def test_an_edit_that_breaks_a_term_is_refused_in_the_browser(browse: Browse) -> None:
    page = signed_in(browse, DESKTOP)
    german = Language.objects.get(code="de")
    page.goto(f"/admin/i18n/translation/?language__id__exact={german.pk}&q=updown.shoe")
    page.get_by_role("link", name="updown.shoe", exact=True).click()
    expect(page.locator(".i18n-terms")).to_contain_text("shoe → Nachziehstapel")
    page.fill("#id_text", "Schlitten")
    page.click("input[name=_save]")
    expect(page.locator(".errorlist")).to_contain_text(
        "'Schlitten' is a forbidden rendering of the term 'shoe'"
    )
    page.screenshot(path=SCREENSHOTS / "admin-term-refused-de-desktop.png", full_page=True)
