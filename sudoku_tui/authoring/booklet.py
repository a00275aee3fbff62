"""A printable booklet of puzzles, as PDF: the puzzles, then their solutions, then their steps.

Drawn with fpdf2 (the ``authors`` extra): pure Python, no system libraries,
maintained, and it writes compact PDF with the standard fonts every reader
has. Boards come from the same :class:`~.figure.Figure` as the SVG and PNG
pictures; ``per_page`` (1, 2, 4 or 6) sets how many boards share an A4 page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.board.puzzle import Puzzle
from .figure import Figure, figure_of

if TYPE_CHECKING:
    from fpdf import FPDF

PAGE_WIDTH, PAGE_HEIGHT, MARGIN = 210.0, 297.0, 15.0  # A4, millimetres
CAPTION = 9.0  # millimetres above each board for its caption
# Boards per page -> (columns, rows) of boards.
GRIDS = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}
THIN, THICK = 0.25, 0.8  # line widths, millimetres
GREY = 110  # found values on a solution page


@dataclass(frozen=True)
class Entry:
    """One puzzle of the booklet: its number in the file, its grade, its solution and steps."""

    number: int
    puzzle: Puzzle
    grade: str  # "Hard (1340)", or "" when not graded
    solution: tuple[int, ...] | None
    steps: tuple[str, ...] = ()  # one line per logical step


def _slots(per_page: int) -> list[tuple[float, float, float]]:
    """(x, y, side) of each board's square on a page, in reading order."""
    columns, rows = GRIDS[per_page]
    cell_width = (PAGE_WIDTH - 2 * MARGIN) / columns
    cell_height = (PAGE_HEIGHT - 2 * MARGIN) / rows
    side = min(cell_width - 8, cell_height - CAPTION - 8)
    slots = []
    for row in range(rows):
        for column in range(columns):
            x = MARGIN + column * cell_width + (cell_width - side) / 2
            y = MARGIN + row * cell_height + CAPTION
            slots.append((x, y, side))
    return slots


def _draw_board(pdf: FPDF, figure: Figure, x: float, y: float, side: float) -> None:
    unit = side / max(figure.width, figure.height)
    for line in sorted(figure.lines, key=lambda line: line.thick):
        pdf.set_line_width(THICK if line.thick else THIN)
        pdf.line(x + line.x1 * unit, y + line.y1 * unit, x + line.x2 * unit, y + line.y2 * unit)
    pdf.set_font("Helvetica", size=unit * 2.0)  # points: about 70 % of the cell's height
    for digit in figure.digits:
        given = digit.kind == "given"
        pdf.set_font(style="B" if given else "")
        pdf.set_text_color(0 if given else GREY)
        pdf.set_xy(x + (digit.x - 0.5) * unit, y + (digit.y - 0.5) * unit)
        pdf.cell(unit, unit, digit.text, align="C")
    pdf.set_text_color(0)


def _boards(pdf: FPDF, entries: Sequence[Entry], per_page: int, solved: bool) -> None:
    slots = _slots(per_page)
    for index, entry in enumerate(entries):
        if index % per_page == 0:
            pdf.add_page()
        x, y, side = slots[index % per_page]
        caption = f"{'Solution' if solved else 'Puzzle'} {entry.number}"
        if entry.grade:
            caption += f"  -  {entry.grade}"
        pdf.set_font("Helvetica", style="B", size=11)
        pdf.set_xy(x, y - CAPTION + 1)
        pdf.cell(side, 6, caption)
        figure = figure_of(entry.puzzle, entry.solution if solved else None)
        _draw_board(pdf, figure, x, y, side)


HEADING, STEP_LINE = 7.0, 4.2  # line heights of the steps pages, millimetres


def _steps(pdf: FPDF, entries: Sequence[Entry]) -> None:
    pdf.add_page()
    for entry in entries:
        # A heading goes with at least its first lines, never alone at a page's foot.
        if pdf.will_page_break(HEADING + 3 * STEP_LINE):
            pdf.add_page()
        pdf.set_font("Helvetica", style="B", size=12)
        heading = f"Puzzle {entry.number}" + (f"  -  {entry.grade}" if entry.grade else "")
        pdf.multi_cell(0, HEADING, heading, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", size=8.5)
        for number, step in enumerate(entry.steps, start=1):
            pdf.multi_cell(0, STEP_LINE, f"{number}. {step}", new_x="LMARGIN", new_y="NEXT")
        pdf.ln(4)


def write_booklet(
    entries: Sequence[Entry], out: Path, *, per_page: int = 4, solutions: bool = False, steps: bool = False
) -> None:
    """Write the booklet of ``entries`` to ``out``."""
    from fpdf import FPDF  # the authors extra

    if per_page not in GRIDS:
        raise ValueError(f"per page: choose one of {', '.join(map(str, GRIDS))}")
    pdf = FPDF(format="A4", unit="mm")
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.set_auto_page_break(True, MARGIN)
    pdf.set_title("Sudoku puzzles")
    pdf.set_creator("sudoku-tui")
    _boards(pdf, entries, per_page, solved=False)
    if solutions:
        _boards(pdf, [entry for entry in entries if entry.solution is not None], per_page, solved=True)
    if steps:
        _steps(pdf, entries)
    pdf.output(str(out))
