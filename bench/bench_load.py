"""The load test (issues 12, 28): players who think, over HTTP and the live stream, against the
full stack; the most players it holds (capacity), and the same stack under faults.

``python -m bench load`` starts its own stack (:mod:`bench.load.stack`): a PostgreSQL server of
its own (a temporary cluster on a free port, so its CPU is the bench's alone and the fault run
may restart it), Redis db 3, gunicorn (``BENCH_LOAD_WEB_WORKERS``, default 1 per core, uvicorn
workers serving cardavia.asgi as the Procfile does), a Celery worker (2 processes) and beat.

1. **Capacity.** One Locust run steps the players up (``BENCH_LOAD_STEPS``, default
   ``25,50,100,150,200,300,...,800``; each step ``BENCH_LOAD_STEP_S``, 75 s, of which the first
   ``BENCH_LOAD_SETTLE_S``, 30 s — or until its last new player is set up — is not measured:
   new players arrive at ``BENCH_LOAD_SPAWN_RATE``, 5 a second, sign up and start matches).
   Each player (:mod:`bench.load.locustfile`) follows its match on the stream and acts after
   the client's time to show the AIs' moves plus a log-normal think time (median 3 s, σ 0.6,
   cap 15 s). A step holds when its action requests' p99 ≤ 100 ms, the AI reply p95 ≤ 300 ms
   (from the action's answer to the stream's body giving the turn back, as the player sees it)
   and nothing failed; the run stops after the first step that does not. Then
   ``manage.py audit`` re-derives every hand. **Capacity**: the most players of a step that
   held, all steps before it holding too, the audit clean.
2. **Idle streams** (:mod:`bench.load.idle`): a gunicorn of one worker holds
   ``BENCH_LOAD_IDLE_STREAMS`` (5,000) idle streams; how many it held, its memory per stream.
3. **Faults** (``BENCH_LOAD_FAULT_PLAYERS``, 300, for ``BENCH_LOAD_FAULT_S``, 150 s): the Celery
   worker is killed (and started again 5 s later), PostgreSQL crashes and restarts, a web
   process is killed. The players retry their commands as the client does (same
   Idempotency-Key) and their streams resume after their last id. Afterwards: every answered
   action is stored once, no stream lost or repeated an event, the audit is clean, and how long
   the players waited.

The server's CPU (gunicorn, the worker, beat, the bench's PostgreSQL, Redis) and Locust's are
metered apart (:mod:`bench.load.cpu`); the machine is shared, so the load average before each
part is printed beside the figures. ``BENCH_LOAD_SKIP`` (``idle``, ``faults``) leaves parts out.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.common import Figure, figure
from bench.load import idle
from bench.load.cpu import Meter, server_seconds, spent
from bench.load.host import reference_ms
from bench.load.report import Load, Window, percentile, summarize
from bench.load.stack import CELERY_CONCURRENCY, WEB_THREADS, WEB_WORKERS, Stack

DEFAULT_STEPS = "25,50,100,150,200,300,400,500,600,700,800"
STEPS = [int(n) for n in os.environ.get("BENCH_LOAD_STEPS", DEFAULT_STEPS).split(",")]
STEP_S = float(os.environ.get("BENCH_LOAD_STEP_S", "75"))
SETTLE_S = float(os.environ.get("BENCH_LOAD_SETTLE_S", "30"))
# New players a second: a sign-up's password hash costs a few hundred ms of CPU (one in four
# players signs up), so they arrive as people do, not all at once.
SPAWN_RATE = float(os.environ.get("BENCH_LOAD_SPAWN_RATE", "5"))
IDLE_STREAMS = int(os.environ.get("BENCH_LOAD_IDLE_STREAMS", "5000"))
FAULT_PLAYERS = int(os.environ.get("BENCH_LOAD_FAULT_PLAYERS", "300"))
FAULT_S = float(os.environ.get("BENCH_LOAD_FAULT_S", "150"))
SKIP = set(os.environ.get("BENCH_LOAD_SKIP", "").split(","))
KEEP_DATABASE = os.environ.get("BENCH_LOAD_KEEP_DATABASE", "") not in ("", "0", "false")
KEEP_LOGS = os.environ.get("BENCH_LOAD_KEEP_LOGS", "") not in ("", "0", "false")
LOCUSTFILE = Path(__file__).with_name("load") / "locustfile.py"

AIM_ACTION_P99_MS = 100.0
AIM_AI_REPLY_P95_MS = 300.0
# Before issue 28 (README, "Load test"): the same players who think, on the polling client:
# about 50 players (action p99 100 ms at 50, 290 ms at 100); 58 ms of server CPU per action.
BEFORE = "before issue 28 (polling client)"
BEFORE_CAPACITY = 50.0
BEFORE_CPU_MS = 58.0
BEFORE_P50_MS = 200.0  # at 16 players acting at once (the only p50 measured before)


def run_locust(
    url: str,
    user: str,
    players: int,
    seconds: float,
    workdir: Path,
    extra_env: Mapping[str, str] | None = None,
    name: str | None = None,
) -> dict[str, Any]:
    """Run Locust headless against ``url``: ``players`` of ``user`` (a class of the locustfile)
    for ``seconds`` (with ``LOAD_STEPS`` in ``extra_env``: the steps instead); what the
    locustfile recorded."""
    out = workdir / f"{name or user}-{players}.json"
    command = [
        sys.executable, "-m", "locust", "-f", str(LOCUSTFILE), "--headless",
        "--users", str(players), "--spawn-rate", str(SPAWN_RATE),
        "--run-time", f"{math.ceil(seconds)}s", "--stop-timeout", "20",
        "--host", url, "--only-summary", "--loglevel", "WARNING", user,
    ]  # fmt: skip
    env = {**os.environ, "LOAD_OUT": str(out), **(extra_env or {})}
    done = subprocess.run(command, cwd=workdir, env=env, capture_output=True, text=True)
    if not out.exists():
        raise RuntimeError(f"locust wrote no record:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return dict(json.loads(out.read_text()))


@dataclass(frozen=True)
class Step:
    players: int
    window: Window
    load: Load
    by_part: dict[str, float]
    holds: bool

    @property
    def server_cpu_ms(self) -> float:
        return 1000 * server_seconds(self.by_part) / max(1, self.load.count)

    @property
    def locust_cpu_ms(self) -> float:
        return 1000 * self.by_part.get("locust", 0.0) / max(1, self.load.count)

    @property
    def busy(self) -> float:
        cores = os.cpu_count() or 1
        return self.by_part.get("machine", 0.0) / (self.window.seconds * cores)


def loadavg() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


def holds(load: Load) -> bool:
    reply = load.ai_reply_p95_ms if load.ai_reply_p95_ms is not None else math.inf
    return (
        load.count > 0
        and load.errors == 0
        and load.p99_ms <= AIM_ACTION_P99_MS
        and reply <= AIM_AI_REPLY_P95_MS
    )


def steps_of(record: dict[str, Any], samples: list[Any]) -> list[Step]:
    """Each step's figures over its window: from ``SETTLE_S`` after it began (or when its
    last new player was set up, if later) to when the next began."""
    marks = [(float(at), int(players)) for at, players in record["steps"]]
    end_of_run = max((start + ms / 1000 for _, start, ms, _, _ in record["requests"]), default=0)
    found = []
    for index, (began, players) in enumerate(marks):
        ends = marks[index + 1][0] if index + 1 < len(marks) else min(end_of_run, began + STEP_S)
        ready = [at for at in record["ready"] if began <= at < ends]
        start = max([began + SETTLE_S, *ready])
        if ends - start < 10:  # players still arriving at its end: measured from SETTLE_S on
            start = began + SETTLE_S
        if ends - start < 10:
            continue
        window = Window(start, ends - start)
        errors = [r for r in record["requests"] if window.holds(r[1])]
        load = summarize({**record, "requests": errors}, "action", window)
        by_part = spent(samples, window.start, window.start + window.seconds)
        found.append(Step(players, window, load, by_part, holds(load)))
    return found


def capacity_of(steps: list[Step], audit_clean: bool) -> Step | None:
    held = None
    for step in steps:
        if not step.holds:
            break
        held = step
    return held if audit_clean else None


def every_step_held(steps: list[Step], at: Step | None) -> bool:
    """Whether the capacity is the last step of the run: then it is at least that, not that."""
    return at is not None and at is steps[-1] and at.players == STEPS[-1]


def print_step(step: Step) -> None:
    load = step.load
    reply = "-" if load.ai_reply_p95_ms is None else f"{load.ai_reply_p95_ms:.0f}"
    parts = ", ".join(
        f"{part} {1000 * seconds / max(1, load.count):.1f}"
        for part, seconds in step.by_part.items()
        if part != "machine"
    )
    verdict = "holds" if step.holds else "MISSES"
    print(
        f"  {step.players:4d} players ({verdict}): {load.per_s:.1f} actions/s, action p50 "
        f"{load.p50_ms:.1f} p99 {load.p99_ms:.1f} ms, AI reply p95 {reply} ms, errors "
        f"{load.errors}; CPU ms per action: server {step.server_cpu_ms:.1f} ({parts}); machine "
        f"busy {step.busy:.0%}",
        file=sys.stderr,
    )
    for kind, count in load.error_kinds.items():
        print(f"    error {kind}: {count}", file=sys.stderr)


def capacity(stack: Stack) -> tuple[list[Step], dict[str, Any]]:
    print(f"capacity: load average before {loadavg()}", file=sys.stderr)
    env = {
        "LOAD_STEPS": ",".join(str(n) for n in STEPS),
        "LOAD_STEP_S": str(STEP_S),
        "LOAD_STEP_SETTLE_S": str(SETTLE_S),
        "LOAD_SPAWN_RATE": str(SPAWN_RATE),
        "LOAD_STOP_ON_FAIL": "1",
    }
    with Meter(stack.groups, stack.owned) as meter:
        record = run_locust(
            stack.url, "Player", STEPS[0], STEP_S * len(STEPS) + 5, stack.root, env, "capacity"
        )
    found = steps_of(record, meter.samples)
    for step in found:
        print_step(step)
    return found, record


def idle_streams(stack: Stack) -> idle.Idle:
    print(f"idle streams: load average before {loadavg()}", file=sys.stderr)
    env = stack.env(stack.database, STREAM_HEARTBEAT_SECONDS="10", LOG_LEVEL="WARNING")
    url, master = stack.extra_gunicorn("idle", env, workers=1)
    try:
        held = idle.measure(url, master, IDLE_STREAMS, hold_s=25)
    finally:
        stack.stop_process("idle")
    print(
        f"  held {held.held} of {held.asked} idle streams (opened in {held.open_s:.0f} s); "
        f"{held.kb_per_stream:.1f} KB each (worker {held.rss_before_mb:.0f} -> "
        f"{held.rss_after_mb:.0f} MB); worker CPU while idle {held.cpu_ms_per_s_per_1000:.1f} "
        "ms/s per 1,000 streams (heartbeat 10 s)",
        file=sys.stderr,
    )
    return held


@dataclass(frozen=True)
class Faults:
    load: Load
    acked: int
    stored: int
    missing: int
    breaks: int
    gaps: list[float]
    longest_reply_s: float
    reply_p99_ms: float
    attempts_failed: int
    audit_clean: bool
    postgres_down_s: float


def faults(stack: Stack) -> Faults:
    print(f"faults: load average before {loadavg()}", file=sys.stderr)
    began = time.time()
    timeline: list[str] = []
    down: list[float] = []

    def inject() -> None:
        time.sleep(FAULT_S * 0.3)
        timeline.append(f"{time.time() - began:.0f} s: Celery worker killed")
        stack.kill_worker(down_s=5)
        time.sleep(FAULT_S * 0.2)
        timeline.append(f"{time.time() - began:.0f} s: PostgreSQL crashed and restarted")
        down.append(stack.restart_postgres())
        time.sleep(FAULT_S * 0.2)
        pid = stack.kill_web_process()
        timeline.append(f"{time.time() - began:.0f} s: web process {pid} killed")

    injector = threading.Thread(target=inject, daemon=True)
    injector.start()
    # Under faults a player waits for its turn as a person would (the wait is what is reported),
    # rather than counting a stall after 15 s and starting another match.
    waits = {"LOAD_STALL_S": "120"}
    record = run_locust(stack.url, "Player", FAULT_PLAYERS, FAULT_S, stack.root, waits, "faults")
    injector.join()
    for line in timeline:
        print(f"  {line}", file=sys.stderr)
    settle(stack, timeout=60)
    window = Window(record["started"], FAULT_S)
    load = summarize(record, "action", window)
    acked = {(m, seq, kind) for m, seq, kind in record["acked"]}
    stored = stack.human_moves_since(began)
    present = stack.events_present(acked)
    replies = [ms for _, ms in record["replies"]]
    clean, report = stack.audit()
    result = Faults(
        load=load,
        acked=len(acked),
        stored=stored,
        missing=len(acked) - present,
        breaks=int(record.get("break_count", 0)),
        gaps=[seconds for _, seconds in record["gaps"]],
        longest_reply_s=max(replies, default=0) / 1000,
        reply_p99_ms=percentile(replies, 0.99),
        attempts_failed=load.errors,
        audit_clean=clean,
        postgres_down_s=down[0] if down else math.nan,
    )
    gaps = sorted(result.gaps)
    print(
        f"  {result.acked} actions answered, {result.stored} human moves stored "
        f"(missing {result.missing}); streams: {len(gaps)} reconnections, away p50 "
        f"{percentile(gaps, 0.5):.1f} s, longest {max(gaps, default=0):.1f} s, "
        f"{result.breaks} events lost or repeated; turn back p99 {result.reply_p99_ms:.0f} ms, "
        f"longest {result.longest_reply_s:.1f} s; failed attempts (retried) "
        f"{result.attempts_failed} {dict(load.error_kinds)}; audit "
        f"{'clean' if clean else 'NOT CLEAN'}",
        file=sys.stderr,
    )
    if not clean:
        print(report, file=sys.stderr)
    for note in record["notes"][:10]:
        print(f"    note: {note}", file=sys.stderr)
    return result


def settle(stack: Stack, timeout: float = 30) -> None:
    """Give the worker time to finish the AI turns still queued when the players stopped."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if stack.matches_awaiting_ai() == 0:
            return
        time.sleep(1)


