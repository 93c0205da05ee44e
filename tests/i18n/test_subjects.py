"""Sentences about a player say "You win" and "Vera wins", never "You wins".

The client passes a sentence's subject twice: the name (``{player}``, ``{winner}``, ``{loser}``,
``{winners}``: "You" when it is you) and a select (``{subject}``, ``{winner_subject}``,
``{loser_subject}``: ``you``, or the AI's gender, or ``other``). A ``you`` branch written in the
second person never needs the name, so one that uses it conjugates "You" as a third person:
"You wins". Checked in every language's files, in every select on a subject.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cardavia.i18n import icu
from tests.i18n.test_catalog_files import english, read_translations, translated_languages

# Each subject select and the name placeholders that speak of the same player.
NAMES = {
    "subject": {"player", "winners"},
    "winner_subject": {"winner"},
    "loser_subject": {"loser"},
}
# Branches that speak of someone else, by name (pot_awarded's split between AIs included).
NAMED_CASES = {"other", "female", "male", "several"}


def _selects(nodes: list[Any]) -> Iterator[dict[str, Any]]:
    for node in nodes:
        if not isinstance(node, dict):
            continue
        options = node.get("options") or {}
        if node.get("type") == "select" and node["name"] in NAMES:
            yield node
        for branch in options.values():
            yield from _selects(branch)


def _names_in(nodes: list[Any]) -> set[str]:
    return {argument.name for argument in icu._walk(nodes)}


def subject_problems(text: str) -> list[str]:
    found = []
    for select in _selects(icu.parse(text)):
        name, options = select["name"], select["options"]
        names = NAMES[name]
        if "you" not in options:
            found.append(f"{{{name}}} has no 'you' case")
        elif _names_in(options["you"]) & names:
            found.append(f"{{{name}}}'s 'you' case uses the name: it would read 'You wins'")
        for case in NAMED_CASES & set(options):
            if not _names_in(options[case]) & names:
                found.append(f"{{{name}}}'s {case!r} case never names the player")
    return found


def _texts(code: str) -> dict[str, str]:
    if code == "en":
        return {key: entry["text"] for key, entry in english().items()}
    return read_translations(code)


def test_the_check_catches_you_wins() -> None:
    assert subject_problems("{subject, select, you {{player} wins} other {{player} wins}}")
    assert subject_problems("{winner_subject, select, you {You win} other {Someone wins}}")
    assert subject_problems("{loser} folded") == []  # no select: nothing to compare
    assert subject_problems("{subject, select, you {You win} other {{player} wins}}") == []


def test_the_check_sees_every_sentence_about_a_player() -> None:
    """Every narrated action, the pot awards, the shares and Up & Down's outcomes have a subject
    select in English; fewer would mean the check has stopped finding them."""
    with_subject = [key for key, text in _texts("en").items() if any(_selects(icu.parse(text)))]
    assert len(with_subject) >= 20, with_subject


@pytest.mark.parametrize("code", ["en", *translated_languages()])
def test_no_you_branch_names_the_player(code: str) -> None:
    wrong = {
        key: found
        for key, text in _texts(code).items()
        if key in english() and (found := subject_problems(text))
    }
    assert wrong == {}
