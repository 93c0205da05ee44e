"""A language as PO and XLIFF 1.2, and back: round trips, and imports refusing broken entries."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import polib
import pytest
from django.contrib.auth.models import User

from cardavia.i18n import exchange
from cardavia.i18n.models import Language, Message, Translation

pytestmark = pytest.mark.usefixtures("small_catalog")

XLIFF = "{urn:oasis:names:tc:xliff:document:1.2}"


def arabic() -> Language:
    return Language.objects.get(code="ar")


def texts(code: str) -> dict[str, tuple[str, bool]]:
    return {
        t.message.key: (t.text, t.reviewed)
        for t in Translation.objects.filter(language__code=code).select_related("message")
    }


@pytest.fixture
def editor(db: None) -> User:
    return User.objects.create_user("editor", is_staff=True)


def test_po_carries_key_source_translation_note_and_review() -> None:
    Translation.objects.filter(language__code="ar", message__key="card.suit.s").update(
        reviewed=True
    )
    po = polib.pofile(exchange.export_po(arabic()).decode())
    assert po.metadata["Language"] == "ar"
    entries = {entry.msgctxt: entry for entry in po}
    assert set(entries) == set(Message.objects.values_list("key", flat=True))
    spades = entries["card.suit.s"]
    assert (spades.msgid, spades.msgstr, spades.comment) == ("spades", "بستوني", "The suit ♠.")
    assert "fuzzy" not in spades.flags
    assert "fuzzy" in entries["action.call"].flags  # translated, not reviewed


def test_po_round_trip_changes_nothing(editor: User) -> None:
    before = texts("ar")
    entries = exchange.read_file("ar.po", exchange.export_po(arabic()))
    report = exchange.import_entries(arabic(), entries, editor)
    assert (report.changed, report.refused) == ([], [])
    assert report.unchanged == 4
    assert texts("ar") == before


def test_xliff_round_trip_changes_nothing(editor: User) -> None:
    before = texts("ar")
    content = exchange.export_xliff(arabic())
    root = ET.fromstring(content)
    assert root.get("version") == "1.2"
    file = root.find(f"{XLIFF}file")
    assert file is not None
    assert (file.get("source-language"), file.get("target-language")) == ("en", "ar")
    unit = root.find(f".//{XLIFF}trans-unit[@id='ui.chips']")
    assert unit is not None
    assert unit.findtext(f"{XLIFF}source") == "{count, plural, one {# chip} other {# chips}}"
    assert unit.findtext(f"{XLIFF}note") == "A number of chips."
    entries = exchange.read_file("ar.xlf", content)
    report = exchange.import_entries(arabic(), entries, editor)
    assert (report.changed, report.refused, report.unchanged) == ([], [], 4)
    assert texts("ar") == before


def test_a_po_edited_by_a_translator_comes_back(editor: User) -> None:
    po = polib.pofile(exchange.export_po(Language.objects.get(code="de")).decode())
    for entry in po:
        if entry.msgctxt == "card.suit.s":
            entry.msgstr = "Pik"
        if entry.msgctxt == "action.call":
            entry.msgstr = "Mitgehen ({amount})"
            entry.flags.remove("fuzzy")
    report = exchange.import_entries(
        Language.objects.get(code="de"), exchange.read_po(str(po)), editor
    )
    assert report.changed == [
        exchange.Change("action.call", "Mitgehen {amount}", "Mitgehen ({amount})", True),
        exchange.Change("card.suit.s", "", "Pik", True),  # not fuzzy: the translator's final word
    ]
    german = texts("de")
    assert german["card.suit.s"] == ("Pik", True)
    assert german["action.call"] == ("Mitgehen ({amount})", True)
    row = Translation.objects.get(language__code="de", message__key="card.suit.s")
    assert row.edited_by == editor  # an import is a person's edit: the loader keeps it


def test_an_import_refuses_broken_entries_one_by_one_and_keeps_the_rest(editor: User) -> None:
    content = exchange.export_xliff(arabic()).decode()
    content = content.replace("مجاراة {amount}", "مجاراة {amout}")  # a renamed placeholder
    content = content.replace(">بستوني<", ">البستوني<")  # a good change
    content = content.replace("many {# رقاقة} ", "")  # an Arabic plural form dropped
    report = exchange.import_entries(arabic(), exchange.read_xliff(content), editor)
    assert report.refused == [
        (
            "action.call",
            "The placeholder {amount} was renamed to {amout}: keep {amount}, "
            "the name the game sends.",
        ),
        (
            "ui.chips",
            "The plural {count} lacks the category many that العربية (ar) needs "
            "(it needs zero, one, two, few, many, other).",
        ),
    ]
    assert [change.key for change in report.changed] == ["card.suit.s"]
    arabic_now = texts("ar")
    assert arabic_now["card.suit.s"][0] == "البستوني"
    assert arabic_now["action.call"][0] == "مجاراة {amount}"  # unchanged


def test_unknown_keys_and_untranslated_entries(editor: User) -> None:
    entries = [
        exchange.Entry("ui.nowhere", "x", True),
        exchange.Entry("card.suit.s", "", False),  # empty: the catalog keeps what it has
    ]
    report = exchange.import_entries(arabic(), entries, editor)
    assert report.refused == [("ui.nowhere", "No message has this key.")]
    assert report.empty == 1
    assert texts("ar")["card.suit.s"][0] == "بستوني"


def test_a_translation_of_an_older_english_text_is_kept_but_unreviewed(editor: User) -> None:
    entries = [exchange.Entry("card.suit.s", "Pik", True, source="spade")]
    report = exchange.import_entries(Language.objects.get(code="de"), entries, editor)
    assert report.source_changed == ["card.suit.s"]
    assert texts("de")["card.suit.s"] == ("Pik", False)


@pytest.mark.parametrize(
    ("name", "content", "problem"),
    [
        ("x.xlf", b"<xliff><file>", "Not well-formed XML"),
        ("x.xlf", b"<html/>", "The root element is <html>, not <xliff>."),
        ("x.po", b'msgid "a"\nmsgstr "b"\n', "has no msgctxt"),
        ("x.po", b"\xff\xfe\x00", "is not UTF-8 text"),
    ],
)
def test_unreadable_files_say_why(name: str, content: bytes, problem: str) -> None:
    with pytest.raises(exchange.UnreadableFile, match=problem):
        exchange.read_file(name, content)
