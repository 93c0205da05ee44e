"""Importing hand histories: ``python -m bench import``.

A PokerStars text file of 100,000 hands (``BENCH_IMPORT_HANDS``) is generated on the fly from
the test corpus's good hands (tests/engine/holdem/importing/data/pokerstars/), each repeated
under a new hand number, and imported by ``manage.py import_hands`` into PostgreSQL (a scratch
database beside the configured one) in a child process: hands per second, end to end (read,
replayed by our engine, stored as events by COPY). The same import of a tenth of the file gives
the peak memory to compare: flat means the same peak for ten times the hands.

The peer, measured in the same run: PokerKit 0.7.7 reading the same hands from the same text
(its ``PokerStarsParser``, each hand then played through its ``State``) — parsing and replaying
only, nothing stored.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardavia.settings")
django.setup()

from django.db import connection  # noqa: E402

from bench.common import Figure, figure, on_scratch_database  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "engine" / "holdem" / "importing" / "data" / "pokerstars"
HANDS = int(os.environ.get("BENCH_IMPORT_HANDS", "100000"))
PEER_HANDS = 2_000
HEADER = re.compile(r"^(?:\ufeff)?PokerStars Hand #(\d+):", re.MULTILINE)
USER = "bench-import"


def corpus_hands() -> list[str]:
    """The corpus's complete PokerStars hands (refused and cut-short ones left out)."""
    hands = []
    for path in sorted(CORPUS.glob("*.txt")):
        if path.name in ("with_refusals.txt", "stops_early.txt"):
            continue
        text = path.read_text(encoding="utf-8-sig")
        starts = [found.start() for found in HEADER.finditer(text)] + [len(text)]
        hands += [text[a:b].strip() + "\n" for a, b in zip(starts, starts[1:], strict=False)]
    return hands


def hand_stream(count: int) -> Iterator[str]:
    """``count`` hands, the corpus's over and over, each with its own hand number."""
    pool = corpus_hands()
    for number in range(count):
        hand = pool[number % len(pool)]
        yield HEADER.sub(f"PokerStars Hand #{9_000_000_000 + number}:", hand, count=1)


def write_file(path: Path, count: int) -> None:
    with path.open("w", encoding="utf-8") as out:
        for hand in hand_stream(count):
            out.write(hand)
            out.write("\n\n")


def run_import(path: Path, database: str) -> tuple[float, float]:
    """(seconds, peak RSS in MB) of ``manage.py import_hands`` on ``path`` in a child process."""
    environment = {**os.environ, "DATABASE_URL": database}
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "manage.py", "import_hands", str(path), "--user", USER],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    output = child.stdout.read().decode() if child.stdout else ""
    if status != 0 or " 0 refused" not in output:
        raise RuntimeError(f"import_hands failed: {output[:500]}")
    return seconds, usage.ru_maxrss / 1024  # Linux: kilobytes


def peer_hands_per_s(count: int) -> float:
    """PokerKit's ``PokerStarsParser`` reading and replaying the same hands."""
    from pokerkit import PokerStarsParser

    text = "\n\n".join(hand_stream(count))
    start = time.perf_counter()
    read = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for history in PokerStarsParser()(text):
            try:
                for _ in history:
                    pass
            except ValueError:
                continue  # a hand PokerKit cannot replay: its time counts, the hand does not
            read += 1
    return read / (time.perf_counter() - start)


def _database_url() -> str:
    settings = connection.settings_dict
    user = settings.get("USER") or "postgres"
    password = f":{settings['PASSWORD']}" if settings.get("PASSWORD") else ""
    host = settings.get("HOST") or "127.0.0.1"
    port = settings.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{settings['NAME']}"


def _measure() -> list[Figure]:
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user(USER, password=None)
    database = _database_url()
    with tempfile.TemporaryDirectory() as folder:
        small, large = Path(folder) / "small.txt", Path(folder) / "large.txt"
        write_file(small, HANDS // 10)
        write_file(large, HANDS)
        _, small_peak = run_import(small, database)
        seconds, large_peak = run_import(large, database)
        print(f"  {HANDS} hands in {seconds:.1f} s, peak {large_peak:.0f} MB", file=sys.stderr)
    ours = HANDS / seconds
    peer = peer_hands_per_s(PEER_HANDS)
    return [
        figure("import_hands_per_s", "hands/s", ours, "PokerKit 0.7.7 parse+replay", peer),
        figure(
            "import_peak_rss_mb",
            "MB",
            large_peak,
            f"the same import of {HANDS // 10:,} hands",
            small_peak,
        ),
    ]


def run() -> list[Figure]:
    if connection.vendor != "postgresql":
        raise RuntimeError("python -m bench import measures PostgreSQL: set DATABASE_URL")
    return on_scratch_database(_measure)
