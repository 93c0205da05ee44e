"""ICU MessageFormat checks: syntax, placeholders kept, plural categories per language."""

from __future__ import annotations

import pytest

from cardavia.i18n import icu

EN = ["one", "other"]
DE = ["one", "other"]
FI = ["one", "other"]
VI = ["other"]
MS = ["other"]
AR = ["zero", "one", "two", "few", "many", "other"]

CHIPS = "{count, plural, one {# chip} other {# chips}}"
ARABIC_CHIPS = (
    "{count, plural, zero {لا رقائق} one {رقاقة واحدة} two {رقاقتان} "
    "few {# رقائق} many {# رقاقة} other {# رقاقة}}"
)


def check(text: str, source: str | None, categories: list[str], language: str = "xx") -> list[str]:
    return icu.problems(text, source=source, categories=categories, language=language)


class TestGoodTranslationsPass:
    @pytest.mark.parametrize(
        ("text", "categories"),
        [
            ("{count, plural, one {# Chip} other {# Chips}}", DE),
            ("{count, plural, one {# pelimerkki} other {# pelimerkkiä}}", FI),
            (ARABIC_CHIPS, AR),
            ("{count, plural, other {# chip}}", MS),
            ("{count} chip", VI),  # one form only: a plain number reads right
            ("{count, plural, =0 {keine Chips} one {ein Chip} other {# Chips}}", DE),
        ],
    )
    def test_plural_in_each_language(self, text: str, categories: list[str]) -> None:
        assert check(text, CHIPS, categories) == []

    def test_placeholders_may_move(self) -> None:
        assert check("{amount} – {player} ruft", "{player} calls {amount}", DE) == []

    def test_a_plain_placeholder_may_become_a_plural(self) -> None:
        # Arabic and Finnish inflect the noun after a number the English leaves plain.
        source = "{player} wins {amount}"
        text = (
            "{player} يربح {amount, plural, zero {لا شيء} one {رقاقة} two {رقاقتين} "
            "few {# رقائق} many {# رقاقة} other {# رقاقة}}"
        )
        assert check(text, source, AR) == []

    def test_a_select_with_every_case(self) -> None:
        source = "{street, select, flop {the flop} turn {the turn} other {the river}}"
        text = "{street, select, flop {der Flop} turn {der Turn} other {der River}}"
        assert check(text, source, DE) == []

    def test_a_select_value_may_also_be_shown_as_it_is(self) -> None:
        source = "{pot, select, 0 {Pot} other {Side pot {pot}}}: {amount}"
        text = "{pot, select, 0 {البوت} other {البوت الجانبي {pot}}} ({amount})"
        assert check(text, source, AR) == []

    def test_quoted_braces_are_text(self) -> None:
        assert check("Setze '{'{amount}'}'", "Bet {amount}", DE) == []


class TestBrokenSyntaxIsRefused:
    @pytest.mark.parametrize(
        "text",
        [
            "{player} geht mit {amount",
            "{player geht mit",
            "geht mit }",
            "{count, plural, one {# Chip} other {# Chips}",
            "{}",
        ],
    )
    def test_unbalanced_or_empty(self, text: str) -> None:
        (problem,) = check(text, "{player} calls {amount}", DE)[:1]
        assert problem.startswith("Broken ICU syntax")

    def test_plural_without_other(self) -> None:
        problems = check("{count, plural, one {# Chip}}", CHIPS, DE)
        assert problems and "other" in problems[0]

    def test_a_case_written_twice(self) -> None:
        problems = check("{count, plural, one {# Chip} other {# Chips} other {x}}", CHIPS, DE)
        assert problems == ["Broken ICU syntax: the case 'other' is written twice."]

    def test_a_format_the_client_cannot_render(self) -> None:
        problems = check("{amount, date, short}", "{amount}", DE)
        assert problems == [
            "{amount, date} is not a format the client knows: use {amount} or one of "
            "number, plural, select, selectordinal."
        ]


