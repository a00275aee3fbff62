"""Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle.

All are short chains on one value. Two strong links (a house where the value
has exactly two places) joined by a weak link (their inner ends see each
other): the inner ends cannot both hold the value, so one of the outer ends
does, and any cell that sees both outer ends loses it. Which of the three
names such a pair gets depends on the houses of its links; one search finds
them all, and each technique keeps its own steps.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board.geometry import HouseKind
from .grid import CandidateGrid, bit, finder_of, value_places
from .memo import Memo
from .step import Step, TechniqueName

Link = tuple[int, int, int]  # house, one end, the other end

# Each value's two-link patterns and empty rectangles, under its places (memo.py).
_TWO_LINKS: Memo[Step] = Memo()
_EMPTY_RECTANGLES: Memo[Step] = Memo()


def strong_links(grid: CandidateGrid, value: int) -> list[Link]:
    """Every house where ``value`` has exactly two places (each pair once)."""
    b = bit(value)
    cands = grid.cands
    links: list[Link] = []
    seen: set[tuple[int, int]] = set()
    for h, house in enumerate(grid.shape.house_cells):
        places = [c for c in house if cands[c] & b]
        if len(places) == 2 and (places[0], places[1]) not in seen:
            seen.add((places[0], places[1]))
            links.append((h, places[0], places[1]))
    return links


def _shares(grid: CandidateGrid, a: int, b: int, kind: HouseKind) -> bool:
    houses = grid.shape.cell_houses_by_kind[kind]
    return bool(set(houses[a]) & set(houses[b]))


def _classify(grid: CandidateGrid, h1: int, y1: int, h2: int, y2: int) -> TechniqueName:
    k1, k2 = grid.shape.house_kinds[h1], grid.shape.house_kinds[h2]
    if k1 == k2 and k1 != "box":
        other: HouseKind = "column" if k1 == "row" else "row"
        if _shares(grid, y1, y2, other):
            return TechniqueName.SKYSCRAPER
    if {k1, k2} == {"row", "column"} and _shares(grid, y1, y2, "box"):
        return TechniqueName.TWO_STRING_KITE
    return TechniqueName.TURBOT_FISH


def _two_links(grid: CandidateGrid) -> Iterator[Step]:
    """Skyscrapers, 2-String Kites and Turbot Fish, each named for its links.
    A value's patterns depend on its places alone: remembered under those."""
    places = value_places(grid)
    for value in range(1, grid.n + 1):
        grid.check_stop()
        yield from _TWO_LINKS.replay((grid.shape, value, places[value]), _two_links_of(grid, value))


def _two_links_of(grid: CandidateGrid, value: int) -> Iterator[Step]:
    seen: set[tuple[TechniqueName, frozenset[int]]] = set()
    for step in _link_pairs(grid, value):
        key = (step.technique, frozenset(step.cells))
        if key not in seen:
            seen.add(key)
            yield step


def _link_pairs(grid: CandidateGrid, value: int) -> Iterator[Step]:
    """The steps of every pair of strong links on ``value`` (one pattern may come twice)."""
    links = strong_links(grid, value)
    for i, first in enumerate(links):
        for second in links[i + 1 :]:
            yield from _link_pair(grid, value, first, second)


def _link_pair(grid: CandidateGrid, value: int, first: Link, second: Link) -> Iterator[Step]:
    """The steps of two strong links joined by a weak link, either way round."""
    h1, a1, b1 = first
    h2, a2, b2 = second
    if len({a1, b1, a2, b2}) < 4:
        return
    for x1, y1 in ((a1, b1), (b1, a1)):
        for x2, y2 in ((a2, b2), (b2, a2)):
            # Outer ends in one house with the inner ones would make this a
            # locked set, not a chain.
            if grid.sees(y1, y2) and not grid.sees(x1, y2) and not grid.sees(x2, y1):
                step = _link_step(grid, value, (h1, x1, y1), (h2, x2, y2))
                if step is not None:
                    yield step


def _link_step(grid: CandidateGrid, value: int, first: Link, second: Link) -> Step | None:
    """The step of links (house, outer end, inner end) whose inner ends see each other."""
    shape, cands = grid.shape, grid.cands
    h1, x1, y1 = first
    h2, x2, y2 = second
    b = bit(value)
    targets = [c for c in grid.common_peers((x1, x2)) if cands[c] & b and c not in (y1, y2)]
    if not targets:
        return None
    n = shape.cell_name
    return Step(
        _classify(grid, h1, y1, h2, y2),
        eliminations=tuple(sorted((c, value) for c in targets)),
        cells=(x1, y1, y2, x2),
        houses=(h1, h2),
        values=(value,),
        explanation=f"{shape.symbol(value)} is in {n(x1)} or {n(y1)} ({shape.houses[h1].name}) "
        f"and in {n(x2)} or {n(y2)} ({shape.houses[h2].name}); {n(y1)} and {n(y2)} see each other, "
        f"so {n(x1)} or {n(x2)} holds it",
    )


