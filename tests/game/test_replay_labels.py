"""A game's moves labelled: played again on a board (undo and redo, strokes
on several cells, Solve), each value placed and mark removed labelled with
what justified it, and the longest waits with the step there was to see."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.logic.step import TechniqueName
from sudoku_tui.engine.progress import Cancelled
from sudoku_tui.engine.search.solver import count_solutions, solve
from sudoku_tui.game.replay.labels import LABELLED, Board, Move, MoveKind, label_game, labels_key

SHAPE = square(3)
# puzzles/9x9-medium.txt, puzzle 40, after 21 steps of the logic runner, as a puzzle of its own.
LINE = "..9..47...53.9.264..7.5.89...89..3...35.8.42..124356..294.7.5863715689425862491.."
K = MoveKind


def cell(row: int, column: int) -> int:
    return (row - 1) * 9 + column - 1


def puzzle_and_solution() -> tuple[Puzzle, tuple[int, ...]]:
    puzzle = Puzzle.from_line(SHAPE, LINE)
    solution = solve(puzzle)
    assert solution is not None
    return puzzle, solution


def test_a_game_of_known_moves_is_labelled_exactly() -> None:
    puzzle, solution = puzzle_and_solution()
    assert count_solutions(puzzle, 2) == 1
    moves = [
        Move(K.MARK, cell(1, 8), 3, 2_000),
        # r6c8 and r9c8 hold only 3/7: column 8's other cells lose both.
        Move(K.UNMARK, cell(1, 8), 3, 4_000),
        # In box 6, 8 fits only in r6c9 (which may hold 7, 8 or 9).
        Move(K.VALUE, cell(6, 9), 8, 9_000),
        # r6c8 can only hold 7.
        Move(K.VALUE, cell(6, 8), 7, 12_000),
        # r1c4's 6 is right, but no step within the bound places it.
        Move(K.VALUE, cell(1, 4), 6, 70_000),
        # r1c1 is 8 in the solution.
        Move(K.VALUE, cell(1, 1), 1, 75_000),
    ]
    assert solution[cell(1, 1)] == 8
    answer = label_game(puzzle, solution, moves)
    assert answer.labels == (None, "Naked Pair", "Hidden Single", "Naked Single", "guess", "mistake")
    pair = answer.justifications[1]
    assert pair is not None and pair.steps[-1].technique is TechniqueName.NAKED_PAIR


def test_the_longest_waits_come_with_the_step_there_was_to_see() -> None:
    puzzle, solution = puzzle_and_solution()
    moves = [
        Move(K.VALUE, cell(6, 9), 8, 3_000),
        Move(K.VALUE, cell(6, 8), 7, 50_000),  # waited 47 s with that naked single in view
        Move(K.VALUE, cell(6, 1), 9, 51_000),
        Move(K.MARK, cell(1, 1), 1, 60_000),  # waited 9 s
    ]
    answer = label_game(puzzle, solution, moves, longest=2)
    assert [(wait.move, wait.waited_ms) for wait in answer.waits] == [(1, 47_000), (3, 9_000)]
    first = answer.waits[0].step
    assert first is not None and first.technique is TechniqueName.NAKED_SINGLE
    assert first.placements == ((cell(6, 8), 7),)
    assert answer.waits[1].step is not None  # steps are still there to take


def test_every_kind_of_move_is_played_and_only_values_and_marks_removed_get_labels() -> None:
    puzzle, solution = puzzle_and_solution()
    r6c8, r6c9 = cell(6, 8), cell(6, 9)
    moves = [
        Move(K.COLOUR, r6c8, 2, 1_000),
        Move(K.MARK, r6c9, 9, 2_000),
        Move(K.UNMARK, r6c9, 9, 3_000),  # r6c9 is 8: its 9 goes once the 8 is found there
        Move(K.VALUE, r6c8, 3, 4_000),  # a mistake
        Move(K.CLEAR, r6c8, 0, 5_000),
        Move(K.VALUE, r6c8, 7, 6_000),
        Move(K.UNDO, at_ms=7_000),
        Move(K.REDO, at_ms=8_000),
        Move(K.HINT, r6c9, 8, 9_000),
        Move(K.UNDO, at_ms=10_000),
        Move(K.VALUE, cell(6, 1), 9, 11_000),  # the hint taken back: row 6 lacks 8 and 9, in r6c1 and r6c9
        Move(K.SOLVE, at_ms=12_000),
        Move(K.UNDO, at_ms=13_000),
        Move(K.VALUE, r6c9, 8, 14_000),  # after Solve is taken back: r6c9 is the last cell of row 6
    ]
    answer = label_game(puzzle, solution, moves)
    labelled = [move.kind in LABELLED for move in moves]
    assert [label is not None for label in answer.labels] == labelled
    assert answer.labels == (
        None,
        None,
        "Hidden Single",  # the hidden single r6c9=8 takes r6c9's 9 away
        "mistake",
        None,
        "Naked Single",
        None,
        None,
        None,
        None,
        "Naked Single",  # with 7 in r6c8, r6c1 holds only 9
        None,
        None,
        "Full House",
    )


def board_after(moves: list[Move]) -> list[int]:
    puzzle, solution = puzzle_and_solution()
    board = Board(puzzle, solution)
    for move in moves:
        board.play(move)
    return board.values


def test_undo_and_redo_take_back_and_make_again_the_last_stroke() -> None:
    puzzle, solution = puzzle_and_solution()
    a, b = cell(6, 8), cell(6, 9)
    assert board_after([Move(K.VALUE, a, 7), Move(K.MARK, b, 8), Move(K.UNDO)])[a] == 7  # the mark went back
    assert board_after([Move(K.VALUE, a, 7), Move(K.MARK, b, 8), Move(K.UNDO), Move(K.UNDO)])[a] == 0
    values = board_after([Move(K.VALUE, a, 7), Move(K.UNDO), Move(K.REDO)])
    assert values[a] == 7
    # A move made after an undo drops the redo.
    values = board_after([Move(K.VALUE, a, 7), Move(K.UNDO), Move(K.VALUE, b, 8), Move(K.REDO)])
    assert (values[a], values[b]) == (0, 8)
    # A stroke on several cells goes back in one undo.
    together = [Move(K.VALUE, a, 7), Move(K.VALUE, b, 8, together=True)]
    assert board_after([*together, Move(K.UNDO)])[a : b + 1] == [0, 0]
    # Solve fills the board, and one undo empties it again.
    assert board_after([Move(K.SOLVE)]) == list(solution)
    assert board_after([Move(K.SOLVE), Move(K.UNDO)]) == list(puzzle.givens)
    # Undo with nothing to take back, and values on givens, change nothing.
    assert board_after([Move(K.UNDO), Move(K.VALUE, cell(1, 3), 1)]) == list(puzzle.givens)


def test_moves_on_givens_or_off_the_board_get_no_label() -> None:
    puzzle, solution = puzzle_and_solution()
    moves = [Move(K.VALUE, cell(1, 3), 9), Move(K.UNMARK, 81, 3), Move(K.VALUE, cell(6, 8), 0)]
    assert label_game(puzzle, solution, moves).labels == (None, None, None)


def test_a_puzzle_with_several_solutions_judges_moves_by_every_solution() -> None:
    # A solution with a rectangle emptied: its corners hold x y / y x either way round.
    _, solution = puzzle_and_solution()
    corners = rectangle(solution)
    givens = tuple(0 if c in corners else v for c, v in enumerate(solution))
    several = Puzzle(SHAPE, givens)
    assert count_solutions(several, 3) == 2
    a, b, _, d = corners
    other = solution[b]  # a's value in the other solution
    moves = [Move(K.VALUE, a, other, 1_000), Move(K.VALUE, d, solution[d], 2_000), Move(K.VALUE, b, solution[b])]
    labels = label_game(several, solution, moves).labels
    # The other solution's value is no mistake (a guess: no step can choose); once
    # it stands, the first solution's value in the opposite corner is. With that
    # mistake standing no solution is left, and the solution given decides: b's
    # value there is right by it (though a, in b's row, holds it already).
    assert labels == ("guess", "mistake", "guess")


def rectangle(solution: tuple[int, ...]) -> tuple[int, int, int, int]:
    """Four cells on two rows, two columns and two boxes, holding x y / y x."""
    for a in range(81):
        for d in range(a + 1, 81):
            ra, ca, rd, cd = a // 9, a % 9, d // 9, d % 9
            if ca < cd and ra < rd and (ra // 3 == rd // 3) != (ca // 3 == cd // 3):
                b, c = ra * 9 + cd, rd * 9 + ca
                if solution[a] == solution[d] and solution[b] == solution[c]:
                    return a, b, c, d
    raise AssertionError("no rectangle")


def test_the_same_game_gets_the_same_labels_and_key() -> None:
    puzzle, solution = puzzle_and_solution()
    moves = [Move(K.VALUE, cell(6, 9), 8, 1_000), Move(K.UNMARK, cell(1, 8), 3, 2_000)]
    assert label_game(puzzle, solution, moves) == label_game(puzzle, solution, moves)
    assert labels_key(puzzle, moves) == labels_key(puzzle, list(moves))
    assert labels_key(puzzle, moves) != labels_key(puzzle, moves[:1])
    assert labels_key(puzzle, moves) != labels_key(puzzle, [moves[0], Move(K.UNMARK, cell(1, 8), 3, 2_001)])


LABEL_IN_A_PROCESS = """
import json, sys
from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.logic.runner import solve_logically
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game.replay.labels import Move, MoveKind, label_game, labels_key
puzzle = Puzzle.from_line(square(3), sys.argv[1])
solution = solve(puzzle)
moves, at = [], 0
for step in solve_logically(puzzle, unique=True).steps:
    for cell, value in step.eliminations[:2]:
        at += 3000
        moves.append(Move(MoveKind.UNMARK, cell, value, at))
    for cell, value in step.placements:
        at += 7000 if cell % 5 else 40000
        moves.append(Move(MoveKind.VALUE, cell, value, at))
