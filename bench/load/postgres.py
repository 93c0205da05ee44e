"""A PostgreSQL server of the load bench's own: its CPU is the bench's alone (the machine's shared
server at 127.0.0.1:5432 serves other engineers' tests), and the fault run may restart it.

Its data lives in a temporary directory removed afterwards; as root the server runs as the
``postgres`` user (PostgreSQL refuses root), as the fault tests' private instances do
(tests/ops/services.py). Unlike theirs it keeps ``fsync`` on: a player's commit waits for the
disk as in production.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path


def bindir() -> Path:
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(Path(path).parents[1].name.split(".")[0]),
    )
    if not found:
        initdb = shutil.which("initdb")
        if initdb is None:
            raise RuntimeError("the load bench needs PostgreSQL's server programs (initdb)")
        return Path(initdb).parent
    return Path(found[-1]).parent


@dataclass
class PrivatePostgres:
    root: Path
    port: int
    programs: Path

    @classmethod
    def create(cls, port: int) -> PrivatePostgres:
        root = Path(tempfile.mkdtemp(prefix="cardavia-load-postgres-"))
        server = cls(root, port, bindir())
        if os.geteuid() == 0:
            account = pwd.getpwnam("postgres")
            os.chown(root, account.pw_uid, account.pw_gid)
        server._run("initdb", "-D", str(server.data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                    "--no-sync")  # fmt: skip
        return server

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def log(self) -> Path:
        return self.root / "postgres.log"

    def url(self, database: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def postmaster(self) -> int | None:
        """The server's main process (its children are the backends), while it runs."""
        try:
            return int((self.data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
            "-c max_connections=300 -c shared_buffers=256MB"
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w",
                  "-t", "60", "start")  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        """``immediate`` is a crash: clients cut off, no checkpoint; the next start recovers."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")

    def remove(self) -> None:
        if self.postmaster() is not None:
            with contextlib.suppress(RuntimeError):  # already gone: only the files are left
                self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)

    def _run(self, program: str, *args: str) -> str:
        command = [str(self.programs / program), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed:\n{done.stdout}\n{done.stderr}")
        return done.stdout
