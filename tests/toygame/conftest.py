"""The toy game registered for a test, and only for it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games.registry import AnyGame, registered
from tests.toygame.engine import TOY


@pytest.fixture
def toy_game() -> Iterator[AnyGame]:
    with registered(TOY) as game:
        yield game


from tests.api.conftest import make_client  # noqa: E402,F401  (the API's scripted clients)
