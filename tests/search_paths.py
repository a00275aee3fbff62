"""Which of the engine's searches this install can test."""

from __future__ import annotations

import pytest

from sudoku_tui.engine.search import backend
from tests.serve.needs import in_ci


def compiled_search_available() -> bool:
    """Numba (the fast extra) is installed and loads. In CI, where .ci/run installs
    it, a missing one fails the run instead of skipping the compiled search's tests."""
    if backend.numba_importable():
        return True
    if in_ci():
        pytest.fail("Numba is not installed; .ci/run installs the fast extra", pytrace=False)
    return False
