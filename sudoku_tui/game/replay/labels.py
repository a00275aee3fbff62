"""The labels of a game's moves, and where the player waited longest.

:func:`label_game` takes a puzzle, its solution and the moves of one game
(:class:`Move`, as the store keeps them), plays the moves again on a board
to know the position before each, and labels each value placed and each
mark removed with what justified it (the engine's
:func:`~sudoku_tui.engine.logic.justify.justify`: a technique's name,
``guess`` or ``mistake``). The other kinds of move get no label. It also
finds the longest waits: the moves made after the longest gaps, each with
the easiest step there was to see in the position before it.

Pure and deterministic, with no store, no screen and no global state: the
replay screen runs it in a background thread, and keeps its answer under
:func:`labels_key` (the puzzle and the moves), since the same game always
gets the same labels.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from ...engine.board.puzzle import Puzzle
from ...engine.logic.justify import Justification, Position, available_step, justify
from ...engine.logic.runner import is_unique
from ...engine.logic.step import Step
from ...engine.progress import Cancelled
from ..play import COLOURS, CellChange, put_changes

# Part of the cache key: raised whenever the labeller's answers change.
LABELS_VERSION = 1
LONGEST_WAITS = 3  # how many waits a replay shows


class MoveKind(StrEnum):
    """What a move did; the value is how the store writes it."""

    VALUE = "value"  # a value entered in a cell (over another one or not)
    CLEAR = "clear"  # a cell emptied
    MARK = "mark"  # a pencil mark written
    UNMARK = "unmark"  # a pencil mark rubbed out
    COLOUR = "colour"  # a cell painted (value: the colour, 0 for none)
    HINT = "hint"  # a hint's step applied (value: what it placed in cell, 0 when it only removed candidates)
    UNDO = "undo"  # the last move taken back
    REDO = "redo"  # the last move taken back made again
    SOLVE = "solve"  # Solve: the board filled with the solution


# Moves that undo can take back (undo and redo themselves aside).
UNDOABLE = frozenset(MoveKind) - {MoveKind.UNDO, MoveKind.REDO}
# Moves that get a label: a value placed, a mark removed.
LABELLED = frozenset({MoveKind.VALUE, MoveKind.UNMARK})


@dataclass(frozen=True)
class Move:
    """One move of a game, as recorded: what, where, and when.

    ``cell`` is the cell's index (row-major; -1 for a move on no cell: undo,
    redo, Solve), ``value`` the value or mark or colour (0 for none), ``at_ms``
    the time into the game in milliseconds. ``together`` says the move was
    made in one stroke with the one before it (a value typed into several
    selected cells): one undo takes them back together.
    """

    kind: MoveKind
    cell: int = -1
    value: int = 0
    at_ms: int = 0
    together: bool = False


@dataclass(frozen=True)
class Wait:
    """A long wait: the move made after it, how long it was, and the easiest
    step there was to see in the position before that move (None when none)."""

    move: int
    waited_ms: int
    step: Step | None


@dataclass(frozen=True)
class GameLabels:
    """Per move what justified it (None for the kinds that get no label), and
    the longest waits, longest first."""

    justifications: tuple[Justification | None, ...]
    waits: tuple[Wait, ...]

    @property
    def labels(self) -> tuple[str | None, ...]:
        return tuple(None if j is None else j.label for j in self.justifications)


def labels_key(puzzle: Puzzle, moves: Sequence[Move]) -> str:
    """The key a game's labels are kept under: the same for the same puzzle and moves."""
    digest = hashlib.sha256()
    digest.update(f"{LABELS_VERSION}|{puzzle.shape.name}|{puzzle.to_line()}|".encode())
    for move in moves:
        digest.update(f"{move.kind.value},{move.cell},{move.value},{move.at_ms},{int(move.together)};".encode())
    return digest.hexdigest()


def label_game(
    puzzle: Puzzle,
    solution: Sequence[int],
    moves: Sequence[Move],
    longest: int = LONGEST_WAITS,
    should_stop: Callable[[], bool] | None = None,
) -> GameLabels:
    """Every move's label and the ``longest`` waits (see the module's docstring).
    ``should_stop`` is polled between moves and by the long searches; when it
    says so, :class:`~sudoku_tui.engine.progress.Cancelled` is raised."""
    board = Board(puzzle, tuple(solution))
    unique = is_unique(puzzle)
    before: list[tuple[int, ...]] = []
    justifications: list[Justification | None] = []
    for move in moves:
        if should_stop is not None and should_stop():
            raise Cancelled
        position = Position(puzzle.shape, tuple(board.values), board.solution, unique, should_stop)
        before.append(position.values)
        justifications.append(_justify(board, position, move))
        board.play(move)
    waits = tuple(
        Wait(index, gap, available_step(Position(puzzle.shape, before[index], board.solution, unique, should_stop)))
        for index, gap in longest_waits(moves, longest)
    )
    return GameLabels(tuple(justifications), waits)


def _justify(board: Board, position: Position, move: Move) -> Justification | None:
    """The move's label in the position before it, or None for a kind (or a
    move on a given) that gets none."""
    if move.kind not in LABELLED or board.off_limits(move.cell) or not 1 <= move.value <= board.n:
        return None
    return justify(position, move.cell, move.value, removal=move.kind is MoveKind.UNMARK)


