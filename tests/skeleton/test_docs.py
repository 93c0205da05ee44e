"""docs/architecture.md stays true: every file it cites exists, every code name it cites
resolves, every anchor the code cites is one of its headings, and the README links to it."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
PACKAGES = ("games", "bots", "cardavia", "frontend", "tests")
CODE = re.compile(r"`([^`\n]+)`")
DOTTED = re.compile(r"^[a-z_]+(\.[A-Za-z_][A-Za-z0-9_]*)+$")


def cited() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    # Only prose: the layer diagram is a drawing, not citations.
    prose = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
    return CODE.findall(prose)


def paths() -> list[str]:
    return [
        token
        for token in cited()
        if "/" in token and not token.startswith("/") and "<" not in token and " " not in token
    ]


def names() -> list[str]:
    return [token for token in cited() if DOTTED.match(token) and token.split(".")[0] in PACKAGES]


def resolve(name: str) -> object:
    """The object a dotted name means: the longest importable module, then attributes."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            found = getattr(found, attribute)
        return found
    raise ImportError(name)


def test_the_document_cites_files_and_names():
    assert len(paths()) >= 20 and len(names()) >= 15


@pytest.mark.parametrize("path", paths())
def test_every_file_it_cites_exists(path):
    assert (ROOT / path).exists(), path


@pytest.mark.parametrize("name", names())
def test_every_code_name_it_cites_exists(name):
    assert resolve(name) is not None


def test_every_anchor_the_code_cites_is_a_heading():
    headings = {
        re.sub(r"[^a-z0-9 -]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
        for line in DOC.read_text(encoding="utf-8").splitlines()
        if line.startswith("#")
    }
    anchors = {
        anchor
        for package in (*PACKAGES, "docs")
        for source in (ROOT / package).rglob("*")
        if source.suffix in {".py", ".md", ".js"}
        for anchor in re.findall(
            r"architecture\.md#([a-z0-9-]+)", source.read_text(encoding="utf-8")
        )
    }
    assert anchors and anchors <= headings, anchors - headings


def test_the_readme_links_to_it():
    assert "docs/architecture.md" in (ROOT / "README.md").read_text(encoding="utf-8")
