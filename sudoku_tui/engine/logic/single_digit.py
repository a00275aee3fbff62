"""Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle.

All are short chains on one value. Two strong links (a house where the value
has exactly two places) joined by a weak link (their inner ends see each
other): the inner ends cannot both hold the value, so one of the outer ends
does, and any cell that sees both outer ends loses it.
"""

from __future__ import annotations

from collections.abc import Iterator

from .grid import CandidateGrid, bit
from .step import Step

Link = tuple[int, int, int]  # house, one end, the other end


def strong_links(grid: CandidateGrid, value: int) -> list[Link]:
    """Every house where ``value`` has exactly two places (each pair once)."""
    b = bit(value)
    cands = grid.cands
    links: list[Link] = []
    seen: set[tuple[int, int]] = set()
    for h, house in enumerate(grid.t.houses):
        places = [c for c in house if cands[c] & b]
        if len(places) == 2 and (places[0], places[1]) not in seen:
            seen.add((places[0], places[1]))
            links.append((h, places[0], places[1]))
    return links


def _shares(grid: CandidateGrid, a: int, b: int, kind: str) -> bool:
    houses = grid.t.cell_kind_houses[kind]
    return bool(set(houses[a]) & set(houses[b]))


def _kind(grid: CandidateGrid, house: int) -> str:
    return grid.t.kinds[house]


def _classify(grid: CandidateGrid, h1: int, y1: int, h2: int, y2: int) -> str:
    k1, k2 = _kind(grid, h1), _kind(grid, h2)
    if k1 == k2 and k1 != "box":
        other = "column" if k1 == "row" else "row"
        if _shares(grid, y1, y2, other):
            return "Skyscraper"
    if {k1, k2} == {"row", "column"} and _shares(grid, y1, y2, "box"):
        return "2-String Kite"
    return "Turbot Fish"


def _two_links(grid: CandidateGrid, wanted: str) -> Iterator[Step]:
    shape, cands = grid.shape, grid.cands
    for value in range(1, grid.n + 1):
        b = bit(value)
        links = strong_links(grid, value)
        seen: set[frozenset[int]] = set()
        for i, (h1, a1, b1) in enumerate(links):
            for h2, a2, b2 in links[i + 1 :]:
                if len({a1, b1, a2, b2}) < 4:
                    continue
                for x1, y1 in ((a1, b1), (b1, a1)):
                    for x2, y2 in ((a2, b2), (b2, a2)):
                        if not grid.sees(y1, y2):
                            continue
                        # Outer ends in one house with the inner ones would
                        # make this a locked set, not a chain.
                        if grid.sees(x1, y2) or grid.sees(x2, y1):
                            continue
                        name = _classify(grid, h1, y1, h2, y2)
                        if name != wanted:
                            continue
                        targets = [c for c in grid.common_peers((x1, x2)) if cands[c] & b and c not in (y1, y2)]
                        if not targets:
                            continue
                        key = frozenset((x1, x2, y1, y2))
                        if key in seen:
                            continue
                        seen.add(key)
                        n = shape.cell_name
                        yield Step(
                            name,
                            eliminations=tuple(sorted((c, value) for c in targets)),
                            cells=(x1, y1, y2, x2),
                            houses=(h1, h2),
                            values=(value,),
                            explanation=f"{shape.symbol(value)} is in {n(x1)} or {n(y1)} ({shape.houses[h1].name}) "
                            f"and in {n(x2)} or {n(y2)} ({shape.houses[h2].name}); {n(y1)} and {n(y2)} see each other, "
                            f"so {n(x1)} or {n(x2)} holds it",
                        )


def skyscraper(grid: CandidateGrid) -> Iterator[Step]:
    return _two_links(grid, "Skyscraper")


def two_string_kite(grid: CandidateGrid) -> Iterator[Step]:
    return _two_links(grid, "2-String Kite")


def turbot_fish(grid: CandidateGrid) -> Iterator[Step]:
    return _two_links(grid, "Turbot Fish")


def empty_rectangle(grid: CandidateGrid) -> Iterator[Step]:
    """A box whose places for v lie on one row and one column through it
    (the rest of the box is an empty rectangle), plus a strong link outside
    the box with one end on the box's row (or column): whichever end of the
    link is true, the cell where the other end's row meets the box's column
    loses v."""
    t, shape, cands = grid.t, grid.shape, grid.cands
    for value in range(1, grid.n + 1):
        b = bit(value)
        links = strong_links(grid, value)
        for box in t.boxes:
            places = [c for c in t.houses[box] if cands[c] & b]
            if len(places) < 2:
                continue
            box_set = t.house_sets[box]
            rows = {h for c in t.houses[box] for h in t.cell_kind_houses["row"][c]}
            cols = {h for c in t.houses[box] for h in t.cell_kind_houses["column"][c]}
            for r in sorted(rows):
                for col in sorted(cols):
                    in_r = t.house_sets[r]
                    in_c = t.house_sets[col]
                    if not all(c in in_r or c in in_c for c in places):
                        continue
                    if all(c in in_r for c in places) or all(c in in_c for c in places):
                        continue
                    # The ER's row is `line`, its column `cross`; then swap.
                    for line, cross, link_kind in ((r, col, "column"), (col, r, "row")):
                        for h, e1, e2 in links:
                            if t.kinds[h] != link_kind:
                                continue
                            for near, far in ((e1, e2), (e2, e1)):
                                if near in box_set or far in box_set or near not in t.house_sets[line]:
                                    continue
                                far_lines = t.cell_kind_houses[t.kinds[line]][far]
                                targets = [
                                    c
                                    for fl in far_lines
                                    for c in t.houses[fl]
                                    if c in t.house_sets[cross] and c not in box_set and cands[c] & b and c != far
                                ]
                                if not targets:
                                    continue
                                n = shape.cell_name
                                yield Step(
                                    "Empty Rectangle",
                                    eliminations=tuple(sorted({(c, value) for c in targets})),
                                    cells=tuple(places) + (near, far),
                                    houses=(box, h),
                                    values=(value,),
                                    explanation=f"{shape.symbol(value)} in {shape.houses[box].name} lies on "
                                    f"{shape.houses[r].name} and {shape.houses[col].name}; with the strong link "
                                    f"{n(near)}-{n(far)} one of them holds it either way",
                                )
