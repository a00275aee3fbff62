"""Where the documentation lives, for the documentation's tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

PROJECT = Path(__file__).resolve().parents[2]
DOCS = PROJECT / "docs"
README = PROJECT / "README.md"


def screenshot_script() -> ModuleType:
    """docs/make_screenshot.py, loaded as a module (docs/ is no package)."""
    path = DOCS / "make_screenshot.py"
    spec = importlib.util.spec_from_file_location("make_screenshot", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module
