"""The board's drawn lines: each screen line as a styled strip, and the caches that keep them.

A key changes few cells' look, so drawing is cached at three levels: the
component styles (the widget hands new ones only when Textual applied the
styles anew: a theme, a class such as -solved, the focus), each cell's row of
segments by everything that decides it, and each line's strip by its cells'
looks. Only the lines whose look changed are drawn again (see
:meth:`BoardStrips.changed_regions`). The widget in ``ui/board.py`` says what
is shown (a :class:`Scene`) and refreshes what this module says changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip

from ...engine.board.variants import outline_of
from ...game.colours import letter
from ...game.play import Play
from .cells import PAINT, Highlights, cell_runs, outlined, paused_banner, with_initial, with_letter
from .layout import BoardPlan
from .outlines import SUPERSCRIPT, cage_totals, edges_below, shaded_cells

# How many drawn lines and cell rows are kept: far more than a game's screens need.
STRIPS_KEPT = 4096
CELL_ROWS_KEPT = 16384


@dataclass(frozen=True)
class Scene:
    """What the board shows at this moment: everything its drawing depends on."""

    play: Play
    plan: BoardPlan
    looks: dict[str, Style]  # "base" (the widget's own style) and each component class by its role
    lit: Highlights
    cursor: int
    focused: bool
    paused: bool
    width: int
    others: dict[int, str] = field(default_factory=dict)  # a shared board: cell -> another player's initial


class BoardStrips:
    """The drawn lines of one board widget, with their caches."""

    def __init__(self) -> None:
        self._looks: dict[str, Style] | None = None
        self._drawing = 0  # bumped whenever the caches are emptied: the drawn lines' keys are stale
        self._strips: dict[tuple[object, ...], Strip] = {}
        self._cell_drawings: dict[tuple[object, ...], list[Segment]] = {}
        self._cells_plan: BoardPlan | None = None
        self._cells_by_line: list[tuple[int, ...]] = []
        self._drawn: dict[int, tuple[object, ...]] = {}  # screen line -> the key it was last drawn with

    def _forget_drawing(self) -> None:
        self._drawing += 1
        self._strips.clear()
        self._cell_drawings.clear()

    def _restyled(self, scene: Scene) -> None:
        """New component styles: every cached drawing is stale."""
        if scene.looks is not self._looks:
            self._looks = scene.looks
            self._forget_drawing()

    def _line_cells(self, scene: Scene, y: int) -> tuple[int, ...]:
        """The cells a screen line of the drawing goes through, left to right."""
        plan = scene.plan
        if plan is not self._cells_plan:
            self._cells_plan = plan
            self._cells_by_line = [self._cells_through(scene.play, plan, y) for y in range(plan.height)]
            self._forget_drawing()
        return self._cells_by_line[y]

    @staticmethod
    def _cells_through(play: Play, plan: BoardPlan, y: int) -> tuple[int, ...]:
        board_row, cell_at = plan.row_at_y[y], play.shape.cell_at
        columns = [kind for _, kind in plan.line_rows[y] if kind in ("cell", "gap")]
        return tuple(cell_at[(board_row, col)] for col, kind in enumerate(columns) if kind == "cell")

    @staticmethod
    def _cell_look(scene: Scene, cell: int) -> tuple[int | str, ...]:
        """Everything that decides how a cell is drawn besides the shape and the drawing."""
        play, lit, cursor, focused = scene.play, scene.lit, scene.cursor, scene.focused
        other = scene.others.get(cell, "")
        value, colour = play.values[cell], play.colours[cell]
        flags = (
            (cell in lit.hinted)
            | (cell in lit.mistakes) << 1
            | (cell in lit.conflicts) << 2
            | (cell in lit.peers) << 3
            | (cell == cursor) << (4 + focused)
            | (cell in lit.selected) << 6
        )
        if value:
            return (value, play.is_given(cell), flags, value == lit.value, other, colour)
        marks = play.marks[cell]
        matched = lit.value if lit.value and marks >> (lit.value - 1) & 1 else 0
        return (0, marks, flags, matched, other, colour)

    def _line_key(self, scene: Scene, y: int) -> tuple[object, ...]:
        """What decides a line of the drawing: a line is drawn again only when this changes."""
        self._restyled(scene)
        cells = self._line_cells(scene, y)
        if scene.paused:
            return (self._drawing, y, scene.width, True)
        return (self._drawing, y, scene.width, False, *(self._cell_look(scene, cell) for cell in cells))

    def changed_regions(self, scene: Scene) -> list[Region] | None:
        """The regions whose look changed since they were drawn, one for each run of
        changed lines; None before the first drawing (everything is to be drawn)."""
        if not self._drawn:
            return None
        width = scene.width
        changed = [y for y in range(scene.plan.height) if self._drawn.get(y) != self._line_key(scene, y)]
        regions: list[Region] = []
        for y in changed:
            if regions and regions[-1].bottom == y:
                last = regions[-1]
                regions[-1] = Region(0, last.y, width, last.height + 1)
            else:
                regions.append(Region(0, y, width, 1))
        return regions

    def line(self, scene: Scene, y: int) -> Strip:
        """Screen line ``y`` of the board (a line of the plan)."""
        key = self._line_key(scene, y)
        self._drawn[y] = key
        strip = self._strips.get(key)
        if strip is None:
            if len(self._strips) > STRIPS_KEPT:
                self._strips.clear()
            strip = self._strips[key] = self._draw_line(scene, y)
        return strip

    def _draw_line(self, scene: Scene, y: int) -> Strip:
        plan = scene.plan
        looks = scene.looks
        base = looks["base"]
        heavy, light = base + looks["heavy"], base + looks["light"]
        sub_row = plan.sub_row_at_y[y]
        cells = iter(self._line_cells(scene, y))
        segments: list[Segment] = []
        for text, kind in plan.line_rows[y]:
            if kind == "cell":
                if scene.paused:
                    segments.append(Segment(text, base))
                else:
                    cell = next(cells)
                    drawn = self._cell_segments(scene, cell, sub_row)
                    if sub_row == 0 and plan.cell_height > 1 and cell in cage_totals(scene.play.shape):
                        drawn = _with_total(scene, cell, segments, drawn)
                    segments.extend(drawn)
            elif kind == "gap" or kind == "blank":
                segments.append(Segment(text, base))
            else:
                segments.append(Segment(text, heavy if kind == "heavy" else light))
        # Cells are drawn a character run at a time; joined, a line has a third of the
        # segments, and every later step (Textual's styles and colour filter, the cuts of
        # the screen, the terminal's escape codes) goes segment by segment.
        strip = Strip(segments, plan.width).simplify()
        if scene.paused and y == plan.height // 2:
            strip = paused_banner(strip, plan.width, base + looks["paused"])
        return strip.extend_cell_length(scene.width, base)

    def _cell_segments(self, scene: Scene, cell: int, sub_row: int) -> list[Segment]:
        """One row of one cell, drawn once for each look it takes (the list is shared: not to be changed)."""
        key = (cell, sub_row, self._cell_look(scene, cell))
        drawn = self._cell_drawings.get(key)
        if drawn is None:
            if len(self._cell_drawings) > CELL_ROWS_KEPT:
                self._cell_drawings.clear()
            drawn = self._cell_drawings[key] = _draw_cell(scene, cell, sub_row)
        return drawn


def _with_total(scene: Scene, cell: int, before: list[Segment], drawn: list[Segment]) -> list[Segment]:
    """A killer cage's total at the top-left of its first cell: its last digit in the
    cell's left margin, a first digit over the line left of it (the cage's edge, which
    goes on below). Only on tall cells, whose top row a value leaves blank.

    A hinted cell's margin holds its ``[``: the total then ends over the line left of
    it, a first digit over the blank right edge of the cell before (cages start at
    their top-left, so that cell is in another cage). A two-digit total with no such
    blank (the first column, or a hinted cell before) takes the margin as usual."""
    total = str(cage_totals(scene.play.shape)[cell]).translate(SUPERSCRIPT)
    look = scene.looks["total"]
    first = drawn[0]
    if first.text[:1] == "[":
        room = "".join(segment.text for segment in before[-2:])
        if len(total) == 1 or room[-2:-1] == " ":
            _write_over_end(before, total, look)
            return drawn
    drawn = [Segment(total[-1], first.style + look if first.style else look), *drawn]
    drawn[1] = Segment(first.text[1:], first.style)
    if len(total) > 1 and before:
        _write_over_end(before, total[0], look)
    return drawn


def _ground(scene: Scene, cell: int) -> Style:
    """The cell's background before highlights: a Samurai's shared boxes are
    tinted; on a shaded drawing (no horizontal lines) every other box is, and
    on a paired one (no lines between a box's rows) every other row."""
    shape = scene.play.shape
    looks = scene.looks
    if shape.in_two_grids(cell):  # a Samurai's shared box
        return looks["shared"]
    if cell in shaded_cells(shape):  # a diagonal's or a window's cell
        return looks["variant"]
    row, col = shape.positions[cell]
    density = scene.plan.density
    boxed = outline_of(shape) != "regions"  # a jigsaw's regions are no boxes to tint apart
    banded = (density == "shaded" and boxed and (row // shape.box + col // shape.box) % 2) or (
        density == "paired" and row % 2
    )
    return looks["band"] if banded else Style()


def _draw_cell(scene: Scene, cell: int, sub_row: int) -> list[Segment]:
    looks, lit = scene.looks, scene.lit
    base = looks["base"]
    extra = _ground(scene, cell)
    wrong = cell in lit.conflicts or cell in lit.mistakes
    if not wrong and lit.value and scene.play.values[cell] == lit.value:
        extra += looks["same"]
    elif not wrong and cell in lit.peers:
        extra += looks["peer"]
        if sub_row != scene.plan.cell_height - 1:
            extra += Style(underline=False)  # one line under a tall cell, not one per row
    colour = scene.play.colours[cell]
    paint = looks[f"colour-{colour}"] if colour else Style()
    extra += paint  # over the highlights of the cursor's houses and value (their marks stay), under a mistake's
    if wrong:
        extra += looks["conflict"]
    if cell in lit.hinted:
        extra += looks["hint"]
    if cell in lit.selected:
        extra += looks["selected"]
    initial = scene.others.get(cell, "")
    if initial:
        extra += looks["other"]
    if cell == scene.cursor:
        extra += looks["cursor" if scene.focused else "cursor-blurred"]
    runs = cell_runs(scene.play, cell, sub_row, scene.plan, lit)
    if colour and sub_row == scene.plan.cell_height - 1:  # before a variant's marks take the blanks
        runs = with_letter(runs, letter(colour))
    shape = scene.play.shape
    if shape.variant:
        runs = outlined(runs, cell in shaded_cells(shape), _edge_below(scene, cell, sub_row))
    if initial and sub_row == scene.plan.cell_height // 2:  # beside the value: the cell's own line on every drawing
        runs = with_initial(runs, initial)
    looks_of = {"plain": base + extra, PAINT: base + looks[PAINT] + paint}
    return [Segment(text, looks_of.get(role) or base + looks[role] + extra) for text, role in runs]


def _edge_below(scene: Scene, cell: int, sub_row: int) -> bool:
    """An outline runs under this row of the cell where the drawing has no line for it."""
    plan = scene.plan
    row = scene.play.shape.positions[cell][0]
    if sub_row != plan.cell_height - 1 or cell not in edges_below(scene.play.shape):
        return False
    return plan.cell_y[row + 1] - plan.cell_y[row] == plan.cell_height  # no line between the rows


def _write_over_end(segments: list[Segment], text: str, look: Style) -> None:
    """Write ``text`` over the last characters of a line drawn so far (one character
    a cell of the screen), each keeping the style it had, with ``look`` added."""
    tail: list[Segment] = []
    for char in reversed(text):
        last = segments.pop()
        if len(last.text) > 1:
            segments.append(Segment(last.text[:-1], last.style))
        tail.append(Segment(char, (last.style or Style()) + look))
    segments.extend(reversed(tail))
