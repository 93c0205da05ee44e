"""A language's catalog as a PO or XLIFF 1.2 file for a translator's tool, and back.

PO (written and read by polib): one entry per message, ``msgctxt`` the key, ``msgid`` the English
source, ``msgstr`` the translation, the translator's note as an extracted comment (``#.``), and
``fuzzy`` on translations nobody has reviewed. An outdated translation (made for an English text
the message no longer has) is fuzzy too, with that older English as gettext's previous msgid
(``#| msgid``), as ``msgmerge`` writes it. ICU plurals stay inside the strings (gettext's own
plural forms are not used), as in every ICU-based PO workflow.

XLIFF 1.2 (written and read with the standard library): one ``trans-unit`` per message, ``id`` and
``resname`` the key, ``<source>`` the English, ``<target>`` the translation, ``<note>`` the
translator's note, ``approved="yes"`` and ``state="final"`` on reviewed ones. An outdated one has
``state="needs-review-translation"`` and its older English in an ``<alt-trans
alttranstype="previous-version">``.

Either way the state comes back: importing the file unchanged leaves an outdated translation
outdated; clearing ``fuzzy`` (or setting another state) says the translator checked it against
today's English. The upload comes from staff only, and
Python's expat refuses entity-expansion bombs and ElementTree never fetches external entities.

An import checks every entry on its own (:func:`import_entries`): a broken one is refused with
the reason and the others are still saved; the report lists what changed, from what to what.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

import polib
from django.db import transaction
from django.utils import timezone

from cardavia.i18n.models import Language, Message, Translation, edit_problems

XLIFF_NS = "urn:oasis:names:tc:xliff:document:1.2"
XML_NS = "http://www.w3.org/XML/1998/namespace"
REVIEWED_XLIFF_STATES = frozenset({"final", "signed-off"})
OUTDATED_XLIFF_STATE = "needs-review-translation"
PREVIOUS_VERSION = "previous-version"


class UnreadableFile(ValueError):
    """The upload is not a PO or XLIFF file we can read; the message says why."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One translation read from a file."""

    key: str
    text: str
    reviewed: bool
    source: str | None = None  # the English the translator saw, when the file carries it
    # The older English the translation was made for, when the file marks it outdated.
    translated_from: str | None = None


@dataclass(frozen=True, slots=True)
class Change:
    key: str
    before: str
    after: str
    reviewed: bool


@dataclass
class ImportReport:
    changed: list[Change] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)  # (key, reason)
    unchanged: int = 0
    empty: int = 0  # entries the file leaves untranslated: the catalog keeps what it has
    source_changed: list[str] = field(default_factory=list)  # translated from an older English


# --- Export ---------------------------------------------------------------------------------


def _rows(language: Language) -> list[tuple[Message, Translation | None]]:
    translations = {
        t.message_id: t for t in Translation.objects.filter(language=language).order_by()
    }
    messages = Message.objects.filter(translatable=True).order_by("key")
    return [(m, translations.get(m.pk)) for m in messages]


def export_po(language: Language) -> bytes:
    po = polib.POFile(wrapwidth=0)
    po.metadata = {
        "Project-Id-Version": "Cardavia",
        "Language": language.code,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "X-Cardavia-Plural-Categories": " ".join(language.plural_categories),
    }
    for message, translation in _rows(language):
        text = translation.text if translation else ""
        entry = polib.POEntry(msgctxt=message.key, msgid=message.text, msgstr=text)
        entry.comment = message.note
        if translation and translation.outdated:
            entry.previous_msgid = translation.source_text
        if text and not (translation and translation.reviewed and not translation.outdated):
            entry.flags.append("fuzzy")
        po.append(entry)
    return str(po).encode("utf-8")


def export_xliff(language: Language) -> bytes:
    ET.register_namespace("", XLIFF_NS)
    root = ET.Element(_q("xliff"), {"version": "1.2"})
    file = ET.SubElement(
        root,
        _q("file"),
        {
            "original": "cardavia",
            "source-language": "en",
            "target-language": language.code,
            "datatype": "plaintext",
            "product-name": "Cardavia",
        },
    )
    body = ET.SubElement(file, _q("body"))
    for message, translation in _rows(language):
        text = translation.text if translation else ""
        outdated = bool(translation and translation.outdated)
        reviewed = bool(translation and translation.reviewed and text) and not outdated
        unit = ET.SubElement(
            body,
            _q("trans-unit"),
            {
                "id": message.key,
                "resname": message.key,
                "approved": "yes" if reviewed else "no",
                f"{{{XML_NS}}}space": "preserve",
            },
        )
        ET.SubElement(unit, _q("source")).text = message.text
        if text:
            state = OUTDATED_XLIFF_STATE if outdated else "final" if reviewed else "translated"
            ET.SubElement(unit, _q("target"), {"state": state}).text = text
        if translation and outdated:
            previous = ET.SubElement(unit, _q("alt-trans"), {"alttranstype": PREVIOUS_VERSION})
            ET.SubElement(previous, _q("source")).text = translation.source_text
            ET.SubElement(previous, _q("target")).text = text
        if message.note:
            ET.SubElement(unit, _q("note"), {"from": "developer"}).text = message.note
    ET.indent(root)
    # typeshed: bytes for any encoding but "unicode", which it can only say as Any.
    document: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    return document + b"\n"


