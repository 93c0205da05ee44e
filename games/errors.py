"""Application errors with a stable ``code``: the API turns each into a 4xx JSON body."""

from __future__ import annotations

from typing import Any


class ApplicationError(Exception):
    status_code = 400

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


class StaleSequence(ApplicationError):
    """The client acted on an out-of-date view: ``expected_seq`` is not the match's last seq."""

    status_code = 409

    def __init__(self, *, expected: int, current: int) -> None:
        super().__init__(
            "stale_seq",
            f"The match has moved on: it is at event {current}, not {expected}.",
            expected_seq=expected,
            current_seq=current,
        )


class MatchNotFound(ApplicationError):
    status_code = 404

    def __init__(self) -> None:
        super().__init__("not_found", "No such match.")


class IdempotencyKeyReused(ApplicationError):
    status_code = 422

    def __init__(self, key: str) -> None:
        super().__init__(
            "idempotency_key_reused",
            "This Idempotency-Key was already used for a different request.",
            key=key,
        )


class HandNotFound(ApplicationError):
    status_code = 404

    def __init__(self, hand_number: int) -> None:
        super().__init__("hand_not_found", "No such hand in this match.", hand_number=hand_number)


class HandNotFinished(ApplicationError):
    status_code = 409

    def __init__(self, hand_number: int) -> None:
        super().__init__("hand_not_finished", "The hand is not over yet.", hand_number=hand_number)


class InvalidIdempotencyKey(ApplicationError):
    status_code = 400

    def __init__(self, *, maximum: int) -> None:
        super().__init__(
            "invalid_idempotency_key",
            f"An Idempotency-Key has at most {maximum} characters.",
            maximum=maximum,
        )


class InvalidUsername(ApplicationError):
    def __init__(self, reasons: str) -> None:
        super().__init__("invalid_username", reasons)


class UsernameTaken(ApplicationError):
    def __init__(self, username: str) -> None:
        super().__init__("username_taken", "That username is taken.", username=username)


class WeakPassword(ApplicationError):
    def __init__(self, reasons: str) -> None:
        super().__init__("weak_password", reasons)


class InvalidCredentials(ApplicationError):
    def __init__(self) -> None:
        super().__init__("invalid_credentials", "Wrong username or password.")


def catalog() -> list[dict[str, Any]]:
    return []
