"""Every error code the API says it can send (``GET /api/errors/``) is served by the catalog API
(``GET /api/i18n/<code>/``) in every enabled language, translated, with only the params that code
carries: so a new refusal without its six translations fails CI, whichever way the code was
added (tests/i18n/test_catalog_files.py collects them from the sources; this asks the API)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from django.test import Client

from cardavia.i18n import icu
from cardavia.i18n.loader import FIXTURES, load_catalog
from tests.i18n.test_catalog_files import same_as_english, translated_languages


@pytest.fixture
def served(db: None) -> dict[str, dict[str, str]]:
    """Every enabled language's messages as the API serves them, from the real fixtures."""
    assert load_catalog(FIXTURES).refused == []
    client = Client()
    codes = [entry["code"] for entry in client.get("/api/i18n/languages/").json()["languages"]]
    return {code: client.get(f"/api/i18n/{code}/").json()["messages"] for code in codes}


@cache
def api_errors() -> list[dict[str, Any]]:
    # The error catalog is built from the code alone (no database).
    return Client().get("/api/errors/").json()


def test_the_api_lists_its_error_codes() -> None:
    codes = [entry["code"] for entry in api_errors()]
    assert {"not_your_turn", "language_unavailable", "invalid", "not_found"} <= set(codes)
    assert len(codes) == len(set(codes))


def test_every_enabled_language_is_served(served: dict[str, dict[str, str]]) -> None:
    assert set(served) == {"en", *translated_languages()}


def test_every_api_error_is_served_in_every_language(served: dict[str, dict[str, str]]) -> None:
    missing = {
        language: sorted(
            entry["code"] for entry in api_errors() if f"error.{entry['code']}" not in messages
        )
        for language, messages in served.items()
    }
    assert missing == {language: [] for language in served}


def test_every_api_error_is_translated(served: dict[str, dict[str, str]]) -> None:
    """Not merely the English fallback the API serves for a missing translation."""
    english = served["en"]
    untranslated = {
        language: sorted(
            key
            for entry in api_errors()
            if (key := f"error.{entry['code']}") in messages
            and messages[key] == english[key]
            and key not in same_as_english(language)
        )
        for language, messages in served.items()
        if language != "en"
    }
    assert untranslated == {language: [] for language in untranslated}


def test_every_api_error_uses_only_the_params_its_code_carries(
    served: dict[str, dict[str, str]],
) -> None:
    wrong = {}
    for entry in api_errors():
        key = f"error.{entry['code']}"
        for language, messages in served.items():
            if key not in messages:
                continue
            used = {argument.name for argument in icu.arguments(messages[key])}
            if extra := used - set(entry["params"]):
                wrong[f"{language} {key}"] = sorted(extra)
    assert wrong == {}
