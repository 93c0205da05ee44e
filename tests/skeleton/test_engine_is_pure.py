"""The engine is pure Python: no Django, no Celery, nothing from the rest of the project."""

import ast
import os
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "games" / "engine"
FRAMEWORKS = ("django", "rest_framework", "drf_spectacular", "celery")


def imported_modules(source_file: Path) -> list[str]:
    """Absolute names of the modules a file imports, relative imports resolved."""
    module = ".".join(source_file.relative_to(ENGINE.parents[1]).with_suffix("").parts)
    package = module if source_file.name == "__init__.py" else module.rpartition(".")[0]
    package = package.removesuffix(".__init__")
    names = []
    for node in ast.walk(ast.parse(source_file.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                names.append(f"{base}.{node.module}" if node.module else base)
            else:
                names.append(node.module)
    return names


def test_engine_source_imports_no_framework_and_nothing_outside_the_engine():
    offenders = []
    for source_file in sorted(ENGINE.rglob("*.py")):
        for name in imported_modules(source_file):
            top = name.split(".")[0]
            outside_engine = top in ("games", "bots", "frontend", "cardavia") and not (
                name == "games.engine" or name.startswith("games.engine.")
            )
            if top in FRAMEWORKS or outside_engine:
                offenders.append(f"{source_file.relative_to(ENGINE.parents[1])}: {name}")
    assert not offenders, "the engine must stay pure:\n" + "\n".join(offenders)


def test_engine_imports_without_django_settings():
    code = (
        "import importlib, pkgutil, sys, games.engine as engine\n"
        "for info in pkgutil.walk_packages(engine.__path__, 'games.engine.'):\n"
        "    importlib.import_module(info.name)\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'celery'))\n"
        "assert not loaded, loaded\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ENGINE.parents[1],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
