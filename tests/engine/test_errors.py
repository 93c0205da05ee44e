"""The error catalog (games/engine/errors.py): one code, one meaning, params and a template."""

from __future__ import annotations

import string

import pytest

from games.engine.errors import ERRORS, ErrorCode, IllegalAction, Refusal, catalog, refuse


def test_every_code_has_its_params_and_an_english_template_naming_exactly_them() -> None:
    assert set(ERRORS) == set(ErrorCode)
    for code, spec in ERRORS.items():
        named = {field for _, field, _, _ in string.Formatter().parse(spec.template) if field}
        assert named <= set(spec.params), code
        assert spec.template.endswith((".", "?")), code


def test_a_refusal_renders_its_message_from_the_catalog() -> None:
    refusal = refuse(ErrorCode.CANNOT_CHECK, to_call=20)

    assert isinstance(refusal, IllegalAction) and isinstance(refusal, Refusal)
    assert refusal.as_dict() == {
        "code": "cannot_check",
        "message": "You owe 20: call, raise or fold.",
        "params": {"to_call": 20},
    }


@pytest.mark.parametrize("params", [{}, {"to_call": 20, "extra": 1}, {"minimum": 20}])
def test_a_refusal_with_other_params_than_its_code_declares_is_a_programming_error(
    params: dict[str, int],
) -> None:
    with pytest.raises(TypeError, match="cannot_check"):
        refuse(ErrorCode.CANNOT_CHECK, **params)


def test_hand_in_progress_and_hand_not_finished_are_two_codes_with_one_meaning_each() -> None:
    codes = {entry["code"]: entry for entry in catalog()}

    assert codes["hand_in_progress"]["params"] == []
    assert codes["hand_not_finished"]["params"] == ["hand_number"]
    assert len(codes) == len(ErrorCode)
