"""The catalog in the admin: who may edit, edits served at once, history and revert, a whole
language on one page, the missing ones, languages added and disabled, import and export."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from cardavia.i18n import exchange
from cardavia.i18n.models import AccountLanguage, Language, Message, Translation
from tests.i18n.conftest import ENGLISH, staff

pytestmark = pytest.mark.usefixtures("small_catalog")


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def row(code: str, key: str) -> Translation:
    return Translation.objects.get(language__code=code, message__key=key)


def change_url(translation: Translation) -> str:
    return reverse("admin:i18n_translation_change", args=[translation.pk])


def changelist(**query: Any) -> str:
    url = reverse("admin:i18n_translation_changelist")
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def page_text(response: Any) -> str:
    return response.content.decode()


# --- Who may edit ----------------------------------------------------------------------------


def test_staff_without_the_permission_cannot_see_or_edit(db: None) -> None:
    client = signed_in(staff("nobody"))
    assert client.get(changelist()).status_code == 403
    translation = row("de", "action.call")
    assert client.post(change_url(translation), {"text": "X {amount}"}).status_code == 403
    assert row("de", "action.call").text == "Mitgehen {amount}"


def test_a_non_staff_user_is_sent_to_the_login(db: None) -> None:
    user = User.objects.create_user("player")
    response = signed_in(user).get(changelist())
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_view_permission_shows_but_does_not_edit(viewer: User) -> None:
    client = signed_in(viewer)
    response = client.get(changelist(language__id__exact=Language.objects.get(code="de").pk))
    assert response.status_code == 200
    assert 'name="form-0-text"' not in page_text(response)  # no editable list
    translation = row("de", "action.call")
    assert client.post(change_url(translation), {"text": "X {amount}"}).status_code == 403
    assert row("de", "action.call").text == "Mitgehen {amount}"


def test_a_viewer_cannot_revert_through_the_history_page(viewer: User, translator: User) -> None:
    translation = row("de", "action.call")
    signed_in(translator).post(change_url(translation), {"text": "Mitgehen mit {amount}"})
    first = translation.history.earliest()
    url = reverse("admin:i18n_translation_simple_history", args=[translation.pk, first.history_id])
    client = signed_in(viewer)
    assert client.get(url).status_code == 200
    assert client.post(url, {}).status_code == 403
    assert row("de", "action.call").text == "Mitgehen mit {amount}"


# --- Editing -------------------------------------------------------------------------------


def test_an_edit_is_recorded_and_served_by_the_api_on_the_next_request(translator: User) -> None:
    api = Client()
    etag = api.get("/api/i18n/de/")["ETag"]
    response = signed_in(translator).post(
        change_url(row("de", "card.suit.s")), {"text": "Pik", "reviewed": "on"}
    )
    assert response.status_code == 302
    saved = row("de", "card.suit.s")
    assert (saved.text, saved.reviewed, saved.edited_by) == ("Pik", True, translator)
    assert saved.edited_at is not None
    record = saved.history.latest()
    assert (record.history_user, record.text) == (translator, "Pik")
    served = api.get("/api/i18n/de/", headers={"If-None-Match": etag})
    assert served.status_code == 200
    assert served.json()["messages"]["card.suit.s"] == "Pik"


def test_a_broken_edit_is_refused_with_the_reason(translator: User) -> None:
    response = signed_in(translator).post(
        change_url(row("ar", "ui.chips")),
        {"text": "{count, plural, one {رقاقة} other {# رقاقة}}"},
    )
    assert response.status_code == 200
    assert (
        "The plural {count} lacks the categories zero, two, few, many that العربية (ar) needs"
        in page_text(response)
    )
    assert row("ar", "ui.chips").text.startswith("{count, plural, zero")


def test_a_dropped_placeholder_is_refused(translator: User) -> None:
    response = signed_in(translator).post(
        change_url(row("de", "event.called")), {"text": "{player} geht mit"}
    )
    assert "The placeholder {amount} is missing: the English source has it." in page_text(response)


def test_the_english_source_and_note_are_beside_the_entry(translator: User) -> None:
    response = signed_in(translator).get(change_url(row("de", "action.call")))
    text = page_text(response)
    assert "Call {amount}" in text
    assert "Button: call, with the chips it costs." in text


def test_a_whole_language_is_edited_on_one_page(translator: User) -> None:
    german = Language.objects.get(code="de")
    client = signed_in(translator)
    page = page_text(client.get(changelist(language__id__exact=german.pk, all="")))
    ids = re.findall(r'name="form-(\d+)-id" value="(\d+)"', page)
    assert len(ids) == len(ENGLISH)
    data: dict[str, str] = {
        "form-TOTAL_FORMS": str(len(ids)),
        "form-INITIAL_FORMS": str(len(ids)),
        "_save": "Save",
    }
    for index, pk in ids:
        translation = Translation.objects.get(pk=pk)
        data[f"form-{index}-id"] = pk
        data[f"form-{index}-text"] = translation.text
        if translation.message.key == "card.suit.s":
            data[f"form-{index}-text"] = "Pik"
        if translation.message.key == "action.call":
            data[f"form-{index}-text"] = "Mitgehen: {amount}"
            data[f"form-{index}-reviewed"] = "on"
    response = client.post(changelist(language__id__exact=german.pk, all=""), data)
    assert response.status_code == 302
    assert row("de", "card.suit.s").text == "Pik"
    assert (row("de", "action.call").text, row("de", "action.call").reviewed) == (
        "Mitgehen: {amount}",
        True,
    )
    assert row("de", "action.call").edited_by == translator
    assert row("de", "ui.chips").edited_by is None  # untouched rows stay the loader's


def test_a_broken_entry_in_the_list_is_refused(translator: User) -> None:
    german = Language.objects.get(code="de")
    client = signed_in(translator)
    query = {"language__id__exact": german.pk, "q": "event.called"}
    page = page_text(client.get(changelist(**query)))
    ((index, pk),) = re.findall(r'name="form-(\d+)-id" value="(\d+)"', page)
    response = client.post(
        changelist(**query),
        {
            "form-TOTAL_FORMS": "1",
            "form-INITIAL_FORMS": "1",
            f"form-{index}-id": pk,
            f"form-{index}-text": "{spieler} geht mit {amount}",
            "_save": "Save",
        },
    )
    assert response.status_code == 200
    assert "The placeholder {player} was renamed to {spieler}" in page_text(response)
    assert row("de", "event.called").text == "{player} geht mit {amount}"


def test_missing_translations_of_a_language(translator: User) -> None:
    german = Language.objects.get(code="de")
    page = page_text(
        signed_in(translator).get(changelist(language__id__exact=german.pk, missing="yes"))
    )
    assert "card.suit.s" in page
    assert "action.call" not in page


def test_not_reviewed_filter_and_search(translator: User) -> None:
    Translation.objects.filter(message__key="action.call").update(reviewed=True)
    client = signed_in(translator)
    german = Language.objects.get(code="de")
    page = page_text(client.get(changelist(language__id__exact=german.pk, reviewed__exact=0)))
    assert "event.called" in page
    assert "action.call" not in page
    found = page_text(client.get(changelist(q="geht mit")))
    assert "event.called" in found
    assert "ui.chips" not in found


def test_revert_to_an_earlier_version(translator: User) -> None:
    translation = row("de", "action.call")
    client = signed_in(translator)
    client.post(change_url(translation), {"text": "Falsch {amount}"})
    original = translation.history.earliest()
    history = page_text(
        client.get(reverse("admin:i18n_translation_history", args=[translation.pk]))
    )
    assert "translator" in history
    url = reverse(
        "admin:i18n_translation_simple_history", args=[translation.pk, original.history_id]
    )
    response = client.post(url, {"text": original.text})
    assert response.status_code == 302
    reverted = row("de", "action.call")
    assert reverted.text == "Mitgehen {amount}"
    assert reverted.edited_by == translator  # a revert is an edit: the loader keeps it


# --- Languages and English sources ---------------------------------------------------------


def test_a_new_language_gets_its_rows_and_joins_the_picker(db: None) -> None:
    admin = User.objects.create_superuser("root", password=None)
    response = signed_in(admin).post(
        reverse("admin:i18n_language_add"),
        {
            "code": "sv",
            "name": "Svenska",
            "direction": "ltr",
            "enabled": "on",
            "plural_categories": '["one", "other"]',
            "order": "60",
        },
    )
    assert response.status_code == 302
    assert Translation.objects.filter(language__code="sv", text="").count() == len(ENGLISH)
    codes = [entry["code"] for entry in Client().get("/api/i18n/languages/").json()["languages"]]
    assert codes[-1] == "sv"
    assert Client().get("/api/i18n/sv/").json()["messages"]["card.suit.s"] == "spades"


def test_a_language_with_unknown_plural_categories_is_refused(db: None) -> None:
    admin = User.objects.create_superuser("root", password=None)
    response = signed_in(admin).post(
        reverse("admin:i18n_language_add"),
        {
            "code": "xx",
            "name": "X",
            "direction": "ltr",
            "plural_categories": '["one", "several"]',
            "order": "1",
        },
    )
    assert "Not CLDR plural categories: several" in page_text(response)
    assert not Language.objects.filter(code="xx").exists()


def test_english_cannot_be_disabled(db: None) -> None:
    admin = User.objects.create_superuser("root", password=None)
    english = Language.objects.get(code="en")
    response = signed_in(admin).post(
        reverse("admin:i18n_language_change", args=[english.pk]),
        {
            "code": "en",
            "name": "English",
            "direction": "ltr",
            "plural_categories": '["one", "other"]',
            "order": "0",
        },
    )
    assert "English is the source and the fallback" in page_text(response)
    assert Language.objects.get(code="en").enabled


def test_the_languages_list_links_the_work_on_each(db: None) -> None:
    admin = User.objects.create_superuser("root", password=None)
    page = page_text(signed_in(admin).get(reverse("admin:i18n_language_changelist")))
    german = Language.objects.get(code="de")
    assert "3 / 4" in page  # German: three of four messages translated
    assert f"language__id__exact={german.pk}&amp;missing=yes" in page
    assert reverse("admin:i18n_language_export", args=[german.pk, "xliff"]) in page
    assert reverse("admin:i18n_language_import", args=[german.pk]) in page


def test_an_english_source_edited_in_the_admin_is_stamped(db: None) -> None:
    editor = staff("editor", "i18n.view_message", "i18n.change_message")
    message = Message.objects.get(key="card.suit.s")
    response = signed_in(editor).post(
        reverse("admin:i18n_message_change", args=[message.pk]),
        {
            "key": "card.suit.s",
            "text": "Spades",
            "note": message.note,
            "translatable": "on",
            "translations-TOTAL_FORMS": "0",
            "translations-INITIAL_FORMS": "0",
        },
    )
    assert response.status_code == 302, page_text(response)
    message.refresh_from_db()
    assert (message.text, message.edited_by) == ("Spades", editor)


def test_a_broken_english_source_is_refused(db: None) -> None:
    editor = staff("editor", "i18n.view_message", "i18n.change_message")
    message = Message.objects.get(key="ui.chips")
    response = signed_in(editor).post(
        reverse("admin:i18n_message_change", args=[message.pk]),
        {
            "key": "ui.chips",
            "text": "{count, plural, other {# chips}",
            "note": message.note,
            "translatable": "on",
            "translations-TOTAL_FORMS": "0",
            "translations-INITIAL_FORMS": "0",
        },
    )
    assert "Broken ICU syntax" in page_text(response)


# --- Export and import ------------------------------------------------------------------------


@pytest.mark.parametrize(("file_format", "start"), [("po", b"#"), ("xliff", b"<?xml")])
def test_export_downloads_a_file(viewer: User, file_format: str, start: bytes) -> None:
    german = Language.objects.get(code="de")
    response = signed_in(viewer).get(
        reverse("admin:i18n_language_export", args=[german.pk, file_format])
    )
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="cardavia-de.')
    assert response.content.lstrip().startswith(start)


def test_export_needs_the_view_permission(db: None) -> None:
    german = Language.objects.get(code="de")
    client = signed_in(staff("nobody"))
    assert (
        client.get(reverse("admin:i18n_language_export", args=[german.pk, "po"])).status_code == 403
    )


def test_import_shows_what_changed_and_what_was_refused(translator: User) -> None:
    german = Language.objects.get(code="de")
    content = exchange.export_po(german).decode()
    content = content.replace('msgstr "Mitgehen {amount}"', 'msgstr "Mitgehen"')
    content = content.replace(
        'msgctxt "card.suit.s"\nmsgid "spades"\nmsgstr ""',
        'msgctxt "card.suit.s"\nmsgid "spades"\nmsgstr "Pik"',
    )
    upload = SimpleUploadedFile("de.po", content.encode(), content_type="text/x-gettext")
    response = signed_in(translator).post(
        reverse("admin:i18n_language_import", args=[german.pk]), {"file": upload}
    )
    assert response.status_code == 200
    page = page_text(response)
    assert "Changed (1)" in page
    assert "Pik" in page
    assert "Refused (1)" in page
    assert "The placeholder {amount} is missing" in page
    assert row("de", "card.suit.s").text == "Pik"
    assert row("de", "action.call").text == "Mitgehen {amount}"


def test_import_of_an_unreadable_file_says_why(translator: User) -> None:
    german = Language.objects.get(code="de")
    upload = SimpleUploadedFile("de.xlf", b"<xliff><oops")
    response = signed_in(translator).post(
        reverse("admin:i18n_language_import", args=[german.pk]), {"file": upload}
    )
    assert "Not well-formed XML" in page_text(response)


def test_import_needs_the_change_permission(viewer: User) -> None:
    german = Language.objects.get(code="de")
    url = reverse("admin:i18n_language_import", args=[german.pk])
    assert signed_in(viewer).get(url).status_code == 403


def test_every_catalog_admin_page_renders(db: None) -> None:
    client = signed_in(User.objects.create_superuser("root", password=None))
    translation = row("ar", "ui.chips")
    message = translation.message
    german = Language.objects.get(code="de")
    choice = AccountLanguage.objects.create(user=User.objects.get(username="root"), language=german)
    urls = [
        reverse("admin:i18n_language_changelist"),
        reverse("admin:i18n_language_change", args=[german.pk]),
        reverse("admin:i18n_language_history", args=[german.pk]),
        reverse("admin:i18n_language_import", args=[german.pk]),
        reverse("admin:i18n_message_changelist") + "?q=chips",
        reverse("admin:i18n_message_change", args=[message.pk]),
        reverse("admin:i18n_translation_changelist") + "?missing=no&reviewed__exact=1",
        change_url(translation),
        reverse("admin:i18n_translation_history", args=[translation.pk]),
        reverse("admin:i18n_accountlanguage_changelist") + "?q=root",
        reverse("admin:i18n_accountlanguage_change", args=[choice.pk]),
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
    message_page = page_text(client.get(reverse("admin:i18n_message_change", args=[message.pk])))
    assert "رقاقتان" in message_page  # every language's translation, inline under the source


def test_changing_an_english_source_flags_translations_that_no_longer_fit(db: None) -> None:
    editor = staff("editor", "i18n.view_message", "i18n.change_message")
    message = Message.objects.get(key="event.called")
    response = signed_in(editor).post(
        reverse("admin:i18n_message_change", args=[message.pk]),
        {
            "key": "event.called",
            "text": "{player} calls",
            "note": message.note,
            "translatable": "on",
            "translations-TOTAL_FORMS": "0",
            "translations-INITIAL_FORMS": "0",
        },
        follow=True,
    )
    assert (
        "Translation no longer fits the new source: de event.called: The placeholder {amount} "
        "is not in the English source (it has {player})." in page_text(response)
    )
    assert not Translation.objects.filter(message=message, reviewed=True).exists()
