"""Which server serves Cardavia: the CPU a plain request costs the web process, and the memory an
idle live stream holds, for the ways of serving it (``python -m bench serving``; on request:
it needs PostgreSQL, ``DATABASE_URL``).

- ``sync``: gunicorn's synchronous worker serving cardavia.wsgi (before streams; cannot hold
  one without a process per stream);
- ``ours``: gunicorn's uvicorn worker serving cardavia.asgi: streams on Django's asynchronous
  path, every other request handed to the WSGI app on a2wsgi's thread (what the Procfile runs);
- ``django-asgi``: the same worker serving Django's own ASGI handler for everything (each
  synchronous view on a thread of its own, so a new database connection per request).

Each: one worker process, ``REQUESTS`` sequential ``GET /api/matches/{id}/`` (session, player,
match and view) on one kept-alive connection, the worker's CPU read from /proc; then
``STREAMS`` idle streams opened on it and its resident memory read before and after.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.common import Figure, figure

REQUESTS = 400
STREAMS = 400
REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
TICKS = os.sysconf("SC_CLK_TCK")
LOG = Path(os.environ.get("TMPDIR", "/tmp")) / "cardavia-bench-serving.log"
WORKER = ("--worker-class", "cardavia.workers.StreamWorker")
SERVERS = {
    "sync": ("cardavia.wsgi",),
    "ours": ("cardavia.asgi", *WORKER),
    # uvicorn's own worker class: Django's handler refuses the lifespan that ours turns on.
    "django-asgi": ("cardavia.asgi:django_asgi", "--worker-class", "uvicorn_worker.UvicornWorker"),
}


def run() -> list[Figure]:
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("bench serving needs DATABASE_URL (PostgreSQL)")
    measured = {name: measure(app) for name, app in SERVERS.items()}
    for name, figures in measured.items():
        print(f"serving: {name} {figures}")
    ours, sync, plain = measured["ours"], measured["sync"], measured["django-asgi"]
    return [
        figure("serving_request_cpu_ms", "CPU ms", ours["cpu_ms"], "gunicorn sync", sync["cpu_ms"]),
        figure(
            "serving_request_cpu_ms_vs_django_asgi", "CPU ms", ours["cpu_ms"],
            "Django's ASGI handler", plain["cpu_ms"],
        ),
        figure(
            "serving_kb_per_idle_stream", "KB", ours["kb_per_stream"], "Django's ASGI handler",
            plain["kb_per_stream"],
        ),
    ]  # fmt: skip


def measure(app: tuple[str, ...]) -> dict[str, float]:
    port = _free_port()
    env = {**os.environ, "AI_TURNS": "inline", "PYTHONPATH": str(REPO)}
    command = [str(BIN / "gunicorn"), *app, "--bind", f"127.0.0.1:{port}", "--workers", "1"]
    server = subprocess.Popen(
        command, cwd=REPO, env=env, stdout=LOG.open("ab"), stderr=subprocess.STDOUT
    )
    try:
        browser = _Browser(port)
        match_id = browser.start()
        worker = _worker_pid(server.pid)
        path = f"/api/matches/{match_id}/"
        for _ in range(20):  # warm up
            browser.get(path)
        before = _cpu(worker)
        for _ in range(REQUESTS):
            browser.get(path)
        cpu_ms = (_cpu(worker) - before) / REQUESTS * 1e3
        figures = {"cpu_ms": cpu_ms, "kb_per_stream": float("nan")}
        if "wsgi" not in app[0]:
            figures["kb_per_stream"] = _stream_memory(browser, worker, match_id)
        return figures
    finally:
        server.terminate()
        server.wait(30)


def _stream_memory(browser: _Browser, worker: int, match_id: str) -> float:
    opened = [browser.stream(match_id)]  # the first opens the listener and the readers
    time.sleep(1)
    before = _rss_kb(worker)
    opened += [browser.stream(match_id) for _ in range(STREAMS)]
    time.sleep(2)
    after = _rss_kb(worker)
    for connection in opened:
        connection.close()
    return (after - before) / STREAMS


class _Browser:
    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = self._connect()
        self.cookies: dict[str, str] = {}
        self.token = ""

    def _connect(self) -> http.client.HTTPConnection:
        deadline = time.monotonic() + 60
        while True:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                connection.connect()
                return connection
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def request(self, method: str, path: str, body: Any = None) -> Any:
        headers = {"Accept": "application/json", "Cookie": self._cookie()}
        data = None
        if method == "POST":
            data = json.dumps(body).encode()
            headers.update(
                {
                    "Content-Type": "application/json",
                    "X-CSRFToken": self.token,
                    "Referer": f"http://127.0.0.1:{self.port}/",
                }
            )
        self.connection.request(method, path, body=data, headers=headers)
        response = self.connection.getresponse()
        raw = response.read()
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        assert response.status < 400, (response.status, raw[:200])
        return json.loads(raw)

    def get(self, path: str) -> Any:
        return self.request("GET", path)

    def start(self) -> str:
        for _ in range(100):  # the server may still be starting
            try:
                self.token = self.get("/api/session/")["csrf_token"]
                break
            except (OSError, http.client.HTTPException):
                time.sleep(0.3)
                self.connection = self._connect()
        return str(self.request("POST", "/api/matches/", {"game": "updown"})["id"])

    def stream(self, match_id: str) -> socket.socket:
        raw = socket.create_connection(("127.0.0.1", self.port))
        raw.sendall(
            f"GET /api/matches/{match_id}/stream/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Accept: text/event-stream\r\nCookie: {self._cookie()}\r\n\r\n".encode()
        )
        raw.recv(4096)  # the headers and the first events: it is open and waiting
        return raw

    def _cookie(self) -> str:
        return "; ".join(f"{key}={value}" for key, value in self.cookies.items())


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _worker_pid(master: int) -> int:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                except OSError:
                    continue
                if int(stat.rsplit(")", 1)[1].split()[1]) == master:
                    return int(entry.name)
        time.sleep(0.2)
    raise RuntimeError("no gunicorn worker")


def _cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def _rss_kb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return float(line.split()[1])
    raise RuntimeError("no VmRSS")
