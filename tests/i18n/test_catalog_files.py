"""The catalog files in fixtures/i18n/ against the code that uses them.

- Every error code the API can send has ``error.<code>`` in English, using only its params.
- Every key the web client asks for exists in English, and every English key is translated in
  every enabled language, without merely repeating the English: a text without letters (a card
  corner "10", a separator, a bare "{street}") may by rule; a word kept as in English must be
  listed in ``fixtures/i18n/same_as_english.json`` or the language's own, with the reason.
- Every file loads without a refusal (valid ICU, placeholders and plural categories), every
  English entry has a note for translators, and ``en/rules.json`` is docs/rules.md's current text.

The completeness tests fail until the translators have finished; that is what they are for.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cardavia.i18n import icu
from cardavia.i18n.loader import FIXTURES, load_catalog, read_sources, read_translations
from cardavia.i18n.models import SOURCE_LANGUAGE
from cardavia.i18n.rules import RULES_CATALOG, RULES_DOCUMENT, catalog_entries, render
from tests.i18n.error_codes import DRF_CODES, ROOT, error_codes

CLIENT_SOURCES = ROOT / "frontend" / "static"
SAME_AS_ENGLISH = FIXTURES / "same_as_english.json"

# t("ui.x"), has('card.rank.A'), t(`card.rank.${r}`): the key is the first argument's literal.
_CLIENT_CALL = re.compile(r"(?<![\w$])(?:t|has)\(\s*(?P<quote>[\"'`])(?P<key>.*?)(?P=quote)")
_KEY_SHAPE = re.compile(r"^[a-z][a-z0-9_]*(\.([A-Za-z0-9_-]+|\$\{[^}]*\}))+$")


@cache
def english() -> dict[str, dict[str, Any]]:
    sources, problems = read_sources(FIXTURES)
    assert problems == [], problems
    return sources


@cache
def languages() -> list[dict[str, Any]]:
    return json.loads((FIXTURES / "languages.json").read_text(encoding="utf-8"))


def translated_languages() -> list[str]:
    return [
        entry["code"]
        for entry in languages()
        if entry["code"] != SOURCE_LANGUAGE and entry.get("enabled", True)
    ]


def client_keys() -> tuple[set[str], set[str]]:
    """The keys the client's modules name: literal ones, and patterns with ``${...}`` parts."""
    literal: set[str] = set()
    patterns: set[str] = set()
    for path in sorted(CLIENT_SOURCES.rglob("*.js")):
        if "vendor" in path.parts:
            continue
        for match in _CLIENT_CALL.finditer(path.read_text(encoding="utf-8")):
            key = match["key"]
            if not _KEY_SHAPE.match(key):
                continue
            (patterns if "${" in key else literal).add(key)
    return literal, patterns


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\$\{[^}]*\}", template)
    return re.compile("[^.]+".join(re.escape(part) for part in parts) + "$")


# --- English ---------------------------------------------------------------------------------


def test_every_error_code_the_api_sends_has_an_english_message() -> None:
    missing = sorted(code for code in error_codes() if f"error.{code}" not in english())
    assert missing == [], f"add error.<code> to fixtures/i18n/en/errors.json for: {missing}"


def test_error_messages_use_only_the_params_their_code_sends() -> None:
    wrong = {}
    for code, params in error_codes().items():
        entry = english().get(f"error.{code}")
        if entry is None or code in DRF_CODES or not params:
            continue
        used = {argument.name for argument in icu.arguments(entry["text"])}
        if used - params:
            wrong[code] = sorted(used - params)
    assert wrong == {}, f"placeholders that no raise site sends: {wrong}"


def test_the_collector_finds_codes_in_every_shape_of_raise_site(tmp_path: Path) -> None:
    package = tmp_path / "games"
    package.mkdir()
    (package / "refusals.py").write_text(
        "from enum import StrEnum\n"
        "class ErrorCode(StrEnum):\n"
        "    CANNOT_BET = 'cannot_bet'\n"
        "def f(x):\n"
        "    raise IllegalAction(\n        'not_your_turn', 'msg', seat=1, to_act=2\n    )\n"
        "def g():\n"
        "    return refuse(ErrorCode.CANNOT_BET, to_call=3)\n"
        "class Gone(ApplicationError):\n"
        "    def __init__(self):\n"
        "        super().__init__('gone', 'msg', thing=1)\n",
        encoding="utf-8",
    )
    for name in ("bots", "cardavia"):
        (tmp_path / name).mkdir()
    found = error_codes(tmp_path)
    assert found["not_your_turn"] == {"seat", "to_act"}
    assert found["cannot_bet"] == {"to_call"}
    assert found["gone"] == {"thing"}
    assert set(found) >= DRF_CODES


def test_every_key_the_client_names_exists_in_english() -> None:
    literal, patterns = client_keys()
    keys = set(english())
    assert literal, "no t(...) call found in frontend/static: has the client moved?"
    assert sorted(literal - keys) == []
    unmatched = sorted(p for p in patterns if not any(_pattern(p).match(k) for k in keys))
    assert unmatched == [], f"no English key fits these client key patterns: {unmatched}"


