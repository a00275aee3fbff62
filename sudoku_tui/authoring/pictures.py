"""One puzzle as a picture: SVG (written as text) and PNG (drawn with Pillow).

Both draw the same :class:`~.figure.Figure`: thin lines between cells, thick
ones on box edges and the outline, givens in black and, on a solution,
the found values in grey.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import escape

from ..engine.board.puzzle import Puzzle
from .figure import Figure, figure_of

MARGIN = 0.5  # cells of white around the board
THIN, THICK = 0.03, 0.08  # line widths, in cells
INK, GREY = "#000000", "#6b6b6b"


def _canvas(figure: Figure, cell: float) -> tuple[float, float]:
    return (figure.width + 2 * MARGIN) * cell, (figure.height + 2 * MARGIN) * cell


def puzzle_svg(puzzle: Puzzle, solution: Sequence[int] | None = None, cell: float = 32.0) -> str:
    """The puzzle (with ``solution``: solved) as an SVG document."""
    figure = figure_of(puzzle, solution)
    width, height = _canvas(figure, cell)

    def at(units: float) -> str:
        return f"{(units + MARGIN) * cell:.2f}"

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.2f} {height:.2f}">',
        f'<rect width="{width:.2f}" height="{height:.2f}" fill="#ffffff"/>',
        f'<g stroke="{INK}" stroke-linecap="square">',
    ]
    for line in sorted(figure.lines, key=lambda line: line.thick):  # thick lines over thin ones
        stroke = (THICK if line.thick else THIN) * cell
        parts.append(
            f'<line x1="{at(line.x1)}" y1="{at(line.y1)}" x2="{at(line.x2)}" y2="{at(line.y2)}" '
            f'stroke-width="{stroke:.2f}"/>'
        )
    parts.append("</g>")
    size = 0.62 * cell
    parts.append(
        f'<g font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="{size:.1f}" '
        'text-anchor="middle" dominant-baseline="central">'
    )
    for digit in figure.digits:
        colour = INK if digit.kind == "given" else GREY
        weight = "bold" if digit.kind == "given" else "normal"
        parts.append(
            f'<text x="{at(digit.x)}" y="{at(digit.y)}" fill="{colour}" font-weight="{weight}">'
            f"{escape(digit.text)}</text>"
        )
    parts.append("</g></svg>")
    return "\n".join(parts) + "\n"


def write_png(puzzle: Puzzle, path: Path, solution: Sequence[int] | None = None, cell: int = 40) -> None:
    """The puzzle (with ``solution``: solved) as a PNG image."""
    from PIL import Image, ImageDraw, ImageFont  # the authors extra

    figure = figure_of(puzzle, solution)
    width, height = _canvas(figure, cell)
    image = Image.new("RGB", (round(width), round(height)), "white")
    draw = ImageDraw.Draw(image)

    def at(units: float) -> float:
        return (units + MARGIN) * cell

    for line in sorted(figure.lines, key=lambda line: line.thick):
        stroke = max(1, round((THICK if line.thick else THIN) * cell))
        draw.line((at(line.x1), at(line.y1), at(line.x2), at(line.y2)), fill=INK, width=stroke)
    font = ImageFont.load_default(size=round(0.62 * cell))
    for digit in figure.digits:
        colour = INK if digit.kind == "given" else GREY
        draw.text((at(digit.x), at(digit.y)), digit.text, fill=colour, font=font, anchor="mm")
    image.save(path, "PNG")
