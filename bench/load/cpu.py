"""Where the machine's CPU went during a load run, by part of the stack.

A :class:`Meter` samples, once a second, the CPU seconds spent so far by each part — the
stack's own processes (by the process group :class:`bench.load.stack.Stack` started each in),
PostgreSQL's and Redis's server processes, Locust — and by the whole machine. :func:`spent`
gives what each spent between two instants, so the bench can set what one human action costs
(its own request, the AI moves the worker plays in answer, the reads that see them) beside what
one ceiling append costs on the same machine in the same run.

A process that exits between two samples loses the CPU it spent since the last one (at most a
second's worth); the main parts live for the whole run (gunicorn's and Celery's pools,
PostgreSQL's connections kept open by ``CONN_MAX_AGE``).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import psutil

# The server side: what a request or an AI move costs, the load tool apart.
SERVER_PARTS = ("web", "ceiling", "worker", "beat", "postgres", "redis")
INTERVAL_S = 1.0


@dataclass(frozen=True)
class Sample:
    at: float  # epoch seconds
    machine: float  # busy CPU seconds of the whole machine (every core) since boot
    processes: Mapping[int, tuple[str, float]]  # pid -> (part, CPU seconds since it started)


def part_of(name: str, command: list[str], group: int, groups: Mapping[int, str]) -> str | None:
    """The part a process belongs to: its stack process group's name, ``postgres``, ``redis``,
    ``locust``, or None (anything else on the machine).

    >>> part_of("gunicorn", ["gunicorn", "cardavia.wsgi"], 41, {41: "web"})
    'web'
    >>> part_of("postgres", ["postgres: postgres cardavia_load"], 7, {41: "web"})
    'postgres'
    >>> part_of("python", ["python", "-m", "locust", "-f", "x.py"], 9, {41: "web"})
    'locust'
    """
    if group in groups:
        return groups[group]
    if name.startswith("postgres"):
        return "postgres"
    if name.startswith("redis"):
        return "redis"
    if any(part.endswith("locust") for part in command[:3]):
        return "locust"
    return None


def _busy(times: Any) -> float:
    idle = times.idle + getattr(times, "iowait", 0.0)
    return sum(times) - idle


def read_sample(
    groups: Mapping[int, str],
    parts_seen: dict[int, str | None],
    owned: Mapping[int, str] | None = None,
) -> Sample:
    """CPU seconds so far of every process in a part; ``parts_seen`` caches each pid's part.
    ``owned`` (pid -> part) names processes outright: the bench's own PostgreSQL server and
    backends, and then no other PostgreSQL process counts (the machine's shared server serves
    other people's work)."""
    processes: dict[int, tuple[str, float]] = {}
    for process in psutil.process_iter(["name"]):
        with contextlib.suppress(psutil.Error):
            if owned and process.pid in owned:
                parts_seen[process.pid] = owned[process.pid]
            elif process.pid not in parts_seen:
                part = part_of(
                    process.info["name"] or "", process.cmdline(), os.getpgid(process.pid), groups
                )
                parts_seen[process.pid] = None if owned and part == "postgres" else part
            part = parts_seen[process.pid]
            if part is not None:
                cpu = process.cpu_times()
                processes[process.pid] = (part, cpu.user + cpu.system)
    return Sample(at=time.time(), machine=_busy(psutil.cpu_times()), processes=processes)


class Meter:
    """Samples :func:`read_sample` every ``INTERVAL_S`` in a thread, between start and stop."""

    def __init__(
        self,
        groups: Callable[[], Mapping[int, str]],
        owned: Callable[[], Mapping[int, str]] | None = None,
    ) -> None:
        self._groups = groups
        self._owned = owned
        self._parts_seen: dict[int, str | None] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self.samples: list[Sample] = []

    def __enter__(self) -> Meter:
        self._sample()  # here, not in the thread: the run is measured from its very start
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()

    def _sample(self) -> None:
        owned = self._owned() if self._owned is not None else None
        self.samples.append(read_sample(self._groups(), self._parts_seen, owned))

    def _run(self) -> None:
        while not self._stop.wait(INTERVAL_S):
            self._sample()
        self._sample()


def nearest(samples: list[Sample], at: float) -> Sample:
    return min(samples, key=lambda sample: abs(sample.at - at))


def spent(samples: list[Sample], start: float, end: float) -> dict[str, float]:
    """CPU seconds each part (and ``machine``) spent between the samples nearest ``start`` and
    ``end``: each process's last reading in between less its first (nothing, if it started in
    between), so processes that come and go (PostgreSQL's autovacuum workers) count too.

    >>> first = Sample(10.0, 100.0, {1: ("web", 5.0), 2: ("postgres", 2.0)})
    >>> middle = Sample(15.0, 106.0, {1: ("web", 7.0), 2: ("postgres", 3.0), 3: ("postgres", 0.5)})
    >>> last = Sample(20.0, 112.0, {1: ("web", 9.5), 2: ("postgres", 4.0)})
    >>> spent([first, middle, last], 10.2, 19.9)
    {'postgres': 2.5, 'web': 4.5, 'machine': 12.0}
    """
    first, last = nearest(samples, start), nearest(samples, end)
    inside = [sample for sample in samples if first.at <= sample.at <= last.at]
    latest: dict[int, tuple[str, float]] = {}
    for sample in inside:
        latest.update(sample.processes)
    by_part: dict[str, float] = {}
    for pid, (part, seconds) in latest.items():
        before = first.processes.get(pid, (part, 0.0))[1]
        by_part[part] = by_part.get(part, 0.0) + max(0.0, seconds - before)
    return {**dict(sorted(by_part.items())), "machine": last.machine - first.machine}


def server_seconds(by_part: Mapping[str, float]) -> float:
    """CPU seconds of the server side (the stack, its database and broker), not the load tool."""
    return sum(seconds for part, seconds in by_part.items() if part in SERVER_PARTS)
