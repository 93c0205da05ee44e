"""The web client in Chromium: what the first visit to ``/`` costs, and how fast a click shows.

A Django development server is started on a free port against a throw-away SQLite file (migrated,
the catalog loaded, as ``make run`` does), and the system's Chromium (headless) is driven with
Playwright.

Figures:
- ``ui_first_load_kb``: everything ``/`` loads until the lobby is drawn (the page, its CSS and
  modules, the session, the languages and the catalog), each response gzip-compressed as a
  server that compresses would send it, in KB; against the 200 KB budget.
- ``ui_action_to_render_ms``: from the click on Call to the table showing our call (the seat's
  label and the narration), median of several hands; against a bare ``fetch`` of the session
  from the same page (the network floor a command cannot beat).
- ``ui_action_to_ai_move_ms``: at the normal table speed (motion allowed), from the click on Call
  or Check to the table showing the next AI's move in the same hand (its line in the action
  log), median of several hands; against the same bare ``fetch`` of the session. It includes
  the AI's decision, the feed poll and the table's pacing.
"""

from __future__ import annotations

import gzip
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from bench.common import Figure, figure

ROOT = Path(__file__).resolve().parent.parent
BUDGET_KB = 200.0
HANDS = 12
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """``manage.py runserver`` on a temporary database, stopped on exit."""

    def __init__(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="cardavia-bench-ui-")
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{self.folder}/bench.sqlite3",
            "DEBUG": "true",
            "LOG_LEVEL": "WARNING",
        }
        self.process: subprocess.Popen[bytes] | None = None

    def manage(self, *args: str) -> None:
        subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            check=True,
            stdout=subprocess.DEVNULL,
        )

    def __enter__(self) -> Server:
        self.manage("migrate", "--noinput")
        self.manage("load_catalog")
        self.process = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{self.port}"],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/api/session/", timeout=1).read()
                return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("the development server did not start")

    def __exit__(self, *exc: object) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
        shutil.rmtree(self.folder, ignore_errors=True)


def first_load_kb(browser: object, url: str) -> float:
    context = browser.new_context(reduced_motion="reduce")  # type: ignore[attr-defined]
    page = context.new_page()
    responses = []
    page.on("response", lambda response: responses.append(response))
    page.goto(url + "/")
    page.wait_for_selector(".lobby")
    page.wait_for_load_state("networkidle")
    total = 0
    for response in responses:
        try:
            body = response.body()
        except Exception:  # a response with no body (a redirect, a 304)
            body = b""
        total += len(gzip.compress(body, compresslevel=6)) + len(str(response.headers))
    context.close()
    return total / 1024


def _new_holdem_table(browser: object, url: str, motion: str) -> tuple[Any, Any]:
    """A new browser (context) and its page, on a Hold'em match started from the lobby."""
    context = browser.new_context(reduced_motion=motion)  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(url + "/")
    page.wait_for_selector(".lobby")
    page.locator("[data-start=holdem]").click()
    return context, page


def action_to_render_ms(browser: object, url: str) -> tuple[float, float]:
    context, page = _new_holdem_table(browser, url, "reduce")
    samples: list[float] = []
    floors: list[float] = []
    for _ in range(HANDS * 3):
        if len(samples) >= HANDS:
            break
        page.wait_for_function(
            "() => document.querySelector('.stage')?.dataset.settled === 'true'", timeout=30_000
        )
        if page.locator(".match-over, .out-panel").count():
            page.locator(".match-over button.primary, .out-panel .restart-out").first.click()
            continue
        if not page.locator("[data-action=call], [data-action=check]").count():
            page.wait_for_timeout(50)
            continue
        floors.append(
            page.evaluate(
                """async () => {
                  const start = performance.now();
                  await (await fetch('/api/session/', {cache: 'no-store'})).json();
                  return performance.now() - start;
                }"""
            )
        )
        elapsed = page.evaluate(
            """() => new Promise((resolve) => {
              const button = document.querySelector('[data-action=call], [data-action=check]');
              const newest = () => document.querySelector('.log li')?.dataset.seq;
              const before = newest();
              let start = 0;
              const observer = new MutationObserver(() => {
                if (newest() !== before) {
                  observer.disconnect();
                  resolve(performance.now() - start);
                }
              });
              observer.observe(document.body, {subtree: true, childList: true});
              start = performance.now();
              button.click();
            })"""
        )
        samples.append(elapsed)
    context.close()
    return statistics.median(samples), statistics.median(floors)


# Resolves with the ms from the click to the first AI move of the same hand shown in the log
# (null if the hand ended first: the next hand's moves wait for the result's hold).
_TO_AI_MOVE = """() => new Promise((resolve) => {
  const moves = new Set(['folded', 'checked', 'called', 'bet', 'raised']);
  const ends = new Set(['hand_started', 'pot_awarded']);
  const button = document.querySelector('[data-action=call], [data-action=check]');
  const seen = new Set([...document.querySelectorAll('.log li')].map((li) => li.dataset.seq));
  let start = 0;
  const done = (value) => { observer.disconnect(); clearTimeout(timer); resolve(value); };
  const observer = new MutationObserver(() => {
    for (const li of document.querySelectorAll('.log li')) {
      if (seen.has(li.dataset.seq)) continue;
      seen.add(li.dataset.seq);
      if (ends.has(li.dataset.kind)) return done(null);
      if (moves.has(li.dataset.kind) && li.dataset.seat !== '0') {
        return done(performance.now() - start);
      }
    }
  });
  const timer = setTimeout(() => done(null), 20000);
  observer.observe(document.body, {subtree: true, childList: true});
  start = performance.now();
  button.click();
})"""


def action_to_ai_move_ms(browser: object, url: str) -> float:
    context, page = _new_holdem_table(browser, url, "no-preference")
    samples: list[float] = []
    for _ in range(HANDS * 6):
        if len(samples) >= HANDS:
            break
        page.wait_for_function(
            """() => document.querySelector('.next-hand')
              || document.querySelector('.stage')?.dataset.settled === 'true'""",
            timeout=60_000,
        )
        if page.locator(".next-hand").count():
            page.keyboard.press("n")  # the hold may end by itself meanwhile: no click to miss
            continue
        if page.locator(".match-over, .out-panel").count():
            page.locator(".match-over button.primary, .out-panel .restart-out").first.click()
            continue
        if not page.locator("[data-action=call], [data-action=check]").count():
            page.wait_for_timeout(50)
            continue
        elapsed = page.evaluate(_TO_AI_MOVE)
        if elapsed is not None:
            samples.append(elapsed)
    context.close()
    return statistics.median(samples)


def run() -> list[Figure]:
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium")
    if executable is None:
        raise RuntimeError("bench_ui needs Chromium on PATH")
    with Server() as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, headless=True, args=CHROMIUM_ARGS
        )
        try:
            load_kb = first_load_kb(browser, server.url)
            action_ms, floor_ms = action_to_render_ms(browser, server.url)
            ai_move_ms = action_to_ai_move_ms(browser, server.url)
        finally:
            browser.close()
    return [
        figure("ui_first_load_kb", "KB (gzip)", load_kb, "budget", BUDGET_KB),
        figure("ui_action_to_render_ms", "ms", action_ms, "bare fetch of the session", floor_ms),
        figure("ui_action_to_ai_move_ms", "ms", ai_move_ms, "bare fetch of the session", floor_ms),
    ]
