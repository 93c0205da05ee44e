"""How many idle live streams one web process holds, and what each costs it.

A gunicorn of one uvicorn worker serves the load stack's database (as the stack's own does);
one player starts a match, then ``count`` streams of it are opened (``concurrency`` at a time,
from this process on asyncio sockets) and held. A stream counts as held once its opening read is
done (its first ``match`` state came) and, after ``hold_s``, it has sent a heartbeat since: the
process is still serving every one of them. The worker's resident memory is read before the
first stream and once all are held; its CPU over the hold is what the idle streams cost it
(heartbeats, the periodic re-reads of ``STREAM_RECHECK_SECONDS``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import urllib.request
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any

import psutil

OPEN_S = 420  # the longest the streams are given to open, all together


@dataclass(frozen=True)
class Idle:
    asked: int
    held: int  # opened, and still heartbeating after the hold
    kb_per_stream: float
    rss_before_mb: float
    rss_after_mb: float
    cpu_ms_per_s_per_1000: float  # the worker's CPU while they idle, per 1,000 streams
    open_s: float


def _player(url: str) -> tuple[str, str, int]:
    """A guest with a match: (its cookie header, the match id, the match's seq)."""
    cookies: dict[str, str] = {}

    def call(method: str, path: str, body: dict[str, Any] | None, csrf: str = "") -> Any:
        request = urllib.request.Request(
            url + path,
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={
                "Content-Type": "application/json",
                "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items()),
                "X-CSRFToken": csrf,
                "Referer": url + "/",
            },
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            for header in answer.headers.get_all("Set-Cookie") or []:
                jar: SimpleCookie = SimpleCookie()
                jar.load(header)
                cookies.update({key: morsel.value for key, morsel in jar.items()})
            return json.loads(answer.read())

    csrf = call("GET", "/api/session/", None)["csrf_token"]
    started = call("POST", "/api/matches/", {"game": "updown", "level": "easy"}, csrf)
    header = "; ".join(f"{k}={v}" for k, v in cookies.items())
    return header, str(started["id"]), int(started["seq"])


class _Held:
    def __init__(self) -> None:
        self.opened = asyncio.Event()
        self.beats = 0
        self.writer: asyncio.StreamWriter | None = None


async def _hold(host: str, port: int, path: str, cookie: str, held: _Held) -> None:
    reader, writer = await asyncio.open_connection(host, port)
    held.writer = writer
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n"
        f"Cookie: {cookie}\r\n\r\n".encode()
    )
    await writer.drain()
    while line := await reader.readline():
        if line.startswith(b"event: match"):
            held.opened.set()
        elif line.startswith(b": heartbeat"):
            held.beats += 1


def _worker(master: int) -> psutil.Process:
    children = psutil.Process(master).children()
    if len(children) != 1:
        raise RuntimeError(f"expected one gunicorn worker, found {len(children)}")
    return children[0]


async def _measure(url: str, master: int, count: int, concurrency: int, hold_s: float) -> Idle:
    host, port = url.removeprefix("http://").split(":")
    cookie, match_id, seq = _player(url)
    path = f"/api/matches/{match_id}/stream/?after={seq}"
    worker = _worker(master)
    rss_before = worker.memory_info().rss
    streams = [_Held() for _ in range(count)]
    tasks: list[asyncio.Task[None]] = []
    gate = asyncio.Semaphore(concurrency)
    began = time.monotonic()

    async def open_one(held: _Held) -> None:
        async with gate:
            tasks.append(asyncio.create_task(_hold(host, int(port), path, cookie, held)))
            with contextlib.suppress(TimeoutError):  # counted as not opened
                await asyncio.wait_for(held.opened.wait(), 60)

    opening = asyncio.gather(*(open_one(held) for held in streams))
    with contextlib.suppress(TimeoutError):  # what opened by then is what is held
        await asyncio.wait_for(opening, OPEN_S)
    open_s = time.monotonic() - began
    await asyncio.sleep(2)
    rss_after = worker.memory_info().rss
    cpu_before = sum(worker.cpu_times()[:2])
    beats_before = [held.beats for held in streams]
    await asyncio.sleep(hold_s)
    cpu = sum(worker.cpu_times()[:2]) - cpu_before
    alive = sum(
        1
        for held, before in zip(streams, beats_before, strict=True)
        if held.opened.is_set() and held.beats > before
    )
    for held in streams:
        if held.writer is not None:
            held.writer.close()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    opened = sum(1 for held in streams if held.opened.is_set())
    return Idle(
        asked=count,
        held=alive,
        kb_per_stream=(rss_after - rss_before) / 1024 / max(1, opened),
        rss_before_mb=rss_before / 2**20,
        rss_after_mb=rss_after / 2**20,
        cpu_ms_per_s_per_1000=1000 * cpu / hold_s / max(1, opened) * 1000,
        open_s=open_s,
    )


def measure(url: str, master: int, count: int, concurrency: int = 64, hold_s: float = 20) -> Idle:
    """Open ``count`` idle streams on the one-worker gunicorn ``master`` serves at ``url``."""
    return asyncio.run(_measure(url, master, count, concurrency, hold_s))
