"""The layers, read from every module's imports (lazy ones inside functions included):

    bots ─▶ games ─▶ games.engine        cardavia (settings, urls, celery) ─▶ frontend

``bots`` may import ``games``; ``games`` reaches ``bots`` only through the hooks it owns
(``games.hooks``), never by an import; no two packages import each other, even through a third;
and the engine imports no framework at all.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("cardavia", "games", "bots", "frontend")
# The units whose dependencies must form no cycle: the engine is a layer of its own.
ENGINE = "games.engine"
FRAMEWORKS = ("django", "rest_framework", "drf_spectacular", "celery", "kombu")


def modules() -> Iterator[tuple[str, Path]]:
    for package in PACKAGES:
        for source in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in source.parts:
                continue
            yield ".".join(source.relative_to(ROOT).with_suffix("").parts), source


def imports(module: str, source: Path) -> list[str]:
    """Absolute names of the modules ``source`` imports, relative imports resolved."""
    package = module.removesuffix(".__init__")
    if source.name != "__init__.py":
        package = package.rpartition(".")[0]
    names = []
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                names.append(f"{base}.{node.module}" if node.module else base)
            else:
                assert node.module is not None
                names.append(node.module)
    return names


def unit(name: str) -> str | None:
    """The layer a module belongs to, or None for a module outside the project."""
    if name == ENGINE or name.startswith(f"{ENGINE}."):
        return ENGINE
    top = name.split(".")[0]
    return top if top in PACKAGES else None


def dependencies() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, source in modules():
        home = unit(module)
        assert home is not None
        for name in imports(module, source):
            other = unit(name)
            if other is not None and other != home:
                graph.setdefault(home, set()).add(other)
    return graph


def test_games_never_imports_bots():
    offenders = [
        f"{module}: {name}"
        for module, source in modules()
        if unit(module) in ("games", ENGINE)
        for name in imports(module, source)
        if unit(name) == "bots"
    ]
    assert not offenders, "games reaches bots only through games.hooks:\n" + "\n".join(offenders)


def test_no_two_packages_depend_on_each_other():
    graph = dependencies()
    cycles = []
    for start in graph:
        # Every unit reachable from ``start``: a cycle is ``start`` reachable from itself.
        seen: set[str] = set()
        frontier = list(graph.get(start, ()))
        while frontier:
            current = frontier.pop()
            if current not in seen:
                seen.add(current)
                frontier.extend(graph.get(current, ()))
        if start in seen:
            cycles.append(start)
    assert not cycles, f"import cycles through {sorted(cycles)}: {graph}"


def test_the_engine_imports_no_framework():
    offenders = [
        f"{module}: {name}"
        for module, source in modules()
        if unit(module) == ENGINE
        for name in imports(module, source)
        if name.split(".")[0] in FRAMEWORKS
    ]
    assert not offenders, "the engine must stay pure:\n" + "\n".join(offenders)


def test_the_layers_are_read_from_real_imports():
    """The checks above see the dependencies the project is built on (so they cannot pass by
    reading nothing)."""
    graph = dependencies()
    assert {"games", ENGINE} <= graph["bots"]
    assert ENGINE in graph["games"]
    assert "frontend" in graph["cardavia"]


@pytest.mark.parametrize(
    ("module", "source", "expected"),
    [
        ("games.api.matches", "from ..selectors import x", "games.selectors"),
        ("games.api.__init__", "from .matches import x", "games.api.matches"),
        ("bots.tasks", "def f():\n    from games import services", "games"),
    ],
)
def test_relative_and_lazy_imports_are_resolved(tmp_path, module, source, expected):
    name = "__init__.py" if module.endswith("__init__") else "module.py"
    path = tmp_path / name
    path.write_text(source)
    assert imports(module, path) == [expected]