def longest_waits(moves: Sequence[Move], longest: int) -> list[tuple[int, int]]:
    """``(move, gap in ms)`` of the ``longest`` gaps before a move (the first
    counts from the game's start), longest first, the earlier move first on a tie."""
    gaps = [(index, move.at_ms - (moves[index - 1].at_ms if index else 0)) for index, move in enumerate(moves)]
    return sorted(gaps, key=lambda gap: (-gap[1], gap[0]))[: max(longest, 0)]


# A stroke: each cell it changed, with its value, marks and colour before and after.
Stroke = list[CellChange]


class Board:
    """A game as its moves are played again, with undo and redo as the game has
    them: its values, and the pencil marks and colours the moves wrote (which
    change no value, but take a turn of undo all the same).

    Marks follow the game's rules (``game/play.py``): a value placed, by the
    player or a hint, takes that value out of its peers' marks and empties the
    cell's own; Solve empties the marks of the cells it fills. A hint that only
    removed candidates is one move with no cell: the marks it took away are
    not in it.
    """

    def __init__(self, puzzle: Puzzle, solution: tuple[int, ...]) -> None:
        if len(solution) != puzzle.shape.size:
            raise ValueError("the solution does not fit the puzzle")
        self.puzzle = puzzle
        self.n = puzzle.shape.n
        self.solution = solution
        self.values = list(puzzle.givens)
        self.marks = [0] * puzzle.shape.size  # bit v - 1: the mark of value v
        self.colours = [0] * puzzle.shape.size
        self._undo: list[Stroke] = []
        self._redo: list[Stroke] = []
        self._joinable = False  # the last move was undoable: a move made together with it joins its stroke

    def off_limits(self, cell: int) -> bool:
        """A given, or no cell at all: no value goes there."""
        return not 0 <= cell < len(self.values) or self.puzzle.givens[cell] != 0

    def play(self, move: Move) -> Stroke:
        """Play ``move``; what it changed, in the order it changed it (an undo's changes turned round)."""
        self._joinable, joinable = move.kind in UNDOABLE, self._joinable
        if move.kind is MoveKind.UNDO:
            return self._turn(self._undo, self._redo, forward=False)
        if move.kind is MoveKind.REDO:
            return self._turn(self._redo, self._undo, forward=True)
        changes = self._changes(move)
        if move.together and joinable:
            self._undo[-1].extend(changes)
        else:
            self._undo.append(list(changes))
        self._redo.clear()
        self._set(changes, forward=True)
        return changes

    def _changes(self, move: Move) -> Stroke:
        """What an undoable move changes."""
        if move.kind is MoveKind.SOLVE:
            cells = [c for c in range(len(self.values)) if not self.off_limits(c)]
            return [self._change(c, self.solution[c], 0) for c in cells]
        if self.off_limits(move.cell):
            return []
        if move.kind is MoveKind.VALUE or (move.kind is MoveKind.HINT and move.value):
            return self._placed(move.cell, move.value) if 1 <= move.value <= self.n else []
        if move.kind is MoveKind.CLEAR:
            return [self._change(move.cell, 0, self.marks[move.cell])]
        if move.kind in (MoveKind.MARK, MoveKind.UNMARK) and 1 <= move.value <= self.n:
            bit = 1 << (move.value - 1)
            if self.values[move.cell]:  # marks belong to empty cells
                return []
            marks = self.marks[move.cell] | bit if move.kind is MoveKind.MARK else self.marks[move.cell] & ~bit
            return [self._change(move.cell, 0, marks)]
        if move.kind is MoveKind.COLOUR and 0 <= move.value <= COLOURS:
            value, marks = self.values[move.cell], self.marks[move.cell]
            return [CellChange(move.cell, value, value, marks, marks, self.colours[move.cell], move.value)]
        return []

    def _placed(self, cell: int, value: int) -> Stroke:
        """A value placed: the cell's marks go, and the value leaves its peers' marks."""
        bit = 1 << (value - 1)
        peers = [p for p in self.puzzle.shape.peers[cell] if self.marks[p] & bit]
        return [self._change(cell, value, 0), *(self._change(p, self.values[p], self.marks[p] & ~bit) for p in peers)]

    def _change(self, cell: int, value: int, marks: int) -> CellChange:
        return CellChange(cell, self.values[cell], value, self.marks[cell], marks)

    def _turn(self, source: list[Stroke], target: list[Stroke], forward: bool) -> Stroke:
        """Undo (or redo) the last stroke, when there is one; what that changed."""
        if not source:
            return []
        stroke = source.pop()
        self._set(stroke, forward)
        target.append(stroke)
        return stroke if forward else [_turned(change) for change in reversed(stroke)]

    def _set(self, stroke: Stroke, forward: bool) -> None:
        put_changes(self.values, self.marks, self.colours, stroke, forward)


def _turned(change: CellChange) -> CellChange:
    """A change the other way round: what undoing it changes."""
    c = change
    return CellChange(c.cell, c.new_value, c.old_value, c.new_marks, c.old_marks, c.new_colour, c.old_colour)
