"""What one cell of the board shows: its value or its pencil marks, its highlights; the paused board.

Every highlight has a sign that survives ``NO_COLOR`` (colour only adds to it):

- the cursor: reverse video;
- the cursor's row, column and box (its peers): underlined;
- the other cells holding the cursor's value: the value between ``‹ ›``,
  and the same value among pencil marks in reverse video;
- a value repeated in a house (a conflict, found by the engine): ``!5!``;
- cells a hint points at (``hints.py``): ``[5]``;
- with show mistakes on, an entry that differs from the solution: ``×5×``;
- on a shared board, another player's cursor: the player's initial at the
  right end of the cell's middle line, beside its value: `` 5B``;
- the cells selected together (``shift`` with an arrow): :data:`SELECTED_SIDES`
  on the blank sides of every row, ``▸5◂`` (a wide cell keeps them clear of
  its value's own signs; a narrow one gives way to a hint, a mistake, a
  conflict or the same value's signs, whose colour then still shows).
- a cell the player painted (colour mode): the colour's letter, ``a`` to
  ``f``, at the left end of the cell's last line, where it is blank (a
  hint's bracket or a highlight's mark there wins while it shows).

A roomy cell (see :mod:`.layout`) draws its marks as a box-by-box mini-grid,
mark ``v`` at its place on a phone keypad; a narrow cell has no room for
them and shows ``…`` (the status line lists the selected cell's marks).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from ...game.play import Play
from .layout import BoardPlan, marks_per_row
from .outlines import EDGE_BELOW, SHADE

# Roles: the board maps each to one of its component classes.
GIVEN, ENTRY, EMPTY, MARK, MARK_MATCH, PLAIN = "given", "entry", "empty-mark", "mark", "mark-match", "plain"
INITIAL = "initial"
PAINT = "paint"  # a painted cell's letter: drawn in the paint's own look, even under the cursor

NARROW_MARKS = "…"
SELECTED_SIDES = ("▸", "◂")  # a selected cell's blank sides, so a selection shows without colour


@dataclass(frozen=True)
class Highlights:
    """What is highlighted while the board is drawn once; empty sets when highlighting is off."""

    peers: frozenset[int] = frozenset()
    value: int = 0  # the value highlighted everywhere: the chosen one, else the selected cell's (0: none)
    conflicts: frozenset[int] = frozenset()
    # Shown even with highlighting off, since the player asked for them:
    hinted: frozenset[int] = frozenset()  # the cells a hint points at
    mistakes: frozenset[int] = frozenset()  # entries that differ from the solution (show mistakes)
    chosen: int = 0  # the value the player chose to highlight (0: none)
    selected: frozenset[int] = frozenset()  # the cells selected together (none when one cell is)

    @classmethod
    def of(
        cls,
        play: Play,
        cursor: int,
        hinted: frozenset[int],
        mistakes: frozenset[int],
        chosen: int,
        selected: frozenset[int] = frozenset(),
    ) -> Highlights:
        value = chosen or play.values[cursor]
        peers = frozenset(play.shape.peers[cursor])
        return cls(peers, value, frozenset(play.conflicts()), hinted, mistakes, chosen, selected)

    @classmethod
    def asked_for(
        cls, hinted: frozenset[int], mistakes: frozenset[int], chosen: int, selected: frozenset[int] = frozenset()
    ) -> Highlights:
        """What shows with highlighting off: only what the player asked for."""
        return cls(value=chosen, hinted=hinted, mistakes=mistakes, chosen=chosen, selected=selected)


def paused_banner(strip: Strip, width: int, look: Style) -> Strip:
    """The middle line of a paused board says so, over the empty grid."""
    banner = " Paused: space resumes "
    if len(banner) > width - 2:
        banner = " Paused "
    left = (width - len(banner)) // 2
    parts = strip.divide([left, left + len(banner), width])
    return Strip.join([parts[0], Strip([Segment(banner, look)]), parts[2]])


def cell_runs(play: Play, cell: int, sub_row: int, plan: BoardPlan, lit: Highlights) -> list[tuple[str, str]]:
    """The text of one row of one cell as ``(text, role)`` runs, ``plan.cell_width`` characters in all."""
    runs = _cell_runs(play, cell, sub_row, plan, lit)
    return _with_sides(runs, *SELECTED_SIDES) if cell in lit.selected else runs


def _cell_runs(play: Play, cell: int, sub_row: int, plan: BoardPlan, lit: Highlights) -> list[tuple[str, str]]:
    width, height = plan.cell_width, plan.cell_height
    value = play.values[cell]
    shape = play.shape
    if value:
        if sub_row != height // 2:
            return [(" " * width, PLAIN)]
        symbol = shape.symbol(value)
        if cell in lit.hinted:
            text = f"[{symbol}]"
        elif cell in lit.mistakes:
            text = f"×{symbol}×"
        elif cell in lit.conflicts:
            text = f"!{symbol}!"
        elif lit.value and value == lit.value:
            text = f"‹{symbol}›"
        else:
            text = f" {symbol} "
        return [(text.center(width), GIVEN if play.is_given(cell) else ENTRY)]
    marks = play.marks[cell]
    if height == 1:
        inside = NARROW_MARKS if marks else "·" if plan.density in ("compact", "shaded") else " "
        # A faint dot keeps empty cells visible where no lines separate them.
        text = f"[{inside}]" if cell in lit.hinted else f" {inside} "
        return [(text, MARK if marks else EMPTY)]
    runs = _mark_runs(play, cell, sub_row, plan, lit)
    if cell in lit.hinted:  # brackets at the cell's edges, so a hint shows without colour too
        runs[0], runs[-1] = ("[", PLAIN), ("]", PLAIN)
    return runs


def _mark_runs(play: Play, cell: int, sub_row: int, plan: BoardPlan, lit: Highlights) -> list[tuple[str, str]]:
    """One row of a tall cell's marks: each value always in the same place (a box-by-box
    grid, spaced, on a roomy board; two rows side by side on a paired one)."""
    shape, marks = play.shape, play.marks[cell]
    per_row = marks_per_row(shape, plan.density)
    spaced = plan.density == "roomy"
    runs: list[tuple[str, str]] = [(" ", PLAIN)]
    for place in range(per_row):
        mark = sub_row * per_row + place + 1
        if mark <= shape.n and marks >> (mark - 1) & 1:
            runs.append((shape.symbol(mark), MARK_MATCH if mark == lit.value else MARK))
        else:
            runs.append((" ", PLAIN))
        if spaced or place == per_row - 1:
            runs.append((" ", PLAIN))
    return runs


def with_initial(runs: list[tuple[str, str]], initial: str) -> list[tuple[str, str]]:
    """A cell's middle row with its last place given to another player's ``initial`` (its cursor
    is there): a letter, so it shows without colour."""
    *rest, (text, role) = runs
    if len(text) > 1:
        return [*rest, (text[:-1], role), (initial[:1], INITIAL)]
    return [*rest, (initial[:1], INITIAL)]


def with_letter(runs: list[tuple[str, str]], letter: str) -> list[tuple[str, str]]:
    """A row of a painted cell with its colour's ``letter`` in its first place, where blank."""
    (text, role), *rest = runs
    if not letter or text[:1] != " ":
        return runs
    return [(letter, PAINT), *([(text[1:], role)] if len(text) > 1 else []), *rest]


def outlined(runs: list[tuple[str, str]], shaded: bool, edge_below: bool) -> list[tuple[str, str]]:
    """A variant's marks on one row of a cell: a shaded cell's blank sides
    drawn :data:`SHADE`; an outline under the cell (on its last row) drawn
    :data:`EDGE_BELOW` in every blank place. Both show without colour."""
    if edge_below:
        runs = [(text.replace(" ", EDGE_BELOW), role) for text, role in runs]
    if shaded:
        runs = _with_sides(runs, SHADE, SHADE)
    return runs


def _with_sides(runs: list[tuple[str, str]], left: str, right: str) -> list[tuple[str, str]]:
    """The first and last characters of a cell's row replaced by ``left`` and ``right`` where blank."""
    first, *rest = runs
    if first[0][:1] == " ":
        first = (left + first[0][1:], first[1])
    runs = [first, *rest]
    text, role = runs[-1]
    if text[-1:] == " ":
        runs[-1] = (text[:-1] + right, role)
    return runs
