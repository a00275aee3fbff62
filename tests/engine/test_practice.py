"""Practice puzzles: one solution, and a logical solution that uses the technique asked for."""

from __future__ import annotations

import random

import pytest

from sudoku_tui.engine.batch.generating import generate_lines
from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.logic.runner import solve_logically
from sudoku_tui.engine.logic.step import TechniqueName
from sudoku_tui.engine.making.generator import GenerationFailed, minimal_puzzle
from sudoku_tui.engine.making.grids import singles_solve
from sudoku_tui.engine.making.practice import _Attempt, _Run, practice_puzzle, practised, technique_named
from sudoku_tui.engine.search.solver import count_solutions

SINGLES = {TechniqueName.FULL_HOUSE, TechniqueName.NAKED_SINGLE, TechniqueName.HIDDEN_SINGLE}


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


def _stuck_after(technique: TechniqueName, rng: random.Random, digs: int) -> tuple[_Attempt, list[int], _Run]:
    """The first dug puzzle whose logic uses ``technique`` and then gets stuck."""
    for _ in range(digs):
        solution, dug = minimal_puzzle(square(3), rng)
        attempt = _Attempt(square(3), solution, technique, None)
        run = attempt.run(dug)
        if run.before is not None and not run.solved:
            return attempt, dug, run
    raise AssertionError(f"no dug puzzle got stuck after {technique.value} in {digs} digs")


@pytest.mark.parametrize(("technique", "seed"), [(TechniqueName.X_WING, 3), (TechniqueName.SKYSCRAPER, 0)])
def test_a_puzzle_stuck_after_the_technique_gets_values_back_that_keep_it(technique: TechniqueName, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(20):
        attempt, dug, run = _stuck_after(technique, rng, 200)
        givens = attempt.rescued(list(dug), run, rng)
        if givens is not None:
            break
    assert givens is not None, "none of 20 puzzles stuck after the technique was rescued"
    assert all(given == dug_given or not dug_given for given, dug_given in zip(givens, dug, strict=True))
    assert all(not given or given == value for given, value in zip(givens, attempt.solution, strict=True))
    puzzle = Puzzle(square(3), tuple(givens))
    assert count_solutions(puzzle, 2) == 1
    steps = solve_logically(puzzle, techniques=attempt.techniques)
    assert steps.solved and any(step.technique is technique for step in steps.steps)


def test_going_on_after_a_value_given_back_is_a_run_from_the_start_with_it() -> None:
    # The practice search gives values back where the logic got stuck and goes
    # on from there, instead of starting again: the two must agree.
    rng = random.Random(2)
    compared = 0
    while compared < 20:
        solution, dug = minimal_puzzle(square(3), rng)
        attempt = _Attempt(square(3), solution, TechniqueName.SWORDFISH, None)
        run = attempt.run(dug)
        if run.solved:
            continue
        cell = run.grid.values.index(0)
        run.grid.place(cell, solution[cell])
        went_on = attempt.go_on(run.grid)
        givens = list(dug)
        givens[cell] = solution[cell]
        again = attempt.run(givens)
        assert (went_on.solved, went_on.before is None) == (again.solved, again.before is None)
        if went_on.before is None:  # the same grid where the technique came up or the logic stopped
            assert (went_on.grid.values, went_on.grid.cands) == (again.grid.values, again.grid.cands)
        else:
            assert again.before is not None
            assert (went_on.before.values, went_on.before.cands) == (again.before.values, again.before.cands)
        compared += 1


def test_a_puzzle_singles_solve_is_solved_by_the_logic_without_another_technique() -> None:
    # The practice search drops such puzzles without running the logic on them.
    rng = random.Random(6)
    told = 0
    for _ in range(30):
        _, dug = minimal_puzzle(square(3), rng)
        if singles_solve(square(3), dug):
            told += 1
            steps = solve_logically(Puzzle(square(3), tuple(dug)), unique=True)
            assert steps.solved and {step.technique for step in steps.steps} <= SINGLES
    assert told, "no puzzle of 30 was solved by singles"
