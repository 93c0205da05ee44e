"""manage.py load_catalog: creates what is missing, updates what nobody edited, keeps edits."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.utils import timezone

from cardavia.i18n.loader import load_catalog
from cardavia.i18n.models import Language, Message, Translation
from tests.i18n.conftest import ENGLISH, GERMAN, write_catalog


def german(key: str) -> Translation:
    return Translation.objects.get(language__code="de", message__key=key)


def test_a_first_load_creates_languages_messages_and_translations(small_catalog: object) -> None:
    assert list(Language.objects.values_list("code", flat=True)) == ["en", "de", "ar", "vi"]
    assert Message.objects.count() == len(ENGLISH)
    assert german("action.call").text == "Mitgehen {amount}"
    assert german("action.call").edited_by is None


def test_every_language_gets_a_row_per_message_empty_where_missing(small_catalog: object) -> None:
    for code in ("de", "ar", "vi"):
        assert Translation.objects.filter(language__code=code).count() == len(ENGLISH)
    assert german("card.suit.s").text == ""
    assert Translation.objects.filter(language__code="vi").exclude(text="").count() == 0
    assert not Translation.objects.filter(language__code="en").exists()


def test_loading_twice_changes_nothing(small_catalog: object, catalog_root: Path) -> None:
    history = Translation.history.count()
    report = load_catalog(catalog_root)
    assert (report.messages_created, report.messages_updated) == (0, 0)
    assert (report.translations_created, report.translations_updated) == (0, 0)
    assert Translation.history.count() == history


def test_a_changed_file_updates_a_row_nobody_edited(
    small_catalog: object, catalog_root: Path
) -> None:
    write_catalog(catalog_root, {"de": {**GERMAN, "action.call": "Mitgehen mit {amount}"}})
    report = load_catalog(catalog_root)
    assert report.translations_updated == 1
    assert german("action.call").text == "Mitgehen mit {amount}"
    assert german("action.call").history.first().history_change_reason == (
        "Loaded from fixtures/i18n"
    )


def test_an_admin_edit_is_never_overwritten(small_catalog: object, catalog_root: Path) -> None:
    editor = User.objects.create_user("editor", is_staff=True)
    row = german("action.call")
    row.text, row.edited_by, row.edited_at = "Halten {amount}", editor, timezone.now()
    row.save()
    write_catalog(catalog_root, {"de": {**GERMAN, "action.call": "Mitgehen mit {amount}"}})
    report = load_catalog(catalog_root)
    assert german("action.call").text == "Halten {amount}"
    assert report.translations_kept == 1
    assert report.translations_updated == 0


def test_an_admin_edit_of_an_english_source_is_kept(
    small_catalog: object, catalog_root: Path
) -> None:
    message = Message.objects.get(key="card.suit.s")
    message.text, message.edited_by = "Spades", User.objects.create_user("editor")
    message.save()
    (catalog_root / "en" / "game.json").write_text(
        json.dumps({**ENGLISH, "card.suit.s": {"text": "spade", "note": "changed"}}),
        encoding="utf-8",
    )
    report = load_catalog(catalog_root)
    assert Message.objects.get(key="card.suit.s").text == "Spades"
    assert report.messages_kept == 1


def test_a_changed_english_source_is_updated(small_catalog: object, catalog_root: Path) -> None:
    entry = {"text": "Call: {amount}", "note": "Button."}
    (catalog_root / "en" / "game.json").write_text(
        json.dumps({**ENGLISH, "action.call": entry}), encoding="utf-8"
    )
    assert load_catalog(catalog_root).messages_updated == 1
    assert Message.objects.get(key="action.call").text == "Call: {amount}"


def test_an_existing_language_is_left_as_the_admin_has_it(
    small_catalog: object, catalog_root: Path
) -> None:
    Language.objects.filter(code="vi").update(enabled=False, name="Việt")
    load_catalog(catalog_root)
    vietnamese = Language.objects.get(code="vi")
    assert (vietnamese.enabled, vietnamese.name) == (False, "Việt")


def test_broken_entries_are_refused_one_by_one(db: None, catalog_root: Path) -> None:
    write_catalog(
        catalog_root,
        {
            "de": {
                **GERMAN,
                "event.called": "{spieler} geht mit {amount}",
                "ui.nowhere": "Nirgends",
            },
            "ar": {"ui.chips": "{count, plural, one {رقاقة} other {# رقاقة}}"},
        },
    )
    report = load_catalog(catalog_root)
    assert sorted(report.refused) == [
        "ar ui.chips: The plural {count} lacks the categories zero, two, few, many that "
        "العربية (ar) needs (it needs zero, one, two, few, many, other).",
        "de event.called: The placeholder {player} was renamed to {spieler}: keep {player}, "
        "the name the game sends.",
        "de ui.nowhere: no English message has this key",
    ]
    assert german("event.called").text == ""  # refused: English is served instead
    assert german("action.call").text == "Mitgehen {amount}"  # the rest still loaded


def test_a_key_in_two_english_files_is_refused(db: None, catalog_root: Path) -> None:
    (catalog_root / "en" / "ui.json").write_text(
        json.dumps({"card.suit.s": {"text": "spades", "note": "again"}}), encoding="utf-8"
    )
    report = load_catalog(catalog_root)
    assert report.refused == ["en card.suit.s: also in game.json; a key lives in one file"]


def test_broken_english_is_refused(db: None, catalog_root: Path) -> None:
    (catalog_root / "en" / "ui.json").write_text(
        json.dumps(
            {
                "ui.Bad Key": {"text": "x", "note": "n"},
                "ui.broken": {"text": "{count, plural, other {#}}", "note": "n"},
            }
        ),
        encoding="utf-8",
    )
    report = load_catalog(catalog_root)
    assert report.refused == [
        "en ui.Bad Key: A key is lowercase dotted words, e.g. ui.lobby.start or card.rank.A.",
        "en ui.broken: The plural {count} lacks the category one that English needs "
        "(it needs one, other).",
    ]


def test_untranslatable_entries_get_no_rows_and_refuse_translations(
    db: None, catalog_root: Path
) -> None:
    (catalog_root / "en" / "rules.json").write_text(
        json.dumps({"rules.toc": {"text": "intro", "note": "n", "translatable": False}}),
        encoding="utf-8",
    )
    write_catalog(catalog_root, {"de": {**GERMAN, "rules.toc": "einführung"}})
    report = load_catalog(catalog_root)
    assert report.refused == ["de rules.toc: not translated (structure, not text)"]
    assert not Translation.objects.filter(message__key="rules.toc").exists()


def test_the_command_reports_and_is_strict_on_request(db: None, catalog_root: Path) -> None:
    out, err = StringIO(), StringIO()
    call_command("load_catalog", root=catalog_root, stdout=out, stderr=err)
    assert "messages: 4 created" in out.getvalue()
    write_catalog(catalog_root, {"de": {"action.call": "Mitgehen"}})
    call_command("load_catalog", root=catalog_root, stdout=out, stderr=err)
    assert "refused: de action.call: The placeholder {amount} is missing" in err.getvalue()
    with pytest.raises(CommandError, match="1 entries refused"):
        call_command("load_catalog", root=catalog_root, strict=True, stdout=out, stderr=err)


def test_a_changed_english_source_sends_its_translations_back_to_review(
    small_catalog: object, catalog_root: Path
) -> None:
    Translation.objects.filter(message__key="event.called").exclude(text="").update(reviewed=True)
    entry = {"text": "{player} calls {amount} chips", "note": "Feed line."}
    (catalog_root / "en" / "game.json").write_text(
        json.dumps({**ENGLISH, "event.called": entry}), encoding="utf-8"
    )
    report = load_catalog(catalog_root)
    assert report.sources_changed == ["event.called"]
    assert report.stale == []  # the placeholders are the same: the translations still fit
    assert not Translation.objects.filter(message__key="event.called", reviewed=True).exists()


def test_translations_that_no_longer_fit_a_changed_source_are_reported(
    small_catalog: object, catalog_root: Path
) -> None:
    entry = {"text": "{player} calls {chips}", "note": "Feed line."}
    (catalog_root / "en" / "game.json").write_text(
        json.dumps({**ENGLISH, "event.called": entry}), encoding="utf-8"
    )
    out, err = StringIO(), StringIO()
    call_command("load_catalog", root=catalog_root, stdout=out, stderr=err)
    assert (
        "no longer fits its changed English source: de event.called: The placeholder {chips} "
        "was renamed to {amount}" in err.getvalue()
    )
    assert "translations that no longer fit them: 2" in out.getvalue()


def test_only_the_parts_english_has_are_translations(db: None, catalog_root: Path) -> None:
    (catalog_root / "de" / "same_as_english.json").write_text(
        json.dumps({"action.call": "German players say it this way"}), encoding="utf-8"
    )
    report = load_catalog(catalog_root)
    assert report.refused == []
    assert german("action.call").text == "Mitgehen {amount}"
