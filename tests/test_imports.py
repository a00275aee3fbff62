"""The engine, the game layer and the command line never load Textual (the
core stays free of the UI), and the base install works without Numba and
numpy (the fast extra). Every module of those layers is found on disk, so a
module added later is checked too; and each layer imports only the layers
below it."""

from __future__ import annotations

import ast
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.search_paths import compiled_search_available

PACKAGE = Path(__file__).resolve().parent.parent / "sudoku_tui"

# The layers that must never load Textual: every module in them.
TEXTUAL_FREE = ("engine", "game", "authoring", "plain")

# Only the compiled search's modules may need Numba and numpy: every module of
# search/compiled/ but its package, the probe that asks whether they load, and
# jit.py (a no-op decorator without Numba).
COMPILED_FOLDER = Path(__file__).resolve().parent.parent / "sudoku_tui" / "engine" / "search" / "compiled"
COMPILED_MODULES = {
    f"sudoku_tui.engine.search.compiled.{path.stem}"
    for path in COMPILED_FOLDER.glob("*.py")
    if path.stem not in ("__init__", "probe", "jit")
}

# Modules that need another extra's library, by that library.
NEEDS_LIBRARY = {"sudoku_tui.game.store.postgresql": "psycopg"}  # the server extra


def layer_modules(layer: str) -> list[str]:
    """Every module of ``sudoku_tui/<layer>/`` (its packages included), by name."""
    folder = PACKAGE / layer
    names = []
    for path in sorted(folder.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def importable(module: str) -> bool:
    """False for a module whose optional library this install lacks."""
    library = NEEDS_LIBRARY.get(module)
    if library is not None and importlib.util.find_spec(library) is None:
        return False
    return module not in COMPILED_MODULES or compiled_search_available()


# Imports each module named on the command line in turn; stops at the first
# after which Textual is loaded, and names it.
IMPORT_EACH = """
import importlib, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
    if any(m == 'textual' or m.startswith('textual.') for m in sys.modules):
        print(name)
        sys.exit(3)
"""


# What each layer's modules may import from the package besides their own
# layer (docs/development.md): data flows one way, from a file to the screen.
MAY_IMPORT = {
    "engine": set(),
    "game": {"engine", "paths"},
    "authoring": {"engine", "paths"},
    "ui": {"engine", "game", "paths"},
    "serve": {"engine", "game", "ui", "plain", "paths"},
    "plain": {"engine", "game", "paths"},
    "cli": {"engine", "game", "authoring", "ui", "serve", "plain", "paths"},
}


def package_imports(path: Path) -> set[str]:
    """The parts of sudoku_tui a module imports (``engine``, ``paths``, ...)."""
    package = list(path.relative_to(PACKAGE.parent).parts[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name.split(".") for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = base + (node.module.split(".") if node.module else [])
            names = [[*module, alias.name] for alias in node.names] if node.module is None else [module]
        else:
            continue
        found.update(name[1] for name in names if len(name) > 1 and name[0] == "sudoku_tui")
    # A name of the package's own __init__ (its __version__) is no layer.
    return {part for part in found if (PACKAGE / part).is_dir() or (PACKAGE / f"{part}.py").is_file()}


@pytest.mark.parametrize("layer", list(MAY_IMPORT))
def test_a_layer_imports_only_the_layers_below_it(layer: str) -> None:
    wrong = {
        str(path.relative_to(PACKAGE.parent)): sorted(outside)
        for path in sorted((PACKAGE / layer).rglob("*.py"))
        if (outside := package_imports(path) - MAY_IMPORT[layer] - {layer})
    }
    assert wrong == {}


# The engine's folders in order (docs/development.md): each imports only
# the folders before it, and the two of one rank not each other. progress.py
# is below every folder; warm.py, above all, compiles the search for the rest.
ENGINE_RANKS = {
    "progress": 0,
    "board": 1,
    "files": 2,
    "search": 2,
    "logic": 3,
    "making": 4,
    "authors": 5,
    "batch": 6,
    "warm": 7,
}


def engine_part(module: list[str]) -> str:
    """The engine folder (or top-level module) of ``sudoku_tui.engine.<part>...``."""
    return module[2] if len(module) > 2 else ""


def engine_imports(path: Path) -> set[str]:
    """The engine folders (or top-level modules) that an engine module imports."""
    package = list(path.relative_to(PACKAGE.parent).parts[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = base + (node.module.split(".") if node.module else [])
            targets = [[*module, alias.name] for alias in node.names] if len(module) < 3 else [module]
        elif isinstance(node, ast.Import):
            targets = [alias.name.split(".") for alias in node.names]
        else:
            continue
        found.update(engine_part(t) for t in targets if t[:2] == ["sudoku_tui", "engine"] and len(t) > 2)
    return found


def test_each_engine_folder_imports_only_the_folders_before_it() -> None:
    engine = PACKAGE / "engine"
    wrong = {}
    for path in sorted(engine.rglob("*.py")):
        own = path.relative_to(engine).with_suffix("").parts[0]
        if own == "__init__":
            continue
        above = {part for part in engine_imports(path) - {own} if ENGINE_RANKS[part] >= ENGINE_RANKS[own]}
        if above:
            wrong[str(path.relative_to(PACKAGE.parent))] = sorted(above)
    assert wrong == {}
    assert set(ENGINE_RANKS) == {
        p.stem for p in engine.iterdir() if p.name != "__init__.py" and p.name != "__pycache__"
    }


def test_only_the_compiled_folder_imports_numpy_or_numba() -> None:
    compiled = PACKAGE / "engine" / "search" / "compiled"
    heavy = ("numpy", "numba", "llvmlite")
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if compiled in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and node.level == 0
                else []
            )
            found += [f"{path.relative_to(PACKAGE.parent)}: {n}" for n in names if n.split(".")[0] in heavy]
    assert found == []


def test_every_layer_module_is_found() -> None:
    game = layer_modules("game")
    assert {"sudoku_tui.game", "sudoku_tui.game.session", "sudoku_tui.game.daily"} <= set(game)
    assert {"sudoku_tui.engine.logic", "sudoku_tui.engine.logic.forcing"} <= set(layer_modules("engine"))


@pytest.mark.parametrize("layer", TEXTUAL_FREE)
def test_no_module_of_the_layer_loads_textual(layer: str) -> None:
    modules = [m for m in layer_modules(layer) if importable(m)]
    result = subprocess.run([sys.executable, "-c", IMPORT_EACH, *modules], capture_output=True, text=True)
    assert result.returncode == 0, f"{result.stdout.strip()} loaded textual\n{result.stderr}"


def test_the_command_line_loads_no_textual() -> None:
    result = subprocess.run(
        [sys.executable, "-c", IMPORT_EACH, "sudoku_tui", "sudoku_tui.cli"], capture_output=True, text=True
    )
    assert result.returncode == 0, f"{result.stdout.strip()} loaded textual\n{result.stderr}"


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
    # The choices of `generate` come from engine/board/levels.py, which imports nothing heavy.
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


@pytest.mark.parametrize("layer", TEXTUAL_FREE)
def test_every_module_of_the_layer_imports_without_numba_and_numpy(layer: str) -> None:
    modules = [m for m in layer_modules(layer) if m not in COMPILED_MODULES and importable(m)]
    result = run_without_fast_extra(f"import importlib\nfor name in {modules!r}:\n    importlib.import_module(name)\n")
    assert result.returncode == 0, result.stderr


def test_the_game_imports_without_numba_and_numpy() -> None:
    result = run_without_fast_extra("import sudoku_tui.ui.app")
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
        "from sudoku_tui.engine.search.backend import compiled\n"
        "from sudoku_tui.engine.making.generator import generate\n"
        "from sudoku_tui.engine.board.geometry import square, samurai\n"
        "from sudoku_tui.engine.board.puzzle import Puzzle\n"
        "from sudoku_tui.engine.search.solver import count_solutions, solve\n"
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


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, modules: set[str]) -> set[str]:
    """The package's modules that a module imports anywhere: at its top, inside
    functions, and under ``TYPE_CHECKING`` (a cycle of type hints is a cycle a
    reader follows too)."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + (node.module.split(".") if node.module else []))
            for alias in node.names:
                found.add(f"{module}.{alias.name}" if f"{module}.{alias.name}" in modules else module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return (found & modules) - {module_name(path)}


def test_no_import_cycles_in_the_package() -> None:
    paths = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph = {name: imported_modules(path, set(paths)) for name, path in paths.items()}
    # A package imports its parents' __init__ on the way: not an edge of the code's own.
    cycles = []
    for start in sorted(graph):
        path_to = {start: [start]}
        todo = [start]
        while todo:
            here = todo.pop()
            for there in sorted(graph[here]):
                if there == start:
                    cycles.append(" -> ".join([*path_to[here], start]))
                elif there not in path_to:
                    path_to[there] = [*path_to[here], there]
                    todo.append(there)
    assert cycles == []


def test_every_import_inside_a_function_says_why() -> None:
    # An import inside a function (an optional extra, a heavy library kept off
    # the start-up path) has a comment on its line or on the line above its block.
    silent = []
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for function in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Import | ast.ImportFrom) and not said_why(lines, node.lineno - 1):
                    silent.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert silent == []


def said_why(lines: list[str], index: int) -> bool:
    """A comment on the import's line, or above the imports just before it."""
    if "#" in lines[index]:
        return True
    above = index - 1
    while above >= 0 and lines[above].strip().startswith(("from ", "import ")):
        above -= 1
    return above >= 0 and lines[above].strip().startswith("#")


def engine_names_imported_outside() -> dict[str, set[str]]:
    """What the rest of the package imports from the engine, by engine module."""
    imported: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if (PACKAGE / "engine") in path.parents:
            continue
        package = list(path.relative_to(PACKAGE.parent).parts[:-1])
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                module = base + (node.module.split(".") if node.module else [])
                if module[:2] == ["sudoku_tui", "engine"]:
                    imported.setdefault(".".join(module[2:]), set()).update(a.name for a in node.names)
    return imported


def test_the_engine_lists_the_names_the_rest_imports() -> None:
    from sudoku_tui.engine import PUBLIC

    assert engine_names_imported_outside() == {module: set(names) for module, names in PUBLIC.items()}
    for module, names in PUBLIC.items():
        loaded = importlib.import_module(f"sudoku_tui.engine.{module}")
        assert all(hasattr(loaded, name) for name in names), module
