"""The language kept on a signed-in account: read for the session, chosen from the picker, and
taken from the browser at sign-up or log-in when the account has none yet. ``games``' session
and account views reach these through its hook (:data:`ACCOUNT_LANGUAGES`, connected in
``I18nConfig.ready``), since ``games`` never imports the catalog.

Only an enabled language can be chosen (a refusal, ``language_unavailable``, otherwise, and
nothing stored). One that is disabled later stays stored but is not served: the session says
``null`` and the client falls back to the browser's choice, until the language comes back.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

from cardavia.i18n.models import AccountLanguage, Language
from games.errors import LanguageUnavailable


def account_language(user: User | AnonymousUser) -> str | None:
    """The code of the account's language if it has one that is enabled; None for a guest."""
    if not user.is_authenticated:
        return None
    return (
        AccountLanguage.objects.filter(user=user, language__enabled=True)
        .values_list("language__code", flat=True)
        .first()
    )


def _enabled(code: str) -> Language:
    language = Language.objects.filter(code=code, enabled=True).first()
    if language is None:
        raise LanguageUnavailable(code)
    return language


def choose_language(user: User, code: str) -> str:
    """Keep ``code`` as the account's language (refused unless it is an enabled language)."""
    language = _enabled(code)
    AccountLanguage.objects.update_or_create(user=user, defaults={"language": language})
    return language.code


def keep_language_if_none(user: User, code: str | None) -> None:
    """At sign-up or log-in: the browser's language becomes the account's if it has none.

    The account's own choice always wins; the browser's is only a first guess, so one the
    catalog does not serve (or none sent) is passed over rather than refusing the log-in.
    """
    if not code:
        return
    language = Language.objects.filter(code=code, enabled=True).first()
    if language is not None:
        # get_or_create: a concurrent log-in that stored one first wins, nothing is replaced.
        AccountLanguage.objects.get_or_create(user=user, defaults={"language": language})


class _AccountLanguages:
    """This module as ``games.hooks.AccountLanguages``."""

    read = staticmethod(account_language)
    choose = staticmethod(choose_language)
    keep_if_none = staticmethod(keep_language_if_none)


ACCOUNT_LANGUAGES = _AccountLanguages()
