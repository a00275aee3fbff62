"""Wings: XY-Wing, XYZ-Wing, W-Wing."""

from __future__ import annotations

from collections.abc import Iterator

from .grid import CandidateGrid, bit, digits_of
from .single_digit import Link, strong_links
from .step import Step, TechniqueName


def xy_wing(grid: CandidateGrid) -> Iterator[Step]:
    """Pivot xy sees pincers xz and yz: whichever the pivot holds, one pincer
    is z, so a cell seeing both pincers loses z."""
    yield from _wing(grid, 2)


def xyz_wing(grid: CandidateGrid) -> Iterator[Step]:
    """Pivot xyz sees pincers xz and yz: z is in one of the three cells, so a
    cell seeing all three loses z."""
    yield from _wing(grid, 3)


def _wing(grid: CandidateGrid, pivot_size: int) -> Iterator[Step]:
    """Wings in HoDoKu's order, which decides the step taken when there are
    several: three cells ascending (the pivot first for an XYZ-Wing), and
    for an XY-Wing each of the three as pivot in turn."""
    cands = grid.cands
    bivalue = [c for c, m in enumerate(cands) if m.bit_count() == 2]
    xy = pivot_size == 2
    pivots = bivalue if xy else [c for c, m in enumerate(cands) if m.bit_count() == 3]
    for p_index, pivot in enumerate(pivots):
        grid.check_stop()
        for j_index, j in enumerate(bivalue):
            if j == pivot or (xy and j_index <= p_index) or (cands[pivot] | cands[j]).bit_count() != 3:
                continue
            for k in bivalue[j_index + 1 :]:
                yield from _wing_turns(grid, pivot, j, k, xy)


def _wing_turns(grid: CandidateGrid, pivot: int, j: int, k: int, xy: bool) -> Iterator[Step]:
    """The wings of three cells holding three values between them, no two alike."""
    cands = grid.cands
    if k == pivot or (cands[pivot] | cands[j] | cands[k]).bit_count() != 3:
        return
    if len({cands[pivot], cands[j], cands[k]}) != 3:
        return
    turns = ((pivot, j, k), (j, pivot, k), (k, j, pivot)) if xy else ((pivot, j, k),)
    for centre, a, w in turns:
        if grid.sees(centre, a) and grid.sees(centre, w):
            step = _wing_step(grid, centre, a, w)
            if step is not None:
                yield step


def _wing_step(grid: CandidateGrid, pivot: int, a: int, w: int) -> Step | None:
    """The step of a pivot and two pincers, when they form a wing that clears something."""
    shape, cands = grid.shape, grid.cands
    pm, am, wm = cands[pivot], cands[a], cands[w]
    z = am & wm
    if am == wm or z.bit_count() != 1:
        return None
    xy = pm.bit_count() == 2
    if xy:
        # The pincers share z, which the pivot lacks, and together hold the
        # pivot's two values.
        if z & pm or (am | wm) & pm != pm:
            return None
        cells: tuple[int, ...] = (a, w)
    else:
        if (am | wm) != pm:
            return None
        cells = (pivot, a, w)
    value = z.bit_length()
    targets = [c for c in grid.common_peers(cells) if cands[c] & z and c not in (pivot, a, w)]
    if not targets:
        return None
    n = shape.cell_name
    return Step(
        TechniqueName.XY_WING if xy else TechniqueName.XYZ_WING,
        eliminations=tuple(sorted((c, value) for c in targets)),
        cells=(pivot, a, w),
        values=digits_of(pm | am | wm),
        explanation=f"whatever {n(pivot)} holds, {shape.symbol(value)} is in {n(a)} or {n(w)}"
        + ("" if xy else f" or {n(pivot)}"),
    )


def w_wing(grid: CandidateGrid) -> Iterator[Step]:
    """Two cells with the same pair xy, and a strong link on x whose ends see
    one cell each: one of the two cells is y, so a cell seeing both loses y.

    HoDoKu's order: pairs of cells ascending, the lower value cleared first."""
    cands = grid.cands
    bivalue = [c for c, m in enumerate(cands) if m.bit_count() == 2]
    links = {v: strong_links(grid, v) for v in range(1, grid.n + 1)}
    for i, a in enumerate(bivalue):
        grid.check_stop()
        for w in bivalue[i + 1 :]:
            if cands[a] != cands[w]:
                continue
            low, high = digits_of(cands[a])
            for y, x in ((low, high), (high, low)):
                step = _w_wing_step(grid, a, w, x, y, links[x])
                if step is not None:
                    yield step


def _w_wing_step(grid: CandidateGrid, a: int, w: int, x: int, y: int, links: list[Link]) -> Step | None:
    """The first strong link on ``x`` that joins ``a`` and ``w``, as a step that clears ``y``."""
    shape, cands = grid.shape, grid.cands
    targets = [c for c in grid.common_peers((a, w)) if cands[c] & bit(y)]
    if not targets:
        return None
    for h, e1, e2 in links:
        if {e1, e2} & {a, w}:
            continue
        # An end seeing both cells proves nothing HoDoKu counts as a W-Wing.
        if (grid.sees(e1, a) and grid.sees(e1, w)) or (grid.sees(e2, a) and grid.sees(e2, w)):
            continue
        for near_a, near_w in ((e1, e2), (e2, e1)):
            if grid.sees(a, near_a) and grid.sees(w, near_w):
                n = shape.cell_name
                return Step(
                    TechniqueName.W_WING,
                    eliminations=tuple(sorted((c, y) for c in targets)),
                    cells=(a, near_a, near_w, w),
                    houses=(h,),
                    values=(x, y),
                    explanation=f"{n(a)} and {n(w)} both hold {shape.symbol(x)}/{shape.symbol(y)}; "
                    f"{shape.symbol(x)} is in {n(near_a)} or {n(near_w)}, so one of them is {shape.symbol(y)}",
                )
    return None
