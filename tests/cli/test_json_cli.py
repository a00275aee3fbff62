"""``--json``: one JSON object a line, with the fields docs/authors.md lists, agreeing with the text output."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from sudoku_tui.cli import main
from sudoku_tui.engine.files.formats import parse_puzzle_data

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(list(args))
    return status, capsys.readouterr().out


def objects(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, Any]]:
    status, out = run(capsys, *args, "--json")
    assert status == 0
    found = [json.loads(line) for line in out.splitlines()]
    assert all(isinstance(item, dict) for item in found)
    return found


def file_lines(name: str) -> list[str]:
    return parse_puzzle_data((PUZZLES / name).read_bytes()).lines


def test_solve_json(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(PUZZLES / "no-solution.txt")
    records = objects(capsys, "solve", path)
    text = run(capsys, "solve", path)[1].splitlines()
    assert [r["puzzle"] for r in records] == file_lines("no-solution.txt")
    assert [r["solution"] or "no solution" for r in records] == text
    assert set(records[0]) == {"puzzle", "solution"}


def test_solve_count_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text("2\n" + "." * 16 + "\n" + "12343412214343.." + "\n")
    records = objects(capsys, "solve", str(path), "--count", "--limit", "5")
    assert [(r["solutions"], r["at_limit"]) for r in records] == [(5, True), (1, False)]
    assert run(capsys, "solve", str(path), "--count", "--limit", "5")[1] == "5+\n1\n"


def test_grade_json(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(PUZZLES / "9x9-hard.txt")
    records = objects(capsys, "grade", path)
    text = run(capsys, "grade", path)[1].splitlines()
    assert [f"{r['level'] or 'Stuck'} {r['score']}" for r in records] == text
    for record in records:
        assert record["solved"] == (record["level"] is not None)
        assert record["steps"] > 0
        assert isinstance(record["hardest"], str)
        assert record["has_solution"] is True
    (none,) = objects(capsys, "grade", str(PUZZLES / "no-solution.txt"))
    assert (none["has_solution"], none["solved"], none["level"], none["steps"]) == (False, False, None, 0)


def test_explain_json(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(PUZZLES / "9x9-medium.txt")
    *steps, grade = objects(capsys, "explain", path, "--index", "3")
    text = run(capsys, "explain", path, "--index", "3")[1].splitlines()
    assert len(steps) == len(text) - 1
    for step, line in zip(steps, text[:-1], strict=True):
        effects = ", ".join(step["placements"] + step["eliminations"])
        assert line == f"{step['technique']}: {step['explanation']} => {effects}"
        assert all(re.fullmatch(r"r\d+c\d+", cell) for cell in step["cells"])
    assert text[-1] == f"Grade: {grade['level']} (score {grade['score']})"
    assert grade["solved"] is True
    assert grade["steps"] == len(steps)


def test_generate_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("generate", "--count", "2", "--seed", "5", "--difficulty", "medium")
    records = objects(capsys, *args)
    assert [r["puzzle"] for r in records] == run(capsys, *args)[1].splitlines()[1:]
    assert all(r["size"] == "9x9" and r["level"] == "Medium" for r in records)
    practice = objects(capsys, "generate", "--technique", "skyscraper", "--seed", "1")
    assert practice[0]["technique"] == "Skyscraper"


@pytest.mark.parametrize("variant", ["x", "jigsaw"])
def test_generate_json_makes_the_variant_asked_for(capsys: pytest.CaptureFixture[str], variant: str) -> None:
    args = ("generate", "--variant", variant, "--count", "2", "--seed", "5")
    records = objects(capsys, *args)
    text = run(capsys, *args)[1].splitlines()
    assert text[0] == variant
    assert [r["puzzle"] for r in records] == text[1:]
    assert all(r["size"] == "9x9" and r["variant"] == variant for r in records)


def test_canon_and_minimal_json(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(PUZZLES / "sudoku-4x4.txt")
    canon = objects(capsys, "canon", path)
    assert [r["canonical"] for r in canon] == run(capsys, "canon", path)[1].splitlines()
    minimal = objects(capsys, "minimal", path)
    assert [r["puzzle"] for r in minimal] == file_lines("sudoku-4x4.txt")
    assert all(set(r) == {"puzzle", "solutions", "minimal", "redundant"} for r in minimal)
