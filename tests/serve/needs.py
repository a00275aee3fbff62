"""A test's need for an optional library or program: skipped when absent, but in CI
(``CI=true``, where .ci/run installs them) a missing one fails the test."""

from __future__ import annotations

import importlib
import os
import shutil
from types import ModuleType

import pytest


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def need(module: str) -> ModuleType:
    if in_ci():
        # import_module gives the submodule asked for; __import__ gives its package.
        return importlib.import_module(module)
    return pytest.importorskip(module, reason=f"{module} is not installed (the server extra)")


def need_program(name: str, *alternatives: str) -> str:
    """The program's path (or the first of ``alternatives`` found: GitHub's
    runners ship Google Chrome where Debian has Chromium)."""
    for candidate in (name, *alternatives):
        found = shutil.which(candidate)
        if found is not None:
            return found
    if in_ci():
        pytest.fail(f"{name} is not installed; .ci/run installs it")
    pytest.skip(f"{name} is not installed")
