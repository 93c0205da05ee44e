"""The catalog for staff pages: the staff member's account language, else English; an edit
saved in the translations admin shows at once; a key the database lacks comes from the files."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.core.management import call_command

from cardavia.i18n.accounts import choose_language
from cardavia.i18n.models import Language, Message, Translation
from cardavia.i18n.staff import staff_words


def test_the_account_language_an_edit_and_the_files(db: None) -> None:
    call_command("load_catalog", verbosity=0)
    clerk = User.objects.create_user("clerk", password="a-long-enough-secret", is_staff=True)
    assert staff_words(clerk).language == "en"
    assert staff_words(clerk)("event.folded", {"subject": "other", "player": "Otto"}) == (
        "Otto folds"
    )
    choose_language(clerk, "de")
    german = staff_words(clerk)
    assert german.language == "de" and german.direction == "ltr"
    assert german("backoffice.page.pots") == "Pots" and german("backoffice.list.game") == "Spiel"
    Translation.objects.filter(language__code="de", message__key="backoffice.list.game").update(
        text="Kartenspiel"
    )
    assert staff_words(clerk)("backoffice.list.game") == "Kartenspiel"
    Message.objects.filter(key="backoffice.list.winners").delete()
    assert staff_words(clerk)("backoffice.list.winners") == "Gewinner"  # from the files
    choose_language(clerk, "ar")
    assert staff_words(clerk).direction == "rtl"
    assert Language.objects.get(code="ar").direction == "rtl"


def test_nobody_reads_english_from_the_files_without_a_query(
    db: None, django_assert_num_queries: object
) -> None:
    with django_assert_num_queries(0):  # type: ignore[operator]
        words = staff_words(None)
        assert words("backoffice.list.game") == "Game"
    assert staff_words(AnonymousUser()).language == "en"
