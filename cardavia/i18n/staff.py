"""The catalog for pages the server writes for staff (the admin's hand histories), in the staff
member's language: their account's language if they chose one, else English.

Messages are read from the database, as the client reads them, so an edit saved in the
translations admin shows at once; a key the database does not have yet (a new message deployed
before ``manage.py load_catalog`` ran) falls back to the files in ``fixtures/i18n/``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardavia.i18n.accounts import account_language
from cardavia.i18n.formatting import format_message
from cardavia.i18n.loader import read_sources, read_translations
from cardavia.i18n.models import SOURCE_LANGUAGE, Language
from cardavia.i18n.selectors import catalog


@dataclass(frozen=True)
class StaffWords:
    """The catalog in one language (``games.hooks.Words``)."""

    language: str
    direction: str
    messages: Mapping[str, str]

    def __call__(
        self,
        key: str,
        params: Mapping[str, Any] | None = None,
        *,
        wrap: Callable[[str], str] = str,
        literal: Callable[[str], str] = str,
    ) -> str:
        text = self.messages.get(key)
        if text is None:
            return literal(key)
        return format_message(text, params or {}, self.language, wrap=wrap, literal=literal)

    def has(self, key: str) -> bool:
        return key in self.messages


def staff_words(user: Any) -> StaffWords:
    """The catalog in ``user``'s language; for no user, English as the files have it (no
    query: labels shown outside a staff member's page)."""
    if user is None:
        return StaffWords(SOURCE_LANGUAGE, "ltr", _files(SOURCE_LANGUAGE))
    code = account_language(user) or SOURCE_LANGUAGE
    language = Language.objects.filter(code=code).first()
    messages = dict(_files(SOURCE_LANGUAGE))
    if code != SOURCE_LANGUAGE:
        messages.update(_files(code))
    if language is not None:
        messages.update(catalog(language)["messages"])
        return StaffWords(language.code, language.direction, messages)
    return StaffWords(code, "ltr", messages)


@lru_cache(maxsize=16)
def _files(code: str) -> dict[str, str]:
    """The messages of the catalog's files on disk (read once per process)."""
    if code == SOURCE_LANGUAGE:
        return {key: entry["text"] for key, entry in read_sources()[0].items()}
    return {key: text for key, text in read_translations(code).items() if text.strip()}