answer = label_game(puzzle, solution, moves)
waits = [(w.move, w.waited_ms, w.step and w.step.describe(puzzle.shape)) for w in answer.waits]
print(json.dumps([labels_key(puzzle, moves), answer.labels, waits]))
"""


def test_labels_are_the_same_in_another_process_whatever_its_hash_seed() -> None:
    # puzzles/9x9-extreme.txt, its first puzzle: chains, fish and wings along the way.
    line = Path(__file__).resolve().parents[2].joinpath("puzzles", "9x9-extreme.txt").read_text().split()[1]
    answers = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-c", LABEL_IN_A_PROCESS, line], capture_output=True, text=True, env=env, timeout=300
        )
        assert done.returncode == 0, done.stderr
        answers.append(json.loads(done.stdout))
    assert answers[0] == answers[1]
    labels = answers[0][1]
    assert len(set(labels)) > 4  # a game of many techniques, not all one label


def test_labelling_stops_when_asked() -> None:
    puzzle, solution = puzzle_and_solution()
    with pytest.raises(Cancelled):
        label_game(puzzle, solution, [Move(K.VALUE, cell(6, 8), 7)], should_stop=lambda: True)


def test_a_solution_that_does_not_fit_is_refused() -> None:
    puzzle, solution = puzzle_and_solution()
    with pytest.raises(ValueError):
        label_game(puzzle, solution[:80], [])
