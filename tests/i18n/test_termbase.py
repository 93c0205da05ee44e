"""The termbase (fixtures/i18n/terms.json) and the whole catalog held to it.

Every part file of every language is read (the loader's glob of ``en/*.json``, so parts added
later are held too): a message whose English names a term uses the termbase's word for it in
each language, and no message uses a forbidden rendering. A failure names the key, the language,
the term and the word expected, one line each.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from cardavia.i18n import termbase
from cardavia.i18n.loader import FIXTURES, read_sources, read_translations
from tests.i18n.test_catalog_files import translated_languages


@cache
def terms() -> termbase.Termbase:
    return termbase.read()


@cache
def english() -> dict[str, str]:
    sources, problems = read_sources(FIXTURES)
    assert problems == []
    return {key: entry["text"] for key, entry in sources.items()}


def test_every_term_has_a_note_a_source_and_every_language() -> None:
    incomplete = [
        f"{term.id}: {gap}"
        for term in terms().terms
        for gap in (
            [name for name in ("note", "source") if not getattr(term, name).strip()]
            + [code for code in translated_languages() if code not in term.renderings]
            + [
                f"{code} has no source"
                for code, rendering in term.renderings.items()
                if not rendering.source.strip()
            ]
        )
    ]
    assert incomplete == []


def test_each_rendering_is_one_of_its_own_forms_and_none_of_its_forbidden() -> None:
    incoherent = [
        f"{term.id} [{code}]: {rendering.term!r} {problem}"
        for term in terms().terms
        for code, rendering in term.renderings.items()
        for problem in (
            ([] if rendering.used_in(rendering.term) else ["is not one of its own forms"])
            + [f"is forbidden ({word})" for word in rendering.forbidden_in(rendering.term)]
        )
    ]
    assert incoherent == []


@pytest.mark.parametrize("code", translated_languages())
def test_every_message_uses_the_termbase_word_and_no_forbidden_one(code: str) -> None:
    breaches = [
        str(breach)
        for key, text in sorted(read_translations(code).items())
        if key in english()
        for breach in terms().breaches(key, english()[key], text, code)
    ]
    assert breaches == [], (
        f"{len(breaches)} messages break fixtures/i18n/terms.json in {code}:\n"
        + "\n".join(breaches)
    )


def test_skips_and_exceptions_name_keys_whose_english_uses_the_term() -> None:
    """So none outlives the message it excused."""
    stale = []
    for term in terms().terms:
        unskipped = termbase.Termbase(
            [replace(other, skip={}) if other is term else other for other in terms().terms]
        )
        for key in term.skip:
            if key not in english() or term.id not in _ids(unskipped, key):
                stale.append(f"{term.id} skip {key}")
        for code, rendering in term.renderings.items():
            for key in rendering.exceptions:
                if key not in english() or term.id not in _ids(terms(), key):
                    stale.append(f"{term.id} [{code}] except {key}")
    assert stale == []


def _ids(base: termbase.Termbase, key: str) -> list[str]:
    return [term.id for term in base.terms_of(key, english()[key])]


def test_the_drift_the_issue_found_is_forbidden() -> None:
    """Issue 30's renderings stay out: each is a forbidden or confusable word of its term."""
    drift = {
        ("shoe", "fi"): "kenkä",
        ("shoe", "ms"): "kasut",
        ("shoe", "de"): "Schlitten",
        ("seed", "vi"): "hạt giống",
        ("seed", "ms"): "benih",
        ("board", "ms"): "papan",
        ("burn", "ms"): "dibakar",
        ("pot_odds", "ms"): "odds pot",
        ("side_pot", "ms"): "pot sampingan",
        ("three_of_a_kind", "ar"): "ثلاثة من نوع",
        ("four_of_a_kind", "ar"): "أربعة من نوع",
        ("showdown", "ar"): "كشف الأوراق",
        ("odd_chip", "ar"): "الرقائق الفردية",
        ("showdown", "vi"): "lật bài",
        ("pot_odds", "vi"): "tỉ lệ",
        ("lock", "de"): "gesperrt",
        ("action", "fi"): "toiminto",
        ("equity", "de"): "Gewinnchance",
    }
    by_id = {term.id: term for term in terms().terms}
    missing = [
        f"{term_id} [{code}] {word}"
        for (term_id, code), word in drift.items()
        if word
        not in (
            by_id[term_id].renderings[code].forbidden + by_id[term_id].renderings[code].confusable
        )
    ]
    assert missing == []


def test_the_terms_of_the_features_in_progress_are_there() -> None:
    """Kicker, all-in exposure, rising blinds and the table controls arrive with their words."""
    english_terms = {term.english for term in terms().terms}
    assert {
        "kicker",
        "show",
        "sit & go",
        "rising blinds",
        "blind level",
        "next hand",
        "table speed",
        "pre-action",
        "mute",
        "big blinds per 100 hands",
    } <= english_terms


# --- The matching rules, on a termbase of two terms ------------------------------------------


