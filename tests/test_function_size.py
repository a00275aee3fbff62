"""No function of the package has a body over 60 lines (its signature and
docstring aside): a longer one is split into named parts. Nesting depth and complexity are
ruff's to check (pyproject.toml), so this covers what ruff cannot."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "sudoku_tui"
MOST_LINES = 60


def _body_lines(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Lines of the body, from its first statement after the docstring to the end."""
    body = function.body
    first = body[0]
    if len(body) > 1 and isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
        first = body[1]
    return (function.end_lineno or function.lineno) - first.lineno + 1


def long_functions(root: Path) -> list[str]:
    """``path:line name (n lines)`` of every function over ``MOST_LINES``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _body_lines(node) > MOST_LINES:
                where = path.relative_to(root.parent)
                found.append(f"{where}:{node.lineno} {node.name} ({_body_lines(node)} lines)")
    return found


def test_the_measure_counts_code_not_docstrings(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MOST_LINES))
    doc = '    """' + "\n".join(["A docstring", *["more"] * 20]) + '"""\n'
    (tmp_path / "long.py").write_text(f"def long(\n    a: int,\n) -> None:\n{body}\n    x = 0\n")
    (tmp_path / "documented.py").write_text(f"def documented(\n    a: int,\n) -> None:\n{doc}{body}\n")
    assert long_functions(tmp_path) == [f"{tmp_path.name}/long.py:1 long ({MOST_LINES + 1} lines)"]


def test_no_function_of_the_package_is_too_long() -> None:
    assert long_functions(PACKAGE) == []
