"""What ``games`` asks of the apps above it, without importing them.

``games`` stores matches and knows which seat is to act, but not who plays an AI seat: that is
``bots``, which depends on ``games`` and never the reverse. So ``games`` owns three hooks here and
the app that plays the seats fills them at start-up (``bots.apps.BotsConfig.ready``):

- :func:`on_ai_turn_due`: called after a commit that leaves an AI seat to act, with the match
  and its ``seq`` (the services send it with ``transaction.on_commit``).
- :func:`provide_seat_personas`: who plays each seat (name, level, style), for the match body.
- :func:`on_analysis_due`: called after a commit that asks for a finished hand's analysis (the
  hard AI's review needs ``bots``), with the match and the hand's number.

With nothing connected (``games`` alone), AI turns are simply not played and every AI seat is
named by its spec.

A fourth hook serves the accounts: :func:`provide_account_languages`, the language a signed-in
account reads the site in, which the translation catalog (``cardavia.i18n``) keeps. Without it
an account has no language and choosing one is refused. A fifth, :func:`provide_staff_words`,
gives the admin's pages the catalog's messages in a staff member's language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypedDict

HUMAN = "human"


class SeatPersona(TypedDict):
    """Who sits in one seat, as the table shows it."""

    seat: int
    name: str | None  # None for the human: the client shows the player's own name
    # The name's grammatical gender ("female", "male") for the sentences that agree with it;
    # None for the human and for bots named by their spec.
    gender: str | None
    level: str  # "human", a level ("easy", "medium", "hard"), or another bot's spec
    style: str | None  # a playing style's key, for the levels of games that have styles
    style_label: str | None


AiTurnDue = Callable[[str, int], None]
PersonaSource = Callable[[Sequence[str], str], Sequence[SeatPersona | None]]

_ai_turn_due: list[AiTurnDue] = []
_persona_sources: list[PersonaSource] = []


def on_ai_turn_due(callback: AiTurnDue) -> None:
    """Call ``callback(match_id, seq)`` whenever a commit leaves an AI seat to act (once)."""
    if callback not in _ai_turn_due:
        _ai_turn_due.append(callback)


def ai_turn_due(match_id: str, seq: int) -> None:
    """Tell every connected app that the AI to act in ``match_id`` at ``seq`` should play."""
    for callback in _ai_turn_due:
        callback(match_id, seq)


def provide_seat_personas(source: PersonaSource) -> None:
    """``source(seats, game)`` names each seat's player (None for the human); the latest wins."""
    if source not in _persona_sources:
        _persona_sources.append(source)


def seat_personas(seats: Sequence[str], game: str) -> list[SeatPersona]:
    """Every seat's player: the human, and each AI seat as the connected app names it."""
    named: Sequence[SeatPersona | None] = (
        _persona_sources[-1](seats, game) if _persona_sources else _by_spec(seats)
    )
    return [
        persona
        or SeatPersona(seat=seat, name=None, gender=None, level=HUMAN, style=None, style_label=None)
        for seat, persona in enumerate(named)
    ]


def _by_spec(seats: Sequence[str]) -> list[SeatPersona | None]:
    return [
        None
        if spec == HUMAN
        else SeatPersona(
            seat=seat, name=spec, gender=None, level=spec, style=None, style_label=None
        )
        for seat, spec in enumerate(seats)
    ]


AnalysisDue = Callable[[str, int], None]
_analysis_due: list[AnalysisDue] = []


def on_analysis_due(callback: AnalysisDue) -> None:
    """Call ``callback(match_id, hand_number)`` whenever a hand's analysis is asked for."""
    if callback not in _analysis_due:
        _analysis_due.append(callback)


def analysis_due(match_id: str, hand_number: int) -> None:
    for callback in _analysis_due:
        callback(match_id, hand_number)


class AccountLanguages(Protocol):
    """The language kept on a signed-in account (``user``: a Django user)."""

    def read(self, user: Any) -> str | None:
        """The account's language code, if it has one the site serves."""

    def choose(self, user: Any, code: str) -> str:
        """Keep ``code``; a :class:`~games.errors.LanguageUnavailable` if the site lacks it."""

    def keep_if_none(self, user: Any, code: str | None) -> None:
        """At sign-up or log-in: keep the browser's ``code`` if the account has none yet."""


_account_languages: list[AccountLanguages] = []


def provide_account_languages(provider: AccountLanguages) -> None:
    """Where accounts' languages are kept; the latest wins."""
    if provider not in _account_languages:
        _account_languages.append(provider)


def account_languages() -> AccountLanguages | None:
    return _account_languages[-1] if _account_languages else None


class Words(Protocol):
    """The translation catalog in one language, for pages written on the server (the admin's
    hand histories): ``words(key, params)`` is the catalog's ICU message ``key`` formatted.

    ``wrap`` decorates each substituted value and ``literal`` the message's own text (a caller
    writing HTML escapes both)."""

    # Read-only (a frozen dataclass may be one).
    @property
    def language(self) -> str: ...

    @property
    def direction(self) -> str: ...

    def __call__(
        self,
        key: str,
        params: Mapping[str, Any] | None = None,
        *,
        wrap: Callable[[str], str] = str,
        literal: Callable[[str], str] = str,
    ) -> str: ...

    def has(self, key: str) -> bool: ...


StaffWordsSource = Callable[[Any], Words]
_staff_words: list[StaffWordsSource] = []


def provide_staff_words(source: StaffWordsSource) -> None:
    """``source(user)`` is the catalog in the language a staff member reads; the latest wins."""
    if source not in _staff_words:
        _staff_words.append(source)


def staff_words(user: Any) -> Words:
    """The catalog in ``user``'s language; without a catalog connected, each key as it is."""
    return _staff_words[-1](user) if _staff_words else _KeysOnly()


class _KeysOnly:
    language = "en"
    direction = "ltr"

    def __call__(
        self,
        key: str,
        params: Mapping[str, Any] | None = None,
        *,
        wrap: Callable[[str], str] = str,
        literal: Callable[[str], str] = str,
    ) -> str:
        return literal(key)

    def has(self, key: str) -> bool:
        return False