# The client's own error codes: { code: "catalog_unavailable", ... } shown through error.<code>.
_CLIENT_ERROR = re.compile(r"(?:\berror\s*=\s*|setError\(\s*)\{\s*code:\s*\"(?P<code>[a-z_]+)\"")


def test_every_error_code_the_client_raises_itself_has_an_english_message() -> None:
    codes = {
        match["code"]
        for path in sorted(CLIENT_SOURCES.rglob("*.js"))
        if "vendor" not in path.parts
        for match in _CLIENT_ERROR.finditer(path.read_text(encoding="utf-8"))
    }
    assert "catalog_unavailable" in codes
    assert sorted(code for code in codes if f"error.{code}" not in english()) == []


def test_every_english_entry_has_a_note_for_translators() -> None:
    assert sorted(key for key, entry in english().items() if not entry["note"].strip()) == []


def test_rules_json_is_docs_rules_md() -> None:
    expected = render(catalog_entries(RULES_DOCUMENT.read_text(encoding="utf-8")))
    assert RULES_CATALOG.read_text(encoding="utf-8") == expected, (
        "fixtures/i18n/en/rules.json is out of date with docs/rules.md: "
        "run .venv/bin/python manage.py rules_to_catalog"
    )


def test_the_fixtures_load_without_a_refusal(db: None) -> None:
    report = load_catalog(FIXTURES)
    assert report.refused == []
    assert report.messages_created == len(english())


# --- Every other language --------------------------------------------------------------------


@pytest.mark.parametrize("code", translated_languages())
def test_every_key_is_translated(code: str) -> None:
    translations = read_translations(code)
    missing = sorted(
        key
        for key, entry in english().items()
        if entry["translatable"] and not str(translations.get(key, "")).strip()
    )
    assert missing == [], f"{code}: {len(missing)} keys untranslated, e.g. {missing[:15]}"


@pytest.mark.parametrize("code", translated_languages())
def test_every_translated_key_is_an_english_key(code: str) -> None:
    unknown = sorted(set(read_translations(code)) - set(english()))
    assert unknown == []


@pytest.mark.parametrize("code", translated_languages())
def test_translations_do_not_merely_repeat_english(code: str) -> None:
    allowed = same_as_english(code)
    repeated = sorted(
        key
        for key, text in read_translations(code).items()
        if key in english()
        and text == english()[key]["text"]
        and key not in allowed
        and _has_words(text)
    )
    assert repeated == [], (
        f"{code}: these repeat the English source; translate them, or list each in "
        f"fixtures/i18n/{code}/same_as_english.json with the reason ({{key: reason}}): {repeated}"
    )


def same_as_english(code: str) -> set[str]:
    """Keys a language may leave as in English, each with its reason: those for every language
    (``fixtures/i18n/same_as_english.json``) and its own (``fixtures/i18n/<code>/``)."""
    allowed: set[str] = set()
    for path in (SAME_AS_ENGLISH, FIXTURES / code / SAME_AS_ENGLISH.name):
        if not path.exists():
            continue
        listed = json.loads(path.read_text(encoding="utf-8"))
        no_reason = [key for key, reason in listed.items() if not str(reason).strip()]
        assert no_reason == [], f"{path}: give a reason for {no_reason}"
        allowed |= set(listed)
    return allowed


def _has_words(text: str) -> bool:
    """Whether the text shows letters besides its placeholders: "10", ", ", "{street}" or
    "({sign, select, up {+{amount, number}} ...})" have none, so they may be as in English by
    rule, with no entry in an allow-list."""
    try:
        return icu.has_words(text)
    except icu.MessageSyntaxError:
        return True  # the loader refuses it; here it is simply not exempt


def allow_listed() -> list[tuple[str, str]]:
    """Every (file, key) of the same-as-English lists, the shared one and each language's."""
    paths = [
        SAME_AS_ENGLISH,
        *(FIXTURES / code / SAME_AS_ENGLISH.name for code in translated_languages()),
    ]
    return [
        (f"{path.parent.name}/{path.name}", key)
        for path in paths
        if path.exists()
        for key in json.loads(path.read_text(encoding="utf-8"))
    ]


def test_same_as_english_lists_only_real_keys() -> None:
    assert sorted(f"{name}: {key}" for name, key in allow_listed() if key not in english()) == []


def test_same_as_english_lists_only_texts_with_words() -> None:
    """A text without letters passes by rule; listing it too would only hide the rule."""
    covered = sorted(
        f"{name}: {key}"
        for name, key in allow_listed()
        if key in english() and not _has_words(english()[key]["text"])
    )
    assert covered == []


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("10", False),
        (", ", False),
        ("{street}", False),
        ("{game} · {level} · {date}", False),
        ("({sign, select, up {+{amount, number}} other {−{amount, number}}})", False),
        ("{count, plural, one {#} other {#}}", False),
        ("UP {up, number} · DOWN {down, number}", True),
        ("{pot, select, 0 {} other {Pot}}", True),
    ],
)
def test_a_text_without_letters_may_be_as_in_english_by_rule(text: str, words: bool) -> None:
    assert _has_words(text) is words
