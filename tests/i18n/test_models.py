"""The models' own checks, which the admin's forms, the loader and the importer all go through."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from cardavia.i18n.models import Language, Message, Translation

pytestmark = pytest.mark.usefixtures("small_catalog")


def test_a_translation_is_checked_against_its_source_and_language() -> None:
    translation = Translation.objects.get(language__code="ar", message__key="ui.chips")
    translation.text = "{count, plural, one {رقاقة} other {# رقاقة}}"
    with pytest.raises(ValidationError) as refused:
        translation.full_clean()
    assert refused.value.message_dict["text"] == [
        "The plural {count} lacks the categories zero, two, few, many that العربية (ar) needs "
        "(it needs zero, one, two, few, many, other)."
    ]


def test_an_empty_translation_is_a_missing_one_not_an_error() -> None:
    translation = Translation.objects.get(language__code="de", message__key="card.suit.s")
    assert translation.missing
    translation.full_clean()


def test_english_has_no_translations() -> None:
    translation = Translation(
        message=Message.objects.get(key="card.suit.s"),
        language=Language.objects.get(code="en"),
        text="Spades",
    )
    with pytest.raises(ValidationError, match="English is the source"):
        translation.full_clean()


def test_structure_is_not_translated() -> None:
    toc = Message.objects.create(key="rules.toc", text="intro", note="n", translatable=False)
    translation = Translation(message=toc, language=Language.objects.get(code="de"), text="x")
    with pytest.raises(ValidationError, match=r"rules\.toc is not translated"):
        translation.full_clean()


def test_an_english_source_must_be_valid_icu_with_english_plurals() -> None:
    message = Message(key="ui.x", note="n", text="{count, plural, other {# chips}}")
    with pytest.raises(ValidationError) as refused:
        message.full_clean()
    assert refused.value.message_dict["text"] == [
        "The plural {count} lacks the category one that English needs (it needs one, other)."
    ]


def test_keys_are_lowercase_dotted() -> None:
    with pytest.raises(ValidationError, match="lowercase dotted"):
        Message(key="UI Start", note="n", text="Start").full_clean()
    Message(key="card.rank.A", note="n", text="ace").full_clean()


def test_plural_categories_are_cldr_ones_in_cldr_order() -> None:
    language = Language(code="cy", name="Cymraeg", plural_categories=["other", "one", "zero"])
    language.full_clean()
    assert language.plural_categories == ["zero", "one", "other"]
    language.plural_categories = ["one"]
    with pytest.raises(ValidationError, match="Every language has the category other"):
        language.full_clean()
