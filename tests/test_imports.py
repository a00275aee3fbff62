"""The engine and the command line never load Textual (the core stays free of
the UI), and the base install works without Numba and numpy (the fast extra)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.search_paths import compiled_search_available

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
    "sudoku_tui.engine.sat",
    "sudoku_tui.engine.grids",
    "sudoku_tui.engine.pysearch",
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


# Only the compiled search's modules may need Numba and numpy.
COMPILED_MODULES = [
    "sudoku_tui.engine.kernel",
    "sudoku_tui.engine.kernel_search",
    "sudoku_tui.engine.grids_kernel",
    "sudoku_tui.engine.shape_tables",
    "sudoku_tui.engine.jit",
]


@pytest.mark.parametrize("module", MODULES + (COMPILED_MODULES if compiled_search_available() else []))
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


# Run first in a fresh interpreter: Numba and numpy cannot be imported, as
# in a base install (`pip install .` without the fast extra).
BLOCK_FAST_EXTRA = """
import importlib.abc, sys
class NoFastExtra(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('numba', 'numpy', 'llvmlite'):
            raise ImportError('blocked: ' + name)
        return None
sys.meta_path.insert(0, NoFastExtra())
"""


def run_without_fast_extra(code: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "SUDOKU_TUI_NO_JIT"}
    return subprocess.run(
        [sys.executable, "-c", BLOCK_FAST_EXTRA + code], capture_output=True, text=True, env=env, timeout=300
    )


@pytest.mark.parametrize("module", [*sorted(set(MODULES) - {"sudoku_tui.cli"}), "sudoku_tui.ui.app"])
def test_module_imports_without_numba_and_numpy(module: str) -> None:
    result = run_without_fast_extra(f"import {module}")
    assert result.returncode == 0, result.stderr


def nine_by_nine_file(tmp_path: Path) -> Path:
    path = tmp_path / "p.txt"
    path.write_text("3\n...81.....2........1.9..7...7..25.934.2............5...975.....563.....4......68.\n")
    return path


def test_the_engine_works_without_numba_and_numpy(tmp_path) -> None:
    # Every engine feature the game and the command line use, on the pure-Python search.
    path = nine_by_nine_file(tmp_path)
    code = (
        "import random\n"
        "from sudoku_tui.cli import main\n"
        "from sudoku_tui.engine.backend import compiled\n"
        "from sudoku_tui.engine.generator import generate\n"
        "from sudoku_tui.engine.geometry import square, samurai\n"
        "from sudoku_tui.engine.puzzle import Puzzle\n"
        "from sudoku_tui.engine.solver import count_solutions, solve\n"
        "assert not compiled()\n"
        f"assert main(['solve', {str(path)!r}]) == 0\n"
        f"assert main(['solve', '--count', {str(path)!r}]) == 0\n"
        "print(count_solutions(Puzzle(square(4), (0,) * 256), limit=3))\n"
        "print(solve(Puzzle(samurai(), (0,) * 369))[:9])\n"
        "made = generate(square(3), 'medium', rng=random.Random(3))\n"
        "print(made.level.key, count_solutions(made.puzzle))\n"
        "assert not [m for m in sys.modules if m.split('.')[0] in ('numba', 'numpy')]\n"
    )
    result = run_without_fast_extra(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "934817256728653419615942738176425893452398167389176542897564321563281974241739685",
        "1",
        "3",
        "(1,",
        "2,",
        "3,",
        "4,",
        "5,",
        "6,",
        "7,",
        "8,",
        "9)",
        "medium",
        "1",
    ]


def test_several_jobs_work_without_numba_and_numpy(tmp_path) -> None:
    # --jobs > 1 warms the compiled search before the pool: nothing to warm in a
    # base install (the commands of puzzles/GENERATED.md run this way).
    path = nine_by_nine_file(tmp_path)
    result = run_without_fast_extra(
        "from sudoku_tui.cli import main\n"
        f"assert main(['grade', {str(path)!r}, '--jobs', '2']) == 0\n"
        "assert main(['generate', '--size', '4', '--count', '2', '--seed', '1', '--jobs', '2']) == 0\n"
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    grade, _size, *made = result.stdout.split("\n")
    assert grade.split()[0] in {"Easy", "Medium", "Hard", "Unfair", "Extreme"}
    assert len([line for line in made if line]) == 2