def figures_for(
    steps: list[Step], at: Step | None, held: idle.Idle | None, fault: Faults | None
) -> list[Figure]:
    figures: list[Figure] = []
    settings = (
        f"think lognormal median 3 s sigma 0.6 cap 15 s + normal-speed display; steps "
        f"{','.join(str(s.players) for s in steps)} x {STEP_S:.0f} s; gunicorn {WEB_WORKERS} "
        f"uvicorn workers of {WEB_THREADS} threads, celery {CELERY_CONCURRENCY}; 2 shared cores"
    )
    # With no step held, the figures are the first step's (the capacity is below it: 0).
    at_or_first = at if at is not None else (steps[0] if steps else None)
    if at_or_first is not None:
        players = float(at.players) if at is not None else 0.0
        figures.append(figure("load_capacity_players", "players", players, BEFORE, BEFORE_CAPACITY))
        measured_at = f"figures at {at_or_first.players} players"
        if every_step_held(steps, at):
            measured_at += " (the last step: every step held)"
        figures[-1]["peer"] = f"{BEFORE}; {settings}; {measured_at}"
        at = at_or_first
        figures += [
            figure(
                "load_server_cpu_ms_per_action", "CPU ms", at.server_cpu_ms, BEFORE, BEFORE_CPU_MS
            ),
            figure("load_action_p50_ms", "ms", at.load.p50_ms, f"{BEFORE}, 16 players",
                   BEFORE_P50_MS),
            figure("load_action_p99_ms", "ms", at.load.p99_ms, "aim", AIM_ACTION_P99_MS),
            figure(
                "load_ai_reply_p95_ms", "ms", at.load.ai_reply_p95_ms or math.nan, "aim",
                AIM_AI_REPLY_P95_MS,
            ),
            figure("load_locust_cpu_ms_per_action", "CPU ms", at.locust_cpu_ms, "server's",
                   at.server_cpu_ms),
        ]  # fmt: skip
    if held is not None:
        figures += [
            figure("load_idle_streams_per_process", "streams", float(held.held), "aim", 5000.0),
            figure("load_kb_per_idle_stream", "KB", held.kb_per_stream, "5,000 in 1 GB",
                   200.0),
        ]  # fmt: skip
    if fault is not None:
        gaps = sorted(fault.gaps)
        figures += [
            figure("load_fault_actions_lost_or_twice", "actions",
                   float(fault.missing + abs(fault.stored - fault.acked)), "actions answered",
                   float(max(1, fault.acked))),
            figure("load_fault_stream_events_lost_or_repeated", "events", float(fault.breaks),
                   "stream reconnections", float(max(1, len(gaps)))),
            figure("load_fault_stream_away_p50_s", "s", percentile(gaps, 0.5) if gaps else 0.0,
                   "longest", max(gaps, default=1.0)),
            figure("load_fault_longest_wait_s", "s", fault.longest_reply_s, "aim (AI reply p95)",
                   AIM_AI_REPLY_P95_MS / 1000),
            figure("load_fault_audit_clean", "bool", float(fault.audit_clean), "clean", 1.0),
        ]  # fmt: skip
    return figures


