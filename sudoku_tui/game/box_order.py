"""The order in which a game's boxes were completed (what the daily's result card draws).

A box is complete when every cell holds a value, no value clashes with a
peer's, and, once the session knows the puzzle's solution, every value is
the solution's. The order is kept change by change: a box that is complete
after a change and was not joins the end; one that is no longer complete (a
value cleared, undone, or found wrong) leaves it, and joins the end again
when it is completed again. A game that starts with boxes already complete
(a resumed game, a box all givens) starts its order with them in reading
order. Boxes are named by their number among the shape's boxes (0 is the
top-left one), which is reading order on every board.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.board.conflicts import conflicting_cells
from ..engine.board.geometry import Shape


def complete_boxes(shape: Shape, values: Sequence[int], solution: Sequence[int] | None = None) -> list[int]:
    """The numbers of the complete boxes, in reading order."""
    clashing = conflicting_cells(shape, values)
    complete = []
    for box, house in enumerate(shape.houses[index] for index in shape.box_houses):
        cells = house.cells
        if not all(values[cell] for cell in cells) or any(cell in clashing for cell in cells):
            continue
        if solution is not None and any(values[cell] != solution[cell] for cell in cells):
            continue
        complete.append(box)
    return complete


class BoxOrder:
    """The complete boxes of one game, first completed first."""

    def __init__(self) -> None:
        self.order: list[int] = []

    def start(self, shape: Shape, values: Sequence[int], solution: Sequence[int] | None = None) -> None:
        """A game starts (afresh or resumed): the boxes complete already, in reading order."""
        self.order = complete_boxes(shape, values, solution)

    def update(self, shape: Shape, values: Sequence[int], solution: Sequence[int] | None = None) -> None:
        """After a change: boxes no longer complete leave, newly complete ones join the end."""
        now = complete_boxes(shape, values, solution)
        still = set(now)
        kept = [box for box in self.order if box in still]
        known = set(kept)
        self.order = kept + [box for box in now if box not in known]
