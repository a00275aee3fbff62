"""Your own puzzle: a board typed in (``i``, New Puzzle's Enter a Puzzle) or a pasted line.

A :class:`PuzzleEntry` is an empty classic board (4x4, 9x9 or 16x16) on
which every value typed is a given of the puzzle to be; it takes the moves a
:class:`~sudoku_tui.game.session.Session` takes (one cell or a selection, undo
and redo), but no pencil marks. :func:`read_pasted` reads a pasted puzzle
line, leniently; :func:`count` says whether the puzzle has no solution, one,
or several (then it is played all the same); :func:`grade` gives a puzzle
with one its level, in the background, and :func:`level_word` the level a
game of any puzzle nobody graded is kept with (a file's too). No screen here.

Where it is recorded: a game of such a puzzle is kept with the source kind
``"own"`` (:meth:`~.store.records.Source.own`): the offer to resume it says
"Your own puzzle", and the history keeps the kind.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Literal

from ..engine.board.geometry import Shape
from ..engine.board.levels import Level
from ..engine.board.puzzle import LineError, Puzzle, parse_line
from ..engine.board.shapes import shape_for_size
from ..engine.making.generator import default_grader
from ..engine.search.solver import count_solutions
from . import texts
from .play import Move, Play
from .session import REFUSED, UNCHANGED, Answer
from .store.records import UNGRADED

# The boards a puzzle can be entered on, by the cells of their line.
SIZES_BY_CELLS = {16: "4x4", 81: "9x9", 256: "16x16"}
ENTRY_SIZES = tuple(SIZES_BY_CELLS.values())

# What a pasted grid may hold besides its cells: blanks and line breaks, and the lines a
# drawn grid has between its boxes (ASCII or box drawing). None of them is a cell's symbol,
# so taking them out never changes which cells are read.
_DECORATION = re.compile(r"[\s|+\-\u2500-\u257f]")

Verdict = Literal["none", "one", "several"]


class NotAPuzzle(ValueError):
    """Pasted text that is no puzzle line; the message is the sentence the player reads."""


def read_pasted(text: str) -> Puzzle:
    """The puzzle of a pasted line (16, 81 or 256 cells, ``.`` or ``0`` empty), or of a
    pasted grid whose rows are on lines of their own; raises :class:`NotAPuzzle`."""
    cells = _DECORATION.sub("", text)
    size = SIZES_BY_CELLS.get(len(cells))
    if size is None:
        raise NotAPuzzle(texts.not_a_puzzle_length(len(cells)))
    shape = shape_for_size(size)
    try:
        return Puzzle(shape, parse_line(shape, cells))
    except LineError:  # the length is right: a character that is no value
        wrong = next(ch for ch in cells if ch not in ".0" and shape.symbols.find(ch.upper()) < 0)
        raise NotAPuzzle(texts.not_a_puzzle_character(wrong)) from None


def entry_size(shape: Shape) -> str:
    """The board to enter a puzzle on when none was chosen: the one in play when it is classic, else 9x9."""
    return shape.name if shape.name in ENTRY_SIZES else "9x9"


def count(puzzle: Puzzle, should_stop: Callable[[], bool] | None = None) -> Verdict:
    """No solution, one, or several (the solver stops counting at two)."""
    found = count_solutions(puzzle, 2, should_stop)
    return "none" if found == 0 else "one" if found == 1 else "several"


def grade(puzzle: Puzzle, should_stop: Callable[[], bool] | None = None) -> Level:
    """The level of a puzzle with one solution, as the generator grades its own
    (logic that runs out: the top level). Meaningless once ``should_stop`` said stop."""
    return default_grader(should_stop)(puzzle)


def level_word(puzzle: Puzzle, should_stop: Callable[[], bool] | None = None) -> str:
    """The level a game of ``puzzle`` is kept with when nobody graded it (a file's puzzle, the
    player's own): its grade's word when it has one solution, else ``ungraded`` (with none or
    several, no grade means anything). Raises Cancelled once ``should_stop`` said stop."""
    if count(puzzle, should_stop) != "one":
        return UNGRADED
    return grade(puzzle, should_stop).key


class PuzzleEntry:
    """A puzzle being typed in: the values on its board are the givens to be."""

    def __init__(self, size: str, values: Sequence[int] | None = None) -> None:
        shape = shape_for_size(size)
        if shape.name not in ENTRY_SIZES:
            raise ValueError(f"a puzzle is entered on a 4x4, 9x9 or 16x16 board, not {size}")
        self.play = Play(Puzzle(shape, (0,) * shape.size), values)

    def puzzle(self) -> Puzzle:
        """The puzzle the board describes: what was typed, as givens."""
        return Puzzle(self.play.shape, tuple(self.play.values))

    # The moves the board sends (as to a session); marks have no place on a puzzle being typed.

    def enter(self, cell: int, value: int) -> Answer:
        return self.enter_each((cell,), value)

    def enter_each(self, cells: Sequence[int], value: int) -> Answer:
        if all(self.play.values[cell] == value for cell in cells if 0 <= cell < self.play.shape.size):
            return UNCHANGED
        return self._answer(self.play.enter_each(cells, value))

    def toggle_mark(self, cell: int, value: int) -> Answer:
        return REFUSED

    def toggle_mark_each(self, cells: Sequence[int], value: int) -> Answer:
        return REFUSED

    def fill_candidates(self) -> Answer:
        return REFUSED

    def undo(self) -> Answer:
        return self._answer(self.play.undo())

    def redo(self) -> Answer:
        return self._answer(self.play.redo())

    @staticmethod
    def _answer(move: Move | None) -> Answer:
        return UNCHANGED if move is None else Answer(move)
