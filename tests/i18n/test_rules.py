"""docs/rules.md split into catalog entries, and manage.py rules_to_catalog."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from cardavia.i18n.rules import RulesFormatError, catalog_entries, sections

DOCUMENT = """# The rules

Welcome.

## First game {#first}

About the first game.

### Betting {#first-betting}

- You may **check**.
- Or bet.

Another paragraph.


### Ending {#first-ending}

It ends.

## Second game {#second}

### Cards {#second-cards}

Two decks.
"""


def test_sections_follow_the_headings() -> None:
    found = sections(DOCUMENT)
    assert [(s.anchor, s.level, s.title) for s in found] == [
        ("intro", 1, "The rules"),
        ("first", 2, "First game"),
        ("first-betting", 3, "Betting"),
        ("first-ending", 3, "Ending"),
        ("second", 2, "Second game"),
        ("second-cards", 3, "Cards"),
    ]
    assert found[2].body == "- You may **check**.\n- Or bet.\n\nAnother paragraph."
    assert found[4].body == ""


def test_catalog_entries_with_the_table_of_contents() -> None:
    entries = catalog_entries(DOCUMENT)
    texts = {key: entry["text"] for key, entry in entries.items()}
    assert texts["rules.intro.title"] == "The rules"
    assert texts["rules.intro.body"] == "Welcome."
    assert texts["rules.first-betting.title"] == "Betting"
    assert texts["rules.toc"] == "intro first second"
    assert texts["rules.first.sections"] == "first-betting first-ending"
    assert texts["rules.second.sections"] == "second-cards"
    assert entries["rules.toc"]["translatable"] is False
    assert all(entry["note"] for entry in entries.values())
    assert "translatable" not in entries["rules.first.body"]


@pytest.mark.parametrize(
    ("document", "problem"),
    [
        ("# T\n\n## No anchor\n", "line 3: the heading 'No anchor' has no {#anchor}"),
        ("Text first\n# T\n", "line 1: text before the page title"),
        ("# T\n## A {#a}\n## B {#a}\n", "anchors used twice: a"),
        ("# T\n# U\n", "line 2: a second page title"),
        ("# T\n#### Deep {#deep}\n", "line 2: headings go three levels deep at most"),
    ],
)
def test_a_document_without_the_shape_is_refused(document: str, problem: str) -> None:
    with pytest.raises(RulesFormatError, match=problem.replace("{", r"\{").replace("}", r"\}")):
        sections(document)


def test_the_command_writes_and_checks(tmp_path: Path) -> None:
    source, output = tmp_path / "rules.md", tmp_path / "en" / "rules.json"
    source.write_text(DOCUMENT, encoding="utf-8")
    with pytest.raises(CommandError, match="out of date"):
        call_command("rules_to_catalog", source=source, output=output, check=True)
    call_command("rules_to_catalog", source=source, output=output, stdout=StringIO())
    assert json.loads(output.read_text(encoding="utf-8")) == catalog_entries(DOCUMENT)
    out = StringIO()
    call_command("rules_to_catalog", source=source, output=output, check=True, stdout=out)
    assert "up to date" in out.getvalue()
    source.write_text(DOCUMENT.replace("It ends.", "It ends here."), encoding="utf-8")
    with pytest.raises(CommandError, match="out of date"):
        call_command("rules_to_catalog", source=source, output=output, check=True)


def test_every_rules_body_of_the_real_document_is_valid_icu() -> None:
    from cardavia.i18n import icu
    from cardavia.i18n.rules import RULES_DOCUMENT

    for key, entry in catalog_entries(RULES_DOCUMENT.read_text(encoding="utf-8")).items():
        assert icu.problems(entry["text"], source=None, categories=["one", "other"]) == [], key
