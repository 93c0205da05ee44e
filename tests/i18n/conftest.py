"""A small catalog on disk for the i18n tests, loaded through the real loader.

``small_catalog`` writes fixtures/i18n-shaped files into a temporary folder (English sources,
German and Arabic translations, one German entry left untranslated) and loads them, so a test
reads what ``make run`` would load, at a size where every row is known.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User

from cardavia.i18n.loader import LoadReport, load_catalog

LANGUAGES = [
    {
        "code": "en",
        "name": "English",
        "direction": "ltr",
        "plural_categories": ["one", "other"],
        "order": 0,
    },
    {
        "code": "de",
        "name": "Deutsch",
        "direction": "ltr",
        "plural_categories": ["one", "other"],
        "order": 20,
    },
    {
        "code": "ar",
        "name": "العربية",
        "direction": "rtl",
        "plural_categories": ["zero", "one", "two", "few", "many", "other"],
        "order": 30,
    },
    {
        "code": "vi",
        "name": "Tiếng Việt",
        "direction": "ltr",
        "plural_categories": ["other"],
        "order": 50,
    },
]

ENGLISH = {
    "action.call": {"text": "Call {amount}", "note": "Button: call, with the chips it costs."},
    "card.suit.s": {"text": "spades", "note": "The suit ♠."},
    "event.called": {"text": "{player} calls {amount}", "note": "Feed line."},
    "ui.chips": {
        "text": "{count, plural, one {# chip} other {# chips}}",
        "note": "A number of chips.",
    },
}

GERMAN = {
    "action.call": "Mitgehen {amount}",
    "event.called": "{player} geht mit {amount}",
    "ui.chips": "{count, plural, one {# Chip} other {# Chips}}",
}

ARABIC = {
    "action.call": "مجاراة {amount}",
    "card.suit.s": "بستوني",
    "event.called": "{player} يجاري {amount}",
    "ui.chips": (
        "{count, plural, zero {لا رقائق} one {رقاقة واحدة} two {رقاقتان} "
        "few {# رقائق} many {# رقاقة} other {# رقاقة}}"
    ),
}


def write_catalog(root: Path, translations: dict[str, dict[str, Any]] | None = None) -> Path:
    (root / "en").mkdir(parents=True, exist_ok=True)
    (root / "languages.json").write_text(json.dumps(LANGUAGES), encoding="utf-8")
    (root / "en" / "game.json").write_text(json.dumps(ENGLISH), encoding="utf-8")
    for code, entries in (translations or {"de": GERMAN, "ar": ARABIC}).items():
        (root / code).mkdir(exist_ok=True)
        (root / code / "game.json").write_text(
            json.dumps(entries, ensure_ascii=False), encoding="utf-8"
        )
    return root


@pytest.fixture
def catalog_root(tmp_path: Path) -> Path:
    return write_catalog(tmp_path / "i18n")


@pytest.fixture
def small_catalog(db: None, catalog_root: Path) -> LoadReport:
    report = load_catalog(catalog_root)
    assert report.refused == []
    return report


def staff(username: str, *permissions: str) -> User:
    """A staff user with exactly these ``app_label.codename`` permissions."""
    user = User.objects.create_user(username, is_staff=True)  # no password: tests log in directly
    for name in permissions:
        app_label, codename = name.split(".")
        user.user_permissions.add(
            Permission.objects.get(content_type__app_label=app_label, codename=codename)
        )
    return user


@pytest.fixture
def translator(db: None) -> User:
    return staff(
        "translator", "i18n.view_translation", "i18n.change_translation", "i18n.view_language"
    )


@pytest.fixture
def viewer(db: None) -> User:
    return staff("viewer", "i18n.view_translation", "i18n.view_language")
