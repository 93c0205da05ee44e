"""A real Celery worker in a subprocess, pointed at a chosen database — for tests and benches.

A test database exists only under the name pytest-django (or a bench) gave it, so the worker is
started with ``DATABASE_URL`` naming exactly that database, the configured broker, and a queue
of its own (so two test processes sharing one Redis never take each other's tasks). The caller
sends to that queue by setting ``task_default_queue`` before its first task (see
:func:`route_tasks_to`). The worker runs in its own process group, so it can be killed with
everything it started.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

REPO = Path(__file__).resolve().parent.parent


def database_url(settings_dict: dict[str, Any]) -> str:
    """A ``DATABASE_URL`` for the database a Django connection uses (PostgreSQL only)."""
    if "postgresql" not in settings_dict["ENGINE"]:
        raise ValueError("a worker process can only share a PostgreSQL database")
    user = quote(settings_dict.get("USER") or "", safe="")
    password = settings_dict.get("PASSWORD") or ""
    credentials = f"{user}:{quote(password, safe='')}@" if password else f"{user}@"
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    return f"postgres://{credentials}{host}:{port}/{settings_dict['NAME']}"


def new_queue_name() -> str:
    return f"cardavia-{os.getpid()}-{uuid.uuid4().hex[:8]}"


def route_tasks_to(app: Any, queue: str) -> None:
    """Send this process's tasks to ``queue`` (must happen before the first task is sent)."""
    app.conf.task_default_queue = queue
    for cached in ("queues", "default_queue", "router"):
        app.amqp.__dict__.pop(cached, None)


@dataclass
class WorkerProcess:
    """A running ``celery worker``; ``log`` holds its output."""

    process: subprocess.Popen[bytes]
    log: Path
    queue: str
    env: dict[str, str] = field(repr=False)
    temporary_log: bool = False

    def wait_ready(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the worker exited early:\n{self.output()}")
            if " ready." in self.output():
                return
            time.sleep(0.1)
        raise TimeoutError(f"the worker was not ready within {timeout}s:\n{self.output()}")

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def kill(self) -> None:
        """SIGKILL the worker and everything it started: no shutdown, no acknowledgement."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        """Ask the worker to finish (warm shutdown), then make sure it is gone."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.temporary_log:
            self.log.unlink(missing_ok=True)


def start_worker(
    *,
    database: str,
    queue: str,
    broker: str,
    extra_env: dict[str, str] | None = None,
    concurrency: int = 1,
    log: Path | None = None,
) -> WorkerProcess:
    """Start ``celery -A cardavia worker`` on ``queue``, against ``database`` and ``broker``;
    its output goes to ``log`` (by default a new temporary file, removed by :meth:`stop`)."""
    env = dict(os.environ)
    env.update(
        {
            "DATABASE_URL": database,
            "CELERY_BROKER_URL": broker,
            "CELERY_TASK_ALWAYS_EAGER": "false",
            # The AI turns a worker queues after its own moves must come back to it.
            "CELERY_TASK_DEFAULT_QUEUE": queue,
            "PYTHONPATH": os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")]),
            "LOG_LEVEL": "INFO",
        }
    )
    env.update(extra_env or {})
    temporary = log is None
    if log is None:
        log = Path(tempfile.mkstemp(prefix="cardavia-worker-", suffix=".log")[1])
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "cardavia",
        "worker",
        "--loglevel=INFO",
        "-Q",
        queue,
        "--hostname",
        f"{queue}@%h",
        "--without-gossip",
        "--without-mingle",
        "--without-heartbeat",
    ]
    command += ["--pool=solo"] if concurrency == 1 else [f"--concurrency={concurrency}"]
    with log.open("wb") as output:
        process = subprocess.Popen(
            command,
            cwd=REPO,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    return WorkerProcess(process=process, log=log, queue=queue, env=env, temporary_log=temporary)
