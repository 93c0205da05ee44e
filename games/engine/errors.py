"""The one refusal type of the engine: a command the rules do not allow."""

from __future__ import annotations

from typing import Any


class IllegalAction(Exception):
    """A command refused by the rules, with a stable ``code`` and the ``params`` that explain it.

    The API maps it to a 4xx body ``{"code", "params", "message"}``; clients localise by ``code``
    and ``params``, so neither may change once published.

    >>> error = IllegalAction("amount_below_minimum", "A raise must be to at least 40.", minimum=40)
    >>> error.code, error.params
    ('amount_below_minimum', {'minimum': 40})
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "params": self.params}
