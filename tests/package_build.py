"""The package built as a release builds it: ``python -m build`` (the sdist, then
the wheel from the sdist) on a copy of the project, once a run.

The build takes some seconds, so it is not made again by each xdist worker: the
first test that needs it builds under a lock in the folder the workers share,
and every other test, on any worker, uses what it left there (tests/conftest.py,
the ``built_package`` fixture).
"""

from __future__ import annotations

import fcntl
import importlib.util
import json
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Not copied to be built: what is no part of the project (environments, caches,
# Numba's cache files, earlier builds), so the build sees what a fresh clone holds.
NOT_THE_PROJECT = shutil.ignore_patterns(
    ".git", ".venv*", "__pycache__", "*.pyc", "*.nbi", "*.nbc", "*.egg-info", "build", "dist", ".*_cache", ".cache"
)


@dataclass(frozen=True)
class Built:
    sdist: Path
    wheel: Path


def needed_tool(module: str) -> None:
    # As tests/test_lint.py does: the suite checks the package, so the tool is no option.
    if importlib.util.find_spec(module) is None:
        pytest.fail(f"{module} is missing: install the dev extra (pip install '.[test,dev]')")


def build(folder: Path) -> Built:
    """The sdist, and the wheel built from it, in ``folder``/dist."""
    needed_tool("build")
    source = folder / "source"
    shutil.copytree(ROOT, source, ignore=NOT_THE_PROJECT, symlinks=True)
    command = [sys.executable, "-m", "build", "--outdir", str(folder / "dist"), str(source)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise AssertionError(f"python -m build failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    return Built(sdist=next((folder / "dist").glob("*.tar.gz")), wheel=next((folder / "dist").glob("*.whl")))


def built_once(shared: Path) -> Built:
    """The run's one build, in ``shared`` (a folder every worker sees). A failed
    build is not tried again by each worker: its message is kept and told to
    every test that needs the build."""
    with (shared / "package.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        record = shared / "package.json"
        if not record.exists():
            folder = shared / "package"
            folder.mkdir()
            try:
                made = build(folder)
                record.write_text(json.dumps({"sdist": str(made.sdist), "wheel": str(made.wheel)}))
            except AssertionError as error:
                record.write_text(json.dumps({"failed": str(error)}))
        kept = json.loads(record.read_text())
    if "failed" in kept:
        pytest.fail(kept["failed"])
    return Built(sdist=Path(kept["sdist"]), wheel=Path(kept["wheel"]))
