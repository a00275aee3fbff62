"""What justified a move: the easiest step that places a value or removes a
candidate in a position, through eliminations first; guess; mistake.

The positions are states of bundled puzzles (named at each); the candidates
a claim rests on are checked here from the values alone, so a label is not
only the engine's word.
"""

from __future__ import annotations

from sudoku_tui.engine.board.conflicts import candidates
from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.logic.justify import (
    GUESS,
    LABEL_TECHNIQUES,
    MISTAKE,
    RULED_OUT,
    Position,
    available_step,
    justify,
)
from sudoku_tui.engine.logic.step import TechniqueName
from sudoku_tui.engine.search.solver import count_solutions, solve

SHAPE = square(3)
# puzzles/9x9-medium.txt, puzzle 40, after 21 steps of the logic runner.
MEDIUM = "..9..47...53.9.264..7.5.89...89..3...35.8.42..124356..294.7.5863715689425862491.."
# puzzles/9x9-hard.txt, puzzle 3, its givens.
HARD = ".6...9..3.4..186.2..8..........7.2.4..7...5..5.6.2..........8..8.975..2.3..8...1."


def cell(row: int, column: int) -> int:
    return (row - 1) * 9 + column - 1


def position(line: str, values: dict[int, int] | None = None, unique: bool = True) -> Position:
    puzzle = Puzzle.from_line(SHAPE, line)
    solution = solve(puzzle)
    assert solution is not None
    board = list(puzzle.givens)
    for at, value in (values or {}).items():
        board[at] = value
    return Position(SHAPE, tuple(board), solution, unique)


def options(values: tuple[int, ...], at: int) -> set[int]:
    mask = candidates(SHAPE, list(values))[at]
    return {v for v in range(1, 10) if mask >> (v - 1) & 1}


def test_a_cell_with_one_candidate_left_is_a_naked_single() -> None:
    board = position(MEDIUM)
    assert options(board.values, cell(6, 8)) == {7}
    found = justify(board, cell(6, 8), 7)
    assert found.label == "Naked Single"
    assert [step.placements for step in found.steps] == [((cell(6, 8), 7),)]


def test_a_value_with_one_place_left_in_a_box_is_a_hidden_single() -> None:
    board = position(MEDIUM)
    assert options(board.values, cell(6, 9)) == {7, 8, 9}  # not a naked single
    box_6 = [cell(r, c) for r in (4, 5, 6) for c in (7, 8, 9)]
    assert [at for at in box_6 if not board.values[at] and 8 in options(board.values, at)] == [cell(6, 9)]
    assert justify(board, cell(6, 9), 8).label == "Hidden Single"


def test_a_mark_removed_by_a_naked_pair_is_labelled_with_the_pair() -> None:
    board = position(MEDIUM)
    # r6c8 and r9c8 hold only 3 and 7 between them, so the rest of column 8 holds neither.
    assert options(board.values, cell(6, 8)) | options(board.values, cell(9, 8)) == {3, 7}
    assert 3 in options(board.values, cell(1, 8))
    found = justify(board, cell(1, 8), 3, removal=True)
    assert found.label == TechniqueName.NAKED_PAIR.value
    assert (cell(1, 8), 3) in found.steps[-1].eliminations


def test_a_placed_value_removes_the_candidates_it_sees() -> None:
    # r6c8=7 (a naked single) sees r5c9, whose 7 then goes.
    board = position(MEDIUM)
    assert 7 in options(board.values, cell(5, 9))
    assert justify(board, cell(5, 9), 7, removal=True).label == "Naked Single"


def test_a_single_that_needs_an_elimination_first_is_labelled_with_the_elimination() -> None:
    # r4c2=8: a hidden single in row 4 once claiming in column 9 takes 8 from r4c8.
    board = position(HARD)
    found = justify(board, cell(4, 2), 8)
    assert found.label == TechniqueName.CLAIMING.value
    assert found.steps[-1].technique is TechniqueName.HIDDEN_SINGLE
    assert found.steps[-1].placements == ((cell(4, 2), 8),)
    assert any((cell(4, 8), 8) in step.eliminations for step in found.steps[:-1])
    assert 8 in options(board.values, cell(4, 8))
    # Without a round of eliminations, no step places it at once.
    assert justify(board, cell(4, 2), 8, rounds=0).label == GUESS


