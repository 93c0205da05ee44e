"""The admin's own labels (columns, filters, actions) from the translation catalog, in the
language of the staff member reading the page.

Django reads a column's or an action's label while it renders the page, so each label is a lazy
string: :func:`reading` keeps the reader's catalog for the time of one view (and activates
Django's own translation of the admin's frame in that language, right-to-left for Arabic).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.http import HttpRequest
from django.utils import translation
from django.utils.functional import lazy

from games import hooks
from games.hooks import Words

_reader: ContextVar[Words | None] = ContextVar("backoffice_reader", default=None)

FOUR_COLOUR_COOKIE = "cardavia_four_colour"


def words_for(request: HttpRequest) -> Words:
    """The catalog in the language of the staff member making ``request`` (kept on it)."""
    cached = getattr(request, "_backoffice_words", None)
    if cached is None:
        cached = hooks.staff_words(request.user)
        request._backoffice_words = cached  # type: ignore[attr-defined]
    return cached


def four_colour(request: HttpRequest) -> bool:
    """Whether this staff member chose the four-colour deck (a cookie the hand page sets)."""
    return request.COOKIES.get(FOUR_COLOUR_COOKIE) == "on"


@contextmanager
def reading(words: Words) -> Iterator[Words]:
    token = _reader.set(words)
    try:
        with translation.override(words.language):
            yield words
    finally:
        _reader.reset(token)


def current_words() -> Words:
    """The catalog of the staff member whose page is being written (English outside one)."""
    return _reader.get() or hooks.staff_words(None)


def _text(key: str, params: dict[str, Any] | None = None) -> str:
    return current_words()(key, params)


label = lazy(_text, str)
"""``label(key)``: the catalog's message ``key`` in the current reader's language, when shown."""
