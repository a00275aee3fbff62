"""Style and types are part of the suite: ruff, ruff format and mypy, as configured in pyproject.toml."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKS = {
    "ruff check": ["ruff", "check", "."],
    "ruff format": ["ruff", "format", "--check", "."],
    "mypy": ["mypy", "sudoku_tui"],
}


@pytest.mark.parametrize("name", list(CHECKS))
def test_clean(name: str) -> None:
    command = CHECKS[name]
    tool = shutil.which(command[0], path=str(Path(sys.executable).parent)) or shutil.which(command[0])
    assert tool is not None, f"{command[0]} is missing: install the dev extra (pip install '.[test,dev]')"
    result = subprocess.run([tool, *command[1:]], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, f"{name} found problems:\n{result.stdout}\n{result.stderr}"
