"""The page behind a shared hand's link, ``/shared/<token>``: the web client's own page, with a
title, a description and Open Graph tags a chat app can show without running JavaScript.

The words come from the translation catalog in the reader's language (``Accept-Language``, the
first enabled language it names, else English), filled in from the hand's facts
(:meth:`games.engine.game.Game.share_preview`): nothing worded is stored. A wrong or revoked
link gets the page with a 404 and no hand in it; the client then shows the refusal. Every
look-up counts against the same per-address limit as ``GET /api/shared/{token}/``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation.trans_real import parse_accept_lang_header
from django.views.decorators.csp import csp_override
from pyicumessageformat import Parser

from cardavia.i18n.models import SOURCE_LANGUAGE, Language, Message, Translation
from games import shares
from games.engine.errors import Refusal
from games.throttling import RouteThrottle, scope_wait

SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
# CLDR's grouping of whole numbers, as the client's Intl.NumberFormat writes them; a language
# added later in the admin groups as English does.
GROUPING = {"de": ".", "vi": ".", "fi": "\u00a0", "ar": "\u066c"}
ARABIC_DIGITS = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
_PARSER = Parser({"require_other": True, "allow_tags": False})


def reader_language(accept_language: str) -> Language:
    """The first enabled language the reader accepts (``de-AT`` counts as ``de``), else
    English."""
    enabled = {language.code: language for language in Language.objects.filter(enabled=True)}
    for code, _quality in parse_accept_lang_header(accept_language or ""):
        for candidate in (code.lower(), code.lower().split("-")[0]):
            if candidate in enabled:
                return enabled[candidate]
    return enabled.get(SOURCE_LANGUAGE) or Language(code=SOURCE_LANGUAGE)


def words(language: Language, prefixes: Sequence[str]) -> dict[str, str]:
    """The catalog's messages under ``prefixes`` in ``language``, English where untranslated."""
    wanted = Q()
    for prefix in prefixes:
        wanted |= Q(key__startswith=prefix)
    found = dict(Message.objects.filter(wanted).values_list("key", "text"))
    keys = list(found)
    if language.code != SOURCE_LANGUAGE and language.pk:
        translated = Translation.objects.filter(language=language, message__key__in=keys)
        found.update(
            (key, text)
            for key, text in translated.values_list("message__key", "text")
            if text.strip()
        )
    return found


def fill(text: str, params: Mapping[str, str]) -> str:
    """An ICU message with plain ``{name}`` placeholders, filled in (the preview's messages use
    no plural or select: its numbers are written by :func:`number`)."""
    out = []
    for node in _PARSER.parse(text):
        if isinstance(node, str):
            out.append(node)
        elif isinstance(node, dict) and "type" not in node:
            out.append(params[node["name"]])
        else:
            raise ValueError(f"the preview fills only plain placeholders: {text!r}")
    return "".join(out)


def number(value: int, code: str) -> str:
    grouped = f"{value:,}".replace(",", GROUPING.get(code, ","))
    return grouped.translate(ARABIC_DIGITS) if code == "ar" else grouped


# The decimal mark of CLDR, as the client's Intl.NumberFormat writes it.
DECIMAL_MARK = {"de": ",", "vi": ",", "fi": ",", "ar": "\u066b"}
CURRENCY_SIGNS = {"USD": "$", "EUR": "€", "GBP": "£"}


def amount(value: int, source: Mapping[str, Any] | None, code: str) -> str:
    """``value`` in the hand's unit: chips as a number; an imported hand's minor units (cents
    at scale 100) cut exactly into a decimal from the integer's digits, never a float."""
    scale = int(source["scale"]) if source else 1
    digits = len(str(scale)) - 1
    if scale <= 1 or scale != 10**digits:
        return number(value, code)
    major, minor = divmod(abs(value), scale)
    mark = DECIMAL_MARK.get(code, ".")
    text = f"{number(major, code)}{mark}{str(minor).zfill(digits)}"
    if code == "ar":
        text = text.translate(ARABIC_DIGITS)
    unit = str(source["unit"]) if source else ""
    sign = "-" if value < 0 else ""
    if unit in CURRENCY_SIGNS:
        return f"{sign}{CURRENCY_SIGNS[unit]}{text}"
    return f"{sign}{text}\u00a0{unit}"


def card(code: str, catalog: Mapping[str, str]) -> str:
    return catalog.get(f"ui.card.index.{code[0]}", code[0]) + SUITS.get(code[1], code[1])


def preview(body: Mapping[str, Any], language: Language) -> dict[str, str]:
    """The title and description of a shared hand in ``language``."""
    catalog = words(language, ("share.preview.", "ui.card.index.", f"game.{body['game']}.name"))
    facts = body["preview"]
    hands = ["".join(card(code, catalog) for code in cards) for cards in facts["hands"]]
    versus = hands[0] if hands else ""
    for hand in hands[1:]:
        versus = fill(catalog["share.preview.versus"], {"first": versus, "second": hand})
    params = {
        "game": catalog.get(f"game.{body['game']}.name", body["game"]),
        "hand": number(body["hand_number"], language.code),
        "owner": body["owner"] or "",
        "hands": versus,
        "ending": catalog[f"share.preview.ending.{facts['ending']}"],
        "pot": amount(facts["pot"], body["replay"].get("source"), language.code),
    }
    title = "share.preview.title_by" if body["owner"] else "share.preview.title"
    description = "share.preview.description" if hands else "share.preview.description_no_cards"
    return {
        "title": fill(catalog[title], params),
        "description": fill(catalog[description], params),
    }


@csp_override(settings.CLIENT_CSP)
def shared_page(request: HttpRequest, token: str) -> HttpResponse:
    language = reader_language(request.headers.get("Accept-Language", ""))
    context: dict[str, Any] = {"language": language.code, "direction": language.direction or "ltr"}
    # get_ident reads only the request's META, which a Django request has as DRF's does
    # (djangorestframework-stubs ask for DRF's).
    address = RouteThrottle().get_ident(request)  # type: ignore[arg-type]
    wait = scope_wait("shared", f"address:{address}")
    if wait is not None:
        response = render(request, "frontend/index.html", context, status=429)
        response["Retry-After"] = str(wait)
        return response
    try:
        body = shares.shared_hand_body(shares.shared_hand_get(token))
    except Refusal:
        return render(request, "frontend/index.html", context, status=404)
    context.update(preview(body, language), url=request.build_absolute_uri())
    return render(request, "frontend/index.html", context)
