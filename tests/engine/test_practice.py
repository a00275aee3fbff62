"""Practice puzzles: one solution, and a logical solution that uses the technique asked for."""

from __future__ import annotations

import random

import pytest

from sudoku_tui.engine.batch_generate import generate_lines
from sudoku_tui.engine.generator import GenerationFailed
from sudoku_tui.engine.geometry import square
from sudoku_tui.engine.logic.runner import solve_logically
from sudoku_tui.engine.logic.step import TechniqueName
from sudoku_tui.engine.practice import practice_puzzle, practised, technique_named
from sudoku_tui.engine.puzzle import Puzzle
from sudoku_tui.engine.solver import count_solutions


@pytest.mark.parametrize("name", ["Skyscraper", "XY-Wing", "Naked Pair"])
def test_a_practice_puzzle_needs_its_technique(name: str) -> None:
    technique = technique_named(name)
    made = practice_puzzle(square(3), technique, random.Random(7))
    assert count_solutions(made.puzzle, 2) == 1
    solution = solve_logically(made.puzzle)
    assert solution.solved and any(step.technique is technique for step in solution.steps)
    assert made.level == solution.level


def test_names_are_read_however_they_are_spelt() -> None:
    assert technique_named("x wing") is TechniqueName.X_WING
    assert technique_named("2-STRING KITE") is TechniqueName.TWO_STRING_KITE
    with pytest.raises(ValueError, match="choose one of: Locked Pair"):
        technique_named("Sword")
    assert TechniqueName.HIDDEN_SINGLE not in practised()


@pytest.mark.parametrize(
    ("text", "technique"),
    [
        ("Unique Rectangle", TechniqueName.UNIQUENESS_1),
        ("unique rectangle type 2", TechniqueName.UNIQUENESS_2),
        ("Unique-Rectangle 4", TechniqueName.UNIQUENESS_4),
        ("BUG+1", TechniqueName.BUG_PLUS_ONE),
    ],
)
def test_the_names_players_know_them_by_are_read_too(text: str, technique: TechniqueName) -> None:
    # HoDoKu and Sudoku Explainer call the uniqueness tests unique rectangles.
    assert technique_named(text) is technique


def test_singles_are_not_practised() -> None:
    with pytest.raises(GenerationFailed, match="comes in every puzzle"):
        practice_puzzle(square(3), TechniqueName.NAKED_SINGLE, random.Random(1))


def test_a_run_of_practice_puzzles_is_the_same_in_one_process_or_two() -> None:
    lines = list(generate_lines(square(3), 2, seed=4, technique=TechniqueName.SKYSCRAPER))
    assert lines == list(generate_lines(square(3), 2, seed=4, jobs=2, technique=TechniqueName.SKYSCRAPER))
    for line in lines:
        steps = solve_logically(Puzzle.from_line(square(3), line)).steps
        assert any(step.technique is TechniqueName.SKYSCRAPER for step in steps)
