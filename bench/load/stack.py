"""The load test's own stack on this machine, as ``make stack`` runs it: a PostgreSQL server of
its own (the fault tests' :class:`tests.ops.services.PrivatePostgres`, with production's
durability; ``BENCH_LOAD_POSTGRES`` names another server instead), a Redis database,
gunicorn, a Celery worker and Celery beat — and, on request, the ceiling's
gunicorn on a database of its own (so ``manage.py audit`` reads only real matches). Every process
runs in its own process group and is stopped, the databases dropped and the Redis keys deleted by
:meth:`Stack.stop`. The fault run's faults are here too: :meth:`Stack.kill_worker`,
:meth:`Stack.restart_postgres`, :meth:`Stack.kill_web_process`.
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

import psutil
import psycopg
import redis

from tests.ops.services import DURABLE, PrivatePostgres

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

# Empty: a server of the bench's own (private), on a free port.
POSTGRES = os.environ.get("BENCH_LOAD_POSTGRES", "")
REDIS = os.environ.get("BENCH_LOAD_REDIS", "redis://127.0.0.1:6379/3")
DATABASE = os.environ.get("BENCH_LOAD_DATABASE", "cardavia_load")
# One web process a core, as the Procfile's default (each runs WEB_THREADS request threads, which
# overlap the waits on PostgreSQL); the Celery worker (2 processes, the Procfile's default),
# beat, PostgreSQL and Locust share the same cores. More processes cost more CPU an action:
# every one listens to every match's notifications.
WEB_WORKERS = int(os.environ.get("BENCH_LOAD_WEB_WORKERS", str(os.cpu_count() or 2)))
# The web's request threads a process (cardavia.settings.WEB_THREADS), as the stack runs them.
WEB_THREADS = int(os.environ.get("WEB_THREADS", "2"))
CELERY_CONCURRENCY = int(os.environ.get("BENCH_LOAD_CELERY_CONCURRENCY", "2"))
# Every bench player signs up or plays as a guest from 127.0.0.1: sign-up counts per address, so
# its rate is raised for the run, and so is new matches' (a guest's first counts per address).
# Actions keep the product's per-player rate.
# A guest's first match is counted per address too (it has no player yet): so is its rate.
THROTTLES = {
    "THROTTLE_RATE_SIGNUP": "10000/hour",
    "THROTTLE_RATE_LOGIN": "10000/hour",
    "THROTTLE_RATE_MATCH_START": "100000/hour",
}


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


_server: list[str] = [POSTGRES]  # the server's URL, without a database: set by Stack.start


def database_url(name: str) -> str:
    return f"{_server[0]}/{name}"


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
    with_ceiling: bool = False
    postgres: PrivatePostgres | None = None
    web_port: int = 0

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
        if not POSTGRES:
            self.postgres = PrivatePostgres.create(free_port(), DURABLE)
            self.postgres.start()
            _server[0] = self.postgres.url("").rstrip("/")
        recreate_database(DATABASE)
        databases = [DATABASE]
        if self.with_ceiling:
            recreate_database(self.ceiling_database)
            databases.append(self.ceiling_database)
        for database in databases:
            self.manage(database, "migrate", "--noinput")
        self.manage(DATABASE, "load_catalog")
        self.url = self._gunicorn("web", self.env(DATABASE))
        self.web_port = int(self.url.rsplit(":", 1)[1])
        self.start_worker()
        self._spawn(
            "beat",
            [str(BIN / "celery"), "-A", "cardavia", "beat", "--loglevel=INFO",
             "--schedule", str(self.root / "beat-schedule")],
            self.env(DATABASE),
        )  # fmt: skip
        if self.with_ceiling:
            self.ceiling_url = self._gunicorn(
                "ceiling",
                self.env(
                    self.ceiling_database, DJANGO_SETTINGS_MODULE="bench.load.ceiling_settings"
                ),
            )
        self._wait_for("worker", " ready.", 90)

    def start_worker(self) -> None:
        self._spawn(
            "worker",
            [str(BIN / "celery"), "-A", "cardavia", "worker", "--loglevel=INFO",
             "--concurrency", str(CELERY_CONCURRENCY), "-Q", self.queue,
             "--hostname", f"{self.queue}@%h", "--without-gossip", "--without-mingle"],
            self.env(DATABASE, LOG_LEVEL="INFO"),
        )  # fmt: skip

    # --- faults (the fault run) ------------------------------------------------------------------

    def kill_worker(self, down_s: float) -> None:
        """SIGKILL the Celery worker and its pool (no warm shutdown: a crash), then start a new
        one ``down_s`` later, as a supervisor would."""
        worker = self._process("worker")
        with contextlib.suppress(ProcessLookupError):
            os.killpg(worker.popen.pid, signal.SIGKILL)
        worker.popen.wait(timeout=30)
        self.processes.remove(worker)
        time.sleep(down_s)
        self.start_worker()

    def restart_postgres(self) -> float:
        """Stop the bench's own PostgreSQL as a crash would (every connection cut) and start it
        again; the seconds it was down."""
        if self.postgres is None:
            raise RuntimeError("the fault run restarts only a PostgreSQL of the bench's own")
        began = time.monotonic()
        self.postgres.stop("immediate")
        self.postgres.start()
        return time.monotonic() - began

    def kill_web_process(self) -> int:
        """SIGKILL one of gunicorn's worker processes (its streams and requests cut); the
        master starts another. Its pid."""
        master = psutil.Process(self._process("web").popen.pid)
        victim = master.children()[0]
        victim.kill()
        return int(victim.pid)

    @property
    def database(self) -> str:
        return DATABASE

    def owned(self) -> dict[int, str]:
        """For the CPU meter: the bench's own PostgreSQL processes, by pid."""
        return dict.fromkeys(self.postgres_pids(), "postgres")

    def extra_gunicorn(self, name: str, env: dict[str, str], workers: int) -> tuple[str, int]:
        """Another gunicorn on the stack's database: its URL and its master's pid."""
        url = self._gunicorn(name, env, workers=workers)
        return url, self._process(name).popen.pid

    def stop_process(self, name: str) -> None:
        process = self._process(name)
        process.stop()
        self.processes.remove(process)

    def human_moves_since(self, epoch: float) -> int:
        """The human's moves stored in matches started since ``epoch``."""
        with psycopg.connect(database_url(DATABASE)) as db:
            row = db.execute(
                "SELECT count(*) FROM games_event e JOIN games_match m ON m.id = e.match_id"
                " WHERE m.created_at >= to_timestamp(%s) AND e.type = ANY(%s)"
                " AND e.payload->>'seat' = '0'",
                (epoch, list(MOVES)),
            ).fetchone()
        return int(row[0]) if row else 0

    def events_present(self, events: set[tuple[str, int, str]]) -> int:
        """How many of ``events`` (match id, seq, type) are stored."""
        if not events:
            return 0
        with psycopg.connect(database_url(DATABASE)) as db:
            row = db.execute(
                "SELECT count(*) FROM games_event e JOIN unnest(%s::uuid[], %s::int[], %s::text[])"
                " AS a(match_id, seq, type) ON e.match_id = a.match_id AND e.seq = a.seq"
                " AND e.type = a.type",
                ([m for m, _, _ in events], [q for _, q, _ in events], [t for _, _, t in events]),
            ).fetchone()
        return int(row[0]) if row else 0

    def postgres_pids(self) -> set[int]:
        """The bench's own PostgreSQL server and its backends (empty on a shared server)."""
        if self.postgres is None:
            return set()
        postmaster = self.postgres.postmaster()
        if postmaster is None:
            return set()
        with contextlib.suppress(psutil.Error):
            main = psutil.Process(postmaster)
            return {postmaster, *(child.pid for child in main.children())}
        return set()

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

    def _gunicorn(self, name: str, env: dict[str, str], workers: int = WEB_WORKERS) -> str:
        port = free_port()
        self._spawn(
            name,
            [str(BIN / "gunicorn"), "cardavia.asgi", "--worker-class",
             "cardavia.workers.StreamWorker", "--bind", f"127.0.0.1:{port}",
             "--workers", str(workers), "--timeout", "60", "--graceful-timeout", "5"],
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
        if self.postgres is not None:
            if not keep_database:
                self.postgres.remove()
            return
        if not keep_database:
            drop_database(DATABASE)
        if self.with_ceiling:
            drop_database(self.ceiling_database)


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/api/errors/", timeout=2) as response:
            return bool(response.status < 500)
    except urllib.error.HTTPError as refused:  # the ceiling serves no /api/: its 404 answers
        return refused.code < 500
    except OSError:
        return False
