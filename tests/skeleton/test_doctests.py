"""Every docstring example in the engine and the bots runs, and holds."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import bots
import games.engine

MODULES = sorted(
    info.name
    for package in (games.engine, bots)
    for info in pkgutil.walk_packages(package.__path__, prefix=f"{package.__name__}.")
)


@pytest.mark.django_db
@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_of_every_module_hold(name: str) -> None:
    module = importlib.import_module(name)

    results = doctest.testmod(module, optionflags=doctest.ELLIPSIS)

    assert results.failed == 0, f"{results.failed} of {results.attempted} examples failed in {name}"


def test_the_modules_with_examples_are_found() -> None:
    finder = doctest.DocTestFinder()
    with_examples = {
        name
        for name in MODULES
        if any(test.examples for test in finder.find(importlib.import_module(name)))
    }

    assert {"games.engine.errors", "games.engine.holdem.evaluator", "bots.holdem.arena"} <= (
        with_examples
    )
