"""The load test (issue 12): real players over HTTP against the full stack, beside its ceiling.

``python -m bench load`` starts its own stack (:mod:`bench.load.stack`): a fresh PostgreSQL
database ``cardavia_load`` on the shared server (127.0.0.1:5432, user postgres), Redis db 3,
gunicorn (``BENCH_LOAD_WEB_WORKERS``, default 2 per core), a Celery worker (2 processes) and
Celery beat — as ``make stack`` runs them — and a second gunicorn serving only the ceiling
endpoint (:mod:`bench.load.ceiling`) on a database of its own. For each number of players
(``BENCH_LOAD_PLAYERS``, default ``16,64``) Locust runs headless, first the ceiling's users, then
the players (:mod:`bench.load.locustfile`), each for a warm-up (``BENCH_LOAD_WARMUP_S``, 30 s:
sign-ups, first matches) and then the measured window (``BENCH_LOAD_SECONDS``, 60 s; it starts
later, and is shorter, if a player was still setting up at the end of the warm-up). Players
poll every ``BENCH_LOAD_POLL_MS`` (50) while the AIs move. Afterwards ``manage.py audit`` runs
on every match the players made; then everything is stopped and both databases are dropped.

Sign-up and log-in throttles (per address: every bench player comes from 127.0.0.1) are raised
for the run; actions and new matches keep the product's per-player rates.

Figures, for N players (peer: the ceiling measured in the same run, or the issue's budget):

- ``load_actions_per_s_N``: human actions answered per second, beside the ceiling's appends/s
  (aim: ratio >= 0.5).
- ``load_moves_per_s_N``: every seat's moves (the human's and the AIs') stored per second,
  beside the same: a human action is answered by about three AI moves, each a command too.
- ``load_p50_ms_N``, ``load_p99_ms_N``: an action's latency at the client, beside the ceiling's
  (aim at 16 players: p99 <= 100 ms).
- ``load_ai_reply_p95_ms_N``: from the human's event to the last event the AIs stored before
  the human's next turn (server stamps), beside the budget of 1000 ms.
- ``load_server_cpu_ms_per_action_N``: the server's CPU (gunicorn, the Celery worker and beat,
  PostgreSQL, Redis: :mod:`bench.load.cpu`) per human action over the window, beside its CPU
  per ceiling append in the ceiling's window; the machine is saturated in both, so their ratio
  bounds how close the actions can come to the ceiling.
- ``load_errors_N``: any request not answered 2xx (or not answered), and stalled matches, over
  the whole run, beside the ceiling's errors (aim: 0; the ratio is ours / max(1, ceiling's)).
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from bench.common import Figure, figure
from bench.load.cpu import Meter, server_seconds, spent
from bench.load.report import Load, Window, summarize
from bench.load.stack import CELERY_CONCURRENCY, WEB_WORKERS, Stack

PLAYERS = [int(n) for n in os.environ.get("BENCH_LOAD_PLAYERS", "16,64").split(",")]
WARMUP_S = float(os.environ.get("BENCH_LOAD_WARMUP_S", "30"))
SECONDS = float(os.environ.get("BENCH_LOAD_SECONDS", "60"))
POLL_MS = os.environ.get("BENCH_LOAD_POLL_MS", "50")
KEEP_DATABASE = os.environ.get("BENCH_LOAD_KEEP_DATABASE", "") not in ("", "0", "false")
LOCUSTFILE = Path(__file__).with_name("load") / "locustfile.py"
BUDGET_AI_REPLY_MS = 1000.0


def run_locust(url: str, user: str, players: int, seconds: float, workdir: Path) -> dict:
    """Run Locust headless against ``url``: ``players`` of ``user`` (a class of the locustfile)
    for ``seconds``, started all at once; what the locustfile recorded."""
    out = workdir / f"{user}-{players}.json"
    command = [
        sys.executable, "-m", "locust", "-f", str(LOCUSTFILE), "--headless",
        "--users", str(players), "--spawn-rate", str(players),
        "--run-time", f"{math.ceil(seconds)}s", "--stop-timeout", "5",
        "--host", url, "--only-summary", "--loglevel", "WARNING", user,
    ]  # fmt: skip
    env = {**os.environ, "LOAD_OUT": str(out), "LOAD_POLL_MS": POLL_MS}
    done = subprocess.run(command, cwd=workdir, env=env, capture_output=True, text=True)
    if not out.exists():
        raise RuntimeError(f"locust wrote no record:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return json.loads(out.read_text())


def measure(stack: Stack, url: str, user: str, name: str, players: int) -> tuple[Load, Window, Cpu]:
    with Meter(stack.groups) as meter:
        record = run_locust(url, user, players, WARMUP_S + SECONDS, stack.root)
    window = measured_window(record)
    if window.seconds < SECONDS:
        late = WARMUP_S + SECONDS - window.seconds
        print(f"\n{user} x{players}: all set up {late:.0f} s in", file=sys.stderr)
    load = summarize(record, name, window)
    cpu = Cpu(spent(meter.samples, window.start, window.start + window.seconds), window.seconds)
    _print_load(f"{user} x{players}", load, record.get("notes", []))
    _print_cpu(cpu, load.count, name)
    return load, window, cpu


def measured_window(record: dict) -> Window:
    """From the end of the warm-up, or from when the last player was set up (signed up, its
    first match started) if that was later, to the end of the run."""
    end = record["started"] + WARMUP_S + SECONDS
    start = max([record["started"] + WARMUP_S, *record.get("ready", [])])
    if end - start < SECONDS / 4:
        raise RuntimeError(
            "the players were still setting up at the end: raise BENCH_LOAD_WARMUP_S"
        )
    return Window(start, end - start)


def _print_load(title: str, load: Load, notes: list[str]) -> None:
    reply = "-" if load.ai_reply_p95_ms is None else f"{load.ai_reply_p95_ms:.0f} ms"
    print(
        f"\n{title}: {load.per_s:.1f}/s, p50 {load.p50_ms:.1f} ms, p99 {load.p99_ms:.1f} ms, "
        f"errors {load.errors}, AI reply p95 {reply} ({load.ai_replies} replies)",
        file=sys.stderr,
    )
    for kind, (count, p50, p99) in load.by_name.items():
        print(f"  {kind:<16} {count:7d}  p50 {p50:7.1f} ms  p99 {p99:7.1f} ms", file=sys.stderr)
    for kind, count in load.error_kinds.items():
        print(f"  error {kind}: {count}", file=sys.stderr)
    for note in notes[:5]:
        print(f"  note: {note}", file=sys.stderr)


@dataclass(frozen=True)
class Cpu:
    """CPU seconds by part of the stack (and ``machine``) over a measured window."""

    by_part: dict[str, float]
    seconds: float

    def server_ms_per(self, count: int) -> float:
        return 1000 * server_seconds(self.by_part) / count if count else math.nan


def _print_cpu(cpu: Cpu, count: int, name: str) -> None:
    cores = os.cpu_count() or 1
    busy = cpu.by_part.get("machine", 0.0) / (cpu.seconds * cores)
    parts = ", ".join(
        f"{part} {1000 * seconds / max(1, count):.1f}"
        for part, seconds in cpu.by_part.items()
        if part != "machine"
    )
    print(
        f"  CPU ms per {name}: server {cpu.server_ms_per(count):.1f} ({parts}); "
        f"machine busy {busy:.0%} of {cores} cores",
        file=sys.stderr,
    )


def figures_for(
    players: int, ours: Load, moves_per_s: float, ceiling: Load, cpu: tuple[Cpu, Cpu]
) -> list[Figure]:
    peer = "bare DRF lock+append"
    reply = ours.ai_reply_p95_ms if ours.ai_reply_p95_ms is not None else math.nan
    return [
        figure(f"load_actions_per_s_{players}", "actions/s", ours.per_s, peer, ceiling.per_s),
        figure(f"load_moves_per_s_{players}", "moves/s", moves_per_s, peer, ceiling.per_s),
        figure(f"load_p50_ms_{players}", "ms", ours.p50_ms, peer, ceiling.p50_ms),
        figure(f"load_p99_ms_{players}", "ms", ours.p99_ms, peer, ceiling.p99_ms),
        figure(f"load_ai_reply_p95_ms_{players}", "ms", reply, "issue budget", BUDGET_AI_REPLY_MS),
        figure(
            f"load_server_cpu_ms_per_action_{players}",
            "CPU ms",
            cpu[1].server_ms_per(ours.count),
            peer,
            cpu[0].server_ms_per(ceiling.count),
        ),
        Figure(
            name=f"load_errors_{players}",
            unit="errors",
            ours=float(ours.errors),
            peer=peer,
            peer_value=float(ceiling.errors),
            ratio=ours.errors / max(1, ceiling.errors),
        ),
    ]


def settle(stack: Stack, timeout: float = 30) -> None:
    """Give the worker time to finish the AI turns still queued when the players stopped."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if stack.matches_awaiting_ai() == 0:
            return
        time.sleep(1)


