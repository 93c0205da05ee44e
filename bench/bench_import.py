"""Importing hand histories: ``python -m bench import``.

A PokerStars text file of 100,000 hands (``BENCH_IMPORT_HANDS``) is generated on the fly from
the test corpus's good hands (tests/engine/holdem/importing/data/pokerstars/), each repeated
under a new hand number, and imported by ``manage.py import_hands`` into PostgreSQL (a scratch
database beside the configured one) in a child process: hands per second, end to end (read,
replayed by our engine in worker processes, stored as events by COPY), wall clock; and the CPU
seconds per 1,000 hands of every process the import runs on (the command, its worker processes,
its PostgreSQL backend), which the machine's other load does not inflate as it does the wall
clock. The same import of a tenth of the file gives the peak memory to compare (the command's
process): flat means the same peak for ten times the hands.

The peer, measured in the same run: PokerKit 0.7.7 reading the same hands from the same text
(its ``PokerStarsParser``, each hand then played through its ``State``) — parsing and replaying
only, nothing stored, in one process.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import os
import re
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import django
import psutil

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardavia.settings")
django.setup()

from django.db import connection  # noqa: E402

from bench.common import Figure, figure, on_scratch_database  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "engine" / "holdem" / "importing" / "data" / "pokerstars"
HANDS = int(os.environ.get("BENCH_IMPORT_HANDS", "100000"))
PEER_HANDS = 2_000
HEADER = re.compile(r"^(?:\ufeff)?PokerStars Hand #(\d+):", re.MULTILINE)
# One account per file: the smaller file's hand numbers are the larger's first ones, which the
# same account would skip as already imported.
USERS = ("bench-import-small", "bench-import-large")


def corpus_hands() -> list[str]:
    """The corpus's complete PokerStars hands (refused and cut-short ones left out)."""
    hands = []
    for path in sorted(CORPUS.glob("*.txt")):
        if path.name in ("with_refusals.txt", "stops_early.txt"):
            continue
        text = path.read_text(encoding="utf-8-sig")
        starts = [found.start() for found in HEADER.finditer(text)] + [len(text)]
        hands += [text[a:b].strip() + "\n" for a, b in itertools.pairwise(starts)]
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


@dataclass(frozen=True)
class ImportRun:
    seconds: float  # wall clock
    cpu_seconds: float  # the command, its workers and its PostgreSQL backend
    peak_mb: float  # the command's process


def run_import(path: Path, database: str, user: str) -> ImportRun:
    """``manage.py import_hands`` on ``path`` in a child process, its CPU sampled as it runs."""
    environment = {**os.environ, "DATABASE_URL": database}
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "manage.py", "import_hands", str(path), "--user", user],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    cpu: dict[int, float] = {}  # by process, its latest total
    while True:
        _sample_cpu(child.pid, cpu)
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            break
        time.sleep(0.1)
    seconds = time.perf_counter() - start
    output = child.stdout.read().decode() if child.stdout else ""
    if status != 0 or " 0 refused" not in output:
        raise RuntimeError(f"import_hands failed: {output[:500]}")
    return ImportRun(seconds, sum(cpu.values()), usage.ru_maxrss / 1024)  # Linux: kilobytes


def _sample_cpu(pid: int, cpu: dict[int, float]) -> None:
    """The CPU so far of ``pid``, its descendants (the workers) and the PostgreSQL backends of
    the scratch database (the bench's own left out)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid()"
        )
        pids = [pid, *(row[0] for row in cursor.fetchall())]
    processes: list[psutil.Process] = []
    for number in pids:
        try:
            process = psutil.Process(number)
            processes += [process, *process.children(recursive=True)]
        except psutil.Error:
            continue
    for process in processes:
        try:
            times = process.cpu_times()
        except psutil.Error:
            continue
        cpu[process.pid] = times.user + times.system


@dataclass(frozen=True)
class PeerRun:
    hands_per_s: float
    cpu_seconds_per_1000: float
    unread: int  # hands PokerKit could not read or replay


def peer_run(count: int) -> PeerRun:
    """PokerKit's ``PokerStarsParser`` reading and replaying the same hands, in this process."""
    from pokerkit import PokerStarsParser

    text = "\n\n".join(hand_stream(count))
    start, cpu_start = time.perf_counter(), time.process_time()
    read = 0
    # PokerKit prints a traceback for each hand it cannot parse: counted below, not shown.
    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        for history in PokerStarsParser()(text):
            try:
                for _ in history:
                    pass
            except ValueError:
                continue  # a hand PokerKit cannot replay: its time counts, the hand does not
            read += 1
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    return PeerRun(read / seconds, 1000 * cpu / read, count - read)


def _database_url() -> str:
    settings = connection.settings_dict
    user = settings.get("USER") or "postgres"
    password = f":{settings['PASSWORD']}" if settings.get("PASSWORD") else ""
    host = settings.get("HOST") or "127.0.0.1"
    port = settings.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{settings['NAME']}"


def _measure() -> list[Figure]:
    from django.contrib.auth import get_user_model

    for user in USERS:
        get_user_model().objects.create_user(user, password=None)
    database = _database_url()
    with tempfile.TemporaryDirectory() as folder:
        small, large = Path(folder) / "small.txt", Path(folder) / "large.txt"
        write_file(small, HANDS // 10)
        write_file(large, HANDS)
        tenth = run_import(small, database, USERS[0])
        whole = run_import(large, database, USERS[1])
    load = os.getloadavg()[0]
    print(
        f"  {HANDS} hands in {whole.seconds:.1f} s ({whole.cpu_seconds:.1f} CPU s), peak "
        f"{whole.peak_mb:.0f} MB; {HANDS // 10} hands: peak {tenth.peak_mb:.0f} MB; "
        f"load average {load:.1f} on {os.cpu_count()} cores",
        file=sys.stderr,
    )
    peer = peer_run(PEER_HANDS)
    print(f"  PokerKit read and replayed {PEER_HANDS - peer.unread} of {PEER_HANDS} hands",
          file=sys.stderr)  # fmt: skip
    pokerkit = "PokerKit 0.7.7 parse+replay, one process"
    return [
        figure("import_hands_per_s", "hands/s", HANDS / whole.seconds, pokerkit, peer.hands_per_s),
        figure(
            "import_cpu_s_per_1000_hands",
            "CPU s",
            1000 * whole.cpu_seconds / HANDS,
            pokerkit,
            peer.cpu_seconds_per_1000,
        ),
        figure(
            "import_peak_rss_mb",
            "MB",
            whole.peak_mb,
            f"the same import of {HANDS // 10:,} hands",
            tenth.peak_mb,
        ),
    ]


def run() -> list[Figure]:
    if connection.vendor != "postgresql":
        raise RuntimeError("python -m bench import measures PostgreSQL: set DATABASE_URL")
    return on_scratch_database(_measure)
