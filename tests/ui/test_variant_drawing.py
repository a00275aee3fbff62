"""The board draws each variant at 80x24: snapshots of one bundled puzzle of
each, and the drawing's outlines checked against the shape's own regions and cages."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from ui_helpers import SIZE, settle, snapshot_app

from sudoku_tui.engine.board.geometry import Shape
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.drawing.layout import Density, plan_board
from sudoku_tui.ui.drawing.outlines import SUPERSCRIPT, cage_totals, edges_below, outline_groups, shaded_cells

PROJECT = Path(__file__).resolve().parents[2]
BUNDLED = Path("puzzles")
SnapCompare = Callable[..., bool]
VARIANTS = ("x", "windoku", "jigsaw", "killer")


@pytest.fixture(autouse=True)
def in_project(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(PROJECT)  # the header shows the file's path relative to the project


def first_shape(variant: str) -> Shape:
    return read_puzzle_file(PROJECT / BUNDLED / f"{variant}-medium.txt").puzzle(0).shape


def opening(variant: str, *keys: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    async def run_before(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, SudokuApp)
        await pilot.pause()
        app.game.open_file(BUNDLED / f"{variant}-medium.txt")
        await settle(pilot)
        if keys:  # "a" fills every cell's marks: the totals must read apart from them
            await pilot.press(*keys)
            await settle(pilot)

    return run_before


@pytest.mark.parametrize("variant", VARIANTS)
def test_variant_at_80x24(snap_compare: SnapCompare, variant: str) -> None:
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=opening(variant))


@pytest.mark.parametrize("variant", VARIANTS)
def test_variant_at_120x40(snap_compare: SnapCompare, variant: str) -> None:
    """The roomy drawing: each cell a 3x3 grid of marks, outlines and totals as at 80x24."""
    assert snap_compare(snapshot_app(), terminal_size=(120, 40), run_before=opening(variant, "a"))


@pytest.mark.parametrize("variant", VARIANTS)
def test_variant_without_colour(snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch, variant: str) -> None:
    """Under NO_COLOR the shading (░), the outlines (┃, ┆, ▁) and the totals still show."""
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(snapshot_app(), terminal_size=SIZE, run_before=opening(variant, "a"))


async def test_a_cage_past_its_total_shows_as_a_conflict() -> None:
    """Two different values in a two-cell cage, more than its total: no row, column or
    box holds a value twice, yet both show ``!v!`` (the engine's cage rule)."""
    shape = first_shape("killer")
    app = snapshot_app()
    async with app.run_test(size=SIZE) as pilot:
        await opening("killer")(pilot)
        play = app.session.play

        def clashes(cell: int, value: int) -> bool:
            return any(play.values[peer] == value for peer in shape.peers[cell])

        cage = next(
            cage
            for cage in shape.cages
            if len(cage.cells) == 2
            and cage.total < 17
            and not any(play.values[c] for c in cage.cells)
            and not clashes(cage.cells[0], 9)
            and not clashes(cage.cells[1], 8)
        )
        entries = dict(zip(cage.cells, (9, 8), strict=True))
        for cell, value in entries.items():
            app.game.board.cursor = cell
            await pilot.press(str(value))
        assert set(play.conflicts()) == set(cage.cells)
        board = app.game.board
        for cell, value in entries.items():
            row, col = shape.positions[cell]
            line = board.render_line(board.plan.cell_y[row] + board.plan.cell_height // 2).text
            x = board.plan.cell_x[col]
            assert f"!{value}!" in line[x : x + board.plan.cell_width], line


def test_killer_cages_are_outlined_with_their_totals() -> None:
    shape = first_shape("killer")
    groups = outline_groups(shape)
    assert groups is not None
    for cage in shape.cages:
        first = min(cage.cells)
        assert cage_totals(shape)[first] == cage.total
        row, col = shape.positions[first]
        # Nothing of the cage lies above or left of its first cell, where the total is drawn.
        assert all(shape.positions[c][0] > row or shape.positions[c][1] >= col for c in cage.cells)
    for cell, (row, col) in enumerate(shape.positions):
        below = shape.cell_at.get((row + 1, col))
        assert (cell in edges_below(shape)) == (below is not None and groups[below] != groups[cell])


def test_jigsaw_lines_are_heavy_exactly_between_regions() -> None:
    shape = first_shape("jigsaw")
    region = outline_groups(shape)
    assert region is not None
    plan = plan_board(shape, "paired")
    for row in range(shape.rows):
        y = plan.cell_y[row]
        line = "".join(text for text, _ in plan.line_rows[y])
        for col in range(1, shape.cols):
            between = line[plan.cell_x[col] - 1]
            apart = region[shape.cell_at[(row, col - 1)]] != region[shape.cell_at[(row, col)]]
            assert between == ("┃" if apart else "│"), (row, col)


def test_classic_boards_have_no_variant_marks() -> None:
    shape = read_puzzle_file(PROJECT / "tests/ui/puzzles/nine.txt").puzzle(0).shape
    assert outline_groups(shape) is None
    assert not edges_below(shape) and not shaded_cells(shape) and not cage_totals(shape)


@pytest.mark.parametrize("variant", ("x", "windoku"))
def test_shaded_cells_are_the_extra_houses(variant: str) -> None:
    shape = first_shape(variant)
    extra = {cell for h in shape.extra_houses for cell in shape.houses[h].cells}
    assert shaded_cells(shape) == extra and len(extra) == (17 if variant == "x" else 36)


def test_killer_totals_on_the_lined_drawing_sit_on_the_line_above_their_cage() -> None:
    shape = first_shape("killer")
    plan = plan_board(shape, "lined")
    for first, total in cage_totals(shape).items():
        row, col = shape.positions[first]
        line = "".join(text for text, _ in plan.line_rows[plan.cell_y[row] - 1])
        x = plan.cell_x[col]
        assert line[x : x + len(str(total))] == str(total)


@pytest.mark.parametrize("density", ("roomy", "paired"))
def test_jigsaw_has_no_box_lines_between_rows(density: Density) -> None:
    """The roomy and 80x24 drawings run no line between a box's rows; a jigsaw has no
    boxes, so none between any rows: each region edge there is drawn under the upper cell."""
    shape = first_shape("jigsaw")
    region = outline_groups(shape)
    assert region is not None
    plan = plan_board(shape, density)
    for row in range(1, shape.rows):
        assert plan.cell_y[row] - plan.cell_y[row - 1] == plan.cell_height, row  # no line row between them
        for col in range(shape.cols):
            above, below = shape.cell_at[(row - 1, col)], shape.cell_at[(row, col)]
            assert (above in edges_below(shape)) == (region[above] != region[below]), (row, col)


async def hinted(pilot: Pilot[Any], cell: int, sub_row: int = 0) -> tuple[str, int]:
    """A hint on one cell: the text of a screen row through it, and where the cell starts."""
    app = pilot.app
    assert isinstance(app, SudokuApp)
    board = app.game.board
    board.hint_cells = frozenset({cell})
    await pilot.pause()
    row, col = board.play.shape.positions[cell]
    return board.render_line(board.plan.cell_y[row] + sub_row).text, board.plan.cell_x[col]


async def test_hinted_first_cell_of_a_cage_keeps_its_bracket_beside_the_total() -> None:
    """A hint's ``[`` takes the cell's margin, where a cage's total's last digit goes:
    the total then moves left, over the line (and the right edge of the cell before it).
    In the first column a two-digit total has only the frame and the margin: it keeps
    them, and the ``[`` shows on the cell's lower rows (where a value's would)."""
    shape = first_shape("killer")
    totals = cage_totals(shape)
    inner = [cell for cell in totals if shape.positions[cell][1] > 0]
    edge = [cell for cell in totals if shape.positions[cell][1] == 0]
    # One-digit and two-digit totals, away from the left edge and on it.
    moved = [next(c for c in inner if totals[c] < 10), next(c for c in inner if totals[c] >= 10)]
    moved.append(next(c for c in edge if totals[c] < 10))
    kept = next(c for c in edge if totals[c] >= 10)
    for size in (SIZE, (120, 40)):
        app = snapshot_app()
        async with app.run_test(size=size) as pilot:
            await opening("killer")(pilot)
            plan = app.game.board.plan
            assert plan.cell_height > 1
            for cell in moved:
                line, x = await hinted(pilot, cell)
                total = str(totals[cell]).translate(SUPERSCRIPT)
                assert line[x] == "[" and line[x + plan.cell_width - 1] == "]", (size, line)
                assert line[x - len(total) : x] == total, (size, line)
            line, x = await hinted(pilot, kept)
            assert line[x - 1 : x + 1] == str(totals[kept]).translate(SUPERSCRIPT), (size, line)
            assert line[x + plan.cell_width - 1] == "]", (size, line)
            line, x = await hinted(pilot, kept, 1)
            assert line[x] == "[" and line[x + plan.cell_width - 1] == "]", (size, line)
