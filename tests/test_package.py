"""The package as it would be published: the sdist and the wheel built by ``python
-m build`` from a copy of the project, checked by ``twine check`` as an index
checks them, holding every file the game reads, and the wheel installed in a
fresh virtual environment of its own, where ``sudoku-tui`` starts on a bundled
puzzle in a real terminal and quits.

The build runs once a run, whichever tests need it (tests/package_build.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import sudoku_tui
from sudoku_tui.game.language import LOCALE_FOLDER
from sudoku_tui.paths import bundled_puzzles
from tests.package_build import ROOT, Built, needed_tool
from tests.serve.needs import need
from tests.ui.pty_game import PtyGame

PACKAGE = ROOT / "sudoku_tui"
VERSION = sudoku_tui.__version__


def run(argv: list[str], cwd: Path | None = None, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, cwd=cwd, timeout=timeout)


def test_the_version_is_written_once() -> None:
    """pyproject.toml reads it from sudoku_tui/__init__.py, which --version prints."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in pyproject["project"]
    assert "version" in pyproject["project"]["dynamic"]
    assert pyproject["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "sudoku_tui.__version__"}
    result = run([sys.executable, "-m", "sudoku_tui", "--version"], timeout=60)
    assert (result.returncode, result.stdout, result.stderr) == (0, f"sudoku-tui {VERSION}\n", "")


def test_the_license_is_the_mit_license_the_metadata_names() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) 2026 the sudoku-tui authors\n")
    assert tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["license"] == "MIT"


def test_the_changelog_has_a_section_for_the_version() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## [Unreleased]" in changelog
    assert f"## [{VERSION}] - " in changelog


