"""Languages, messages and their translations.

A :class:`Message` is one piece of text the client or the API shows, under a stable key, with its
English ICU source and a note for translators. A :class:`Translation` is that message in one other
language; an empty ``text`` means "not translated yet" (the API then serves the English source),
so every language has one row per message and the admin can list what is missing.

Outdated, not silently wrong: a translation keeps the English it was made for (``source_text``).
When the message's English changes (a fixture reloaded, an edit in the admin) the two differ and
the translation is *outdated*: still served, listed in the admin beside the old and new English,
exported as fuzzy (PO) or ``needs-review-translation`` (XLIFF), until a translator saves it again.

History: each model keeps its history with django-simple-history (``history``). We use it rather
than a log of our own because it records the full row at each change with the acting user and the
time (from the admin request, through its middleware), lists it in the admin, and reverts to any
earlier version from there; it is a long-maintained Jazzband project whose releases follow
Django's. ``edited_by`` on a row says something different: the row was last changed by a person
in the admin, so the fixture loader leaves it alone.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import F, Q
from simple_history.models import HistoricalRecords

from cardavia.i18n import icu, termbase

#: The language every message is written in first, and the fallback for missing translations.
SOURCE_LANGUAGE = "en"

KEY_PATTERN = r"^[a-z][a-z0-9_]*(\.[A-Za-z0-9_-]+)+$"
key_validator = RegexValidator(
    KEY_PATTERN,
    "A key is lowercase dotted words, e.g. ui.lobby.start or card.rank.A.",
)
language_code_validator = RegexValidator(
    r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$", "A language code is a BCP 47 tag, e.g. de or pt-BR."
)


def default_plural_categories() -> list[str]:
    return ["one", "other"]


class Direction(models.TextChoices):
    LTR = "ltr", "left to right"
    RTL = "rtl", "right to left"


class Language(models.Model):
    code = models.CharField(max_length=16, unique=True, validators=[language_code_validator])
    name = models.CharField(max_length=64, help_text="The language's name in itself: Deutsch.")
    direction = models.CharField(max_length=3, choices=Direction.choices, default=Direction.LTR)
    enabled = models.BooleanField(
        default=True, help_text="Offered in the client's language picker and served by the API."
    )
    plural_categories = models.JSONField(
        default=default_plural_categories,
        help_text=(
            "Its CLDR cardinal plural categories, from zero, one, two, few, many, other "
            "(other always): every plural in a translation must give each of them."
        ),
    )
    order = models.PositiveSmallIntegerField(default=100, help_text="Position in the picker.")
    updated_at = models.DateTimeField(auto_now=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["order", "code"]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"

    @property
    def is_source(self) -> bool:
        return self.code == SOURCE_LANGUAGE

    def clean(self) -> None:
        categories = self.plural_categories
        if not isinstance(categories, list) or not all(isinstance(c, str) for c in categories):
            raise ValidationError({"plural_categories": 'Give a list such as ["one", "other"].'})
        unknown = [c for c in categories if c not in icu.PLURAL_CATEGORIES]
        if unknown:
            raise ValidationError(
                {
                    "plural_categories": f"Not CLDR plural categories: {', '.join(unknown)} "
                    f"(they are {', '.join(icu.PLURAL_CATEGORIES)})."
                }
            )
        if "other" not in categories:
            raise ValidationError({"plural_categories": "Every language has the category other."})
        # CLDR's order, without repeats, so the admin and the API show them the same way.
        self.plural_categories = [c for c in icu.PLURAL_CATEGORIES if c in categories]
        if self.is_source and not self.enabled:
            raise ValidationError(
                {"enabled": "English is the source and the fallback: it cannot be disabled."}
            )


class Message(models.Model):
    key = models.CharField(max_length=200, unique=True, validators=[key_validator])
    note = models.TextField(help_text="For translators: where it shows, what the placeholders are.")
    text = models.TextField(help_text="The English source, in ICU MessageFormat.")
    translatable = models.BooleanField(
        default=True,
        help_text=(
            "Off for structure the client reads rather than shows (rules.toc, the order of the "
            "rules' sections): served as it is to every language, never translated."
        ),
    )
    edited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Set when a person changed it in the admin: the fixture loader then keeps it.",
    )
    edited_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["key"]

    def __str__(self) -> str:
        return self.key

    def clean(self) -> None:
        found = icu.problems(
            self.text, source=None, categories=default_plural_categories(), language="English"
        )
        if found:
            raise ValidationError({"text": found})


class Translation(models.Model):
    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="translations")
    language = models.ForeignKey(Language, on_delete=models.CASCADE, related_name="translations")
    text = models.TextField(
        blank=True, help_text="ICU MessageFormat; empty means not translated (English is served)."
    )
    reviewed = models.BooleanField(default=False)
    source_text = models.TextField(
        blank=True,
        help_text=(
            "The English this translation was made for. When the message's English has changed "
            "since, the translation is outdated (still served until a translator saves it again)."
        ),
    )
    edited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Set when a person changed it in the admin: the fixture loader then keeps it.",
    )
    edited_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["language__order", "message__key"]
        constraints = [
            models.UniqueConstraint(
                fields=["message", "language"], name="i18n_one_translation_per_language"
            )
        ]

    def __str__(self) -> str:
        return f"{self.message_id and self.message.key} [{self.language_id and self.language.code}]"

    @property
    def missing(self) -> bool:
        return not self.text.strip()

    @property
    def outdated(self) -> bool:
        """Translated from an English text the message no longer has."""
        return not self.missing and self.source_text != self.message.text

    def fits_current_english(self) -> None:
        """Record that the translation is made for the message's English as it is now."""
        self.source_text = self.message.text

    def clean(self) -> None:
        if self.language_id is None or self.message_id is None:
            return
        if self.language.is_source:
            # Not keyed to "language": the admin's forms do not show that field.
            raise ValidationError("English is the source: edit the message's text instead.")
        if self.text.strip() and not self.message.translatable:
            raise ValidationError(
                f"{self.message.key} is not translated: every language uses it as it is."
            )
        found = edit_problems(self.text, self.message, self.language)
        if found:
            raise ValidationError({"text": found})


