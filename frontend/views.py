"""The web client's one page. Everything on it is drawn by the ES modules in
``frontend/static/frontend/js/`` from the API and the translation catalog; the page itself carries
no words, only the data the client boots from."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csp import csp_override

RULES_DOCUMENT = Path(settings.BASE_DIR) / "docs" / "rules.md"
_HEADING = re.compile(r"^(#{1,4})\s+(.*?)(?:\s+\{#([a-z0-9-]+)\})?\s*$")
# The rules document's title has no anchor: its catalog key is rules.intro.
INTRO_ANCHOR = "intro"


@functools.cache
def rules_sections(path: Path = RULES_DOCUMENT) -> list[dict[str, Any]]:
    """The rules document's sections in order, ``[{"anchor", "level"}]``: the catalog serves
    ``rules.<anchor>.title`` and ``.body`` keys in alphabetical order, the client shows them in
    the document's."""
    if not path.exists():
        return []
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        heading = _HEADING.match(line)
        if heading is None:
            continue
        level, anchor = len(heading.group(1)), heading.group(3)
        if anchor is None and level == 1:
            anchor = INTRO_ANCHOR
        if anchor:
            found.append({"anchor": anchor, "level": level})
    return found


@csp_override(settings.CLIENT_CSP)
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "frontend/index.html", {"boot": {"rules_sections": rules_sections()}})
