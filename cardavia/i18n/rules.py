"""docs/rules.md as catalog entries: the English source of the client's "Full rules" view.

The document is split at its headings, each of which carries a stable anchor
(``### Betting {#holdem-betting}``):

- ``rules.intro.title`` / ``rules.intro.body``: the page title (``#``) and the text before the
  first section;
- ``rules.<anchor>.title`` / ``rules.<anchor>.body``: each section's heading and its text up to
  the next heading (a game's own introduction for a ``##`` section);
- ``rules.toc``: the top-level sections in order, ``intro`` first (``"intro holdem updown"``),
  and ``rules.<anchor>.sections``: a game's subsections in order. These two are structure the
  client reads, not text: not translatable, served as they are in every language.

Bodies keep the document's Markdown subset (paragraphs, ``-`` lists, ``**bold**``). They are ICU
messages like every other entry, so a literal brace would need ICU quoting; the rules have none.

``manage.py rules_to_catalog`` writes ``fixtures/i18n/en/rules.json`` from the document; a test
fails when the file is out of date with it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings

RULES_DOCUMENT = Path(settings.BASE_DIR) / "docs" / "rules.md"
RULES_CATALOG = Path(settings.BASE_DIR) / "fixtures" / "i18n" / "en" / "rules.json"

INTRO = "intro"
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*(?:\{#([A-Za-z0-9_-]+)\})?\s*$")


class RulesFormatError(ValueError):
    """docs/rules.md does not have the shape the catalog needs; the message says where."""


@dataclass(frozen=True, slots=True)
class Section:
    anchor: str
    level: int  # 1 for the page, 2 for a game, 3 for a game's section
    title: str
    body: str


def sections(markdown: str) -> list[Section]:
    """The document's sections in order; the page's own (``#``) is ``intro``."""
    found: list[Section] = []
    heading: tuple[str, int, str] | None = None
    lines: list[str] = []

    def close() -> None:
        if heading is not None:
            anchor, level, title = heading
            found.append(Section(anchor, level, title, _paragraphs(lines)))

    for number, line in enumerate(markdown.splitlines(), start=1):
        match = _HEADING.match(line)
        if match is None:
            if heading is None and line.strip():
                raise RulesFormatError(f"line {number}: text before the page title")
            lines.append(line)
            continue
        close()
        marks, title, anchor = match.groups()
        level = len(marks)
        if level == 1:
            if found or heading is not None:
                raise RulesFormatError(f"line {number}: a second page title")
            anchor = INTRO
        elif anchor is None:
            raise RulesFormatError(f"line {number}: the heading {title!r} has no {{#anchor}}")
        elif level > 3:
            raise RulesFormatError(f"line {number}: headings go three levels deep at most")
        heading, lines = (anchor, level, title), []
    close()
    anchors = [section.anchor for section in found]
    repeated = sorted({anchor for anchor in anchors if anchors.count(anchor) > 1})
    if repeated:
        raise RulesFormatError(f"anchors used twice: {', '.join(repeated)}")
    if not found or found[0].anchor != INTRO:
        raise RulesFormatError("the document starts with its title, '# ...'")
    return found


def catalog_entries(markdown: str) -> dict[str, dict[str, Any]]:
    """The English catalog entries for the rules, in document order."""
    entries: dict[str, dict[str, Any]] = {}
    top: list[str] = []
    children: dict[str, list[str]] = {}
    parent = INTRO
    for section in sections(markdown):
        if section.level <= 2:
            top.append(section.anchor)
            parent = section.anchor
        else:
            children.setdefault(parent, []).append(section.anchor)
        where = f"docs/rules.md #{section.anchor}"
        entries[f"rules.{section.anchor}.title"] = {
            "text": section.title,
            "note": f"The heading of the rules section {section.title!r} ({where}).",
        }
        entries[f"rules.{section.anchor}.body"] = {
            "text": section.body,
            "note": (
                f"The text of the rules section {section.title!r} ({where}). Markdown: keep the "
                "blank lines between paragraphs, the '- ' list items and the **bold** marks; "
                "use your language's own card-room terms."
            ),
        }
    entries["rules.toc"] = {
        "text": " ".join(top),
        "note": "Not translated: the order of the rules' top-level sections, for the client.",
        "translatable": False,
    }
    for anchor, anchors in children.items():
        entries[f"rules.{anchor}.sections"] = {
            "text": " ".join(anchors),
            "note": f"Not translated: the order of the sections under {anchor!r}, for the client.",
            "translatable": False,
        }
    return entries


def render(entries: dict[str, dict[str, Any]]) -> str:
    return json.dumps(entries, ensure_ascii=False, indent=2) + "\n"


def _paragraphs(lines: list[str]) -> str:
    # Trailing spaces and runs of blank lines carry no meaning in the Markdown subset we keep.
    text = "\n".join(line.rstrip() for line in lines).strip()
    return re.sub(r"\n{3,}", "\n\n", text)
