"""The app's settings plus the test-only stall hook (tests/ops/stall.py)."""

from cardavia.settings import *  # noqa: F403
from cardavia.settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "tests.ops.stall.StallConfig"]
