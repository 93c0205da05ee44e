"""Run the benchmarks: ``python -m bench [filter ...]`` (``make bench`` runs them all).

Every ``bench/bench_*.py`` module exposes ``run() -> list[Figure]``. A filter picks the modules
whose name contains it (``python -m bench evaluator``). Modules in ``ON_REQUEST`` run only when a
filter names them: ``bench_load`` starts a whole stack and needs PostgreSQL and Redis, and
``bench_sparring`` plays thousands of matches against partners named by the environment. The
table goes to stdout and the figures to ``bench/results.json``; a filtered run replaces only the
figures it measured there.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
from pathlib import Path

import bench
from bench.common import Figure

RESULTS = Path(__file__).with_name("results.json")
PREFIX = "bench_"
ON_REQUEST = frozenset({"bench_load", "bench_notify", "bench_serving", "bench_sparring"})


def bench_modules(filters: list[str]) -> list[str]:
    names = sorted(
        info.name for info in pkgutil.iter_modules(bench.__path__) if info.name.startswith(PREFIX)
    )
    if filters:
        return [name for name in names if any(f in name for f in filters)]
    return [name for name in names if name not in ON_REQUEST]


def format_table(figures: list[Figure]) -> str:
    header = ("name", "unit", "ours", "peer", "peer value", "ratio")
    rows = [header] + [
        (
            f["name"],
            f["unit"],
            f"{f['ours']:,.4g}" if f["ours"] < 1000 else f"{f['ours']:,.0f}",
            f["peer"],
            f"{f['peer_value']:,.4g}" if f["peer_value"] < 1000 else f"{f['peer_value']:,.0f}",
            f"{f['ratio']:.2f}",
        )
        for f in figures
    ]
    widths = [max(len(row[column]) for row in rows) for column in range(len(header))]
    numeric = {2, 4, 5}
    lines = [
        "  ".join(
            cell.rjust(width) if column in numeric else cell.ljust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        )
        for row in rows
    ]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def save(figures: list[Figure], filtered: bool) -> None:
    kept: list[Figure] = []
    if filtered and RESULTS.exists():
        measured = {f["name"] for f in figures}
        kept = [f for f in json.loads(RESULTS.read_text()) if f["name"] not in measured]
    RESULTS.write_text(json.dumps(kept + figures, indent=2) + "\n")


def main(filters: list[str]) -> int:
    names = bench_modules(filters)
    if not names:
        print(f"no bench module matches {filters}", file=sys.stderr)
        return 1
    figures: list[Figure] = []
    for name in names:
        print(f"running {name} ...", file=sys.stderr, flush=True)
        figures.extend(importlib.import_module(f"bench.{name}").run())
    print(format_table(figures))
    save(figures, filtered=bool(filters))
    print(f"\nwrote {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
