"""Wings: XY-Wing, XYZ-Wing, W-Wing."""

from __future__ import annotations

from collections.abc import Iterator

from .grid import CandidateGrid, bit, digits_of
from .single_digit import strong_links
from .step import Step


def xy_wing(grid: CandidateGrid) -> Iterator[Step]:
    """Pivot xy sees pincers xz and yz: whichever the pivot holds, one pincer
    is z, so a cell seeing both pincers loses z."""
    yield from _wing(grid, 2)


def xyz_wing(grid: CandidateGrid) -> Iterator[Step]:
    """Pivot xyz sees pincers xz and yz: z is in one of the three cells, so a
    cell seeing all three loses z."""
    yield from _wing(grid, 3)


def _wing(grid: CandidateGrid, pivot_size: int) -> Iterator[Step]:
    shape, cands = grid.shape, grid.cands
    bivalue = [c for c, m in enumerate(cands) if m.bit_count() == 2]
    name = "XY-Wing" if pivot_size == 2 else "XYZ-Wing"
    for pivot, pm in enumerate(cands):
        if pm.bit_count() != pivot_size:
            continue
        wings = [
            c
            for c in bivalue
            if c != pivot and grid.sees(pivot, c) and (cands[c] & pm).bit_count() == (1 if pivot_size == 2 else 2)
        ]
        for i, a in enumerate(wings):
            for w in wings[i + 1 :]:
                am, wm = cands[a], cands[w]
                if am == wm:
                    continue
                if pivot_size == 2:
                    z = am & wm
                    # The pincers share z, which the pivot lacks, and
                    # together hold the pivot's two values.
                    if z.bit_count() != 1 or z & pm or (am | wm) & pm != pm:
                        continue
                    cells: tuple[int, ...] = (a, w)
                else:
                    z = am & wm
                    if z.bit_count() != 1 or (am | wm) != pm:
                        continue
                    cells = (pivot, a, w)
                value = z.bit_length()
                targets = [c for c in grid.common_peers(cells) if cands[c] & z and c != pivot]
                if not targets:
                    continue
                n = shape.cell_name
                yield Step(
                    name,
                    eliminations=tuple(sorted((c, value) for c in targets)),
                    cells=(pivot, a, w),
                    values=digits_of(pm | am | wm),
                    explanation=f"whatever {n(pivot)} holds, {shape.symbol(value)} is in {n(a)} or {n(w)}"
                    + (f" or {n(pivot)}" if pivot_size == 3 else ""),
                )


def w_wing(grid: CandidateGrid) -> Iterator[Step]:
    """Two cells with the same pair xy, and a strong link on x whose ends see
    one cell each: one of the two cells is y, so a cell seeing both loses y."""
    shape, cands = grid.shape, grid.cands
    bivalue = [c for c, m in enumerate(cands) if m.bit_count() == 2]
    links = {v: strong_links(grid, v) for v in range(1, grid.n + 1)}
    for i, a in enumerate(bivalue):
        for w in bivalue[i + 1 :]:
            if cands[a] != cands[w] or grid.sees(a, w):
                continue
            for x in digits_of(cands[a]):
                y = next(v for v in digits_of(cands[a]) if v != x)
                targets = [c for c in grid.common_peers((a, w)) if cands[c] & bit(y)]
                if not targets:
                    continue
                for h, e1, e2 in links[x]:
                    if {e1, e2} & {a, w}:
                        continue
                    for near_a, near_w in ((e1, e2), (e2, e1)):
                        if grid.sees(a, near_a) and grid.sees(w, near_w):
                            n = shape.cell_name
                            yield Step(
                                "W-Wing",
                                eliminations=tuple(sorted((c, y) for c in targets)),
                                cells=(a, near_a, near_w, w),
                                houses=(h,),
                                values=(x, y),
                                explanation=f"{n(a)} and {n(w)} both hold {shape.symbol(x)}/{shape.symbol(y)}; "
                                f"{shape.symbol(x)} is in {n(near_a)} or {n(near_w)}, so one of them is "
                                f"{shape.symbol(y)}",
                            )
                            break
                    else:
                        continue
                    break
