"""Simple Colors: two-colouring the strong links of one value.

Along a chain of strong links the value alternates, so one colour of a
cluster is all true and the other all false. Trap: a cell that sees both
colours loses the value. Wrap: a colour with two cells in one house is
false everywhere. One search colours each cluster once and finds both;
each technique keeps its own steps.
"""

from __future__ import annotations

from collections.abc import Iterator

from .grid import CandidateGrid, bit, finder_of
from .single_digit import strong_links
from .step import Step, TechniqueName, cells_text


def clusters(grid: CandidateGrid, value: int) -> list[tuple[list[int], list[int]]]:
    """Each connected cluster of strong links as its two colour classes."""
    graph: dict[int, set[int]] = {}
    for _, a, b in strong_links(grid, value):
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set()).add(a)
    colour: dict[int, int] = {}
    out = []
    for start in sorted(graph):
        if start in colour:
            continue
        colour[start] = 0
        sides: tuple[list[int], list[int]] = ([start], [])
        stack = [start]
        while stack:
            cell = stack.pop()
            for other in graph[cell]:
                if other not in colour:
                    colour[other] = 1 - colour[cell]
                    sides[colour[other]].append(other)
                    stack.append(other)
        if len(sides[0]) + len(sides[1]) >= 3:
            out.append(sides)
    return out


def _colors(grid: CandidateGrid) -> Iterator[Step]:
    for value in range(1, grid.n + 1):
        grid.check_stop()
        for on, off in clusters(grid, value):
            yield from _trap(grid, value, on, off)
            yield from _wrap(grid, value, on, off)


def _trap(grid: CandidateGrid, value: int, on: list[int], off: list[int]) -> Iterator[Step]:
    shape, cands = grid.shape, grid.cands
    b = bit(value)
    coloured = set(on) | set(off)
    targets = [
        c
        for c, m in enumerate(cands)
        if m & b and c not in coloured and any(grid.sees(c, x) for x in on) and any(grid.sees(c, x) for x in off)
    ]
    if targets:
        yield Step(
            TechniqueName.SIMPLE_COLORS_TRAP,
            eliminations=tuple((c, value) for c in targets),
            cells=tuple(sorted(coloured)),
            values=(value,),
            explanation=f"{shape.symbol(value)} is either in every cell of {cells_text(shape, on)} "
            f"or in every cell of {cells_text(shape, off)}; the removed cells see both sets",
        )


def _wrap(grid: CandidateGrid, value: int, on: list[int], off: list[int]) -> Iterator[Step]:
    """The first colour with two cells that see each other is false."""
    shape = grid.shape
    for side, other in ((on, off), (off, on)):
        if any(grid.sees(a, c) for i, a in enumerate(side) for c in side[i + 1 :]):
            yield Step(
                TechniqueName.SIMPLE_COLORS_WRAP,
                eliminations=tuple(sorted((c, value) for c in side)),
                cells=tuple(sorted(set(on) | set(off))),
                values=(value,),
                explanation=f"two cells of {cells_text(shape, side)} see each other, so that colour "
                f"cannot hold {shape.symbol(value)} and {cells_text(shape, other)} must",
            )
            return


# Each technique's finder: its own steps of the search that finds them together.
simple_colors_trap = finder_of(TechniqueName.SIMPLE_COLORS_TRAP, _colors)
simple_colors_wrap = finder_of(TechniqueName.SIMPLE_COLORS_WRAP, _colors)
