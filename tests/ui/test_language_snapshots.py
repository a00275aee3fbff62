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


def screenshot(language: str, name: str, *more: str) -> str:
    env = {**os.environ, "LANGUAGE": language, "PYTHONPATH": os.pathsep.join([str(HERE), str(PROJECT)])}
    result = subprocess.run(
        [sys.executable, str(HERE / "language_screens.py"), name, *more],
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


@pytest.mark.parametrize("language", ["en", "de", "es"])
@pytest.mark.parametrize("columns", [80, 100])
def test_the_footer_shows_whole_keys_only(language: str, columns: int) -> None:
    """A key that does not fit whole before the palette's key goes, with every key after it."""
    lines = [line.split() for line in screenshot(language, "keys", str(columns)).splitlines()]
    *keys, (palette, palette_shown, palette_start, _) = lines
    assert palette == "ctrl+p" and palette_shown == "True"
    shown = [key for key, display, _, _ in keys if display == "True"]
    assert shown == [key for key, _, _, _ in keys][: len(shown)]  # the first ones, in order
    assert all(int(end) <= int(palette_start) for _, display, _, end in keys if display == "True")
    expected = {("de", 80): 8, ("es", 80): 7}.get((language, columns), 9)  # g, then ? go first
    assert len(shown) == expected
