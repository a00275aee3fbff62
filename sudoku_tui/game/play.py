"""A puzzle in play, without any screen: entries, pencil marks, colours, undo and redo.

A :class:`~sudoku_tui.game.session.Session` holds one :class:`Play` and the
screen draws it; every rule (candidates, conflicts, checking) comes from the
engine. Every change a
player makes is one undoable step, however many cells it touches (entering a
value also removes it from the peers' marks; Solve fills the whole board).
"""

from __future__ import annotations

import builtins
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..engine.board.conflicts import conflicting_cells
from ..engine.board.puzzle import Puzzle
from ..engine.search.solver import candidates, is_solved

COLOURS = 6  # a cell's paint: 0 none, 1-6 the player's colours


@dataclass(frozen=True)
class CellChange:
    """One cell before and after a move. A colour of None: the move leaves the paint as it is
    (values and marks change under a cell's colour, never with it)."""

    cell: int
    old_value: int
    new_value: int
    old_marks: int
    new_marks: int
    old_colour: int | None = None
    new_colour: int | None = None


@dataclass(frozen=True)
class Move:
    """One undoable step: what it was called and every cell it changed."""

    name: str
    changes: tuple[CellChange, ...]

    @property
    def cells(self) -> list[int]:
        return [change.cell for change in self.changes]


def put_changes(
    values: list[int], marks: list[int], colours: list[int], changes: Sequence[CellChange], forward: bool
) -> None:
    """A move's changes made on a board's lists (``forward``) or taken back (in reverse order);
    a colour of None leaves the paint as it is. The game, the replay and the labeller share it."""
    for change in changes if forward else reversed(changes):
        values[change.cell] = change.new_value if forward else change.old_value
        marks[change.cell] = change.new_marks if forward else change.old_marks
        colour = change.new_colour if forward else change.old_colour
        if colour is not None:
            colours[change.cell] = colour


