"""A PostgreSQL and a Redis of the test's own, to stop and start at will.

The machine's shared PostgreSQL and Redis serve other test runs: a fault test never stops them.
It runs its own instead, on free loopback ports, with its data in a temporary directory removed
afterwards. PostgreSQL refuses to run as root, so as root its programs run as the ``postgres``
user (``runuser``), which the server package creates.

The load bench (bench/load/stack.py) runs the same private PostgreSQL with production's
durability (``DURABLE``): its CPU is the bench's alone and its fault run restarts it.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from tests.ops.live import Service, free_port, wait_for


def postgres_bindir() -> Path | None:
    """The newest PostgreSQL server's programs (Debian keeps them out of PATH)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _version(path: str) -> tuple[int, ...]:
    number = Path(path).parents[1].name
    return tuple(int(part) for part in number.split(".") if part.isdigit())


def missing_tools() -> list[str]:
    """What a fault test needs and this machine lacks (empty when it can run)."""
    missing = []
    if postgres_bindir() is None:
        missing.append("the PostgreSQL server (initdb, pg_ctl: apt-get install postgresql)")
    if shutil.which("redis-server") is None:
        missing.append("redis-server (apt-get install redis-server)")
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            missing.append("a 'postgres' user to run PostgreSQL as (made by its package)")
        if shutil.which("runuser") is None:
            missing.append("runuser (util-linux)")
    return missing


# A test's server loses nothing it needs on a crash: no waiting for the disk.
THROWAWAY: Mapping[str, str] = {"fsync": "off", "full_page_writes": "off", "max_connections": "50"}
# As in production: a commit waits for the disk (the load bench's players).
DURABLE: Mapping[str, str] = {"max_connections": "300", "shared_buffers": "256MB"}


@dataclass
class PrivatePostgres:
    bindir: Path
    root: Path
    port: int
    settings: Mapping[str, str] = field(default_factory=lambda: THROWAWAY)

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def log(self) -> Path:
        return self.root / "postgres.log"

    @classmethod
    def create(
        cls, port: int | None = None, settings: Mapping[str, str] = THROWAWAY
    ) -> PrivatePostgres:
        bindir = postgres_bindir()
        if bindir is None:
            raise RuntimeError("no PostgreSQL server programs on this machine (initdb)")
        # Not under pytest's tmp_path: its parents are private to root, and the server may run
        # as another user, who needs to reach its directory.
        root = Path(tempfile.mkdtemp(prefix="cardavia-postgres-"))
        server = cls(bindir, root, port or free_port(), settings)
        if os.geteuid() == 0:
            account = pwd.getpwnam("postgres")
            os.chown(root, account.pw_uid, account.pw_gid)
        server._run("initdb", "-D", str(server.data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                    "--no-sync")  # fmt: skip
        return server

    def _run(self, program: str, *args: str, timeout: float = 90) -> str:
        command = [str(self.bindir / program), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        if result.returncode != 0:
            raise RuntimeError(f"{program} failed:\n{result.stdout}\n{result.stderr}")
        return result.stdout

    def start(self) -> None:
        settings = {"listen_addresses": "127.0.0.1", **self.settings}
        options = f"-p {self.port} -k {self.root} " + " ".join(
            f"-c {name}={value}" for name, value in settings.items()
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w",
                  "-t", "60", "start")  # fmt: skip

    def stop(self, mode: str = "immediate") -> None:
        """``immediate``: as a crash (no checkpoint, clients cut off); the next start recovers."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")

    def postmaster(self) -> int | None:
        """The server's main process (its children are the backends), while it runs."""
        try:
            return int((self.data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def running(self) -> bool:
        status = subprocess.run(
            [str(self.bindir / "pg_isready"), "-q", "-h", "127.0.0.1", "-p", str(self.port)],
            timeout=30,
        )
        return status.returncode == 0

    def create_database(self, name: str) -> str:
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name)
        return self.url(name)

    def url(self, name: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}"

    def remove(self) -> None:
        if self.data.exists() and self.running():
            self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


@dataclass
class PrivateRedis:
    port: int
    directory: Path
    server: Service | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """A new, empty server on the same port (nothing persists: a restart loses every
        queued message, the worst case for the broker)."""
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                   "--appendonly", "no", "--dir", str(self.directory)]  # fmt: skip
        self.server = Service.start(
            "redis", command, os.environ.copy(), self.directory / "redis.log"
        )
        self.server.wait_output("Ready to accept connections", timeout=30)

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
            wait_for(lambda: not self.server or not self.server.alive(), 30, "Redis to stop")
