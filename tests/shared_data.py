"""Where the public collections are: ``../shared/data`` beside the project, or
the folder ``$SUDOKU_DATA`` names (as for the benchmarks). They are read in
place, never copied in; a test that needs one skips when it is absent, so
``SUDOKU_DATA=/nonexistent`` runs the suite as a clone without them does."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = Path(os.environ.get("SUDOKU_DATA", PROJECT_ROOT.parent / "shared" / "data"))


def shared_path(*parts: str) -> Path:
    """A path under the shared data folder; skips the calling test when it is absent."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent")
    return path
