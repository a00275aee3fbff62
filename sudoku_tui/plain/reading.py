"""The board read out as sentences: a cell, a row, a column, a box, the whole board.

Each reading takes the verbose level (0 terse, 1 normal, 2 full): terse says the
value or that the cell is empty; normal adds what may go in an empty cell (the
contract's ``r4c7, empty, possible 2 5 8.``), a given, a repeat, a wrong entry;
full adds the pencil marks and the paint. Nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.board.geometry import House, Shape
from ..game import texts
from ..game.play import Play

TERSE, NORMAL, FULL = 0, 1, 2
HOUSE_WORDS = ("row", "column", "box", "region", "diagonal", "window")


@dataclass(frozen=True)
class Reading:
    """What a reading may say beyond the play: the wrong entries (show mistakes on)."""

    play: Play
    verbose: int = NORMAL
    wrong: frozenset[int] = frozenset()

    @property
    def shape(self) -> Shape:
        return self.play.shape

    def cell(self, cell: int) -> str:
        """``r4c7, empty, possible 2 5 8.`` or ``r1c1, 5, given.``"""
        return texts.plain_cell(self.shape.cell_name(cell), self.parts(cell))

    def parts(self, cell: int) -> list[str]:
        play, verbose = self.play, self.verbose
        value = play.values[cell]
        if not value:
            parts = [texts.PLAIN_EMPTY]
            if verbose >= NORMAL:
                possible = play.candidates_of(cell)
                parts.append(texts.plain_possible(self.symbols(possible)) if possible else texts.PLAIN_NOTHING_FITS)
            if verbose >= FULL:
                parts.append(texts.plain_marks(self.symbols(play.marks_of(cell))))
        else:
            parts = [self.shape.symbol(value)]
            if verbose >= NORMAL:
                parts += self._value_notes(cell)
        if verbose >= FULL and play.colours[cell]:
            parts.append(texts.plain_colour(play.colours[cell]))
        return parts

    def _value_notes(self, cell: int) -> list[str]:
        play = self.play
        notes = [texts.PLAIN_GIVEN_WORD] if play.is_given(cell) else []
        if cell in self.wrong:
            notes.append(texts.PLAIN_WRONG_WORD)
        notes += [
            texts.plain_repeats(texts.house_name(house.label or house.kind, house.number + 1))
            for house in self.repeating_houses(cell)
        ]
        return notes

    def repeating_houses(self, cell: int) -> list[House]:
        """The houses of ``cell`` in which its value is also in another cell."""
        values, shape = self.play.values, self.shape
        value = values[cell]
        return [
            shape.houses[index]
            for index in shape.cell_houses[cell]
            if any(other != cell and values[other] == value for other in shape.houses[index].cells)
        ]

    def symbols(self, values: Sequence[int]) -> str:
        return texts.symbols(self.shape, values)

    def cells(self, name: str, cells: Sequence[int]) -> str:
        """A house (or a row of the drawn board) in order, and the values it still lacks."""
        play = self.play
        if self.verbose == TERSE:
            said = " ".join(self.shape.symbol(play.values[cell]) for cell in cells)
        elif self.verbose == NORMAL:
            said = ", ".join(
                self.shape.symbol(play.values[cell]) if play.values[cell] else texts.PLAIN_EMPTY for cell in cells
            )
        else:
            said = "; ".join(f"{self.shape.cell_name(cell)} {' '.join(self.parts(cell))}" for cell in cells)
        held = {play.values[cell] for cell in cells}
        missing = [value for value in range(1, self.shape.n + 1) if value not in held]
        return texts.plain_house(name, said, self.symbols(missing) if len(cells) == self.shape.n else "")


def drawn_line(shape: Shape, kind: str, number: int) -> list[int]:
    """The cells of row or column ``number`` (from 1) of the drawn board, in order
    (on a Samurai board a drawn row crosses two grids)."""
    index = 0 if kind == "row" else 1
    found = [cell for cell, place in enumerate(shape.positions) if place[index] == number - 1]
    return sorted(found, key=lambda cell: shape.positions[cell][1 - index])


def lines_of(shape: Shape, kind: str) -> int:
    return shape.rows if kind == "row" else shape.cols


def houses_named(shape: Shape, word: str) -> list[House]:
    """The houses a word names (``box`` also names a jigsaw's regions), in their order."""
    return [
        house for house in shape.houses if word in (house.kind, house.label) and house.kind not in ("row", "column")
    ]


def cell_named(shape: Shape, row: int, col: int) -> int | None:
    """The cell at row ``row``, column ``col`` (from 1) of the drawn board; None off the board."""
    return shape.cell_at.get((row - 1, col - 1))
