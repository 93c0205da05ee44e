"""Each game is named in one place (issue #8): its own packages and its line in the registry.

Generic code asks the game (``games.registry.game_for``) instead of comparing a match's game
with a name or keying a dict by one, so a third game needs no edit outside its packages. This
test reads the product packages and fails on any string naming a registered game (``"holdem"``)
or one of its events (``"holdem.folded"``) outside those packages, docstrings apart (their
examples name games), except the exceptions listed below with their reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

from games.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("games", "bots", "cardavia")

# Where a game's name may still appear, and why.
EXCEPTIONS = {
    # Migrations are history: they describe the tables and data as they were then.
    "games/migrations/": "frozen history",
}


def _game_packages(name: str) -> tuple[str, ...]:
    return (f"games/engine/{name}/", f"bots/{name}/")


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring nodes: a module's, class's or function's first string."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _names_a_game(text: str, names: tuple[str, ...]) -> bool:
    return any(text == name or text.startswith(f"{name}.") for name in names)


def game_names_in(source: str, names: tuple[str, ...]) -> list[tuple[int, str]]:
    """The ``(line, string)`` of every string literal in ``source`` naming one of ``names``,
    docstrings apart."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    return sorted(
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skip
        and _names_a_game(node.value, names)
    )


def _product_files() -> list[str]:
    own = tuple(folder for name in GAMES for folder in _game_packages(name))
    files = (
        path.relative_to(ROOT).as_posix()
        for package in PRODUCT
        for path in (ROOT / package).rglob("*.py")
    )
    return sorted(path for path in files if not path.startswith((*own, *EXCEPTIONS)))


def test_no_product_file_outside_a_games_packages_names_a_game():
    names = tuple(GAMES)
    offenders = [
        f"{path}:{line}: {text!r}"
        for path in _product_files()
        for line, text in game_names_in((ROOT / path).read_text(encoding="utf-8"), names)
    ]
    assert not offenders, "ask the game (games.registry.game_for) instead:\n" + "\n".join(offenders)


def test_the_scan_reads_the_product_and_finds_comparisons_and_dict_keys():
    # The scan sees what it must: the registry's games, the product's files, and a name in a
    # comparison, a dict key or an event type, but not in a docstring.
    assert {"holdem", "updown"} <= set(GAMES)
    files = _product_files()
    assert "games/exports.py" in files and "games/stats.py" in files
    assert not any(path.startswith("games/engine/holdem/") for path in files)
    source = '''
"""A docstring may say "holdem"."""
FORMATS = {"holdem": ("phh",)}

def f(match):
    """Nor here: 'updown'."""
    if match.game == "updown":
        return "holdem.folded"
    return "holdemish"
'''
    assert game_names_in(source, ("holdem", "updown")) == [
        (3, "holdem"),
        (7, "updown"),
        (8, "holdem.folded"),
    ]
