"""Reads of the catalog, straight from the database on every request.

Nothing is cached in the process: an edit saved in the admin is served by every web process on
the next request. What keeps that cheap is :func:`enabled_language_with_version`: one query gives
the language and a version of its catalog (the count and latest change of its translations and
of the messages), so a client revalidating with ``If-None-Match`` costs that one query and no
catalog is built.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.db.models import Count, IntegerField, Max, OuterRef, Subquery, Value

from cardavia.i18n.models import SOURCE_LANGUAGE, Language, Message, Translation

# Bump when the shape of the catalog response changes, so clients do not keep an old one.
RESPONSE_FORMAT = 1


def enabled_languages() -> list[dict[str, Any]]:
    """The enabled languages, English first, then in the admin's order."""
    languages = Language.objects.filter(enabled=True).order_by("order", "code")
    listed = [language_header(language) for language in languages]
    return sorted(listed, key=lambda entry: entry["code"] != SOURCE_LANGUAGE)


def language_header(language: Language) -> dict[str, Any]:
    return {
        "code": language.code,
        "name": language.name,
        "direction": language.direction,
        "plural_categories": list(language.plural_categories),
    }


def enabled_language_with_version(code: str) -> tuple[Language, str] | None:
    """The enabled language ``code`` and its catalog's ETag, in one query (None: no such one)."""
    translations = (
        Translation.objects.filter(language=OuterRef("pk"))
        .order_by()
        .values("language")
        .annotate(count=Count("pk"), latest=Max("updated_at"))
    )
    # Grouping every message under one constant gives the whole table's count and latest change
    # as a subquery, so the language row and all four figures come back in one round trip.
    messages = (
        Message.objects.order_by()
        .annotate(everything=Value(1, output_field=IntegerField()))
        .values("everything")
        .annotate(count=Count("pk"), latest=Max("updated_at"))
    )
    language = (
        Language.objects.filter(code=code, enabled=True)
        .annotate(
            translations_count=Subquery(translations.values("count")),
            translations_latest=Subquery(translations.values("latest")),
            messages_count=Subquery(messages.values("count")),
            messages_latest=Subquery(messages.values("latest")),
        )
        .first()
    )
    if language is None:
        return None
    version = "|".join(
        str(part)
        for part in (
            RESPONSE_FORMAT,
            language.code,
            language.updated_at.isoformat(),
            language.translations_count,
            language.translations_latest,
            language.messages_count,
            language.messages_latest,
        )
    )
    return language, f'"{hashlib.sha256(version.encode()).hexdigest()[:32]}"'


def catalog(language: Language) -> dict[str, Any]:
    """Every message of ``language`` by key: its translation, else the English source."""
    messages = dict(Message.objects.order_by("key").values_list("key", "text"))
    if not language.is_source:
        translated = (
            Translation.objects.filter(language=language, message__translatable=True)
            .exclude(text="")
            .values_list("message__key", "text")
        )
        messages.update((key, text) for key, text in translated if text.strip())
    return {**language_header(language), "messages": messages}
