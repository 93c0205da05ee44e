"""The language kept on a signed-in account: GET /api/session/ says it, POST
/api/session/language/ chooses it, and sign-up or log-in keeps the browser's when the account has
none. Guests keep theirs in the browser only; an unknown or disabled language is refused with
nothing stored."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from cardavia.i18n.loader import LoadReport
from cardavia.i18n.models import AccountLanguage, Language
from tests.api.client import ApiClient, Reply
from tests.api.test_errors import assert_refused

pytestmark = pytest.mark.usefixtures("small_catalog")  # en, de, ar, vi (tests/i18n/conftest.py)

PASSWORD = "correct horse battery staple"
LANGUAGE = "/api/session/language/"


def browser() -> ApiClient:
    """A new browser session that sends CSRF tokens, as the web client does."""
    client = ApiClient(csrf=True)
    client.session()
    return client


def signed_up(username: str, language: str | None = None) -> ApiClient:
    client = browser()
    body = {"username": username, "password": PASSWORD}
    if language is not None:
        body["language"] = language
    client.post("/api/auth/signup/", body).ok()
    client.session()  # a new session after logging in: its CSRF token
    return client


def stored(username: str) -> str | None:
    choice = AccountLanguage.objects.filter(user__username=username).first()
    return None if choice is None else choice.language.code


def choose(client: ApiClient, language: object) -> Reply:
    return client.post(LANGUAGE, {"language": language})


def test_a_guest_has_no_account_language_and_cannot_keep_one(small_catalog: LoadReport) -> None:
    guest = browser()
    assert guest.session().body["language"] is None
    assert_refused(choose(guest, "de"), 401, "not_authenticated")
    assert AccountLanguage.objects.count() == 0


def test_the_chosen_language_is_kept_and_the_session_says_it() -> None:
    client = signed_up("hana")
    assert client.session().body["language"] is None
    reply = choose(client, "de").ok()
    assert (reply.status, reply.body) == (200, {"language": "de"})
    assert client.session().body["language"] == "de"
    assert stored("hana") == "de"
    choose(client, "ar").ok()
    assert (client.session().body["language"], stored("hana")) == ("ar", "ar")
    assert AccountLanguage.objects.count() == 1


def test_another_device_opens_in_the_accounts_language() -> None:
    choose(signed_up("ines"), "vi").ok()
    phone = browser()
    assert phone.session().body["language"] is None  # a guest until it logs in
    phone.post("/api/auth/login/", {"username": "ines", "password": PASSWORD}).ok()
    assert phone.session().body["language"] == "vi"


@pytest.mark.parametrize("language", ["pt", "EN-xx", ""])
def test_an_unknown_language_is_refused_and_nothing_changes(language: str) -> None:
    client = signed_up("jon", language="de")
    reply = choose(client, language)
    if language:
        assert_refused(reply, 400, "language_unavailable", language=language)
    else:
        assert_refused(reply, 400, "invalid")
    assert stored("jon") == "de"


@pytest.mark.parametrize("body", [{}, {"language": 7}, {"language": None}, {"lang": "de"}])
def test_a_malformed_choice_is_invalid(body: dict[str, object]) -> None:
    client = signed_up("kim")
    assert_refused(client.post(LANGUAGE, body), 400, "invalid")
    assert stored("kim") is None


def test_a_disabled_language_is_refused_and_no_longer_served() -> None:
    client = signed_up("lea", language="ar")
    Language.objects.filter(code="vi").update(enabled=False)
    assert_refused(choose(client, "vi"), 400, "language_unavailable", language="vi")
    assert stored("lea") == "ar"
    # The account's own language disabled afterwards: kept, but the session offers none...
    Language.objects.filter(code="ar").update(enabled=False)
    assert client.session().body["language"] is None
    assert stored("lea") == "ar"
    # ...until it is enabled again.
    Language.objects.filter(code="ar").update(enabled=True)
    assert client.session().body["language"] == "ar"


def test_choosing_needs_the_csrf_token() -> None:
    client = signed_up("max")
    reply = client.post(LANGUAGE, {"language": "de"}, csrf=False)
    assert_refused(reply, 403, "csrf_failed")
    assert stored("max") is None


def test_sign_up_keeps_the_browsers_language() -> None:
    client = signed_up("nia", language="de")
    assert client.session().body["language"] == "de"
    assert stored("nia") == "de"


def test_log_in_keeps_the_browsers_language_only_if_the_account_has_none() -> None:
    signed_up("olu")  # no language sent: the account has none
    laptop = browser()
    laptop.post(
        "/api/auth/login/", {"username": "olu", "password": PASSWORD, "language": "ar"}
    ).ok()
    assert stored("olu") == "ar"
    # The account has one now: a browser in another language does not replace it.
    phone = browser()
    phone.post("/api/auth/login/", {"username": "olu", "password": PASSWORD, "language": "vi"}).ok()
    assert phone.session().body["language"] == "ar"
    assert stored("olu") == "ar"


@pytest.mark.parametrize("language", ["pt", "de-XX"])
def test_a_browser_language_the_site_lacks_does_not_stop_the_log_in(language: str) -> None:
    signed_up("pia")
    client = browser()
    client.post(
        "/api/auth/login/", {"username": "pia", "password": PASSWORD, "language": language}
    ).ok()
    assert client.session().body["user"] == "pia"
    assert client.session().body["language"] is None
    assert stored("pia") is None


def test_a_refused_log_in_keeps_no_language() -> None:
    signed_up("quin")
    client = browser()
    reply = client.post(
        "/api/auth/login/", {"username": "quin", "password": "wrong password", "language": "de"}
    )
    assert_refused(reply, 400, "invalid_credentials")
    assert stored("quin") is None


def test_a_deleted_account_takes_its_language_with_it() -> None:
    signed_up("rae", language="de")
    get_user_model().objects.filter(username="rae").delete()
    assert AccountLanguage.objects.count() == 0


def test_the_model_accepts_only_an_enabled_language() -> None:
    """What the admin's form checks too: a disabled language is not a valid choice."""
    user = get_user_model().objects.create_user("sam")
    AccountLanguage(user=user, language=Language.objects.get(code="de")).full_clean()
    Language.objects.filter(code="de").update(enabled=False)
    with pytest.raises(ValidationError) as refused:
        AccountLanguage(user=user, language=Language.objects.get(code="de")).full_clean()
    assert "language" in refused.value.message_dict


def test_games_alone_offers_no_account_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """``games`` reaches the catalog only through its hook: with nothing connected an account
    has no language, choosing one is refused, and logging in with one still works."""
    from games import hooks

    monkeypatch.setattr(hooks, "_account_languages", [])
    client = signed_up("tove", language="de")
    assert stored("tove") is None
    assert client.session().body["language"] is None
    assert_refused(choose(client, "de"), 400, "language_unavailable", language="de")
