"""Fixtures shared by every test folder.

Data that others published lives in ``../shared/data`` beside the project, or
where ``$SUDOKU_DATA`` says (tests/shared_data.py): it is read from there, never
copied in, and tests that need it skip when it is absent.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

# The suite checks the game's English: a terminal set to German (LANG=de_DE) must not make it speak German.
os.environ["LANGUAGE"] = "en"

import pytest
from hypothesis import HealthCheck, settings

from tests.package_build import Built, built_once
from tests.search_paths import compiled_search_available
from tests.shared_data import shared_path

# Property tests (file readers, save loading) run a fixed, small budget, the
# same examples every run, so CI stays quick and a failure reproduces:
# HYPOTHESIS_PROFILE=thorough searches much longer by hand.
settings.register_profile(
    "ci",
    max_examples=60,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("thorough", max_examples=5000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture
def shared_data() -> Path:
    """The ``../shared/data`` folder; skips the test when it is absent."""
    return shared_path()


@pytest.fixture
def shared_file() -> Callable[..., Path]:
    """``shared_file("9x9", "top1465.txt")``: a file under ``../shared/data``;
    skips the test when the file (or the folder) is absent."""
    return shared_path


@pytest.fixture(params=["pure", "compiled"])
def search_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run a test through each search the engine has: the pure-Python one
    (the base install) and the compiled kernel (the fast extra; skipped
    when Numba is not installed). The choice is an environment variable, so
    worker processes follow it too."""
    from sudoku_tui.engine.search.backend import NO_JIT

    if request.param == "compiled":
        if not compiled_search_available():
            pytest.skip("Numba is not installed (the fast extra)")
        monkeypatch.delenv(NO_JIT, raising=False)
    else:
        monkeypatch.setenv(NO_JIT, "1")
    return str(request.param)


@pytest.fixture
def open_umask() -> Iterator[None]:
    """The usual umask (022), so that a file made without a mode of its own is readable by all."""
    before = os.umask(0o022)
    yield
    os.umask(before)


@pytest.fixture(scope="session")
def built_package(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Built:
    """The sdist and the wheel, built once a run for every worker (tests/package_build.py):
    in the folder above the workers' own temporary folders, which is this run's."""
    base = tmp_path_factory.getbasetemp()
    return built_once(base if worker_id == "master" else base.parent)
