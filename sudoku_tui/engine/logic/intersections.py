"""Intersections: Locked Candidates type 1 (pointing) and type 2 (claiming)."""

from __future__ import annotations

from collections.abc import Iterator

from .grid import CandidateGrid, bit
from .step import Step, house_text


def _locked(grid: CandidateGrid, pointing: bool) -> Iterator[Step]:
    """When a value's places in house A all lie in house B, B loses it elsewhere.

    Pointing: A is a box and B a line; claiming: A is a line and B a box.
    """
    t, shape, cands = grid.t, grid.shape, grid.cands
    sources = t.boxes if pointing else t.rows + t.columns
    for a in sources:
        for value in range(1, grid.n + 1):
            b = bit(value)
            places = [c for c in t.houses[a] if cands[c] & b]
            if len(places) < 2:
                continue
            # Houses of the other sort that hold every place.
            common = set(t.cell_houses[places[0]])
            for c in places[1:]:
                common &= set(t.cell_houses[c])
            for h in sorted(common):
                if h == a or (t.kinds[h] == "box") == pointing:
                    continue
                removed = tuple((c, value) for c in t.houses[h] if cands[c] & b and c not in t.house_sets[a])
                if removed:
                    name = "Locked Candidates Type 1 (Pointing)" if pointing else "Locked Candidates Type 2 (Claiming)"
                    yield Step(
                        name,
                        eliminations=removed,
                        cells=tuple(places),
                        houses=(a, h),
                        values=(value,),
                        score_key="Locked Candidates",
                        explanation=f"in {house_text(shape, a)}, {shape.symbol(value)} lies only in "
                        f"{house_text(shape, h)}, so the rest of {house_text(shape, h)} cannot hold it",
                    )


def pointing(grid: CandidateGrid) -> Iterator[Step]:
    return _locked(grid, True)


def claiming(grid: CandidateGrid) -> Iterator[Step]:
    return _locked(grid, False)
