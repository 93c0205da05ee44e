"""Reading the TOML hand histories both games accept (PHH for Hold'em, "UD" for Up & Down).

Each format raises its own error type; the reasons are the same one-line texts for both.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any


def read_utf8(path: str | Path, error: type[ValueError]) -> str:
    """The file's text; ``error`` with a one-line reason if it cannot be read or is not UTF-8."""
    try:
        data = Path(path).read_bytes()
    except OSError as failure:
        raise error(f"cannot read the file: {failure.strerror or failure}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise error("malformed: the file is not UTF-8 text") from None


def parse_toml(
    text: str, error: type[ValueError], parse_float: Callable[[str], Any] = float
) -> dict[str, Any]:
    """The TOML document; ``error`` with the parser's reason, on one line, if it is malformed."""
    try:
        return tomllib.loads(text, parse_float=parse_float)
    except tomllib.TOMLDecodeError as failure:
        raise error(f"malformed TOML: {' '.join(str(failure).split())}") from None
