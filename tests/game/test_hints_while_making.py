"""A hint and a New puzzle at once (two threads, as the game runs them): each
gives what it gives alone, so the engine's shared caches and kept searches
are safe to share."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import date

from sudoku_tui.engine.board.levels import Level
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.logic.runner import solve_logically
from sudoku_tui.engine.logic.step import Step, TechniqueName
from sudoku_tui.engine.making.generator import Generated
from sudoku_tui.game.hints import find_hint
from sudoku_tui.game.new_puzzle import NewPuzzleChoice, make_puzzle
from sudoku_tui.paths import bundled_puzzles
from tests.at_once import run_at_once

SINGLES = {TechniqueName.FULL_HOUSE, TechniqueName.NAKED_SINGLE, TechniqueName.HIDDEN_SINGLE}
# A daily puzzle: the same on every run, so the one made beside hints can be compared.
DAILY = NewPuzzleChoice("9x9", Level.HARD, day=date(2026, 1, 1))

Board = tuple[list[int], frozenset[tuple[int, int]]]


def boards_past_singles(puzzle: Puzzle, most: int) -> Iterator[Board]:
    """Boards of the puzzle's logical solution (values and the candidates cleared so
    far) where the next step is no single: hints that run the shared searches."""
    values = list(puzzle.givens)
    cleared: set[tuple[int, int]] = set()
    found = 0
    for step in solve_logically(puzzle, unique=True).steps:
        if step.technique not in SINGLES:
            yield list(values), frozenset(cleared)
            found += 1
            if found == most:
                return
        for cell, value in step.placements:
            values[cell] = value
        cleared.update(step.eliminations)


def hints(boards: list[Board], puzzle: Puzzle) -> list[Step | None]:
    return [find_hint(puzzle, values, cleared).step for values, cleared in boards]


def make() -> Generated:
    return make_puzzle(DAILY, lambda: False, lambda _attempts, _total: None)


def test_a_hint_and_a_new_puzzle_at_once_give_what_each_gives_alone() -> None:
    puzzle = read_puzzle_file(bundled_puzzles() / "9x9-extreme.txt").puzzle(3)
    boards = list(boards_past_singles(puzzle, 6))
    alone_hints = hints(boards, puzzle)
    alone_made = make()
    assert {step.technique for step in alone_hints if step is not None} - SINGLES  # past the singles
    made: list[Generated] = []
    given: list[list[Step | None]] = []
    making_ended = threading.Event()

    def making() -> None:
        try:
            made.append(make())
        finally:
            making_ended.set()

    def hinting() -> None:
        while not given or not making_ended.is_set():  # hints for as long as the making runs
            given.append(hints(boards, puzzle))

    assert run_at_once(making, hinting) == []
    assert made == [alone_made]
    assert all(round_of_hints == alone_hints for round_of_hints in given)
