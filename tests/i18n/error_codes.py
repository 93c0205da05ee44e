"""Every error code the API can send, collected from the sources (for the catalog's tests).

Read with :mod:`ast`, so the shape of a raise site does not matter (one line or many, ``raise``
or ``return``): a call of ``IllegalAction``, ``ApplicationError``, ``refuse`` or any of their
subclasses' ``super().__init__`` whose first argument is a string literal gives that code; one
whose first argument is ``ErrorCode.NAME`` gives that member's value; and every member of an
enum class named ``ErrorCode`` is a code. Keyword arguments of the call are the code's params.
DRF's own refusals, which ``games.api_errors`` turns into codes, are listed here by hand.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("games", "bots", "cardavia")

ERROR_CALLS = frozenset({"IllegalAction", "ApplicationError", "refuse"})
ERROR_BASES = frozenset({"IllegalAction", "ApplicationError"})
ENUM_NAME = "ErrorCode"

#: Codes games.api_errors gives DRF's own exceptions (their ``default_code``s, and the two it
#: names itself), which no raise site in our sources spells out.
DRF_CODES = frozenset(
    {
        "invalid",
        "csrf_failed",
        "method_not_allowed",
        "not_authenticated",
        "authentication_failed",
        "permission_denied",
        "throttled",
        "parse_error",
        "unsupported_media_type",
        "not_acceptable",
        "not_found",
    }
)


def error_codes(root: Path = ROOT) -> dict[str, set[str]]:
    """Every code found in the sources and DRF's, each with the params its raise sites pass."""
    found: dict[str, set[str]] = defaultdict(set)
    enum_values: dict[str, str] = {}
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in _python_files(root)]
    for tree in trees:
        enum_values.update(_enum_members(tree))
    for code in enum_values.values():
        found[code]
    for tree in trees:
        for code, params in _raise_sites(tree, enum_values):
            found[code].update(params)
    for code in DRF_CODES:
        found[code]
    return dict(found)


def _python_files(root: Path) -> list[Path]:
    return sorted(
        path
        for source in SOURCES
        for path in (root / source).rglob("*.py")
        if "migrations" not in path.parts
    )


def _enum_members(tree: ast.Module) -> dict[str, str]:
    members: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == ENUM_NAME:
            for statement in node.body:
                if (
                    isinstance(statement, ast.Assign)
                    and isinstance(statement.value, ast.Constant)
                    and isinstance(statement.value.value, str)
                ):
                    for target in statement.targets:
                        if isinstance(target, ast.Name):
                            members[target.id] = statement.value.value
    return members


def _raise_sites(tree: ast.Module, enum_values: dict[str, str]) -> list[tuple[str, set[str]]]:
    sites = []
    error_classes = _error_subclasses(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        if not (_is_error_call(node) or _is_super_init_in(node, tree, error_classes)):
            continue
        code = _code_of(node.args[0], enum_values)
        if code is not None:
            params = {keyword.arg for keyword in node.keywords if keyword.arg}
            params.discard("status_code")  # the HTTP status, not a param the body carries
            sites.append((code, params))
    return sites


def _error_subclasses(tree: ast.Module) -> set[str]:
    names = set(ERROR_BASES)
    changed = True
    while changed:
        changed = False
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.ClassDef)
                and node.name not in names
                and any(isinstance(base, ast.Name) and base.id in names for base in node.bases)
            ):
                names.add(node.name)
                changed = True
    return names


def _is_error_call(node: ast.Call) -> bool:
    func = node.func
    name = (
        func.id
        if isinstance(func, ast.Name)
        else func.attr
        if isinstance(func, ast.Attribute)
        else None
    )
    return name in ERROR_CALLS


def _is_super_init_in(node: ast.Call, tree: ast.Module, error_classes: set[str]) -> bool:
    func = node.func
    if not (
        isinstance(func, ast.Attribute)
        and func.attr == "__init__"
        and isinstance(func.value, ast.Call)
        and isinstance(func.value.func, ast.Name)
        and func.value.func.id == "super"
    ):
        return False
    return any(
        isinstance(cls, ast.ClassDef)
        and cls.name in error_classes - ERROR_BASES
        and any(child is node for child in ast.walk(cls))
        for cls in ast.walk(tree)
    )


def _code_of(argument: ast.expr, enum_values: dict[str, str]) -> str | None:
    if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
        return argument.value
    if (
        isinstance(argument, ast.Attribute)
        and isinstance(argument.value, ast.Name)
        and argument.value.id == ENUM_NAME
    ):
        return enum_values.get(argument.attr)
    return None
