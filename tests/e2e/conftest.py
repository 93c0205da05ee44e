"""Browser tests: the web client in real headless Chromium (Python Playwright) against
pytest-django's live server, with the translation catalog loaded from ``fixtures/i18n/``.

Chromium is the system's (``shutil.which("chromium")``); nothing is downloaded. A missing
Chromium fails these tests, it never skips them. Every page opened through ``browse`` is watched:
a console error, an uncaught exception or a Content-Security-Policy violation fails the test
(a test that provokes an HTTP refusal on purpose says which status it expects).

Matches are made on the server (``games.services.match_start``) with the seats a test needs
(calling stations, maniacs) and dealt from fixed seeds, and the browser is attached to the
match's owner through its session cookie.
"""

from __future__ import annotations

import hashlib
import itertools
import re
import uuid
from collections.abc import Callable, Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from playwright.sync_api import Browser, BrowserContext, Page, expect

from games import services, streams
from games.models import Match, Player
from games.players import SESSION_KEY

SCREENSHOTS = Path(__file__).with_name("screenshots")
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}

# Assertions wait as long as actions do: a loaded machine (two xdist workers, Chromium, the
# live server and the AI thread on two cores) can take longer than Playwright's 5 s default.
expect.set_options(timeout=20_000)

# Reported on the console, and so failing the test, unless the test expects it.
_CSP_WATCH = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
});
"""
_HTTP_STATUS = re.compile(r"status of (\d{3})")


@pytest.fixture(autouse=True)
def catalog(transactional_db: None) -> Iterator[None]:
    """The six languages' catalogs, as ``make run`` loads them.

    The live server needs committed data (``transactional_db``), emptied after each test. On
    SQLite the immutability triggers refuse DELETE on events, and Django's flush deletes: the
    test's events are removed here first, with the triggers lifted for that one statement
    (PostgreSQL's flush truncates, which the test harness allows: tests/conftest.py)."""
    call_command("load_catalog", verbosity=0)
    yield
    if connection.vendor == "sqlite":
        immutability = import_module("games.migrations.0002_event_immutability")
        with connection.cursor() as cursor:
            for statement in immutability.SQLITE_REMOVE:
                cursor.execute(statement)
            cursor.execute("DELETE FROM games_event")
            for statement in immutability.SQLITE_INSTALL:
                cursor.execute(statement)


class Watcher:
    """What went wrong on one page: console errors, uncaught exceptions, CSP violations."""

    def __init__(self, page: Page, expected_statuses: set[int]) -> None:
        self.problems: list[str] = []
        self.expected_statuses = expected_statuses
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))

    def _console(self, message: Any) -> None:
        if message.type != "error":
            return
        text = message.text
        status = _HTTP_STATUS.search(text)
        if status and int(status.group(1)) in self.expected_statuses:
            return
        if "net::ERR_FAILED" in text and 0 in self.expected_statuses:
            return
        self.problems.append(f"console error: {text}")


class Browse:
    """Opens watched pages on the live server: ``browse()`` a new browser (context),
    ``browse(context=...)`` another tab of the same one."""

    def __init__(self, browser: Browser, base_url: str) -> None:
        self.browser = browser
        self.base_url = base_url
        self.contexts: list[BrowserContext] = []
        self.watchers: list[Watcher] = []
        # HTTP statuses a test provokes on purpose (0: a request the test aborts).
        self.expected_statuses: set[int] = set()

    def __call__(
        self,
        *,
        viewport: dict[str, int] | None = None,
        motion: str = "reduce",
        locale: str = "en-US",
        player: Player | None = None,
        context: BrowserContext | None = None,
    ) -> Page:
        if context is None:
            context = self.browser.new_context(
                viewport=viewport or DESKTOP,
                reduced_motion=motion,
                locale=locale,
                base_url=self.base_url,
            )
            context.add_init_script(_CSP_WATCH)
            self.contexts.append(context)
            if player is not None:
                attach(context, player, self.base_url)
        page = context.new_page()
        page.set_default_timeout(20_000)
        self.watchers.append(Watcher(page, self.expected_statuses))
        return page

    def expect_status(self, *statuses: int) -> None:
        self.expected_statuses.update(statuses)

    def close(self) -> list[str]:
        for context in self.contexts:
            context.close()
        return [problem for watcher in self.watchers for problem in watcher.problems]


@pytest.fixture
def browse(browser: Browser, live_server: Any) -> Iterator[Browse]:
    opened = Browse(browser, live_server.url)
    yield opened
    problems = opened.close()
    # The live server runs in this process: its streams' listener and readers hold database
    # connections that the test database's teardown must not find.
    streams.shutdown()
    assert problems == [], "the page reported problems"


def attach(context: BrowserContext, player: Player, base_url: str) -> None:
    """Give the browser the session of ``player`` (a guest), as if it had created it."""
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = player.id
    store.create()
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": store.session_key, "url": base_url}]
    )


def seeds(label: str) -> Iterator[bytes]:
    for counter in itertools.count():
        yield hashlib.sha256(f"{label}-{counter}".encode()).digest()


@pytest.fixture
def deal(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """``deal(label)``: every shuffle from now on comes from a fixed sequence of seeds, and
    match ids are fixed too (bots seed their choices with the match id), so the test plays
    the same match every time."""

    def use(label: str) -> None:
        queue = seeds(label)
        monkeypatch.setattr(services, "new_seed", lambda: next(queue))
        ids = (
            uuid.UUID(int=n)
            for n in itertools.count(
                0xE2E000 + int(hashlib.sha256(label.encode()).hexdigest()[:6], 16)
            )
        )
        id_field = Match._meta.get_field("id")
        id_field.get_default()  # the field caches its default function; replace the cached one
        monkeypatch.setattr(id_field, "_get_default", lambda: next(ids))

    return use


@pytest.fixture
def make_match() -> Callable[..., tuple[Player, str]]:
    """``make_match(game, seats)``: a guest player and their new match with those seats."""

    def make(
        game: str = "holdem", seats: list[str] | None = None, level: str = "medium"
    ) -> tuple[Player, str]:
        player = Player.objects.create()
        appended = services.match_start(player=player, game=game, level=level, seats=seats)
        return player, str(appended.match.id)

    return make


def open_match(page: Page, match_id: str) -> None:
    page.goto(f"/#/match/{match_id}")
    page.wait_for_selector(".stage")


def settled(page: Page, after: int | None = None) -> int:
    """Until the table shows the server's view at rest (past seq ``after``); its seq."""
    page.wait_for_function(
        """after => {
          const stage = document.querySelector('.stage');
          return stage && stage.dataset.settled === 'true'
            && (after === null || Number(stage.dataset.seq) > after);
        }""",
        arg=after,
    )
    return drawn_seq(page)


def drawn_seq(page: Page) -> int:
    return int(page.locator(".stage").get_attribute("data-seq") or 0)


def wait_for_turn(page: Page) -> None:
    """Until the table is at rest and the player may act (or is out, or the match is over)."""
    settled(page)
    page.wait_for_selector(".betting-bar, .lock-bar, .out-panel")


def act(page: Page, selector: str) -> int:
    """Click the first of ``selector`` and wait until the table has moved on and is at rest."""
    seq = drawn_seq(page)
    page.locator(selector).first.click()
    return settled(page, seq)
