"""The daily puzzle's result card: a few lines to share that give nothing away.

The card is a pure function of the date, level, board, time played, hints
used and the order in which the boxes were completed (:mod:`.box_order`):
no value and no cell of the solution goes in, so two games whose solutions
differ only by relabelled digits, played move for move alike, give the same
card. Its picture lays the boxes out where they are on the board, each
showing its rank in the completion order; a place without a box (between a
Samurai's grids) is blank. Every line fits in :data:`CARD_COLUMNS` columns,
so it pastes into a chat or a narrow terminal as it is. Example::

    Sudoku daily 2026-01-31
    Medium 9x9 in 12:34, no hints
    Boxes in the order I completed them:
    +----------+
    |  4  1  9 |
    |  2  8  3 |
    |  7  5  6 |
    +----------+
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from ..engine.board.geometry import Shape
from . import texts
from .clock import format_elapsed

CARD_COLUMNS = 40

# A place of the picture: a box's rank (1 first), NOT_COMPLETED for a box
# not (yet) completed, NO_BOX where the board has no box.
NOT_COMPLETED = 0
NO_BOX = -1

# A piece of a line and the rank it shows (None: frame or words).
Piece = tuple[str, int | None]


@dataclass(frozen=True)
class ResultCard:
    """The card's words and picture; :attr:`text` is what is copied."""

    head: tuple[str, ...]
    picture: tuple[tuple[int, ...], ...]  # rows of places: a rank, NOT_COMPLETED or NO_BOX
    boxes: int  # how many boxes the board has (the last rank)

    @property
    def rank_width(self) -> int:
        return max(2, len(str(self.boxes)))

    def lines(self) -> list[list[Piece]]:
        """Every line as pieces, so a screen can shade the ranks; joined, the plain text."""
        width = self.rank_width
        inner = len(self.picture[0]) * (width + 1) + 1 if self.picture else 0
        rule: list[Piece] = [("+" + "-" * inner + "+", None)]
        lines: list[list[Piece]] = [[(line, None)] for line in self.head]
        lines.append(rule)
        for row in self.picture:
            pieces: list[Piece] = [("|", None)]
            for place in row:
                pieces.append((" ", None))
                pieces.append(_place_text(place, width))
            pieces.append((" |", None))
            lines.append(pieces)
        lines.append(rule)
        return lines

    @property
    def text(self) -> str:
        """The plain card: what ``y`` copies, and what shows under NO_COLOR."""
        return "\n".join("".join(text for text, _ in line)[:CARD_COLUMNS] for line in self.lines())

    def tier(self, rank: int) -> int:
        """0 for the first third of the boxes completed, 1 the middle, 2 the last third."""
        return min(2, (rank - 1) * 3 // max(self.boxes, 1))


def _place_text(place: int, width: int) -> Piece:
    if place == NO_BOX:
        return " " * width, None
    if place == NOT_COMPLETED:
        return "-".rjust(width), None
    return str(place).rjust(width), place


def result_card(day: date, level: str, shape: Shape, elapsed: float, hints: int, order: Sequence[int]) -> ResultCard:
    """The card of a daily puzzle of ``day`` at ``level`` on ``shape``, solved in
    ``elapsed`` seconds with ``hints`` hints, its boxes completed in ``order``
    (box numbers, as :class:`~.box_order.BoxOrder` keeps them)."""
    head = (
        texts.card_title(day.isoformat()),
        texts.card_result(level, _size_name(shape), format_elapsed(elapsed), hints),
        texts.CARD_PICTURE,
    )
    places = box_places(shape)
    rank = {box: index + 1 for index, box in enumerate(order)}
    rows = max(row for row, _ in places) + 1 if places else 0
    cols = max(col for _, col in places) + 1 if places else 0
    grid = [[NO_BOX] * cols for _ in range(rows)]
    for box, (row, col) in enumerate(places):
        grid[row][col] = rank.get(box, NOT_COMPLETED)
    return ResultCard(tuple(line[:CARD_COLUMNS] for line in head), tuple(map(tuple, grid)), len(places))


def _size_name(shape: Shape) -> str:
    return "Samurai" if shape.is_samurai else shape.name


def box_places(shape: Shape) -> list[tuple[int, int]]:
    """Where each box sits on the board, as (row, column) among the boxes: a 9x9's
    on a 3x3 grid, a Samurai's on a 7x7 one. Boxes that do not tile the board
    (a jigsaw's regions) go in reading order, ``shape.box`` to a row."""
    boxes = [shape.houses[index].cells for index in shape.box_houses]
    size = shape.box
    places = [(shape.positions[cells[0]][0] // size, shape.positions[cells[0]][1] // size) for cells in boxes]
    if len(set(places)) == len(places):
        return places
    return [divmod(box, size) for box in range(len(boxes))]
