"""How a live stream is woken across processes: PostgreSQL ``LISTEN/NOTIFY`` (what
games/streams.py uses) beside Redis pub/sub, on the configured servers (``DATABASE_URL``,
``CELERY_BROKER_URL``); on request only (``python -m bench notify``).

For each: ``NOTIFIES`` notifications sent one at a time by a publisher connection, each carrying
its send time, heard by a listener connection in a thread of this process. Reported: the
wake-up latency (send to heard, p50 and p95) and the CPU per notify — this process's (publisher
and listener client code), and the server's: PostgreSQL's two backends (their own processes,
read from /proc), and the whole redis-server (shared with whatever else uses it, so an upper
bound). A ``SELECT 1`` round trip on the same PostgreSQL is the yardstick beside them.

In the product a NOTIFY costs no round trip of its own: it rides in the append's batched writes
(games/services.py) and is delivered only if that transaction commits.
"""

from __future__ import annotations

import os
import statistics
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.common import Figure, figure

NOTIFIES = 2000
CHANNEL = "cardavia_bench_notify"
TICKS = os.sysconf("SC_CLK_TCK")


def run() -> list[Figure]:
    database = os.environ.get("DATABASE_URL", "")
    broker = os.environ.get("CELERY_BROKER_URL", "")
    if not database.startswith("postgres") or not broker.startswith("redis"):
        raise SystemExit(
            "bench notify needs DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL (Redis)"
        )
    postgres = measure_postgres(database)
    redis = measure_redis(broker)
    round_trip = select_one_ms(database)
    print(
        f"notify: postgres {postgres}\nnotify: redis {redis}\nnotify: SELECT 1 {round_trip:.4f} ms"
    )
    return [
        figure("notify_wake_p50_ms", "ms", postgres["p50_ms"], "Redis pub/sub", redis["p50_ms"]),
        figure("notify_wake_p95_ms", "ms", postgres["p95_ms"], "Redis pub/sub", redis["p95_ms"]),
        figure(
            "notify_client_cpu_us", "CPU µs", postgres["client_cpu_us"], "Redis pub/sub",
            redis["client_cpu_us"],
        ),
        figure(
            "notify_server_cpu_us", "CPU µs", postgres["server_cpu_us"], "Redis (whole server)",
            redis["server_cpu_us"],
        ),
        figure("notify_send_ms", "ms", postgres["send_ms"], "SELECT 1 round trip", round_trip),
    ]  # fmt: skip


def _measure(
    send: Callable[[str], None],
    listen: Callable[[Callable[[str], None], threading.Event], None],
    server_cpu: Callable[[], float],
) -> dict[str, float]:
    """Send ``NOTIFIES`` stamped payloads and time each one's arrival at the listener."""
    latencies: list[float] = []
    heard = threading.Semaphore(0)
    ready = threading.Event()

    def on_payload(payload: str) -> None:
        latencies.append((time.perf_counter_ns() - int(payload)) / 1e6)
        heard.release()

    listener = threading.Thread(target=listen, args=(on_payload, ready), daemon=True)
    listener.start()
    assert ready.wait(10)
    cpu_before, server_before = time.process_time(), server_cpu()
    sending = 0.0
    for _ in range(NOTIFIES):
        started = time.perf_counter()
        send(str(time.perf_counter_ns()))
        sending += time.perf_counter() - started
        assert heard.acquire(timeout=10)  # one at a time: the latency of a lone wake-up
    client = (time.process_time() - cpu_before) / NOTIFIES * 1e6
    server = (server_cpu() - server_before) / NOTIFIES * 1e6
    latencies.sort()
    return {
        "p50_ms": statistics.median(latencies),
        "p95_ms": latencies[int(0.95 * len(latencies))],
        "client_cpu_us": client,
        "server_cpu_us": server,
        "send_ms": sending / NOTIFIES * 1e3,
    }


def measure_postgres(url: str) -> dict[str, float]:
    import psycopg

    publisher = psycopg.connect(url, autocommit=True)
    listener = psycopg.connect(url, autocommit=True)
    backends = [connection.info.backend_pid for connection in (publisher, listener)]

    def listen(on_payload: Callable[[str], None], ready: threading.Event) -> None:
        listener.execute(f"LISTEN {CHANNEL}")
        ready.set()
        for note in listener.notifies(stop_after=NOTIFIES):
            on_payload(note.payload)

    def send(payload: str) -> None:
        publisher.execute("SELECT pg_notify(%s, %s)", [CHANNEL, payload])

    try:
        return _measure(send, listen, lambda: sum(_process_cpu(pid) for pid in backends))
    finally:
        publisher.close()
        listener.close()


def measure_redis(url: str) -> dict[str, float]:
    import redis

    publisher = redis.Redis.from_url(url)
    subscriber = redis.Redis.from_url(url).pubsub(ignore_subscribe_messages=True)

    def listen(on_payload: Callable[[str], None], ready: threading.Event) -> None:
        subscriber.subscribe(CHANNEL)
        ready.set()
        received = 0
        while received < NOTIFIES:
            message = subscriber.get_message(timeout=5)
            if message is not None:
                on_payload(message["data"].decode())
                received += 1

    def server_cpu() -> float:
        info: Any = publisher.info("cpu")
        return float(info["used_cpu_sys"]) + float(info["used_cpu_user"])

    try:
        return _measure(lambda payload: publisher.publish(CHANNEL, payload), listen, server_cpu)
    finally:
        subscriber.close()
        publisher.close()


def select_one_ms(url: str) -> float:
    import psycopg

    with psycopg.connect(url, autocommit=True) as connection:
        started = time.perf_counter()
        for _ in range(NOTIFIES):
            connection.execute("SELECT 1")
        return (time.perf_counter() - started) / NOTIFIES * 1e3


def _process_cpu(pid: int) -> float:
    """A process's user + system CPU seconds (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS
