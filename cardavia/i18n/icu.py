"""ICU MessageFormat checks for the catalog: syntax, placeholders and plural categories.

The parsing is pyicumessageformat's (a small, dependency-free parser of the ICU grammar, the same
grammar the client's formatter reads); what this module adds is what a catalog needs on top of a
parser: comparing a translation with its English source, and a plural with its language's CLDR
categories, each problem as a sentence a translator can act on.

>>> problems("{player} calls {amount}", source="{player} calls {amount}", categories=["other"])
[]
>>> problems("{player} ruft {amout}", source="{player} calls {amount}", categories=["one", "other"])
['The placeholder {amount} was renamed to {amout}: keep {amount}, the name the game sends.']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pyicumessageformat import Parser

#: The CLDR plural categories, in CLDR's order (the order messages are written and shown in).
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")

#: The argument types the client's formatter understands (``Intl.NumberFormat``,
#: ``Intl.PluralRules``); a date or spellout would render as the raw value there.
SUPPORTED_TYPES = frozenset({"number", "plural", "selectordinal", "select"})

_PLURAL_TYPES = frozenset({"plural", "selectordinal"})

# require_other: ICU itself refuses a plural or select without ``other`` (the case every value
# falls back to); tags stay plain text because the client renders text, never markup.
_PARSER = Parser({"require_other": True, "allow_tags": False})


class MessageSyntaxError(ValueError):
    """The text is not valid ICU MessageFormat; the message says where."""


@dataclass(frozen=True, slots=True)
class Argument:
    """One use of a placeholder: ``{name}``, ``{name, number}`` or ``{name, plural, ...}``."""

    name: str
    type: str | None  # None for a plain {name}
    cases: tuple[str, ...] = ()  # a plural's or select's case keywords, as written


def parse(text: str) -> list[Any]:
    """The message's syntax tree (pyicumessageformat's), or :class:`MessageSyntaxError`.

    Also refuses what the parser lets through but ICU does not: a case written twice in one
    plural or select (the parser would keep the last silently).
    """
    tokens: list[dict[str, str]] = []
    try:
        tree: list[Any] = _PARSER.parse(text, tokens)
    except SyntaxError as error:
        raise MessageSyntaxError(_syntax_message(text, error)) from None
    written = Counter(token["text"] for token in tokens if token["type"] == "selector")
    kept: Counter[str] = Counter()
    for argument in _walk(tree):
        kept.update(argument.cases)
    for case, count in written.items():
        if count > kept[case]:
            raise MessageSyntaxError(f"Broken ICU syntax: the case {case!r} is written twice.")
    return tree


def arguments(text: str) -> list[Argument]:
    """Every placeholder use in ``text``, nested ones included (``#`` is not a placeholder)."""
    return list(_walk(parse(text)))


def literal_text(text: str) -> str:
    """The words a reader can see in ``text``: the literal parts of every branch, each branch
    apart from the next, without placeholder names, case keywords or ``#``.

    >>> literal_text("{pot, select, 0 {the pot} other {side pot {pot}}}: {amount}")
    'the pot side pot  : '
    """
    return "".join(_literals(parse(text)))


def has_words(text: str) -> bool:
    """Whether ``text`` shows any letter besides its placeholders: "{game} · {date}", "10" or
    "({sign, select, up {+{n, number}} other {−{n, number}}})" have none, so a translation may
    rightly be the same as English."""
    return any(character.isalpha() for character in literal_text(text))


def problems(
    text: str,
    *,
    source: str | None,
    categories: Sequence[str],
    language: str = "this language",
) -> list[str]:
    """What is wrong with ``text`` as a message of a language with these plural ``categories``.

    ``source`` is the English text it translates (None when ``text`` is the English source
    itself); a translation must use exactly the source's placeholders, keep each ``select`` with
    the source's cases, and give every ``plural`` the categories its language needs (``other``
    always) and no others. An empty list means the text is fine.
    """
    try:
        used = arguments(text)
    except MessageSyntaxError as error:
        return [str(error)]
    found = [_unsupported_type(argument) for argument in used if argument.type]
    found += [
        _plural_problem(argument, categories, language)
        for argument in used
        if argument.type == "plural"
    ]
    if source is not None:
        found += _compared_with_source(used, arguments(source), categories)
        found += _fallback_values_kept(parse(text), parse(source))
    return [problem for problem in found if problem]


# --- Helpers --------------------------------------------------------------------------------


def _walk(nodes: list[Any]) -> Iterator[Argument]:
    for node in nodes:
        if not isinstance(node, dict) or node.get("hash"):
            continue
        options = node.get("options") or {}
        yield Argument(node["name"], node.get("type"), tuple(options))
        for branch in options.values():
            yield from _walk(branch)


def _literals(nodes: list[Any]) -> Iterator[str]:
    for node in nodes:
        if isinstance(node, str):
            yield node
        elif not node.get("hash"):
            for branch in (node.get("options") or {}).values():
                yield from _literals(branch)
                yield " "


def _fallback_values_kept(tree: list[Any], source_tree: list[Any]) -> list[str]:
    """A select whose English ``other`` case shows its own value ("side pot {pot}") must show it
    in the translation's ``other`` case too: that case is every value the named ones miss."""
    shown = {node["name"] for node in _selects(source_tree) if _shows_own_value(node)}
    return list(
        dict.fromkeys(
            f"The select {{{node['name']}}} shows its value in the English 'other' case; "
            f"show {{{node['name']}}} in yours too (it is the value no other case names)."
            for node in _selects(tree)
            if node["name"] in shown and not _shows_own_value(node)
        )
    )


def _selects(nodes: list[Any]) -> Iterator[dict[str, Any]]:
    for node in nodes:
        if not isinstance(node, dict) or node.get("hash"):
            continue
        if node.get("type") == "select":
            yield node
        for branch in (node.get("options") or {}).values():
            yield from _selects(branch)


def _shows_own_value(select: dict[str, Any]) -> bool:
    other = (select.get("options") or {}).get("other", [])
    return any(
        argument.name == select["name"] and argument.type is None for argument in _walk(other)
    )


def _syntax_message(text: str, error: SyntaxError) -> str:
    detail = str(error) or "unexpected end"
    return f"Broken ICU syntax: {detail} (in {text!r})."


def _unsupported_type(argument: Argument) -> str | None:
    if argument.type in SUPPORTED_TYPES:
        return None
    allowed = ", ".join(sorted(SUPPORTED_TYPES))
    return (
        f"{{{argument.name}, {argument.type}}} is not a format the client knows: "
        f"use {{{argument.name}}} or one of {allowed}."
    )


def _plural_problem(argument: Argument, categories: Sequence[str], language: str) -> str | None:
    # "=0"-style exact cases are always allowed; the keywords must be the language's categories.
    keywords = [case for case in argument.cases if not case.startswith("=")]
    needed = list(dict.fromkeys([*categories, "other"]))
    missing = [category for category in needed if category not in keywords]
    foreign = [keyword for keyword in keywords if keyword not in needed]
    wanted = ", ".join(needed)
    if missing:
        return (
            f"The plural {{{argument.name}}} lacks the categor{_ies(missing)} "
            f"{', '.join(missing)} that {language} needs (it needs {wanted})."
        )
    if foreign:
        return (
            f"The plural {{{argument.name}}} has the categor{_ies(foreign)} "
            f"{', '.join(foreign)}, which {language} does not use (it uses {wanted})."
        )
    return None


def _compared_with_source(
    used: list[Argument], source_used: list[Argument], categories: Sequence[str]
) -> list[str]:
    names = list(dict.fromkeys(argument.name for argument in used))
    source_names = list(dict.fromkeys(argument.name for argument in source_used))
    missing = [name for name in source_names if name not in names]
    added = [name for name in names if name not in source_names]
    found: list[str] = []
    if len(missing) == 1 and len(added) == 1:
        found.append(
            f"The placeholder {{{missing[0]}}} was renamed to {{{added[0]}}}: "
            f"keep {{{missing[0]}}}, the name the game sends."
        )
    else:
        found += [
            f"The placeholder {{{name}}} is missing: the English source has it." for name in missing
        ]
        expected = ", ".join(f"{{{name}}}" for name in source_names) or "none"
        found += [
            f"The placeholder {{{name}}} is not in the English source (it has {expected})."
            for name in added
        ]
    for name in source_names:
        if name in names:
            found += _kept_shape(
                name,
                [a for a in used if a.name == name],
                [a for a in source_used if a.name == name],
                categories,
            )
    return found


def _kept_shape(
    name: str, uses: list[Argument], source_uses: list[Argument], categories: Sequence[str]
) -> list[str]:
    """A select must stay a select with the source's cases; a plural stays a plural where the
    language has more than one category (Vietnamese and Malay may write a plain ``{count}``)."""
    source_selects = [a for a in source_uses if a.type == "select"]
    if source_selects:
        # A select's value may also be shown as it is ("Side pot {pot}" inside the select on
        # {pot}), but the choice itself must stay, with every case the source gives.
        cases = list(dict.fromkeys(case for a in source_selects for case in a.cases))
        selects = [use for use in uses if use.type == "select"]
        if not selects:
            return [
                f"{{{name}}} is a select in the English source "
                f"(cases {', '.join(cases)}); keep it a select."
            ]
        found = []
        for use in selects:
            lacking = [case for case in cases if case not in use.cases]
            if lacking:
                listed = ", ".join(lacking)
                found.append(f"The select {{{name}}} lacks the case{_s(lacking)} {listed}.")
        return list(dict.fromkeys(found))
    source_is_plural = any(a.type in _PLURAL_TYPES for a in source_uses)
    only_other = [c for c in categories if c != "other"] == []
    if source_is_plural and not only_other and not any(a.type in _PLURAL_TYPES for a in uses):
        return [
            f"{{{name}}} is a plural in the English source; write it as "
            f"{{{name}, plural, ...}} with this language's categories."
        ]
    return []


def _ies(items: Sequence[str]) -> str:
    return "ies" if len(items) > 1 else "y"


def _s(items: Sequence[str]) -> str:
    return "s" if len(items) > 1 else ""