def test_twine_check_passes_both_files(built_package: Built) -> None:
    needed_tool("twine")
    result = run(
        [sys.executable, "-m", "twine", "check", "--strict", str(built_package.sdist), str(built_package.wheel)]
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("PASSED") == 2


def wheel_files(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def package_files() -> set[str]:
    """Every file of the package in the source tree, as the wheel names it."""
    return {
        path.relative_to(ROOT).as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


def read_by_the_game() -> set[str]:
    """The files the code opens beside its modules: the style sheet, the web page's
    script, the bundled puzzle folder's files (the Open dialog lists them all) and the
    compiled catalogs of the languages."""
    # The style sheet's path is the app's own attribute; loading the app loads Textual.
    from sudoku_tui.ui.app import SudokuApp

    web = need("sudoku_tui.serve.web")
    paths = [
        Path(SudokuApp.CSS_PATH),
        web.PAGE_SCRIPT,
        *(p for p in bundled_puzzles().rglob("*") if p.is_file()),
        *LOCALE_FOLDER.glob("*/LC_MESSAGES/*.mo"),
    ]
    return {path.resolve().relative_to(ROOT).as_posix() for path in paths}


def test_the_wheel_holds_every_file_the_game_reads(built_package: Built) -> None:
    in_wheel = wheel_files(built_package.wheel)
    read = read_by_the_game()
    assert {
        "sudoku_tui/ui/sudoku.tcss",
        "sudoku_tui/serve/web_page.js",
        "sudoku_tui/puzzles/9x9-easy.txt",
        "sudoku_tui/locale/de/LC_MESSAGES/sudoku_tui.mo",
        "sudoku_tui/locale/es/LC_MESSAGES/sudoku_tui.mo",
    } <= read
    assert read - in_wheel == set()
    # And nothing of the package is left out, nor anything else put in.
    packaged = {name for name in in_wheel if not name.startswith(f"sudoku_tui-{VERSION}.dist-info/")}
    assert packaged == package_files()


def test_the_wheel_names_its_version_license_and_program(built_package: Built) -> None:
    assert built_package.wheel.name == f"sudoku_tui-{VERSION}-py3-none-any.whl"
    assert built_package.sdist.name == f"sudoku_tui-{VERSION}.tar.gz"
    info = f"sudoku_tui-{VERSION}.dist-info"
    with zipfile.ZipFile(built_package.wheel) as archive:
        metadata = archive.read(f"{info}/METADATA").decode()
        entry_points = archive.read(f"{info}/entry_points.txt").decode()
        license_text = archive.read(f"{info}/licenses/LICENSE").decode()
    assert f"\nVersion: {VERSION}\n" in metadata
    assert "\nLicense-Expression: MIT\n" in metadata
    assert license_text == (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "sudoku-tui = sudoku_tui.cli:main" in entry_points


@pytest.fixture
def fresh_venv(tmp_path: Path, built_package: Built) -> Path:
    """A virtual environment of its own (no system site-packages) with the wheel
    installed, its dependencies resolved by pip from the wheel's own metadata
    (from the package index, or pip's cache). Without pip of its own: this
    suite's pip installs into it (``pip --python``), which saves installing pip."""
    venv = tmp_path / "fresh"
    result = run([sys.executable, "-m", "venv", "--without-pip", str(venv)], timeout=120)
    assert result.returncode == 0, result.stderr
    python = venv / "bin" / "python"
    installing = [
        sys.executable,
        "-m",
        "pip",
        "--python",
        str(python),
        "install",
        "--no-compile",
        str(built_package.wheel),
    ]
    result = run(installing, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return venv


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Run from a folder with nothing of the project in it, with no PYTHONPATH: the
    program and its data can only come from the fresh environment."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    monkeypatch.chdir(folder)
    monkeypatch.delenv("PYTHONPATH", raising=False)
    yield folder
    PtyGame.end_leftovers()


def screen(game: PtyGame) -> str:
    """What an 80x24 terminal shows of the game's output so far."""
    pyte = need("pyte")
    shown = pyte.Screen(80, 24)
    pyte.ByteStream(shown).feed(game.seen().encode())
    return "\n".join(shown.display)


def wait_for_screen(game: PtyGame, *texts: str, timeout: float = 60.0) -> str:
    deadline = time.monotonic() + timeout
    while not all(text in (shown := screen(game)) for text in texts):
        if time.monotonic() > deadline or game.process.poll() is not None:
            raise AssertionError(f"{texts} not all shown; the screen:\n{shown}")
        time.sleep(0.1)
    return shown


def test_the_wheel_installs_in_a_fresh_venv_and_plays(fresh_venv: Path, elsewhere: Path) -> None:
    program = fresh_venv / "bin" / "sudoku-tui"
    # The package imported is the installed one, not this checkout, and nothing of
    # this suite's environment is seen (numpy comes with the fast extra only).
    looking = "import importlib.util, sudoku_tui; print(sudoku_tui.__file__, importlib.util.find_spec('numpy'))"
    where = run([str(fresh_venv / "bin" / "python"), "-c", looking], elsewhere)
    found, numpy = where.stdout.split()
    assert Path(found).is_relative_to(fresh_venv) and numpy == "None", where.stdout + where.stderr
    version = run([str(program), "--version"], elsewhere, timeout=60)
    assert (version.returncode, version.stdout) == (0, f"sudoku-tui {VERSION}\n"), version.stderr
    completion = run([str(program), "completion", "bash"], elsewhere, timeout=60)
    assert completion.returncode == 0 and "complete -o" in completion.stdout, completion.stderr
    # The compiled catalogs came with the wheel: asked for German, the installed program speaks it.
    one_puzzle = elsewhere / "one.txt"
    one_puzzle.write_text("2\n2...43213...1432\n")
    german = subprocess.run(
        [str(program), "explain", "--index", "5", str(one_puzzle)],
        capture_output=True,
        text=True,
        env={**os.environ, "LANGUAGE": "de"},
        timeout=60,
    )
    assert german.stderr == "Rätselindex 5 liegt außerhalb: Die Datei hat 1 (0 bis 0).\n", german.stderr
    # A bundled puzzle by its name alone: found in the installed package.
    game = PtyGame.running([str(program), "9x9-easy.txt"], elsewhere / "data-home")
    shown = wait_for_screen(game, "Sudoku — 9x9-easy.txt", "of 0 … 99  (9x9)", "r1c1", "╋━━━━━━━┿")
    assert "q Quit" in shown
    game.press("5")  # into the first cell, which the easy puzzle leaves empty
    wait_for_screen(game, "\n┃  ‹5›  │")  # at the start of a row: the first cell, marked as the cursor's value
    game.press("q")
    assert game.finish(timeout=30) == 0
