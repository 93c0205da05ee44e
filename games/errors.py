"""The Django layer's refusals, raised through the one error catalog (:mod:`games.engine.errors`).

Every code the API can send is an :class:`~games.engine.errors.ErrorCode` with its params and
English template there; its HTTP status is here, in :data:`HTTP_STATUS` (one mapping for every
code: the rules' refusals are 422). The store and the API raise :class:`ApplicationError`
subclasses; ``games.api_errors`` turns every refusal into the 4xx body ``{"code", "message",
"params"}``, and ``GET /api/errors/`` serves the catalog.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from games.engine.errors import ErrorCode, Refusal, catalog

__all__ = [
    "HTTP_STATUS",
    "AnalysisUnavailable",
    "ApplicationError",
    "ExportFormatUnknown",
    "HandNotFinished",
    "HandNotFound",
    "IdempotencyKeyReused",
    "InvalidCredentials",
    "InvalidIdempotencyKey",
    "InvalidUsername",
    "LanguageUnavailable",
    "MatchNotFound",
    "StaleSequence",
    "UsernameTaken",
    "WeakPassword",
    "catalog",
    "http_status",
]

_C = ErrorCode
# Everything not named here is the rules refusing a command: 422 Unprocessable Content.
HTTP_STATUS: Mapping[ErrorCode, int] = MappingProxyType(
    {code: 422 for code in ErrorCode}
    | {
        _C.STALE_SEQ: 409,
        _C.SERVICE_UNAVAILABLE: 503,
        _C.HAND_NOT_FINISHED: 409,
        _C.NOT_FOUND: 404,
        _C.HAND_NOT_FOUND: 404,
        _C.EXPORT_FORMAT_UNKNOWN: 400,
        _C.ANALYSIS_UNAVAILABLE: 404,
        _C.INVALID: 400,
        _C.PARSE_ERROR: 400,
        _C.INVALID_IDEMPOTENCY_KEY: 400,
        _C.INVALID_USERNAME: 400,
        _C.USERNAME_TAKEN: 400,
        _C.WEAK_PASSWORD: 400,
        _C.INVALID_CREDENTIALS: 400,
        _C.LANGUAGE_UNAVAILABLE: 400,
        _C.REQUEST_TOO_LARGE: 413,
        _C.IMPORT_TOO_LARGE: 413,
        _C.COMPRESSED_BOMB: 413,
        _C.ERROR: 400,
        _C.AUTHENTICATION_FAILED: 401,
        _C.NOT_AUTHENTICATED: 401,
        _C.CSRF_FAILED: 403,
        _C.PERMISSION_DENIED: 403,
        _C.METHOD_NOT_ALLOWED: 405,
        _C.NOT_ACCEPTABLE: 406,
        _C.UNSUPPORTED_MEDIA_TYPE: 415,
        _C.THROTTLED: 429,
    }
)


def http_status(code: ErrorCode) -> int:
    return HTTP_STATUS[code]


class ApplicationError(Refusal):
    """A refusal of the store or the API (the rules' own are ``IllegalAction``)."""

    @property
    def status_code(self) -> int:
        return http_status(self.code)


class StaleSequence(ApplicationError):
    """The client acted on an out-of-date view: ``expected_seq`` is not the match's last seq."""

    def __init__(self, *, expected: int, current: int) -> None:
        super().__init__(_C.STALE_SEQ, expected_seq=expected, current_seq=current)


class MatchNotFound(ApplicationError):
    """No such match for this player: someone else's is not found either."""

    def __init__(self) -> None:
        super().__init__(_C.NOT_FOUND)


class HandNotFound(ApplicationError):
    def __init__(self, hand_number: int) -> None:
        super().__init__(_C.HAND_NOT_FOUND, hand_number=hand_number)


class HandNotFinished(ApplicationError):
    """A replay opens once its hand is over (``hand_in_progress`` is the rules' own: a hand is
    already being played)."""

    def __init__(self, hand_number: int) -> None:
        super().__init__(_C.HAND_NOT_FINISHED, hand_number=hand_number)


class ExportFormatUnknown(ApplicationError):
    def __init__(self, requested: str, allowed: list[str]) -> None:
        super().__init__(_C.EXPORT_FORMAT_UNKNOWN, format=requested, allowed=allowed)


class AnalysisUnavailable(ApplicationError):
    """Only a finished Hold'em hand has equities and a coach's review (Up & Down has none)."""

    def __init__(self, hand_number: int) -> None:
        super().__init__(_C.ANALYSIS_UNAVAILABLE, hand_number=hand_number)


class IdempotencyKeyReused(ApplicationError):
    def __init__(self, key: str) -> None:
        super().__init__(_C.IDEMPOTENCY_KEY_REUSED, key=key)


class InvalidIdempotencyKey(ApplicationError):
    def __init__(self, *, maximum: int) -> None:
        super().__init__(_C.INVALID_IDEMPOTENCY_KEY, maximum=maximum)


class InvalidUsername(ApplicationError):
    def __init__(self, *, maximum: int) -> None:
        super().__init__(_C.INVALID_USERNAME, maximum=maximum)


class UsernameTaken(ApplicationError):
    def __init__(self, username: str) -> None:
        super().__init__(_C.USERNAME_TAKEN, username=username)


class WeakPassword(ApplicationError):
    def __init__(self, problems: list[str], *, min_length: int) -> None:
        super().__init__(_C.WEAK_PASSWORD, problems=problems, min_length=min_length)


class InvalidCredentials(ApplicationError):
    def __init__(self) -> None:
        super().__init__(_C.INVALID_CREDENTIALS)


class LanguageUnavailable(ApplicationError):
    """An account's language must be one the catalog serves (an enabled one)."""

    def __init__(self, language: str) -> None:
        super().__init__(_C.LANGUAGE_UNAVAILABLE, language=language)


def refusal(code: ErrorCode, **params: Any) -> ApplicationError:
    """Any other code of the catalog as a Django-layer refusal (e.g. DRF's own refusals)."""
    return ApplicationError(code, **params)