class Play:
    """The values, pencil marks and colours of one puzzle in play, with undo and redo.

    ``marks[cell]`` is a bit set: bit ``v - 1`` set means the player noted
    value ``v`` as a candidate of that cell. ``colours[cell]`` is the paint the
    player put on it (0 none, 1 to :data:`COLOURS`), for chasing chains: it says
    nothing to the rules.
    """

    def __init__(
        self,
        puzzle: Puzzle,
        values: Sequence[int] | None = None,
        marks: Sequence[int] | None = None,
        colours: Sequence[int] | None = None,
    ) -> None:
        self.puzzle = puzzle
        self.shape = puzzle.shape
        size = self.shape.size
        self.values: list[int] = list(puzzle.givens if values is None else values)
        self.marks: list[int] = list(marks) if marks is not None else [0] * size
        self.colours: list[int] = list(colours) if colours else [0] * size  # an older save has none
        if len(self.values) != size or len(self.marks) != size or len(self.colours) != size:
            raise ValueError("saved values do not fit the puzzle")
        if any(not 0 <= colour <= COLOURS for colour in self.colours):
            raise ValueError("saved colours out of range")
        if any(g and g != v for g, v in zip(puzzle.givens, self.values, strict=True)):
            raise ValueError("saved values change a given")
        if any(not 0 <= v <= self.shape.n for v in self.values):
            raise ValueError("saved values out of range")
        self._undo: list[Move] = []
        self._redo: list[Move] = []

    # --- questions -------------------------------------------------------------

    def is_given(self, cell: int) -> bool:
        return self.puzzle.givens[cell] != 0

    def may_enter(self, cell: int) -> bool:
        """Whether the player may put a value in the cell or clear it: not in a given."""
        return not self.is_given(cell)

    def may_mark(self, cell: int) -> bool:
        """Whether the cell takes pencil marks: marks belong to empty cells."""
        return not self.values[cell]

    def may_paint(self, cell: int) -> bool:
        """Whether the player may colour the cell: any cell but a given."""
        return not self.is_given(cell)

    def is_full(self) -> bool:
        return all(self.values)

    def is_solved(self) -> bool:
        return is_solved(self.puzzle, self.values)

    def conflicts(self) -> builtins.set[int]:  # builtins: the name set is this class's method
        return conflicting_cells(self.shape, self.values)

    def candidates_of(self, cell: int) -> list[int]:
        """The values the rules still allow in an empty cell (what Possible Values shows)."""
        if self.values[cell]:
            return []
        mask = candidates(self.shape, self.values)[cell]
        return [v for v in range(1, self.shape.n + 1) if mask >> (v - 1) & 1]

    def left_to_place(self) -> list[int]:
        """How many of each value (index ``v - 1``) the board still lacks: each value
        fills ``size / n`` cells of a finished board."""
        per_value = self.shape.size // self.shape.n
        placed = [0] * self.shape.n
        for value in self.values:
            if value:
                placed[value - 1] += 1
        return [max(per_value - count, 0) for count in placed]

    def marks_of(self, cell: int) -> list[int]:
        mask = self.marks[cell]
        return [v for v in range(1, self.shape.n + 1) if mask >> (v - 1) & 1]

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # --- changes -----------------------------------------------------------------

    def _apply(self, name: str, targets: Iterable[tuple[int, int, int]]) -> Move | None:
        """Record and apply ``(cell, new_value, new_marks)`` triples as one move."""
        changes = []
        for cell, value, marks in targets:
            old_value, old_marks = self.values[cell], self.marks[cell]
            if (old_value, old_marks) != (value, marks):
                changes.append(CellChange(cell, old_value, value, old_marks, marks))
        if not changes:
            return None
        return self._record(Move(name, tuple(changes)))

    def _do(self, move: Move, forward: bool) -> None:
        put_changes(self.values, self.marks, self.colours, move.changes, forward)

    def _record(self, move: Move) -> Move:
        self._do(move, forward=True)
        self._undo.append(move)
        self._redo.clear()
        return move

    def enter(self, cell: int, value: int) -> Move | None:
        """Put a value in a cell (0 clears it); the value leaves its peers' marks."""
        return self.enter_each((cell,), value)

    def toggle_mark(self, cell: int, value: int) -> Move | None:
        return self.toggle_mark_each((cell,), value)

    # Several cells at once (a selection, see selection.py): one action on each cell
    # that may change, as one move. The one-cell actions above are the same with one cell.

    def changeable(self, cells: Iterable[int]) -> list[int]:
        """The cells of a selection an action may change: no given, each once, in order."""
        return [cell for cell in dict.fromkeys(cells) if 0 <= cell < self.shape.size and self.may_enter(cell)]

    def enter_each(self, cells: Iterable[int], value: int) -> Move | None:
        """A value in each cell that is no given (0 clears them), as one move; the
        value leaves the marks of every peer of those cells."""
        targets = self.changeable(cells)
        if not targets or not 0 <= value <= self.shape.n:
            return None
        if value == 0:
            return self._apply("Clear", [(cell, 0, self.marks[cell]) for cell in targets])
        bit = 1 << (value - 1)
        after = dict.fromkeys(targets, (value, 0))
        for cell in targets:
            for peer in self.shape.peers[cell]:
                if peer not in after and self.marks[peer] & bit:
                    after[peer] = (self.values[peer], self.marks[peer] & ~bit)
        return self._apply("Enter", [(cell, new, marks) for cell, (new, marks) in after.items()])

    def toggle_mark_each(self, cells: Iterable[int], value: int) -> Move | None:
        """A mark toggled on every empty cell that is no given, as one move: set on all
        of them unless all have it, then taken off all."""
        targets = [cell for cell in self.changeable(cells) if self.may_mark(cell)]
        if not targets or not 1 <= value <= self.shape.n:
            return None
        bit = 1 << (value - 1)
        if all(self.marks[cell] & bit for cell in targets):
            return self._apply("Pencil mark", [(cell, 0, self.marks[cell] & ~bit) for cell in targets])
        return self._apply("Pencil mark", [(cell, 0, self.marks[cell] | bit) for cell in targets])

    def paint(self, cell: int, colour: int) -> Move | None:
        """Colour one cell (0 takes the paint off): a move of its own, which undo takes back.
        None when nothing changes or the cell is a given."""
        return self.paint_cells([cell], colour)

    def paint_cells(self, cells: Iterable[int], colour: int) -> Move | None:
        """Colour every cell of ``cells`` that may be painted, as one move (a selection's paint)."""
        if not 0 <= colour <= COLOURS:
            return None
        changes = tuple(
            CellChange(cell, self.values[cell], self.values[cell], self.marks[cell], self.marks[cell], old, colour)
            for cell in dict.fromkeys(cells)
            if self.may_paint(cell) and (old := self.colours[cell]) != colour
        )
        if not changes:
            return None
        return self._record(Move("Colour" if colour else "Remove colour", changes))

    def fill_candidates(self) -> Move | None:
        """Every empty cell's marks become the values the rules still allow."""
        allowed = candidates(self.shape, self.values)
        targets = [(cell, 0, allowed[cell]) for cell in range(self.shape.size) if not self.values[cell]]
        return self._apply("Auto candidates", targets)

    def replace_values(self, values: Sequence[int], name: str = "Solve") -> Move | None:
        """Put a whole grid on the board (Solve); marks of filled cells go."""
        targets = [
            (cell, values[cell], 0 if values[cell] else self.marks[cell])
            for cell in range(self.shape.size)
            if not self.is_given(cell)
        ]
        return self._apply(name, targets)

    def apply_step(
        self,
        placements: Iterable[tuple[int, int]],
        eliminations: Iterable[tuple[int, int]],
        name: str = "Hint",
    ) -> Move | None:
        """A logical step as one move: each placed value leaves its peers' marks,
        each eliminated candidate leaves the cell's marks. Givens never change."""
        after: dict[int, tuple[int, int]] = {}  # cell -> (value, marks) once the step is done

        def now(cell: int) -> tuple[int, int]:
            return after.get(cell, (self.values[cell], self.marks[cell]))

        for cell, value in placements:
            if self.is_given(cell) or not 1 <= value <= self.shape.n:
                continue
            after[cell] = (value, 0)
            bit = 1 << (value - 1)
            for peer in self.shape.peers[cell]:
                peer_value, peer_marks = now(peer)
                if peer_marks & bit:
                    after[peer] = (peer_value, peer_marks & ~bit)
        for cell, value in eliminations:
            cell_value, cell_marks = now(cell)
            bit = 1 << (value - 1)
            if cell_marks & bit:
                after[cell] = (cell_value, cell_marks & ~bit)
        return self._apply(name, [(cell, value, marks) for cell, (value, marks) in after.items()])

    def undo(self) -> Move | None:
        if not self._undo:
            return None
        move = self._undo.pop()
        self._do(move, forward=False)
        self._redo.append(move)
        return move

    def redo(self) -> Move | None:
        if not self._redo:
            return None
        move = self._redo.pop()
        self._do(move, forward=True)
        self._undo.append(move)
        return move
