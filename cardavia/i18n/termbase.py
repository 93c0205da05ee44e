"""The termbase: one word for one thing, per language (``fixtures/i18n/terms.json``).

Each card-room term of both games (actions, streets, positions, pots, hand ranks, cards, the
shoe, the signal, the seed...) has its English forms, a note and a source, and per language its
one rendering: the ``term`` itself, the ``forms`` that count as using it (inflections and
compounds: a form is found anywhere in a word, case aside, so "Seitenpot" uses "pot"), the
``forbidden`` renderings (found at the start of a word, with Arabic's attached prefixes, so
"Stapel" forbids "Stapels" but not "Nachziehstapel"), the ``confusable`` ones (another thing's
word, wrong only where the English names this term: Vietnamese "lật bài" is a show of cards,
not the showdown) and a note and source of its own.

A message whose English literal text uses a term (a whole word, case aside) must use one of the
term's forms in every language, and no message may use a forbidden rendering. Where the English
uses the word in another sense ("your turn", a "button" of the page), the term lists the key in
``skip`` with the reason (or names the only ``keys`` it applies to, as fnmatch patterns, when the
word is shared: the AI's "level" and a blind level); where one language rightly leaves the word
out, its rendering lists the key in ``except``.

The same check refuses an edit in the admin and an entry of an imported file, and the catalog
test holds every fixture file to it.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings

from cardavia.i18n import icu

TERMBASE = Path(settings.BASE_DIR) / "fixtures" / "i18n" / "terms.json"

# Arabic writes the article and some prepositions and conjunctions as part of the next word.
_ARABIC_PREFIXES = "(?:و|ف|ب|ك|ل|ال|وال|فال|بال|كال|لل|ول|وب|فب)?"
# Short vowels, shadda, sukun, superscript alef and tatweel: written or not, the word is the same.
_ARABIC_MARKS = re.compile("[\u064b-\u0652\u0670\u0640]")


@dataclass(frozen=True, slots=True)
class Rendering:
    """A term in one language."""

    language: str
    term: str
    forms: tuple[str, ...]
    forbidden: tuple[str, ...] = ()
    confusable: tuple[str, ...] = ()
    note: str = ""
    source: str = ""
    exceptions: Mapping[str, str] = field(default_factory=dict)

    def used_in(self, literal: str) -> bool:
        """Whether the visible words ``literal`` use the term, in one of its forms."""
        return any(_form(form).search(_plain(literal)) for form in self.forms)

    def renders_as(self, word: str) -> bool:
        """Whether ``word`` is itself one of the term's forms."""
        return any(_form(form).fullmatch(_plain(word)) for form in self.forms)

    def forbidden_in(self, literal: str, words: tuple[str, ...] | None = None) -> list[str]:
        """Which forbidden words (or ``words``) the visible words ``literal`` use."""
        listed = self.forbidden if words is None else words
        return [word for word in listed if _word(word, self.language).search(_plain(literal))]


@dataclass(frozen=True, slots=True)
class Term:
    """One concept: its English forms and its rendering in each language."""

    id: str
    english: str
    matches: tuple[str, ...]
    case_sensitive: bool
    note: str
    source: str
    skip: Mapping[str, str]
    renderings: Mapping[str, Rendering]
    keys: tuple[str, ...] = ()  # when given, the only keys (fnmatch patterns) it applies to

    def applies_to(self, key: str) -> bool:
        if key in self.skip:
            return False
        return not self.keys or any(fnmatchcase(key, pattern) for pattern in self.keys)

    def spans(self, english_literal: str) -> Iterator[tuple[int, int]]:
        """Where the English names this term."""
        for form in self.matches:
            for found in _whole_word(form, self.case_sensitive).finditer(english_literal):
                yield found.span()


@dataclass(frozen=True, slots=True)
class Breach:
    """A message that breaks the termbase in one language."""

    key: str
    language: str
    term: str
    expected: str
    forms: tuple[str, ...] = ()
    forbidden: str = ""

    def __str__(self) -> str:
        if self.forbidden:
            return (
                f"{self.key} [{self.language}]: {self.forbidden!r} is a forbidden rendering "
                f"of the term {self.term!r}; the termbase says {self.expected!r}."
            )
        forms = ", ".join(repr(form) for form in self.forms)
        return (
            f"{self.key} [{self.language}]: the English uses the term {self.term!r}; "
            f"write {self.expected!r} (a text with one of {forms})."
        )