def run() -> list[Figure]:
    stack = Stack()
    figures: list[Figure] = []
    print(
        f"load: gunicorn {WEB_WORKERS} workers, celery {CELERY_CONCURRENCY} processes, "
        f"warm-up {WARMUP_S:.0f} s, measured {SECONDS:.0f} s, poll {POLL_MS} ms; "
        f"logs in {stack.root} (kept if it fails)",
        file=sys.stderr,
    )
    try:
        stack.start()
        for players in PLAYERS:
            ceiling, _, ceiling_cpu = measure(
                stack, stack.ceiling_url, "Ceiling", "ceiling_append", players
            )
            ours, window, cpu = measure(stack, stack.url, "Player", "action", players)
            moves = stack.moves_between(window.start, window.start + window.seconds)
            print(f"  moves stored (human and AI): {moves / SECONDS:.1f}/s", file=sys.stderr)
            settle(stack)
            figures.extend(figures_for(players, ours, moves / SECONDS, ceiling, (ceiling_cpu, cpu)))
        clean, report = stack.audit()
        verdict = "clean" if clean else "NOT CLEAN"
        print(f"\nmanage.py audit ({verdict}):\n{report}", file=sys.stderr)
        if not clean:
            raise RuntimeError(f"manage.py audit found mismatches:\n{report}")
    except BaseException:
        print(stack.logs(), file=sys.stderr)
        stack.stop(keep_database=KEEP_DATABASE)
        raise  # the logs stay in stack.root
    stack.stop(keep_database=KEEP_DATABASE)
    shutil.rmtree(stack.root, ignore_errors=True)
    return figures
