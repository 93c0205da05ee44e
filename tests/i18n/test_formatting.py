"""The server's ICU formatter (the admin's hand histories) gives what the client's ``icu.js``
gives: selects, plurals and ordinals by each language's CLDR rules, numbers with its thousands
separator, values and text passed through the caller's escaping (tests/e2e/test_backoffice.py
also compares it with icu.js in Chromium)."""

from __future__ import annotations

import pytest

from cardavia.i18n.formatting import cardinal, format_message, format_number, ordinal


@pytest.mark.parametrize(
    ("n", "category"),
    [
        (0, "zero"),
        (1, "one"),
        (2, "two"),
        (3, "few"),
        (10, "few"),
        (11, "many"),
        (99, "many"),
        (100, "other"),
        (102, "other"),
        (103, "few"),
        (111, "many"),
        (1000, "other"),
    ],
)
def test_arabic_has_six_plural_categories(n: int, category: str) -> None:
    assert cardinal("ar", n) == category


@pytest.mark.parametrize(
    ("language", "n", "category"),
    [
        ("en", 1, "one"),
        ("en", 0, "other"),
        ("en", 2, "other"),
        ("de", 1, "one"),
        ("fi", 5, "other"),
        ("ms", 1, "other"),
        ("vi", 1, "other"),
    ],
)
def test_cardinal_categories(language: str, n: int, category: str) -> None:
    assert cardinal(language, n) == category


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
        (101, "101st"),
        (111, "111th"),
    ],
)
def test_english_ordinals(n: int, text: str) -> None:
    place = "{place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}"
    assert format_message(place, {"place": n}, "en") == text


def test_other_languages_ordinals() -> None:
    assert ordinal("vi", 1) == "one" and ordinal("vi", 2) == "other"
    assert ordinal("de", 1) == "other" and ordinal("ar", 3) == "other"


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("en", "1,234,567"),
        ("ms", "1,234,567"),
        ("de", "1.234.567"),
        ("vi", "1.234.567"),
        ("fi", "1\u00a0234\u00a0567"),
        ("ar", "1,234,567"),
    ],
)
def test_numbers_have_each_languages_separators(language: str, text: str) -> None:
    assert format_number(language, 1234567) == text
    assert format_message("{amount}", {"amount": 1234567}, language) == text


def test_selects_nest_and_exact_plural_cases_win() -> None:
    message = (
        "{subject, select, you {You win {n, plural, =0 {nothing} one {# chip} other {# chips}}}"
        " other {{player} wins {n, plural, =0 {nothing} one {# chip} other {# chips}}}}"
    )
    assert format_message(message, {"subject": "you", "n": 0}, "en") == "You win nothing"
    assert format_message(message, {"subject": "female", "player": "Lina", "n": 1}, "en") == (
        "Lina wins 1 chip"
    )
    assert format_message(message, {"subject": "x", "player": "Otto", "n": 2500}, "en") == (
        "Otto wins 2,500 chips"
    )


def test_a_missing_value_stays_a_placeholder_and_apostrophes_are_icus() -> None:
    assert format_message("{player} calls {amount}", {"player": "Vera"}, "en") == (
        "Vera calls {amount}"
    )
    assert format_message("Hold'em, '{literal}' and ''", {}, "en") == "Hold'em, {literal} and '"


def test_values_and_text_go_through_the_callers_escaping() -> None:
    shown = format_message(
        "<b>{player}</b> {n}",
        {"player": "<script>", "n": 3},
        "en",
        wrap=lambda value: f"[{value}]",
        literal=lambda text: text.replace("<", "&lt;"),
    )
    assert shown == "&lt;b>[<script>]&lt;/b> [3]"