def test_a_right_value_no_step_reaches_is_a_guess() -> None:
    board = position(MEDIUM)
    assert board.solution[cell(1, 4)] == 6
    found = justify(board, cell(1, 4), 6)
    assert found.label == GUESS
    assert found.steps == ()


def test_a_value_other_than_the_solutions_is_a_mistake() -> None:
    board = position(MEDIUM)
    assert board.solution[cell(6, 8)] == 7
    assert justify(board, cell(6, 8), 3).label == MISTAKE
    assert justify(board, cell(1, 4), 1).label == MISTAKE  # a candidate, but not the solution's


def test_removing_the_solutions_value_is_a_mistake() -> None:
    board = position(MEDIUM)
    assert justify(board, cell(6, 8), 7, removal=True).label == MISTAKE


def test_a_candidate_the_values_rule_out_needs_no_step() -> None:
    board = position(MEDIUM)
    assert 9 not in options(board.values, cell(1, 1))  # 9 is in row 1 already
    assert justify(board, cell(1, 1), 9, removal=True).label == RULED_OUT
    filled = position(MEDIUM, {cell(6, 8): 7})
    assert justify(filled, cell(6, 8), 3, removal=True).label == RULED_OUT


def test_a_value_typed_over_another_is_judged_with_its_cell_empty() -> None:
    board = position(MEDIUM, {cell(6, 8): 3})  # a wrong value there first
    assert justify(board, cell(6, 8), 7).label == "Naked Single"


def test_the_easiest_step_available() -> None:
    step = available_step(position(MEDIUM))
    assert step is not None
    assert step.technique is TechniqueName.NAKED_SINGLE
    assert available_step(Position(SHAPE, position(MEDIUM).solution, position(MEDIUM).solution)) is None


def test_the_table_is_hodokus_without_the_forcing_nets() -> None:
    names = [technique.name for technique in LABEL_TECHNIQUES]
    assert names[:3] == [TechniqueName.FULL_HOUSE, TechniqueName.NAKED_SINGLE, TechniqueName.HIDDEN_SINGLE]
    assert TechniqueName.FORCING_CHAIN_VERITY in names
    assert TechniqueName.FORCING_NET_CONTRADICTION not in names
    assert TechniqueName.NESTED_FORCING_NET not in names


def two_solutions() -> tuple[Puzzle, tuple[int, ...], tuple[int, ...]]:
    """MEDIUM's solution with a rectangle of two values on two boxes emptied:
    those four cells take the two values either way round."""
    solution = position(MEDIUM).solution
    for a in range(81):
        for b in range(81):
            ra, ca, rb, cb = a // 9, a % 9, b // 9, b % 9
            if ra < rb and ca < cb and (ra // 3 == rb // 3) != (ca // 3 == cb // 3):
                corners = (a, ra * 9 + cb, rb * 9 + ca, b)
                x, y, z, w = (solution[c] for c in corners)
                if x == w and y == z:
                    givens = tuple(0 if c in corners else v for c, v in enumerate(solution))
                    other = list(solution)
                    other[corners[0]], other[corners[1]], other[corners[2]], other[corners[3]] = y, x, x, y
                    return Puzzle(SHAPE, givens), solution, tuple(other)
    raise AssertionError("no rectangle")


def test_with_several_solutions_a_value_of_any_solution_is_no_mistake() -> None:
    puzzle, first, second = two_solutions()
    assert count_solutions(puzzle, 3) == 2
    board = Position(SHAPE, puzzle.givens, first, unique=False)
    corner = next(c for c in range(81) if first[c] != second[c])
    # The other solution's value: no step can choose between the two, so a guess.
    assert justify(board, corner, second[corner]).label == GUESS
    assert justify(board, corner, first[corner]).label == GUESS
    assert justify(board, corner, second[corner], removal=True).label == GUESS
    wrong = next(v for v in range(1, 10) if v not in (first[corner], second[corner]))
    assert justify(board, corner, wrong).label == MISTAKE
    # Once the other solution's value stands in one corner, the first's is a mistake in the next.
    chosen = list(puzzle.givens)
    chosen[corner] = second[corner]
    after = Position(SHAPE, tuple(chosen), first, unique=False)
    nxt = next(c for c in range(81) if first[c] != second[c] and c != corner)
    assert justify(after, nxt, first[nxt]).label == MISTAKE
    assert justify(after, nxt, second[nxt]).label != MISTAKE