# --- Import ---------------------------------------------------------------------------------


def read_file(name: str, content: bytes) -> list[Entry]:
    """The entries of an uploaded PO or XLIFF file (by extension, else by a look inside)."""
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UnreadableFile(f"{name} is not UTF-8 text ({error.reason}).") from None
    lowered = name.lower()
    named_po = lowered.endswith((".po", ".pot"))
    if lowered.endswith((".xlf", ".xliff")) or (not named_po and text.lstrip().startswith("<")):
        return read_xliff(text)
    return read_po(text)


def read_po(text: str) -> list[Entry]:
    try:
        po = polib.pofile(text)
    except (OSError, ValueError) as error:
        raise UnreadableFile(f"Not a PO file polib can read: {error}") from None
    entries = []
    for entry in po:
        if entry.obsolete:
            continue
        if not entry.msgctxt:
            raise UnreadableFile(
                f"The entry {entry.msgid[:40]!r} has no msgctxt: Cardavia's PO files carry the "
                "key there (export one to see the shape)."
            )
        fuzzy = "fuzzy" in entry.flags
        entries.append(
            Entry(
                key=entry.msgctxt,
                text=entry.msgstr,
                reviewed=not fuzzy,
                source=entry.msgid,
                translated_from=entry.previous_msgid if fuzzy and entry.previous_msgid else None,
            )
        )
    return entries


def read_xliff(text: str) -> list[Entry]:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        raise UnreadableFile(f"Not well-formed XML: {error}") from None
    if _local(root.tag) != "xliff":
        raise UnreadableFile(f"The root element is <{_local(root.tag)}>, not <xliff>.")
    entries = []
    for unit in root.iter():
        if _local(unit.tag) != "trans-unit":
            continue
        key = unit.get("resname") or unit.get("id")
        if not key:
            raise UnreadableFile("A trans-unit has neither resname nor id.")
        source = _child(unit, "source")
        target = _child(unit, "target")
        # Tools may wrap parts of a target in inline elements (<g>, <mrk>): keep their text.
        translated = "".join(target.itertext()) if target is not None else ""
        state = target.get("state", "") if target is not None else ""
        outdated = state == OUTDATED_XLIFF_STATE
        entries.append(
            Entry(
                key=key,
                text=translated,
                reviewed=not outdated
                and (unit.get("approved") == "yes" or state in REVIEWED_XLIFF_STATES),
                source="".join(source.itertext()) if source is not None else None,
                translated_from=_previous_source(unit) if outdated else None,
            )
        )
    return entries


@transaction.atomic
def import_entries(language: Language, entries: list[Entry], user: Any) -> ImportReport:
    """Save each valid entry as ``user``'s edit; refuse the others one by one, with the reason."""
    report = ImportReport()
    if language.is_source:
        report.refused.append(("*", "English is the source: edit the messages instead."))
        return report
    messages = {message.key: message for message in Message.objects.all()}
    translations = {t.message_id: t for t in Translation.objects.filter(language=language)}
    seen: set[str] = set()
    for entry in entries:
        message = messages.get(entry.key)
        if message is None:
            report.refused.append((entry.key, "No message has this key."))
            continue
        if not message.translatable:
            report.refused.append((entry.key, "Not translated: every language uses it as it is."))
            continue
        if entry.key in seen:
            report.refused.append((entry.key, "The file has this key twice; the first was used."))
            continue
        seen.add(entry.key)
        if not entry.text.strip():
            report.empty += 1
            continue
        # The English the translation was made for: the older one an outdated entry names, else
        # the one the file was exported with. Its terms are the ones the translation must keep.
        translated_from = entry.translated_from or entry.source or message.text
        problems = edit_problems(entry.text, message, language, english=translated_from)
        if problems:
            report.refused.append((entry.key, " ".join(problems)))
            continue
        reviewed = entry.reviewed
        if translated_from != message.text:
            # Translated from an older English text: keep it, outdated, for someone to look again.
            report.source_changed.append(entry.key)
            reviewed = False
        translation = translations.get(message.pk)
        if translation is None:
            translation = Translation(message=message, language=language)
        if (translation.text, translation.reviewed, translation.source_text) == (
            entry.text,
            reviewed,
            translated_from,
        ):
            report.unchanged += 1
            continue
        before = translation.text
        translation.text, translation.reviewed = entry.text, reviewed
        translation.source_text = translated_from
        translation.edited_by, translation.edited_at = user, timezone.now()
        translation._change_reason = "Imported from a file"  # type: ignore[attr-defined]
        translation.save()
        report.changed.append(Change(entry.key, before, entry.text, reviewed))
    return report


def _q(tag: str) -> str:
    return f"{{{XLIFF_NS}}}{tag}"


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _child(element: ET.Element, name: str) -> ET.Element | None:
    return next((child for child in element if _local(child.tag) == name), None)


def _previous_source(unit: ET.Element) -> str | None:
    """The English of the unit's previous version, when the file keeps one."""
    for child in unit:
        if _local(child.tag) == "alt-trans" and child.get("alttranstype") == PREVIOUS_VERSION:
            source = _child(child, "source")
            if source is not None:
                return "".join(source.itertext())
    return None