class Termbase:
    def __init__(self, terms: list[Term]) -> None:
        self.terms = terms

    def terms_of(self, key: str, english: str) -> list[Term]:
        """The terms the English source of ``key`` uses. A word inside a longer term counts as
        that term only ("side pot" is the side pot, not also the pot; "two pair" not a pair)."""
        literal = _plain(_literal(english))
        spans = {term.id: list(term.spans(literal)) for term in self.terms if term.applies_to(key)}
        every = [span for found in spans.values() for span in found]
        return [
            term
            for term in self.terms
            if any(not _inside_another(span, every) for span in spans.get(term.id, []))
        ]

    def breaches(self, key: str, english: str, text: str, language: str) -> list[Breach]:
        """How ``text``, the translation of ``key`` into ``language``, breaks the termbase."""
        if not text.strip():
            return []
        literal = _literal(text)
        used = [
            (term, rendering)
            for term in self.terms_of(key, english)
            if (rendering := term.renderings.get(language)) is not None
        ]
        found = [
            Breach(key, language, term.english, rendering.term, rendering.forms)
            for term, rendering in used
            if key not in rendering.exceptions and not rendering.used_in(literal)
        ]
        # Another term of the same English may rightly use the word ("no cards are shown" beside
        # "the showdown"): a confusable word is only wrong where no term here renders it so.
        found += [
            Breach(key, language, term.english, rendering.term, forbidden=word)
            for term, rendering in used
            for word in rendering.forbidden_in(literal, rendering.confusable)
            if not any(other.renders_as(word) for _, other in used)
        ]
        found += [
            Breach(key, language, term.english, rendering.term, forbidden=word)
            for term in self.terms
            if (rendering := term.renderings.get(language)) is not None
            for word in rendering.forbidden_in(literal)
        ]
        return found

    def renderings_for(self, key: str, english: str, language: str) -> list[tuple[Term, Rendering]]:
        """The terms of ``key``'s English with their ``language`` rendering, for the admin."""
        return [
            (term, term.renderings[language])
            for term in self.terms_of(key, english)
            if language in term.renderings
        ]


def read(path: Path = TERMBASE) -> Termbase:
    content = json.loads(path.read_text(encoding="utf-8"))
    return Termbase([_term(term_id, entry) for term_id, entry in content["terms"].items()])


@lru_cache(maxsize=1)
def _cached(path: Path, mtime: float) -> Termbase:
    return read(path)


def current() -> Termbase:
    """The repository's termbase, read again when the file changes (the fixtures ship with the
    code, so it is there wherever the catalog's files are)."""
    return _cached(TERMBASE, TERMBASE.stat().st_mtime)


def problems(key: str, english: str, text: str, language: str) -> list[str]:
    """Each way ``text`` breaks the repository's termbase, as a sentence (none: it keeps it)."""
    return [str(breach) for breach in current().breaches(key, english, text, language)]


# --- Reading and matching -------------------------------------------------------------------


def _term(term_id: str, entry: dict[str, Any]) -> Term:
    english = entry["en"]
    renderings = {
        code: _rendering(code, value)
        for code, value in entry.items()
        if code not in {"en", "note", "source", "skip", "keys"}
    }
    return Term(
        id=term_id,
        english=english["term"],
        matches=tuple(english.get("match", [english["term"]])),
        case_sensitive=bool(english.get("case", False)),
        note=entry.get("note", ""),
        source=entry.get("source", ""),
        skip=entry.get("skip", {}),
        renderings=renderings,
        keys=tuple(entry.get("keys", [])),
    )


def _rendering(language: str, value: dict[str, Any]) -> Rendering:
    return Rendering(
        language=language,
        term=value["term"],
        forms=tuple(value.get("forms", [value["term"]])),
        forbidden=tuple(value.get("forbidden", [])),
        confusable=tuple(value.get("confusable", [])),
        note=value.get("note", ""),
        source=value.get("source", ""),
        exceptions=value.get("except", {}),
    )


def _literal(text: str) -> str:
    try:
        return icu.literal_text(text)
    except icu.MessageSyntaxError:
        return text


def _plain(text: str) -> str:
    return _ARABIC_MARKS.sub("", unicodedata.normalize("NFC", text))


@cache
def _whole_word(form: str, case_sensitive: bool) -> re.Pattern[str]:
    flags = 0 if case_sensitive else re.IGNORECASE
    return re.compile(rf"(?<!\w){re.escape(_plain(form))}(?!\w)", flags)


@cache
def _form(form: str) -> re.Pattern[str]:
    """A rendering's form anywhere in the text, ``*`` standing for any letters."""
    return re.compile(_pattern(form), re.IGNORECASE)


@cache
def _word(word: str, language: str) -> re.Pattern[str]:
    """A word at the start of a word of the text (so its inflections too), after Arabic's
    attached prefixes."""
    prefixes = _ARABIC_PREFIXES if language == "ar" else ""
    return re.compile(rf"(?<!\w){prefixes}{_pattern(word)}", re.IGNORECASE)


def _inside_another(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    start, end = span
    return any(s <= start and end <= e and (s, e) != span for s, e in spans)


def _pattern(form: str) -> str:
    return r"\w*".join(re.escape(part) for part in _plain(form).split("*"))