class TestPlaceholdersMustMatchTheSource:
    def test_dropped(self) -> None:
        assert check("{player} geht mit", "{player} calls {amount}", DE) == [
            "The placeholder {amount} is missing: the English source has it."
        ]

    def test_renamed(self) -> None:
        assert check("{spieler} geht mit {amount}", "{player} calls {amount}", DE) == [
            "The placeholder {player} was renamed to {spieler}: keep {player}, "
            "the name the game sends."
        ]

    def test_added(self) -> None:
        assert check("{player} geht mit {amount} {chips}", "{player} calls {amount}", DE) == [
            "The placeholder {chips} is not in the English source (it has {player}, {amount})."
        ]

    def test_added_to_a_source_without_any(self) -> None:
        assert check("Pik {x}", "spades", DE) == [
            "The placeholder {x} is not in the English source (it has none)."
        ]

    def test_a_placeholder_inside_a_plural_counts(self) -> None:
        source = "{count, plural, one {{player} and # other} other {{player} and # others}}"
        text = "{count, plural, one {und # weiterer} other {und # weitere}}"
        assert check(text, source, DE) == [
            "The placeholder {player} is missing: the English source has it."
        ]

    def test_a_select_must_stay_a_select(self) -> None:
        source = "{street, select, flop {the flop} turn {the turn} other {the river}}"
        assert check("{street}", source, DE) == [
            "{street} is a select in the English source (cases flop, turn, other); "
            "keep it a select."
        ]

    def test_a_select_must_keep_its_cases(self) -> None:
        source = "{street, select, flop {the flop} turn {the turn} other {the river}}"
        text = "{street, select, flop {der Flop} other {der River}}"
        assert check(text, source, DE) == ["The select {street} lacks the case turn."]

    def test_a_plural_stays_a_plural_where_the_language_has_forms(self) -> None:
        assert check("{count} Chips", CHIPS, DE) == [
            "{count} is a plural in the English source; write it as "
            "{count, plural, ...} with this language's categories."
        ]


class TestPluralCategoriesFollowTheLanguage:
    def test_arabic_needs_all_six(self) -> None:
        text = "{count, plural, one {رقاقة واحدة} two {رقاقتان} other {# رقاقة}}"
        assert check(text, CHIPS, AR, "العربية (ar)") == [
            "The plural {count} lacks the categories zero, few, many that العربية (ar) needs "
            "(it needs zero, one, two, few, many, other)."
        ]

    def test_arabic_missing_one_form(self) -> None:
        text = ARABIC_CHIPS.replace(" many {# رقاقة}", "")
        assert check(text, CHIPS, AR, "ar") == [
            "The plural {count} lacks the category many that ar needs "
            "(it needs zero, one, two, few, many, other)."
        ]

    def test_english_shape_is_not_enough_for_arabic(self) -> None:
        assert check(CHIPS, CHIPS, AR, "ar")[0].startswith("The plural {count} lacks")

    def test_a_category_the_language_does_not_have(self) -> None:
        text = "{count, plural, one {# Chip} few {# Chips} other {# Chips}}"
        assert check(text, CHIPS, DE, "Deutsch (de)") == [
            "The plural {count} has the category few, which Deutsch (de) does not use "
            "(it uses one, other)."
        ]

    def test_vietnamese_has_no_one(self) -> None:
        text = "{count, plural, one {# chip} other {# chip}}"
        assert check(text, CHIPS, VI, "vi") == [
            "The plural {count} has the category one, which vi does not use (it uses other)."
        ]

    def test_finnish_needs_one(self) -> None:
        text = "{count, plural, other {# pelimerkkiä}}"
        assert check(text, CHIPS, FI, "fi") == [
            "The plural {count} lacks the category one that fi needs (it needs one, other)."
        ]

    def test_a_nested_plural_is_checked_too(self) -> None:
        source = "{player} has {count, plural, one {# chip} other {# chips}}"
        text = "{player} hat {count, plural, other {# Chips}}"
        assert check(text, source, DE, "de") == [
            "The plural {count} lacks the category one that de needs (it needs one, other)."
        ]

    def test_english_source_itself(self) -> None:
        assert check("{count, plural, other {# chips}}", None, EN, "English") == [
            "The plural {count} lacks the category one that English needs (it needs one, other)."
        ]

    def test_selectordinal_needs_only_other(self) -> None:
        source = "{place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}"
        assert check("{place, selectordinal, other {#.}}", source, DE) == []


def test_arguments_lists_nested_uses_but_not_hash() -> None:
    used = icu.arguments("{count, plural, one {# by {player}} other {# by {player}}}")
    assert [(a.name, a.type) for a in used] == [
        ("count", "plural"),
        ("player", None),
        ("player", None),
    ]


POT_AWARDED = "{pot, select, 0 {the pot} other {side pot {pot}}}: {amount}"


def test_a_fallback_case_that_drops_the_value_the_english_shows_is_refused() -> None:
    """The German and Finnish pot_awarded once named pots 1 to 3 and said "another side pot"
    for the rest: the fourth side pot lost its number."""
    text = (
        "{pot, select, 0 {den Pot} 1 {den Nebenpot 1} 2 {den Nebenpot 2} "
        "other {einen weiteren Nebenpot}}: {amount}"
    )
    assert check(text, POT_AWARDED, DE) == [
        "The select {pot} shows its value in the English 'other' case; show {pot} in yours "
        "too (it is the value no other case names)."
    ]
    assert (
        check("{pot, select, 0 {den Pot} other {den Nebenpot {pot}}}: {amount}", POT_AWARDED, DE)
        == []
    )


def test_literal_text_is_what_a_reader_sees() -> None:
    assert icu.literal_text(POT_AWARDED) == "the pot side pot  : "
    assert not icu.has_words("{n, plural, one {#} other {#}} · {street}")
