"""`make run` installs only what running the bot needs and says what it is doing; the test
tools are installed by the targets that use them (`make test`, `lint`, `golden`, `bench`).
Read from `make -n` (what make would run) into a virtual environment that does not exist."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def planned(target: str, tmp_path: Path) -> list[str]:
    """The commands `make target` would run for a fresh checkout."""
    outer = ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")  # when the tests run under `make test`
    done = subprocess.run(
        ["make", "--no-print-directory", "-n", target, f"VENV={tmp_path / 'venv'}"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
        env={key: value for key, value in os.environ.items() if key not in outer},
    )
    return done.stdout.splitlines()


def installs(commands: list[str]) -> list[str]:
    return [command for command in commands if "pip install" in command]


def test_make_run_installs_only_what_running_needs_and_shows_progress(tmp_path: Path) -> None:
    commands = planned("run", tmp_path)
    (install,) = installs(commands)
    assert install.endswith(" -e .") and "[dev]" not in install
    assert "--quiet" not in install and "--progress-bar on" in install
    assert any(command.startswith('echo "==> Installing') for command in commands)
    assert commands[-1].endswith("python -m bot")


@pytest.mark.parametrize("target", ["test", "lint", "golden", "bench"])
def test_the_test_tools_come_with_the_targets_that_use_them(target: str, tmp_path: Path) -> None:
    commands = installs(planned(target, tmp_path))
    assert len(commands) == 2 and commands[-1].endswith(" -e '.[dev]'")
