"""Fault tests skip on a machine without the server programs, and fail in CI instead."""

from __future__ import annotations

import pytest

from tests import conftest
from tests.ops import services


class _FaultsItem:
    def get_closest_marker(self, name: str) -> object | None:
        return object() if name == "faults" else None


@pytest.fixture
def bare_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(services, "missing_tools", lambda: ["redis-server"])


def test_fault_tests_are_skipped_on_a_bare_developer_machine(bare_machine, monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="needs redis-server"):
        conftest.pytest_runtest_setup(_FaultsItem())  # type: ignore[arg-type]


def test_fault_tests_fail_in_ci_without_their_tools(bare_machine, monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="marked 'faults'"):
        conftest.pytest_runtest_setup(_FaultsItem())  # type: ignore[arg-type]
