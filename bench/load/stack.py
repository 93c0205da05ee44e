"""The load test's own stack on this machine, as ``make stack`` runs it: a fresh PostgreSQL
database on the shared server, a Redis database, gunicorn, a Celery worker and Celery beat — and
beside it the ceiling's gunicorn on a database of its own (so ``manage.py audit`` reads only real
matches). Every process runs in its own process group and is stopped, the databases dropped and
the Redis keys deleted by :meth:`Stack.stop`.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import redis

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

POSTGRES = os.environ.get("BENCH_LOAD_POSTGRES", "postgres://postgres@127.0.0.1:5432")
REDIS = os.environ.get("BENCH_LOAD_REDIS", "redis://127.0.0.1:6379/3")
DATABASE = os.environ.get("BENCH_LOAD_DATABASE", "cardavia_load")
# Sync workers for 2 cores: 2 per core, since a request mostly waits on PostgreSQL; the Celery
# worker (2 processes, the Procfile's default), beat, PostgreSQL and Locust share the same cores.
WEB_WORKERS = int(os.environ.get("BENCH_LOAD_WEB_WORKERS", str(2 * (os.cpu_count() or 2))))
CELERY_CONCURRENCY = int(os.environ.get("BENCH_LOAD_CELERY_CONCURRENCY", "2"))
# Every bench player signs up or plays as a guest from 127.0.0.1: sign-up counts per address, so
# its rate is raised for the run. Actions and new matches keep the product's per-player rates.
THROTTLES = {"THROTTLE_RATE_SIGNUP": "10000/hour", "THROTTLE_RATE_LOGIN": "10000/hour"}


# The events that are a seat's move (the commands players and AIs send).
MOVES = ("holdem.folded", "holdem.checked", "holdem.called", "holdem.bet", "holdem.raised")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Process:
    name: str
    popen: subprocess.Popen[bytes]
    log: Path

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def stop(self) -> None:
        """SIGTERM its process group, SIGKILL whatever is left after 15 s."""
        if self.popen.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.popen.pid, signal.SIGTERM)
            try:
                self.popen.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.popen.pid, signal.SIGKILL)
                self.popen.wait(timeout=15)


def database_url(name: str) -> str:
    return f"{POSTGRES}/{name}"


def recreate_database(name: str) -> None:
    with psycopg.connect(database_url("postgres"), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')


def drop_database(name: str) -> None:
    with psycopg.connect(database_url("postgres"), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@dataclass
class Stack:
    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="cardavia-load-")))
    run_id: str = field(default_factory=lambda: secrets.token_hex(4))
    processes: list[Process] = field(default_factory=list)
    url: str = ""
    ceiling_url: str = ""

    @property
    def queue(self) -> str:
        """The Celery queue and cache-key prefix of this run: nothing shared with another run."""
        return f"cardavia-load-{self.run_id}"

    @property
    def ceiling_database(self) -> str:
        return f"{DATABASE}_ceiling"

    def env(self, database: str, **overrides: str) -> dict[str, str]:
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("DJANGO_", "CELERY_", "CACHE_", "DATABASE_", "THROTTLE_"))
        }
        env.update(
            {
                "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]),
                "PATH": os.pathsep.join([str(BIN), os.environ.get("PATH", "")]),
                "PYTHONUNBUFFERED": "1",
                # Production-like: no DEBUG (no query log kept per request), plain HTTP locally.
                "DEBUG": "false",
                "SECRET_KEY": f"load-bench-{self.run_id}-{secrets.token_hex(16)}",
                "HTTPS_ONLY": "false",
                "ALLOWED_HOSTS": "127.0.0.1,localhost",
                "DATABASE_URL": database_url(database),
                "CELERY_BROKER_URL": REDIS,
                "CELERY_TASK_DEFAULT_QUEUE": self.queue,
                "CACHE_KEY_PREFIX": self.queue,
                "LOG_LEVEL": "WARNING",
                **THROTTLES,
            }
        )
        env.update(overrides)
        return env

    def start(self) -> None:
        recreate_database(DATABASE)
        recreate_database(self.ceiling_database)
        for database in (DATABASE, self.ceiling_database):
            self.manage(database, "migrate", "--noinput")
        self.manage(DATABASE, "load_catalog")
        self.url = self._gunicorn("web", self.env(DATABASE))
        self._spawn(
            "worker",
            [str(BIN / "celery"), "-A", "cardavia", "worker", "--loglevel=INFO",
             "--concurrency", str(CELERY_CONCURRENCY), "-Q", self.queue,
             "--hostname", f"{self.queue}@%h", "--without-gossip", "--without-mingle"],
            self.env(DATABASE, LOG_LEVEL="INFO"),
        )  # fmt: skip
        self._spawn(
            "beat",
            [str(BIN / "celery"), "-A", "cardavia", "beat", "--loglevel=INFO",
             "--schedule", str(self.root / "beat-schedule")],
            self.env(DATABASE),
        )  # fmt: skip
        self.ceiling_url = self._gunicorn(
            "ceiling",
            self.env(self.ceiling_database, DJANGO_SETTINGS_MODULE="bench.load.ceiling_settings"),
        )
        self._wait_for("worker", " ready.", 90)

    def groups(self) -> dict[int, str]:
        """Each process group this stack started (its leader's pid) by name, for the CPU meter."""
        return {process.popen.pid: process.name for process in self.processes}

    def manage(self, database: str, *args: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=REPO,
            env=self.env(database),
            capture_output=True,
            text=True,
            timeout=600,
        )
        if done.returncode != 0 and args[0] != "audit":
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
        return done.stdout + done.stderr

    def audit(self) -> tuple[bool, str]:
        """``manage.py audit`` on every match the players made: (clean, its output)."""
        done = subprocess.run(
            [sys.executable, "manage.py", "audit"],
            cwd=REPO,
            env=self.env(DATABASE),
            capture_output=True,
            text=True,
            timeout=900,
        )
        return done.returncode == 0, (done.stdout + done.stderr).strip()

    def matches_awaiting_ai(self) -> int:
        with psycopg.connect(database_url(DATABASE)) as db:
            row = db.execute(
                "SELECT count(*) FROM games_match WHERE status = 'active' AND awaiting_ai"
            ).fetchone()
        return int(row[0]) if row else 0

    def moves_between(self, start: float, end: float) -> int:
        """Every seat's moves (human and AI) stored between two epoch times."""
        with psycopg.connect(database_url(DATABASE)) as db:
            row = db.execute(
                "SELECT count(*) FROM games_event WHERE type = ANY(%s)"
                " AND created_at >= to_timestamp(%s) AND created_at < to_timestamp(%s)",
                (list(MOVES), start, end),
            ).fetchone()
        return int(row[0]) if row else 0

    def _spawn(self, name: str, command: list[str], env: dict[str, str]) -> Process:
        log = self.root / f"{name}.log"
        with log.open("ab") as output:
            popen = subprocess.Popen(
                command,
                cwd=REPO,
                env=env,
                stdout=output,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        process = Process(name, popen, log)
        self.processes.append(process)
        return process

    def _gunicorn(self, name: str, env: dict[str, str]) -> str:
        port = free_port()
        self._spawn(
            name,
            [str(BIN / "gunicorn"), "cardavia.asgi", "--worker-class",
             "cardavia.workers.StreamWorker", "--bind", f"127.0.0.1:{port}",
             "--workers", str(WEB_WORKERS), "--timeout", "60", "--graceful-timeout", "5"],
            env,
        )  # fmt: skip
        url = f"http://127.0.0.1:{port}"
        self._wait_until(name, lambda: _answers(url), 90)
        return url

    def _process(self, name: str) -> Process:
        return next(process for process in self.processes if process.name == name)

    def _wait_for(self, name: str, text: str, timeout: float) -> None:
        self._wait_until(name, lambda: text in self._process(name).output(), timeout)

    def _wait_until(self, name: str, ready: object, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        process = self._process(name)
        while not ready():  # type: ignore[operator]
            if process.popen.poll() is not None:
                raise RuntimeError(f"{name} exited:\n{process.output()[-4000:]}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"{name} not ready in {timeout}s:\n{process.output()[-4000:]}")
            time.sleep(0.2)

    def logs(self, tail: int = 3000) -> str:
        return "".join(f"\n--- {p.name} ---\n{p.output()[-tail:]}" for p in self.processes)

    def stop(self, *, keep_database: bool = False) -> None:
        for process in reversed(self.processes):
            process.stop()
        client = redis.Redis.from_url(REDIS)
        stale = [*client.scan_iter(f"*{self.queue}*"), self.queue]
        client.delete(*stale)
        if not keep_database:
            drop_database(DATABASE)
        drop_database(self.ceiling_database)


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/api/errors/", timeout=2) as response:
            return bool(response.status < 500)
    except urllib.error.HTTPError as refused:  # the ceiling serves no /api/: its 404 answers
        return refused.code < 500
    except OSError:
        return False