def small_termbase(tmp_path: Path) -> termbase.Termbase:
    content = {
        "terms": {
            "shoe": {
                "en": {"term": "shoe", "match": ["shoe", "shoes"]},
                "note": "Up & Down's draw pile.",
                "source": "test",
                "de": {
                    "term": "Nachziehstapel",
                    "forbidden": ["Schlitten", "Stapel"],
                    "source": "test",
                },
                "fi": {"term": "nostopakka", "forms": ["nostopak*"], "source": "test"},
                "ar": {"term": "رزمة السحب", "source": "test"},
            },
            "pot": {
                "en": {"term": "pot", "match": ["pot", "pots"]},
                "note": "The chips bet.",
                "source": "test",
                "de": {"term": "Pot", "source": "test"},
                "ar": {"term": "البوت", "forms": ["بوت"], "source": "test"},
            },
            "side_pot": {
                "en": {"term": "side pot", "match": ["side pot"]},
                "note": "A pot for those who covered an all-in.",
                "source": "test",
                "de": {"term": "Nebenpot", "source": "test"},
                "ar": {
                    "term": "البوت الجانبي",
                    "forbidden": ["الرقائق الفردية"],
                    "source": "test",
                },
            },
            "signal_words": {
                "en": {"term": "UP", "match": ["UP"], "case": True},
                "note": "A signal word.",
                "source": "test",
                "de": {"term": "UP", "source": "test"},
            },
        }
    }
    path = tmp_path / "terms.json"
    path.write_text(json.dumps(content, ensure_ascii=False), encoding="utf-8")
    return termbase.read(path)


def lines(found: list[termbase.Breach]) -> list[str]:
    return [str(breach) for breach in found]


def test_a_missing_term_names_key_language_term_and_word(tmp_path: Path) -> None:
    found = small_termbase(tmp_path).breaches(
        "updown.shoe_count", "{count} cards in the shoe", "{count} Karten im Deck", "de"
    )
    assert lines(found) == [
        "updown.shoe_count [de]: the English uses the term 'shoe'; write 'Nachziehstapel' "
        "(a text with one of 'Nachziehstapel')."
    ]


def test_inflections_and_compounds_count_as_the_term(tmp_path: Path) -> None:
    base = small_termbase(tmp_path)
    assert base.breaches("k", "Shoe {n}", "Nostopakasta {n}", "fi") == []
    assert base.breaches("k", "The shoe", "Des Nachziehstapels", "de") == []


def test_a_forbidden_word_is_caught_anywhere_but_not_inside_the_right_compound(
    tmp_path: Path,
) -> None:
    base = small_termbase(tmp_path)
    assert lines(base.breaches("k", "Reshuffle", "Der Stapel wird gemischt", "de")) == [
        "k [de]: 'Stapel' is a forbidden rendering of the term 'shoe'; the termbase says "
        "'Nachziehstapel'."
    ]
    assert base.breaches("k", "Reshuffle", "Der Nachziehstapel wird gemischt", "de") == []


def test_arabic_attached_prefixes_and_vowel_marks_do_not_hide_a_word(tmp_path: Path) -> None:
    base = small_termbase(tmp_path)
    assert len(base.breaches("k", "Chips", "تذهب بالرقائق الفردية", "ar")) == 1
    # With a shadda and a short vowel written, and the article attached: still the term.
    assert base.breaches("k", "The shoe", "في رزمةِ السّحب", "ar") == []


def test_a_longer_term_is_that_term_only(tmp_path: Path) -> None:
    base = small_termbase(tmp_path)
    side_pot_only = base.terms_of("pot.side", "Side pot {number}")
    assert [term.id for term in side_pot_only] == ["side_pot"]
    assert [term.id for term in base.terms_of("k", "Side pot 1 and the main pot")] == [
        "pot",
        "side_pot",
    ]


def test_placeholder_names_and_case_keywords_are_not_words(tmp_path: Path) -> None:
    base = small_termbase(tmp_path)
    # {pot} is a name the game sends, not the word: the German must still say Pot.
    found = base.breaches("k", "{pot, select, 0 {the pot} other {pot {pot}}}", "{pot}", "de")
    assert [breach.term for breach in found] == ["pot"]


def test_a_case_sensitive_term_ignores_other_cases(tmp_path: Path) -> None:
    base = small_termbase(tmp_path)
    assert base.terms_of("k", "The locked cards are turned up") == []
    assert [term.id for term in base.terms_of("k", "{n} UP")] == ["signal_words"]


def one_term(tmp_path: Path, term_id: str, **entry: object) -> termbase.Termbase:
    path = tmp_path / f"{term_id}.json"
    content = {"terms": {term_id: {"note": "test", "source": "test", **entry}}}
    path.write_text(json.dumps(content), encoding="utf-8")
    return termbase.read(path)


def test_a_skipped_key_is_not_held(tmp_path: Path) -> None:
    base = one_term(
        tmp_path,
        "turn",
        en={"term": "turn"},
        skip={"error.not_your_turn": "your turn to act"},
        de={"term": "Turn", "source": "test"},
    )
    assert base.breaches("error.not_your_turn", "Not your turn", "Du bist nicht dran", "de") == []
    assert len(base.breaches("street.turn", "Turn", "Vierte Karte", "de")) == 1


def test_a_term_with_keys_applies_only_to_them(tmp_path: Path) -> None:
    """The AI's "level" and a blind level share the English word: each term names its keys."""
    base = one_term(
        tmp_path,
        "ai_level",
        en={"term": "level"},
        keys=["ui.lobby.level", "replay.stats.*_rates"],
        de={"term": "Spielstärke", "source": "test"},
    )
    assert len(base.breaches("replay.stats.holdem_rates", "At level {level}", "Stufe", "de")) == 1
    assert base.breaches("ui.table.blind_level", "Level {level}", "Blindstufe {level}", "de") == []
