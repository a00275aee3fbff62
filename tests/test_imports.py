"""The engine and the command line never load Textual (the core stays free of the UI)."""

from __future__ import annotations

import subprocess
import sys

import pytest

MODULES = [
    "sudoku_tui",
    "sudoku_tui.engine",
    "sudoku_tui.engine.geometry",
    "sudoku_tui.engine.puzzle",
    "sudoku_tui.engine.formats",
    "sudoku_tui.engine.conflicts",
    "sudoku_tui.engine.classic",
    "sudoku_tui.engine.solver",
    "sudoku_tui.engine.batch",
    "sudoku_tui.engine.kernel",
    "sudoku_tui.engine.sat",
    "sudoku_tui.engine.grids",
    "sudoku_tui.engine.generator",
    "sudoku_tui.engine.logic",
    "sudoku_tui.engine.logic.runner",
    "sudoku_tui.game",
    "sudoku_tui.game.clock",
    "sudoku_tui.game.play",
    "sudoku_tui.game.texts",
    "sudoku_tui.game.hints",
    "sudoku_tui.game.new_puzzle",
    "sudoku_tui.game.session",
    "sudoku_tui.cli",
]


@pytest.mark.parametrize("module", MODULES)
def test_module_does_not_import_textual(module: str) -> None:
    code = (
        f"import sys, {module}; "
        "sys.exit(1 if any(m == 'textual' or m.startswith('textual.') for m in sys.modules) else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, f"{module} imported textual\n{result.stderr}"


def test_check_command_does_not_import_textual(tmp_path) -> None:
    path = tmp_path / "p.txt"
    path.write_text("2\n2...43213...1432\n")
    code = (
        "import sys\nfrom sudoku_tui.cli import main\n"
        f"code = main(['check', {str(path)!r}])\n"
        "sys.exit(3 if 'textual' in sys.modules else code)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "1 puzzle, 4x4\n"


def test_the_command_line_parser_loads_no_numpy() -> None:
    # The choices of `generate` come from engine/levels.py, which imports nothing heavy.
    code = (
        "import sys\nfrom sudoku_tui.cli import build_parser\n"
        "build_parser().parse_args(['generate', '--difficulty', 'hard', '--symmetry', 'mirror'])\n"
        "sys.exit(3 if 'numpy' in sys.modules else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