def translation_problems(text: str, message: Message, language: Language) -> list[str]:
    """Why ``text`` cannot be ``message`` in ``language`` (empty: it can, or it is missing)."""
    if not text.strip():
        return []
    return icu.problems(
        text,
        source=message.text,
        categories=language.plural_categories,
        language=str(language),
    )


def edit_problems(
    text: str, message: Message, language: Language, *, english: str | None = None
) -> list[str]:
    """Why a person may not save ``text`` as ``message`` in ``language``: the ICU checks, and
    every card-room term it renders otherwise than the termbase (fixtures/i18n/terms.json) for
    the English it translates (``english``, an older text for an outdated one; else today's)."""
    found = translation_problems(text, message, language)
    if found or not text.strip():
        return found
    return termbase.problems(message.key, english or message.text, text, language.code)


def outdated_translations() -> Q:
    """The translations made for an English text their message no longer has."""
    return ~Q(text="") & ~Q(source_text=F("message__text"))


class AccountLanguage(models.Model):
    """The language a signed-in account reads the site in, so every device it logs in on opens
    in it. A guest has none: their choice lives in their browser only.

    A row points at a :class:`Language`, so the code is always one the catalog knows; whether it
    is offered (enabled) is checked when it is chosen and again when it is served, since a
    language can be disabled afterwards. No history: it is the player's own setting, not a
    translation anyone reviews.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="account_language",
    )
    # Only an enabled language validates (the admin's form offers only those).
    language = models.ForeignKey(
        Language, on_delete=models.CASCADE, related_name="+", limit_choices_to={"enabled": True}
    )
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.user_id}: {self.language_id and self.language.code}"
