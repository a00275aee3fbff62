"""Fish: X-Wing, Swordfish, Jellyfish, and their finned and sashimi forms.

A fish on value v: ``size`` base lines (rows, say) whose places for v all lie
in ``size`` cover lines (columns). Each base line needs v once and each cover
line holds it at most once, so the covers' v are all inside the base lines
and every other cell of the covers loses v. Fins are base places outside the
covers: either a fin is true, or the plain fish is; so a cell that sees every
fin and lies in a cover (outside the base) loses v either way.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .grid import CandidateGrid, bit
from .step import Step, cells_text

NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
MAX_FINS = 4  # fins of one fish; they must share a box anyway


def _mask(houses: tuple[int, ...]) -> int:
    m = 0
    for h in houses:
        m |= 1 << h
    return m


def _fish(grid: CandidateGrid, size: int, finned: bool, sashimi: bool | None = None) -> Iterator[Step]:
    # Cover lines and boxes as bit sets of house indexes, so a union is an OR.
    t, cands = grid.t, grid.cands
    for value in range(1, grid.n + 1):
        b = bit(value)
        for base_kind, cover_kind in (("row", "column"), ("column", "row")):
            base_ids = t.rows if base_kind == "row" else t.columns
            cover_of = t.cell_kind_houses[cover_kind]
            box_of = t.cell_kind_houses["box"]
            limit = size + (MAX_FINS if finned else 0)
            lines: list[tuple[int, list[int], int, int]] = []  # house, places, cover mask, cell mask
            for h in base_ids:
                places = [c for c in t.houses[h] if cands[c] & b]
                if 1 <= len(places) <= limit:
                    cover = 0
                    cells = 0
                    for c in places:
                        cover |= _mask(cover_of[c])
                        cells |= 1 << c
                    lines.append((h, places, cover, cells))
            if len(lines) < size:
                continue
            for group in combinations(lines, size):
                cover_all = 0
                cell_all = 0
                clash = False
                for _, _, cover, cells in group:
                    if cell_all & cells:
                        clash = True  # base lines must not share cells (Samurai)
                        break
                    cover_all |= cover
                    cell_all |= cells
                if clash:
                    continue
                count = cover_all.bit_count()
                if not finned:
                    if count == size:
                        covers = [h for h in range(len(t.houses)) if cover_all >> h & 1]
                        base_set = {c for _, places, _, _ in group for c in places}
                        yield from _emit(grid, value, size, group, covers, base_set, [], False)
                    continue
                # Fins share one box, so they add at most a box's width of
                # covers; more than that and no finned fish is possible.
                if count <= size or count > size + grid.shape.box:
                    continue
                yield from _finned(grid, value, size, group, sashimi, cover_of, box_of)


def _finned(
    grid: CandidateGrid,
    value: int,
    size: int,
    group: tuple[tuple[int, list[int], int, int], ...],
    sashimi: bool | None,
    cover_of: tuple[tuple[int, ...], ...],
    box_of: tuple[tuple[int, ...], ...],
) -> Iterator[Step]:
    """Fins must share a box with the cells they help eliminate (those lie in
    a cover line outside the base lines), so try each box as the fins' home:
    base cells outside it fix most covers, and cells inside may add the rest."""
    base_cells = [c for _, places, _, _ in group for c in places]
    cell_cover = {c: _mask(cover_of[c]) for c in base_cells}
    boxes = sorted({bx for c in base_cells for bx in box_of[c]})
    for box in boxes:
        body_covers = 0
        in_box = []
        for c in base_cells:
            if box in box_of[c]:
                in_box.append(c)
            else:
                body_covers |= cell_cover[c]
        free = size - body_covers.bit_count()
        if free < 0 or not in_box:
            continue
        optional_mask = 0
        for c in in_box:
            optional_mask |= cell_cover[c]
        optional_mask &= ~body_covers
        optional = [1 << h for h in range(optional_mask.bit_length()) if optional_mask >> h & 1]
        for extra in combinations(optional, free):
            cover_set = body_covers
            for m in extra:
                cover_set |= m
            fins = [c for c in in_box if not cell_cover[c] & cover_set]
            if not fins:
                continue
            body_counts = [sum(1 for c in places if cell_cover[c] & cover_set) for _, places, _, _ in group]
            if min(body_counts) == 0:
                continue  # a base line of fins only is not a fish
            is_sashimi = min(body_counts) == 1
            if sashimi is not None and is_sashimi != sashimi:
                continue
            covers = [h for h in range(cover_set.bit_length()) if cover_set >> h & 1]
            yield from _emit(grid, value, size, group, covers, set(base_cells), fins, is_sashimi)


def _emit(
    grid: CandidateGrid,
    value: int,
    size: int,
    group: tuple[tuple[int, list[int], int, int], ...],
    covers: list[int],
    base_set: set[int],
    fins: list[int],
    sashimi: bool,
) -> Iterator[Step]:
    t, shape, cands = grid.t, grid.shape, grid.cands
    b = bit(value)
    targets: set[int] = set()
    for h in covers:
        targets.update(c for c in t.houses[h] if cands[c] & b and c not in base_set)
    if fins:
        targets &= grid.common_peers(fins)
    if not targets:
        return
    name = NAMES[size]
    if fins:
        name = ("Sashimi " if sashimi else "Finned ") + name
    bases = tuple(g[0] for g in group)
    base_names = ", ".join(shape.houses[h].name for h in bases)
    cover_names = ", ".join(shape.houses[h].name for h in covers)
    text = f"{shape.symbol(value)} in {base_names} lies only in {cover_names}"
    if fins:
        text += f" apart from the fins {cells_text(shape, fins)}, and the removed cells see every fin"
    else:
        text += ", so those lines lose it elsewhere"
    yield Step(
        name,
        eliminations=tuple(sorted((c, value) for c in targets)),
        cells=tuple(sorted(base_set)),
        houses=bases + tuple(covers),
        values=(value,),
        explanation=text,
    )


def x_wing(grid: CandidateGrid) -> Iterator[Step]:
    return _fish(grid, 2, False)


def swordfish(grid: CandidateGrid) -> Iterator[Step]:
    return _fish(grid, 3, False)


def jellyfish(grid: CandidateGrid) -> Iterator[Step]:
    return _fish(grid, 4, False)


# Finned and sashimi fish come from one search; the runner asks for finned
# then sashimi on the same grid, so the last search is kept and reused.
_last_search: dict[tuple[int, tuple[int, ...], tuple[int, ...]], list[Step]] = {}


def _finned_kind(grid: CandidateGrid, size: int, sashimi: bool) -> Iterator[Step]:
    key = (size, tuple(grid.cands), tuple(grid.values))
    steps = _last_search.get(key)
    if steps is None:
        steps = list(_fish(grid, size, True, None))
        _last_search.clear()
        _last_search[key] = steps
    prefix = "Sashimi " if sashimi else "Finned "
    return (s for s in steps if s.technique.startswith(prefix))


def finned_x_wing(grid: CandidateGrid) -> Iterator[Step]:
    return _finned_kind(grid, 2, False)


def finned_swordfish(grid: CandidateGrid) -> Iterator[Step]:
    return _finned_kind(grid, 3, False)


def finned_jellyfish(grid: CandidateGrid) -> Iterator[Step]:
    return _finned_kind(grid, 4, False)


def sashimi_x_wing(grid: CandidateGrid) -> Iterator[Step]:
    return _finned_kind(grid, 2, True)


def sashimi_swordfish(grid: CandidateGrid) -> Iterator[Step]:
    return _finned_kind(grid, 3, True)


def sashimi_jellyfish(grid: CandidateGrid) -> Iterator[Step]:
    return _finned_kind(grid, 4, True)