def empty_rectangle(grid: CandidateGrid) -> Iterator[Step]:
    """A box whose places for v lie on one row and one column through it
    (the rest of the box is an empty rectangle), plus a strong link outside
    the box with one end on the box's row (or column): whichever end of the
    link is true, the cell where the other end's row meets the box's column
    loses v. A value's rectangles depend on its places alone: remembered
    under those."""
    places = value_places(grid)
    for value in range(1, grid.n + 1):
        grid.check_stop()
        yield from _EMPTY_RECTANGLES.replay((grid.shape, value, places[value]), _empty_rectangles_of(grid, value))


def _empty_rectangles_of(grid: CandidateGrid, value: int) -> Iterator[Step]:
    links = strong_links(grid, value)
    for box in grid.shape.box_houses:
        places = grid.cells_with(box, value)
        if len(places) >= 2:
            for row, col in _rectangle_crosses(grid, box, places):
                yield from _rectangle_steps(grid, value, links, box, places, row, col)


def _rectangle_crosses(grid: CandidateGrid, box: int, places: list[int]) -> Iterator[tuple[int, int]]:
    """(row, column) through the box that hold every place, neither alone."""
    shape = grid.shape
    by_kind = shape.cell_houses_by_kind
    box_cells = shape.house_cells[box]
    rows = {h for c in box_cells for h in by_kind["row"][c]}
    cols = {h for c in box_cells for h in by_kind["column"][c]}
    for r in sorted(rows):
        in_r = shape.house_sets[r]
        for col in sorted(cols):
            in_c = shape.house_sets[col]
            if not all(c in in_r or c in in_c for c in places):
                continue
            if all(c in in_r for c in places) or all(c in in_c for c in places):
                continue
            yield r, col


def _rectangle_steps(
    grid: CandidateGrid, value: int, links: list[Link], box: int, places: list[int], row: int, col: int
) -> Iterator[Step]:
    """The empty rectangle's row is ``line`` and its column ``cross``; then swapped."""
    shape = grid.shape
    for line, cross, link_kind in ((row, col, "column"), (col, row, "row")):
        for h, e1, e2 in links:
            if shape.house_kinds[h] != link_kind:
                continue
            for near, far in ((e1, e2), (e2, e1)):
                step = _rectangle_step(grid, value, box, places, (row, col), (line, cross), (h, near, far))
                if step is not None:
                    yield step


def _rectangle_step(
    grid: CandidateGrid,
    value: int,
    box: int,
    places: list[int],
    cross_lines: tuple[int, int],
    roles: tuple[int, int],
    link: Link,
) -> Step | None:
    """The step of one strong link (house, near end, far end) with the near
    end on the rectangle's ``line``; the cells where the far end's line of the
    same kind meets ``cross`` lose the value."""
    shape, cands = grid.shape, grid.cands
    line, cross = roles
    h, near, far = link
    box_set = shape.house_sets[box]
    if near in box_set or far in box_set or near not in shape.house_sets[line]:
        return None
    b = bit(value)
    far_lines = shape.cell_houses_by_kind[shape.house_kinds[line]][far]
    targets = [
        c
        for fl in far_lines
        for c in shape.house_cells[fl]
        if c in shape.house_sets[cross] and c not in box_set and cands[c] & b and c != far
    ]
    if not targets:
        return None
    n = shape.cell_name
    row, col = cross_lines
    return Step(
        TechniqueName.EMPTY_RECTANGLE,
        eliminations=tuple(sorted({(c, value) for c in targets})),
        cells=(*places, near, far),
        houses=(box, h),
        values=(value,),
        explanation=f"{shape.symbol(value)} in {shape.houses[box].name} lies on "
        f"{shape.houses[row].name} and {shape.houses[col].name}; with the strong link "
        f"{n(near)}-{n(far)} one of them holds it either way",
    )


# Each technique's finder: its own steps of the search that finds them together.
skyscraper = finder_of(TechniqueName.SKYSCRAPER, _two_links)
two_string_kite = finder_of(TechniqueName.TWO_STRING_KITE, _two_links)
turbot_fish = finder_of(TechniqueName.TURBOT_FISH, _two_links)
