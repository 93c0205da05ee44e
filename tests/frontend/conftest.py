"""The client's static files served on loopback, for tests of the browser modules themselves in
the shared headless Chromium (``browser``, tests/conftest.py)."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

STATIC = Path(__file__).resolve().parents[2] / "frontend" / "static" / "frontend"


BLANK_PAGE = (
    b'<!doctype html><html><head><link rel="icon" href="data:,"></head><body></body></html>'
)


class _StaticFiles(http.server.SimpleHTTPRequestHandler):
    """The static folder, plus an empty page at ``/`` to import modules from."""

    def do_GET(self) -> None:
        if self.path != "/":
            super().do_GET()
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(BLANK_PAGE)))
        self.end_headers()
        self.wfile.write(BLANK_PAGE)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def static_origin() -> Iterator[str]:
    """The client's static folder on 127.0.0.1 (a secure context, so WebCrypto works)."""
    handler = functools.partial(_StaticFiles, directory=str(STATIC))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def page(browser: Browser, static_origin: str) -> Iterator[Page]:
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{static_origin}/")
    yield page
    context.close()
    assert errors == [], errors