def run() -> list[Figure]:
    stack = Stack()
    print(
        f"load: gunicorn {WEB_WORKERS} workers of {WEB_THREADS} threads, celery "
        f"{CELERY_CONCURRENCY} processes, steps "
        f"{STEPS} x {STEP_S:.0f} s; logs in {stack.root} (kept if it fails)",
        file=sys.stderr,
    )
    reference_before = reference_ms()
    print(f"host: the reference work takes {reference_before:.1f} ms of CPU", file=sys.stderr)
    try:
        stack.start()
        steps, _ = capacity(stack)
        settle(stack)
        clean, report = stack.audit()
        print(
            f"\nmanage.py audit ({'clean' if clean else 'NOT CLEAN'}):\n{report}", file=sys.stderr
        )
        at = capacity_of(steps, clean)
        if at is not None:
            more = estimate_more(at)
            least = "at least " if every_step_held(steps, at) else ""
            print(f"\ncapacity: {least}{at.players} players; {more}", file=sys.stderr)
        held = None if "idle" in SKIP else idle_streams(stack)
        fault = None if "faults" in SKIP else faults(stack)
    except BaseException:
        print(stack.logs(), file=sys.stderr)
        stack.stop(keep_database=KEEP_DATABASE)
        raise  # the logs stay in stack.root
    stack.stop(keep_database=KEEP_DATABASE)
    if not KEEP_LOGS:
        shutil.rmtree(stack.root, ignore_errors=True)
    reference_after = reference_ms()
    print(f"host: the reference work takes {reference_after:.1f} ms of CPU", file=sys.stderr)
    return [
        *figures_for(steps, at, held, fault),
        figure(
            "load_host_reference_ms", "CPU ms", reference_before, "after the run", reference_after
        ),
    ]


def estimate_more(at: Step) -> str:
    """What one more core adds, from the CPU one player costs: players x actions/s each x CPU
    per action fills the cores; the rest of a core goes to Locust and the machine's others."""
    per_player_cpu_s = at.load.per_s / at.players * at.server_cpu_ms / 1000
    per_core = 1 / per_player_cpu_s if per_player_cpu_s else math.nan
    return (
        f"{at.load.per_s / at.players:.3f} actions/s per player x {at.server_cpu_ms:.1f} ms = "
        f"{1000 * per_player_cpu_s:.2f} ms of server CPU per player-second: one more core "
        f"(and a worker on it) holds about {per_core:.0f} more players at the CPU bound "
        f"(machine busy {at.busy:.0%} at capacity)"
    )
