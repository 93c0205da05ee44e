"""Both hand-history formats read files the same way and give one-line reasons in their own
error type."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.engine.toml_files import parse_toml, read_utf8


class FormatError(ValueError):
    pass


def test_reads_utf8_text(tmp_path: Path) -> None:
    path = tmp_path / "hand.toml"
    path.write_text('variant = "NT"  # Ünïcode', encoding="utf-8")
    assert read_utf8(path, FormatError) == 'variant = "NT"  # Ünïcode'


def test_a_missing_or_non_utf8_file_is_the_formats_error(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match=r"^cannot read the file: "):
        read_utf8(tmp_path / "missing.toml", FormatError)
    latin = tmp_path / "latin.toml"
    latin.write_bytes("café".encode("latin-1"))
    with pytest.raises(FormatError, match=r"^malformed: the file is not UTF-8 text$"):
        read_utf8(latin, FormatError)


def test_malformed_toml_gives_a_one_line_reason() -> None:
    with pytest.raises(FormatError, match=r"^malformed TOML: ") as raised:
        parse_toml('variant = "NT"\nplayers = [', FormatError)
    assert "\n" not in str(raised.value)
    assert parse_toml("x = 1.5", FormatError, parse_float=str) == {"x": "1.5"}
