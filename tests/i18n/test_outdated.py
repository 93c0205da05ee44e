"""Outdated, not silently wrong: when an English message changes, its translations say so.

A translation keeps the English it was made for. After a fixture reload or an admin edit changes
the English, the translation is outdated: the API keeps serving it, the admin lists it with the
old and new English side by side, PO and XLIFF exports carry the state and an unchanged round
trip keeps it, until a translator saves it (or ticks it reviewed). The admin also shows the
termbase's words beside the entry and refuses an edit that breaks one.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from io import StringIO
from pathlib import Path

import polib
import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from cardavia.i18n import exchange
from cardavia.i18n.loader import load_catalog
from cardavia.i18n.models import Language, Message, Translation
from tests.i18n.conftest import ENGLISH, GERMAN, staff, write_catalog

pytestmark = pytest.mark.usefixtures("small_catalog")

XLIFF = "{urn:oasis:names:tc:xliff:document:1.2}"
OLD = "Call {amount}"
NEW = "Pay {amount} to call"


def row(code: str, key: str = "action.call") -> Translation:
    return Translation.objects.select_related("message").get(language__code=code, message__key=key)


def served(code: str) -> dict[str, str]:
    return Client().get(f"/api/i18n/{code}/").json()["messages"]


def change_english_in_the_fixture(root: Path, key: str = "action.call", text: str = NEW) -> None:
    (root / "en" / "game.json").write_text(
        json.dumps({**ENGLISH, key: {**ENGLISH[key], "text": text}}), encoding="utf-8"
    )


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_fresh_catalog_has_nothing_outdated() -> None:
    assert [t for t in Translation.objects.select_related("message") if t.outdated] == []


# --- Marked when the English changes -----------------------------------------------------------


def test_a_reloaded_fixture_with_new_english_marks_its_translations_outdated(
    catalog_root: Path,
) -> None:
    Translation.objects.filter(message__key="action.call").update(reviewed=True)
    change_english_in_the_fixture(catalog_root)
    report = load_catalog(catalog_root)
    assert report.outdated == ["de action.call", "ar action.call"]
    german = row("de")
    assert german.outdated and not german.reviewed
    assert (german.source_text, german.message.text) == (OLD, NEW)
    # Meanwhile the API keeps serving the last translation, not the English.
    assert served("de")["action.call"] == "Mitgehen {amount}"
    assert served("ar")["action.call"] == "مجاراة {amount}"
    # Other messages are untouched.
    assert not row("de", "event.called").outdated


def test_the_command_lists_what_became_outdated(catalog_root: Path) -> None:
    change_english_in_the_fixture(catalog_root)
    out = StringIO()
    call_command("load_catalog", root=catalog_root, stdout=out, stderr=StringIO())
    assert "translations outdated: 2" in out.getvalue()
    assert "outdated (its English changed; still served): de action.call" in out.getvalue()


def test_a_translation_file_changed_with_its_english_is_current(catalog_root: Path) -> None:
    change_english_in_the_fixture(catalog_root)
    write_catalog(catalog_root, {"de": {**GERMAN, "action.call": "Mitgehen: {amount}"}})
    change_english_in_the_fixture(catalog_root)  # write_catalog rewrote en/game.json
    report = load_catalog(catalog_root)
    assert report.outdated == ["ar action.call"]
    assert not row("de").outdated
    assert row("ar").outdated


def test_an_english_edit_in_the_admin_marks_translations_outdated(db: None) -> None:
    editor = staff("editor", "i18n.view_message", "i18n.change_message")
    message = Message.objects.get(key="action.call")
    response = signed_in(editor).post(
        reverse("admin:i18n_message_change", args=[message.pk]),
        {
            "key": message.key,
            "text": NEW,
            "note": message.note,
            "translatable": "on",
            "translations-TOTAL_FORMS": "0",
            "translations-INITIAL_FORMS": "0",
        },
    )
    assert response.status_code == 302
    assert row("de").outdated and row("ar").outdated
    assert row("de").source_text == OLD
    assert served("de")["action.call"] == "Mitgehen {amount}"


def test_english_changed_back_makes_the_translation_current_again(catalog_root: Path) -> None:
    change_english_in_the_fixture(catalog_root)
    load_catalog(catalog_root)
    change_english_in_the_fixture(catalog_root, text=OLD)
    assert load_catalog(catalog_root).outdated == []


# --- Listed in the admin, and made current by a translator ------------------------------------


@pytest.fixture
def outdated(small_catalog: object, catalog_root: Path) -> None:
    change_english_in_the_fixture(catalog_root)
    load_catalog(catalog_root)


@pytest.mark.usefixtures("outdated")
def test_the_admin_lists_outdated_translations_with_old_and_new_english(translator: User) -> None:
    german = Language.objects.get(code="de")
    url = reverse("admin:i18n_translation_changelist")
    page = signed_in(translator).get(f"{url}?language__id__exact={german.pk}&outdated=yes")
    text = page.content.decode()
    assert page.status_code == 200
    assert "Mitgehen {amount}" in text
    assert "Mitgehen" not in text.split("Mitgehen {amount}", 1)[1]  # only action.call listed
    assert "Outdated: translated from" in text and "English now" in text
    # The old and the new English side by side, the words that changed marked.
    assert "<del>Call</del> {amount}" in text
    assert "<ins>Pay</ins> {amount}<ins> to call</ins>" in text
    languages = signed_in(staff("boss", "i18n.view_language", "i18n.view_translation")).get(
        reverse("admin:i18n_language_changelist")
    )
    assert "outdated (1)" in languages.content.decode()


@pytest.mark.usefixtures("outdated")
def test_saving_the_translation_makes_it_current(translator: User) -> None:
    change = reverse("admin:i18n_translation_change", args=[row("de").pk])
    response = signed_in(translator).post(change, {"text": "Mitgehen mit {amount}"})
    assert response.status_code == 302
    assert not row("de").outdated
    assert row("de").source_text == NEW


@pytest.mark.usefixtures("outdated")
def test_ticking_reviewed_confirms_the_translation_still_fits(translator: User) -> None:
    change = reverse("admin:i18n_translation_change", args=[row("ar").pk])
    response = signed_in(translator).post(change, {"text": row("ar").text, "reviewed": "on"})
    assert response.status_code == 302
    assert (row("ar").outdated, row("ar").reviewed) == (False, True)


# --- PO and XLIFF carry the state ------------------------------------------------------------


@pytest.fixture
def editor(db: None) -> User:
    return User.objects.create_user("editor", is_staff=True)


def german() -> Language:
    return Language.objects.get(code="de")


@pytest.mark.usefixtures("outdated")
def test_po_marks_an_outdated_translation_fuzzy_with_its_previous_english(editor: User) -> None:
    Translation.objects.filter(language__code="de", message__key="event.called").update(
        reviewed=True
    )
    po = {entry.msgctxt: entry for entry in polib.pofile(exchange.export_po(german()).decode())}
    call = po["action.call"]
    assert (call.msgid, call.previous_msgid, call.msgstr) == (NEW, OLD, "Mitgehen {amount}")
    assert "fuzzy" in call.flags
    assert "fuzzy" not in po["event.called"].flags and po["event.called"].previous_msgid is None
    assert f'#| msgid "{OLD}"' in exchange.export_po(german()).decode()


@pytest.mark.usefixtures("outdated")
def test_po_round_trip_keeps_a_translation_outdated(editor: User) -> None:
    entries = exchange.read_file("de.po", exchange.export_po(german()))
    report = exchange.import_entries(german(), entries, editor)
    assert (report.changed, report.refused) == ([], [])
    assert row("de").outdated and row("de").source_text == OLD


@pytest.mark.usefixtures("outdated")
def test_po_with_fuzzy_cleared_makes_the_translation_current(editor: User) -> None:
    po = polib.pofile(exchange.export_po(german()).decode())
    for entry in po:
        if entry.msgctxt == "action.call":
            entry.flags.remove("fuzzy")
            entry.previous_msgid = None
    exchange.import_entries(german(), exchange.read_po(str(po)), editor)
    assert (row("de").outdated, row("de").reviewed) == (False, True)


@pytest.mark.usefixtures("outdated")
def test_xliff_marks_an_outdated_translation_needs_review_with_its_previous_english() -> None:
    root = ET.fromstring(exchange.export_xliff(german()))
    unit = root.find(f".//{XLIFF}trans-unit[@id='action.call']")
    assert unit is not None
    target = unit.find(f"{XLIFF}target")
    assert target is not None and target.get("state") == "needs-review-translation"
    assert unit.get("approved") == "no"
    previous = unit.find(f"{XLIFF}alt-trans[@alttranstype='previous-version']")
    assert previous is not None and previous.findtext(f"{XLIFF}source") == OLD
    current = root.find(f".//{XLIFF}trans-unit[@id='event.called']")
    assert current is not None and current.find(f"{XLIFF}alt-trans") is None


@pytest.mark.usefixtures("outdated")
def test_xliff_round_trip_keeps_a_translation_outdated(editor: User) -> None:
    before = {t.message.key: (t.text, t.reviewed, t.source_text) for t in _german_rows()}
    entries = exchange.read_file("de.xlf", exchange.export_xliff(german()))
    report = exchange.import_entries(german(), entries, editor)
    assert (report.changed, report.refused) == ([], [])
    assert {t.message.key: (t.text, t.reviewed, t.source_text) for t in _german_rows()} == before
    assert row("de").outdated


@pytest.mark.usefixtures("outdated")
def test_xliff_marked_final_makes_the_translation_current(editor: User) -> None:
    content = exchange.export_xliff(german()).decode()
    content = content.replace('state="needs-review-translation"', 'state="final"')
    exchange.import_entries(german(), exchange.read_xliff(content), editor)
    assert (row("de").outdated, row("de").reviewed) == (False, True)


def test_an_imported_outdated_entry_is_held_to_the_terms_of_its_own_english(
    catalog_root: Path, editor: User
) -> None:
    """The new English names a bet; the German, made for the old one, rightly does not."""
    change_english_in_the_fixture(catalog_root, text="Call the bet: {amount}")
    load_catalog(catalog_root)
    entries = exchange.read_file("de.po", exchange.export_po(german()))
    assert exchange.import_entries(german(), entries, editor).refused == []
    cleared = [
        exchange.Entry(entry.key, entry.text, True, source=entry.source)
        for entry in entries
        if entry.key == "action.call"
    ]
    refused = exchange.import_entries(german(), cleared, editor).refused
    assert [reason for _, reason in refused] == [
        "action.call [de]: the English uses the term 'bet'; write 'setzen' "
        "(a text with one of 'setz', 'Einsatz', 'Einsätz')."
    ]


def _german_rows() -> list[Translation]:
    return list(Translation.objects.filter(language__code="de").select_related("message"))


# --- The termbase beside the entry ----------------------------------------------------------


def test_the_termbase_words_are_shown_beside_the_entry(translator: User) -> None:
    page = signed_in(translator).get(reverse("admin:i18n_translation_change", args=[row("de").pk]))
    text = page.content.decode()
    assert "Termbase:" in text
    assert "call</span> → <strong" in text and "mitgehen</strong>" in text


def test_an_edit_that_breaks_a_term_is_refused_with_the_reason(translator: User) -> None:
    change = reverse("admin:i18n_translation_change", args=[row("de", "card.suit.s").pk])
    response = signed_in(translator).post(change, {"text": "Schippe"})
    assert response.status_code == 200
    assert (
        "card.suit.s [de]: the English uses the term &#x27;spades&#x27;; write &#x27;Pik&#x27;"
        in response.content.decode()
    )
    assert row("de", "card.suit.s").text == ""  # nothing saved


def test_an_edit_with_a_forbidden_rendering_is_refused(translator: User) -> None:
    change = reverse("admin:i18n_translation_change", args=[row("de", "event.called").pk])
    response = signed_in(translator).post(
        change, {"text": "{player} geht mit {amount} mit, der Stapel wartet"}
    )
    assert "&#x27;Stapel&#x27; is a forbidden rendering of the term &#x27;shoe&#x27;" in (
        response.content.decode()
    )
    assert row("de", "event.called").text == "{player} geht mit {amount}"


def test_an_import_refuses_an_entry_that_breaks_a_term(editor: User) -> None:
    entries = [exchange.Entry("card.suit.s", "Schippe", True)]
    report = exchange.import_entries(german(), entries, editor)
    assert [key for key, _ in report.refused] == ["card.suit.s"]
    assert "write 'Pik'" in report.refused[0][1]
