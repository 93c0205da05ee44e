"""The load test's figures from what Locust recorded (pure functions: no server, no clock).

A run's record (``locustfile``'s ``LOAD_OUT``) lists every request as ``(name, start epoch s,
milliseconds, status, error code)`` and every AI reply as ``(human action epoch s, ms)``. Only
what started inside the measured window counts towards rates and percentiles (the warm-up before
it has sign-ups and new matches, not steady play); errors count over the whole run.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Any

# Requests that are part of playing: any answer but 2xx (or no answer) among them is an error.
Record = dict[str, Any]


@dataclass(frozen=True)
class Window:
    start: float
    seconds: float

    def holds(self, stamp: float) -> bool:
        return self.start <= stamp < self.start + self.seconds


@dataclass(frozen=True)
class Load:
    """One run's figures: ``name``'s requests per second and latency, errors, AI reply p95."""

    per_s: float
    p50_ms: float
    p99_ms: float
    count: int
    errors: int
    error_kinds: dict[str, int]
    ai_reply_p95_ms: float | None
    ai_replies: int
    by_name: dict[str, tuple[int, float, float]]  # name -> (count, p50, p99) in the window


def percentile(samples: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1); NaN for no samples.

    >>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5)
    3.0
    >>> percentile([float(n) for n in range(1, 101)], 0.99)
    99.0
    """
    if not samples:
        return math.nan
    ordered = sorted(samples)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def is_error(status: int) -> bool:
    return not 200 <= status < 300


def summarize(record: Record, name: str, window: Window) -> Load:
    requests = record["requests"]
    timed = [
        ms for kind, start, ms, status, _ in requests
        if kind == name and window.holds(start) and not is_error(status)
    ]  # fmt: skip
    failures = Counter(
        f"{kind} {status} {code}".strip()
        for kind, _, _, status, code in requests
        if is_error(status)
    )
    replies = [ms for stamp, ms in record["replies"] if window.holds(stamp)]
    by_name: dict[str, list[float]] = {}
    for kind, start, ms, status, _ in requests:
        if window.holds(start) and not is_error(status):
            by_name.setdefault(kind, []).append(ms)
    return Load(
        per_s=len(timed) / window.seconds,
        p50_ms=percentile(timed, 0.50),
        p99_ms=percentile(timed, 0.99),
        count=len(timed),
        errors=sum(failures.values()),
        error_kinds=dict(failures),
        ai_reply_p95_ms=percentile(replies, 0.95) if replies else None,
        ai_replies=len(replies),
        by_name={
            kind: (len(values), percentile(values, 0.5), percentile(values, 0.99))
            for kind, values in sorted(by_name.items())
        },
    )
