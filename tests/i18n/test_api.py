"""GET /api/i18n/languages/ and /api/i18n/{code}/: shapes, English fallback, ETag and 304."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from cardavia.i18n.models import Language, Message, Translation

pytestmark = pytest.mark.usefixtures("small_catalog")


def get(path: str, **headers: str) -> Any:
    return Client().get(path, headers=headers)


def test_languages_lists_the_enabled_ones_english_first() -> None:
    Language.objects.filter(code="en").update(order=99)  # English first all the same
    response = get("/api/i18n/languages/")
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-cache"
    assert response.json() == {
        "languages": [
            {
                "code": "en",
                "name": "English",
                "direction": "ltr",
                "plural_categories": ["one", "other"],
            },
            {
                "code": "de",
                "name": "Deutsch",
                "direction": "ltr",
                "plural_categories": ["one", "other"],
            },
            {
                "code": "ar",
                "name": "العربية",
                "direction": "rtl",
                "plural_categories": ["zero", "one", "two", "few", "many", "other"],
            },
            {
                "code": "vi",
                "name": "Tiếng Việt",
                "direction": "ltr",
                "plural_categories": ["other"],
            },
        ]
    }


def test_a_disabled_language_is_not_listed_nor_served() -> None:
    Language.objects.filter(code="de").update(enabled=False)
    codes = [entry["code"] for entry in get("/api/i18n/languages/").json()["languages"]]
    assert codes == ["en", "ar", "vi"]
    response = get("/api/i18n/de/")
    assert response.status_code == 404
    assert response.json() == {
        "code": "not_found",
        "message": "Not found.",
        "params": {},
    }


def test_an_unknown_language_is_a_json_404() -> None:
    response = get("/api/i18n/xx/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_catalog_shape_and_every_key_present() -> None:
    response = get("/api/i18n/de/")
    assert response.status_code == 200
    body = response.json()
    assert {k: v for k, v in body.items() if k != "messages"} == {
        "code": "de",
        "name": "Deutsch",
        "direction": "ltr",
        "plural_categories": ["one", "other"],
    }
    assert body["messages"] == {
        "action.call": "Mitgehen {amount}",
        "card.suit.s": "spades",  # not translated in German: English is served
        "event.called": "{player} geht mit {amount}",
        "ui.chips": "{count, plural, one {# Chip} other {# Chips}}",
    }


def test_english_is_the_sources() -> None:
    messages = get("/api/i18n/en/").json()["messages"]
    assert messages["event.called"] == "{player} calls {amount}"
    assert len(messages) == Message.objects.count()


def test_a_language_with_nothing_translated_is_all_english() -> None:
    body = get("/api/i18n/vi/").json()
    assert body["messages"] == get("/api/i18n/en/").json()["messages"]
    assert body["plural_categories"] == ["other"]


def test_etag_and_304() -> None:
    first = get("/api/i18n/ar/")
    etag = first["ETag"]
    assert etag.startswith('"') and etag.endswith('"')
    assert first["Cache-Control"] == "no-cache"
    again = get("/api/i18n/ar/", **{"If-None-Match": etag})
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag
    assert again["Cache-Control"] == "no-cache"
    assert get("/api/i18n/ar/", **{"If-None-Match": f'"other", W/{etag}'}).status_code == 304
    assert get("/api/i18n/ar/", **{"If-None-Match": '"stale"'}).status_code == 200


def test_a_304_costs_one_query(django_assert_num_queries: Any) -> None:
    etag = get("/api/i18n/ar/")["ETag"]
    with django_assert_num_queries(1):
        assert get("/api/i18n/ar/", **{"If-None-Match": etag}).status_code == 304


def test_each_language_has_its_own_etag() -> None:
    assert get("/api/i18n/ar/")["ETag"] != get("/api/i18n/de/")["ETag"]


def test_an_edit_is_served_on_the_next_request_with_a_new_etag() -> None:
    before = get("/api/i18n/de/")
    translation = Translation.objects.get(language__code="de", message__key="action.call")
    translation.text = "Mitgehen: {amount}"
    translation.save()
    after = get("/api/i18n/de/", **{"If-None-Match": before["ETag"]})
    assert after.status_code == 200
    assert after.json()["messages"]["action.call"] == "Mitgehen: {amount}"
    assert after["ETag"] != before["ETag"]


def test_a_changed_english_source_changes_every_etag() -> None:
    before = get("/api/i18n/de/")["ETag"]
    message = Message.objects.get(key="card.suit.s")
    message.text = "Spades"
    message.save()
    response = get("/api/i18n/de/", **{"If-None-Match": before})
    assert response.status_code == 200
    assert response.json()["messages"]["card.suit.s"] == "Spades"


def test_a_cleared_translation_falls_back_to_english() -> None:
    Translation.objects.filter(language__code="ar", message__key="action.call").update(text="")
    assert get("/api/i18n/ar/").json()["messages"]["action.call"] == "Call {amount}"


def test_a_new_message_changes_the_etag() -> None:
    before = get("/api/i18n/ar/")["ETag"]
    Message.objects.create(key="ui.new", text="New", note="n")
    assert get("/api/i18n/ar/", **{"If-None-Match": before}).status_code == 200


def test_renaming_a_language_changes_its_etag() -> None:
    before = get("/api/i18n/de/")["ETag"]
    language = Language.objects.get(code="de")
    language.name = "Deutsch (Deutschland)"
    language.save()
    response = get("/api/i18n/de/", **{"If-None-Match": before})
    assert response.status_code == 200
    assert response.json()["name"] == "Deutsch (Deutschland)"


def test_the_catalog_needs_no_session_nor_csrf() -> None:
    client = Client(enforce_csrf_checks=True)
    assert client.get("/api/i18n/de/").status_code == 200
    assert "sessionid" not in client.cookies
