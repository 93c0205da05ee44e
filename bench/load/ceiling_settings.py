"""Settings of the ceiling's gunicorn only: the product's, serving :mod:`bench.load.ceiling`."""

from cardavia.settings import *  # noqa: F403

ROOT_URLCONF = "bench.load.ceiling"
