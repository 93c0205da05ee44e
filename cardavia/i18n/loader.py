"""Loads ``fixtures/i18n/`` into the catalog, never overwriting what a person edited in the admin.

The files:

- ``languages.json``: ``[{"code", "name", "direction", "plural_categories", "order"}]``. A
  language missing from the database is created; one that exists is left as the admin has it
  (enabled or not, renamed or not).
- ``en/<part>.json``: ``{"<key>": {"text": "<English ICU>", "note": "<for translators>"}}``,
  the messages and their English sources.
- ``<code>/<part>.json``: ``{"<key>": "<ICU text>"}``, one language's translations, in the
  parts English has (``ui``, ``game``, ``errors``, ``rules``).

A row is created when missing and updated when its file changed, unless someone edited it in the
admin (``edited_by`` is set): the admin's word wins over the files. A translation loaded or
changed from a file is taken as made for the English loaded with it; one whose English changed
while its own file did not is left as it was, and so is outdated (``Translation.source_text``).
An entry that fails the catalog's checks (a bad key, broken ICU, a placeholder or plural category
wrong, a key no English file has) is refused and reported, and the rest still loads. Every
language ends with one row per message, empty where nothing is translated, so the admin can list
what is missing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from cardavia.i18n import icu
from cardavia.i18n.models import (
    SOURCE_LANGUAGE,
    Language,
    Message,
    Translation,
    default_plural_categories,
    key_validator,
    outdated_translations,
    translation_problems,
)

FIXTURES = Path(settings.BASE_DIR) / "fixtures" / "i18n"
CHANGE_REASON = "Loaded from fixtures/i18n"


@dataclass
class LoadReport:
    """What a load did, and every entry it refused with the reason."""

    languages_created: list[str] = field(default_factory=list)
    messages_created: int = 0
    messages_updated: int = 0
    messages_kept: int = 0  # edited in the admin: not overwritten
    translations_created: int = 0
    translations_updated: int = 0
    translations_kept: int = 0
    refused: list[str] = field(default_factory=list)
    sources_changed: list[str] = field(default_factory=list)  # keys whose English changed
    # Translations of a changed English source that no longer fit it (still served, until fixed).
    stale: list[str] = field(default_factory=list)
    # "<code> <key>" of every translation now made for an older English than its message's.
    outdated: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (
            f"languages created: {len(self.languages_created)}; "
            f"messages: {self.messages_created} created, {self.messages_updated} updated, "
            f"{self.messages_kept} kept (edited in the admin); "
            f"translations: {self.translations_created} created, "
            f"{self.translations_updated} updated, {self.translations_kept} kept "
            f"(edited in the admin); refused: {len(self.refused)}; "
            f"English sources changed: {len(self.sources_changed)}, "
            f"translations that no longer fit them: {len(self.stale)}, "
            f"translations outdated: {len(self.outdated)}"
        )


def read_sources(root: Path = FIXTURES) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """The English messages of every ``en/*.json`` by key (``{"text", "note", "translatable"}``,
    ``translatable`` true unless the file says false), and problems with the files themselves (a
    key in two parts, an entry without text)."""
    messages: dict[str, dict[str, Any]] = {}
    refused: list[str] = []
    where: dict[str, str] = {}
    for path in sorted((root / SOURCE_LANGUAGE).glob("*.json")):
        for key, entry in _read_json(path).items():
            if key in where:
                refused.append(f"en {key}: also in {where[key]}; a key lives in one file")
                continue
            if not isinstance(entry, dict) or not isinstance(entry.get("text"), str):
                refused.append(f"en {key}: expected {{'text': ..., 'note': ...}} in {path.name}")
                continue
            where[key] = path.name
            messages[key] = {
                "text": entry["text"],
                "note": str(entry.get("note", "")),
                "translatable": bool(entry.get("translatable", True)),
            }
    return messages, refused


def read_translations(code: str, root: Path = FIXTURES) -> dict[str, str]:
    """Every entry of ``<code>/<part>.json`` for the parts English has, by key. Other files in
    the folder (such as ``same_as_english.json``, for the tests) are not translations."""
    parts = {path.name for path in (root / SOURCE_LANGUAGE).glob("*.json")}
    found: dict[str, str] = {}
    for path in sorted((root / code).glob("*.json")):
        if path.name in parts:
            found.update(_read_json(path))
    return found


@transaction.atomic
def load_catalog(root: Path = FIXTURES) -> LoadReport:
    report = LoadReport()
    _load_languages(root, report)
    messages = _load_messages(root, report)
    languages = {language.code: language for language in Language.objects.all()}
    for folder in sorted(path for path in root.iterdir() if path.is_dir()):
        code = folder.name
        if code == SOURCE_LANGUAGE:
            continue
        if code not in languages:
            report.refused.append(f"{code}: no such language in languages.json or the admin")
            continue
        _load_translations(languages[code], read_translations(code, root), messages, report)
    ensure_translation_rows()
    report.stale += source_changed(
        [messages[key] for key in report.sources_changed], reason=CHANGE_REASON
    )
    report.outdated = [
        f"{code} {key}"
        for code, key in Translation.objects.filter(outdated_translations())
        .order_by("language__order", "message__key")
        .values_list("language__code", "message__key")
    ]
    return report


def source_changed(messages: list[Message], *, reason: str) -> list[str]:
    """After the English of ``messages`` changed: their translations need a look again (not
    reviewed any more), and those that no longer fit the new source are listed, one line each.
    """
    translations = list(
        Translation.objects.filter(message__in=messages)
        .exclude(text="")
        .select_related("message", "language")
    )
    unreviewed = [t for t in translations if t.reviewed]
    for translation in unreviewed:
        translation.reviewed = False
        translation.updated_at = timezone.now()
    if unreviewed:
        bulk_update_with_history(
            unreviewed,
            Translation,
            ["reviewed", "updated_at"],
            batch_size=500,
            default_change_reason=reason,
        )
    stale = []
    for translation in translations:
        problems = translation_problems(translation.text, translation.message, translation.language)
        if problems:
            key = translation.message.key
            stale.append(f"{translation.language.code} {key}: {' '.join(problems)}")
    return stale


def ensure_translation_rows(language: Language | None = None) -> int:
    """An empty translation for every message a language lacks (all languages but English, or
    just ``language``), so the admin lists what is missing; returns how many it created."""
    languages = (
        [language] if language is not None else list(Language.objects.exclude(code=SOURCE_LANGUAGE))
    )
    message_ids = list(Message.objects.filter(translatable=True).values_list("pk", flat=True))
    created: list[Translation] = []
    for lang in languages:
        if lang.is_source:
            continue
        present = set(
            Translation.objects.filter(language=lang).values_list("message_id", flat=True)
        )
        created += [
            Translation(message_id=pk, language=lang, text="")
            for pk in message_ids
            if pk not in present
        ]
    if created:
        bulk_create_with_history(
            created, Translation, batch_size=500, default_change_reason=CHANGE_REASON
        )
    return len(created)


# --- Steps ----------------------------------------------------------------------------------


def _load_languages(root: Path, report: LoadReport) -> None:
    path = root / "languages.json"
    if not path.exists():
        return
    existing = set(Language.objects.values_list("code", flat=True))
    for entry in _read_json(path, list):
        if entry["code"] in existing:
            continue
        language = Language(
            code=entry["code"],
            name=entry["name"],
            direction=entry.get("direction", "ltr"),
            plural_categories=entry.get("plural_categories", default_plural_categories()),
            order=entry.get("order", 100),
            enabled=entry.get("enabled", True),
        )
        try:
            language.full_clean()
        except ValidationError as error:
            report.refused.append(f"languages.json {entry['code']}: {_reasons(error)}")
            continue
        language._change_reason = CHANGE_REASON  # type: ignore[attr-defined]
        language.save()
        report.languages_created.append(language.code)


def _load_messages(root: Path, report: LoadReport) -> dict[str, Message]:
    sources, refused = read_sources(root)
    report.refused += refused
    now = timezone.now()
    existing = {message.key: message for message in Message.objects.all()}
    created: list[Message] = []
    updated: list[Message] = []
    for key, entry in sources.items():
        problems = _key_problems(key) or icu.problems(
            entry["text"], source=None, categories=default_plural_categories(), language="English"
        )
        if problems:
            report.refused.append(f"en {key}: {' '.join(problems)}")
            continue
        message = existing.get(key)
        fields = {name: entry[name] for name in ("text", "note", "translatable")}
        if message is None:
            created.append(Message(key=key, **fields))
            continue
        differs = any(getattr(message, name) != value for name, value in fields.items())
        if message.edited_by_id is not None:
            report.messages_kept += differs
        elif differs:
            if message.text != fields["text"]:
                report.sources_changed.append(key)
            for name, value in fields.items():
                setattr(message, name, value)
            message.updated_at = now
            updated.append(message)
    if created:
        bulk_create_with_history(
            created, Message, batch_size=500, default_change_reason=CHANGE_REASON
        )
    if updated:
        bulk_update_with_history(
            updated,
            Message,
            ["text", "note", "translatable", "updated_at"],
            batch_size=500,
            default_change_reason=CHANGE_REASON,
        )
    report.messages_created += len(created)
    report.messages_updated += len(updated)
    return {message.key: message for message in Message.objects.all()}


def _load_translations(
    language: Language,
    entries: dict[str, Any],
    messages: dict[str, Message],
    report: LoadReport,
) -> None:
    now = timezone.now()
    existing = {
        translation.message_id: translation
        for translation in Translation.objects.filter(language=language)
    }
    created: list[Translation] = []
    updated: list[Translation] = []
    for key, text in entries.items():
        message = messages.get(key)
        if message is None:
            report.refused.append(f"{language.code} {key}: no English message has this key")
            continue
        if not message.translatable:
            report.refused.append(f"{language.code} {key}: not translated (structure, not text)")
            continue
        if not isinstance(text, str):
            report.refused.append(f"{language.code} {key}: expected a string")
            continue
        problems = translation_problems(text, message, language)
        if problems:
            report.refused.append(f"{language.code} {key}: {' '.join(problems)}")
            continue
        translation = existing.get(message.pk)
        if translation is None:
            created.append(
                Translation(message=message, language=language, text=text, source_text=message.text)
            )
        elif translation.edited_by_id is not None:
            report.translations_kept += translation.text != text
        elif translation.text != text:
            translation.text, translation.updated_at = text, now
            translation.reviewed = False
            translation.source_text = message.text
            updated.append(translation)
    if created:
        bulk_create_with_history(
            created, Translation, batch_size=500, default_change_reason=CHANGE_REASON
        )
    if updated:
        bulk_update_with_history(
            updated,
            Translation,
            ["text", "reviewed", "source_text", "updated_at"],
            batch_size=500,
            default_change_reason=CHANGE_REASON,
        )
    report.translations_created += len(created)
    report.translations_updated += len(updated)


def _key_problems(key: str) -> list[str]:
    try:
        key_validator(key)
    except ValidationError as error:
        return list(error.messages)
    return []


def _reasons(error: ValidationError) -> str:
    return " ".join(error.messages)


def _read_json(path: Path, kind: type = dict) -> Any:
    with path.open(encoding="utf-8") as file:
        content = json.load(file)
    if not isinstance(content, kind):
        raise ValueError(f"{path}: expected a JSON {'object' if kind is dict else 'list'}")
    return content
