"""ICU messages formatted on the server, as the web client's ``icu.js`` formats them.

The client formats with ``Intl``; Python has no ``Intl``, so the little of CLDR the catalog's
six languages need is written here: each language's cardinal and ordinal plural rules (integers
only: the catalog counts chips, cards and places) and its thousands separator, the one
``Intl.NumberFormat`` gives. A language not listed formats as English does.

``wrap`` decorates each substituted value and ``literal`` each run of the message's own text, so
a caller writing HTML escapes both and passes already-safe markup (a card drawn with its suit)
through ``wrap``.

>>> format_message("{subject, select, you {You win} other {{player} wins}} {n, number}",
...                {"subject": "other", "player": "Lina", "n": 1200}, "de")
'Lina wins 1.200'
>>> format_message("{place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
...                {"place": 3}, "en")
'3rd'
>>> format_message("{n, plural, one {# chip} other {# chips}}", {"n": 1}, "en")
'1 chip'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from cardavia.i18n.icu import parse

Text = Callable[[str], str]

#: The thousands separator Intl.NumberFormat writes for the catalog's languages (Chromium's
#: Arabic writes Western digits and a comma; tests/e2e/test_backoffice.py compares the two).
_GROUPING = {"en": ",", "ms": ",", "de": ".", "vi": ".", "fi": "\u00a0", "ar": ","}


def cardinal(language: str, n: int) -> str:
    """CLDR's cardinal plural category of the integer ``n`` in ``language``."""
    if language in ("ms", "vi"):
        return "other"
    if language == "ar":
        return _arabic(n)
    return "one" if n == 1 else "other"


def ordinal(language: str, n: int) -> str:
    """CLDR's ordinal plural category of the integer ``n`` in ``language`` (1st, 2nd, 3rd…)."""
    if language in ("ms", "vi"):
        return "one" if n == 1 else "other"
    if language != "en":
        return "other"
    tens, units = n % 100, n % 10
    if units == 1 and tens != 11:
        return "one"
    if units == 2 and tens != 12:
        return "two"
    if units == 3 and tens != 13:
        return "few"
    return "other"


def _arabic(n: int) -> str:
    if n in (0, 1, 2):
        return ("zero", "one", "two")[n]
    if 3 <= n % 100 <= 10:
        return "few"
    if 11 <= n % 100 <= 99:
        return "many"
    return "other"


def format_number(language: str, value: float) -> str:
    """``value`` with the language's thousands separator (integers; a fraction is written as
    Python writes it)."""
    if isinstance(value, float) and not value.is_integer():
        text = repr(value)
    else:
        number = int(value)
        text = f"{abs(number):,}".replace(",", _GROUPING.get(language, ","))
        text = f"-{text}" if number < 0 else text
    return text


@lru_cache(maxsize=4096)
def _tree(text: str) -> list[Any]:
    return parse(text)


def format_message(
    text: str,
    params: Mapping[str, Any],
    language: str,
    *,
    wrap: Text = str,
    literal: Text = str,
) -> str:
    """The ICU message ``text`` with ``params`` put in; a missing parameter stays ``{name}``,
    as the client shows it."""
    return _format(_tree(text), params, language, wrap, literal, None)


def _format(
    nodes: list[Any],
    params: Mapping[str, Any],
    language: str,
    wrap: Text,
    literal: Text,
    hash_value: int | None,
) -> str:
    out = []
    for node in nodes:
        if isinstance(node, str):
            out.append(literal(node))
        elif node.get("hash"):
            shown = "#" if hash_value is None else format_number(language, hash_value)
            out.append(wrap(shown))
        else:
            out.append(_argument(node, params, language, wrap, literal, hash_value))
    return "".join(out)


def _argument(
    node: dict[str, Any],
    params: Mapping[str, Any],
    language: str,
    wrap: Text,
    literal: Text,
    hash_value: int | None,
) -> str:
    name, kind = node["name"], node.get("type")
    value = params.get(name)
    if value is None:
        return literal(f"{{{name}}}")
    options = node.get("options") or {}
    if kind == "select":
        branch = options.get(str(value), options["other"])
        return _format(branch, params, language, wrap, literal, hash_value)
    if kind in ("plural", "selectordinal"):
        n = int(value) - int(node.get("offset") or 0)
        rule = cardinal if kind == "plural" else ordinal
        branch = options.get(f"={int(value)}") or options.get(rule(language, n)) or options["other"]
        return _format(branch, params, language, wrap, literal, n)
    is_number = isinstance(value, int | float) and not isinstance(value, bool)
    if kind == "number" or is_number:
        return wrap(format_number(language, value))
    return wrap(value if isinstance(value, str) else str(value))
