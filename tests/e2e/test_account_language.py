"""The language kept on the account, in Chromium: logging in on a fresh browser switches the page
to the account's language; changing the picker while signed in stores it on the account; signing
up (or logging in, or opening the page signed in) gives an account without a language the
page's."""

from __future__ import annotations

import time
from typing import Any

from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from cardavia.i18n.models import AccountLanguage, Language
from cardavia.i18n.selectors import catalog

PASSWORD = "analytical-engine-1843"


def text(code: str, key: str, **params: str) -> str:
    """One message of the served catalog, its {name} placeholders filled."""
    message = catalog(Language.objects.get(code=code))["messages"][key]
    for name, value in params.items():
        message = message.replace("{" + name + "}", value)
    return message


def account(username: str, language: str | None) -> None:
    user = get_user_model().objects.create_user(username, password=PASSWORD)
    if language is not None:
        AccountLanguage.objects.create(user=user, language=Language.objects.get(code=language))


def stored(username: str) -> str | None:
    choice = AccountLanguage.objects.filter(user__username=username).first()
    return None if choice is None else choice.language.code


def wait_until_stored(username: str, code: str) -> None:
    """The picker's save is a request after the redraw: give it a moment to land."""
    deadline = time.monotonic() + 10
    while stored(username) != code and time.monotonic() < deadline:
        time.sleep(0.1)
    assert stored(username) == code


def log_in(page: Page, username: str, *, sign_up: bool = False) -> None:
    page.locator(".account-form input[name=username]").fill(username)
    page.locator(".account-form input[name=password]").fill(PASSWORD)
    if sign_up:
        page.locator(".account-form button[type=button]").click()
    else:
        page.locator(".account-form button[type=submit]").click()


def open_lobby(page: Page, language: str) -> None:
    page.goto("/")
    page.wait_for_selector(".lobby")
    expect(page.locator("html")).to_have_attribute("lang", language)


def test_logging_in_on_a_fresh_browser_switches_to_the_accounts_language(browse: Any) -> None:
    account("greta", "de")
    page = browse(locale="en-US")
    open_lobby(page, "en")
    page.evaluate("window.__sameDocument = true")
    log_in(page, "greta")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator(".account")).to_contain_text(
        text("de", "ui.account.signed_in", name="greta")
    )
    expect(page.locator("#language-picker")).to_have_value("de")
    assert page.evaluate("window.__sameDocument") is True  # no reload
    assert stored("greta") == "de"  # the browser's English did not replace it

    # Signed in, the picker's choice is stored on the account...
    page.select_option("#language-picker", "fi")
    expect(page.locator("html")).to_have_attribute("lang", "fi")
    wait_until_stored("greta", "fi")

    # ...so another browser, in another language, opens in it once logged in.
    other = browse(locale="ar-EG")
    open_lobby(other, "ar")
    expect(other.locator("html")).to_have_attribute("dir", "rtl")
    log_in(other, "greta")
    expect(other.locator("html")).to_have_attribute("lang", "fi")
    expect(other.locator("html")).to_have_attribute("dir", "ltr")
    expect(other.locator(".account")).to_contain_text(
        text("fi", "ui.account.signed_in", name="greta")
    )


def test_an_account_without_a_language_takes_the_pages(browse: Any) -> None:
    account("hugo", None)
    page = browse(locale="vi-VN")
    open_lobby(page, "vi")
    log_in(page, "hugo")
    expect(page.locator(".account")).to_contain_text(
        text("vi", "ui.account.signed_in", name="hugo")
    )
    wait_until_stored("hugo", "vi")
    expect(page.locator("html")).to_have_attribute("lang", "vi")
    # Signed in before the account kept a language: the next page load gives it the page's.
    AccountLanguage.objects.filter(user__username="hugo").delete()
    page.reload()
    page.wait_for_selector(".lobby")
    wait_until_stored("hugo", "vi")


def test_signing_up_keeps_the_pages_language_and_a_guest_keeps_it_in_the_browser(
    browse: Any,
) -> None:
    page = browse(locale="en-US")
    open_lobby(page, "en")
    page.select_option("#language-picker", "ms")  # a guest: kept in this browser only
    expect(page.locator("html")).to_have_attribute("lang", "ms")
    assert AccountLanguage.objects.count() == 0
    log_in(page, "iris", sign_up=True)
    expect(page.locator(".account")).to_contain_text(
        text("ms", "ui.account.signed_in", name="iris")
    )
    wait_until_stored("iris", "ms")
