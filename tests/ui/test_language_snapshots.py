"""The game in German and in Spanish at 80x24: the Footer under a puzzle, and F1's
dialog of keys. Each screenshot is taken in a process of its own, started with
``LANGUAGE`` set (the game speaks one language from its start), and compared as
pytest-textual-snapshot compares the others.

Regenerate after a deliberate change with
``pytest tests/ui/test_language_snapshots.py --snapshot-update`` and look at the
SVGs before committing them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pytest_textual_snapshot import SVGImageExtension
from syrupy.assertion import SnapshotAssertion

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parents[1]


def screenshot(language: str, name: str) -> str:
    env = {**os.environ, "LANGUAGE": language, "PYTHONPATH": os.pathsep.join([str(HERE), str(PROJECT)])}
    result = subprocess.run(
        [sys.executable, str(HERE / "language_screens.py"), name],
        capture_output=True,
        text=True,
        cwd=PROJECT,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


@pytest.mark.parametrize("language", ["de", "es"])
@pytest.mark.parametrize("name", ["footer", "help"])
def test_the_game_in_a_language(snapshot: SnapshotAssertion, language: str, name: str) -> None:
    shown = screenshot(language, name)
    quit_word = {"de": "Beenden", "es": "Salir"}[language]
    assert quit_word in shown
    assert snapshot.use_extension(SVGImageExtension) == shown
