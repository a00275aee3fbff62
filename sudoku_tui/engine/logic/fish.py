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


def _fish(grid: CandidateGrid, size: int, finned: bool, sashimi: bool | None = None) -> Iterator[Step]:
    t, shape, cands = grid.t, grid.shape, grid.cands
    for value in range(1, grid.n + 1):
        b = bit(value)
        for base_kind, cover_kind in (("row", "column"), ("column", "row")):
            base_ids = t.rows if base_kind == "row" else t.columns
            cover_of = t.cell_kind_houses[cover_kind]
            limit = size + (MAX_FINS if finned else 0)
            lines: list[tuple[int, list[int]]] = []
            for h in base_ids:
                places = [c for c in t.houses[h] if cands[c] & b]
                if 1 <= len(places) <= limit:
                    lines.append((h, places))
            if len(lines) < size:
                continue
            for group in combinations(lines, size):
                base_cells: list[int] = []
                for _, places in group:
                    base_cells.extend(places)
                if len(set(base_cells)) != len(base_cells):
                    continue  # base lines must not share cells (Samurai)
                covers_all: set[int] = set()
                for c in base_cells:
                    covers_all.update(cover_of[c])
                base_set = set(base_cells)
                if not finned:
                    if len(covers_all) != size:
                        continue
                    yield from _emit(grid, value, size, group, sorted(covers_all), base_set, [], False)
                    continue
                if len(covers_all) <= size:
                    continue  # no fins possible: a plain fish (found earlier)
                # Fins must share a box with the cells they help eliminate
                # (those lie in a cover line outside the base lines), so try
                # each box as the fins' home: the base cells outside it fix
                # most covers, and cells inside it may add the rest.
                boxes = {bx for c in base_cells for bx in t.cell_kind_houses["box"][c]}
                for box in sorted(boxes):
                    in_box = [c for c in base_cells if c in t.house_sets[box]]
                    body_covers: set[int] = set()
                    for c in base_cells:
                        if c not in t.house_sets[box]:
                            body_covers.update(cover_of[c])
                    if len(body_covers) > size:
                        continue
                    optional = sorted({h for c in in_box for h in cover_of[c]} - body_covers)
                    for extra in combinations(optional, size - len(body_covers)):
                        cover_set = body_covers | set(extra)
                        fins = [c for c in in_box if not cover_set.intersection(cover_of[c])]
                        if not fins:
                            continue
                        body_counts = [
                            sum(1 for c in places if cover_set.intersection(cover_of[c])) for _, places in group
                        ]
                        if min(body_counts) == 0:
                            continue  # a base line of fins only is not a fish
                        is_sashimi = min(body_counts) == 1
                        if sashimi is not None and is_sashimi != sashimi:
                            continue
                        yield from _emit(grid, value, size, group, sorted(cover_set), base_set, fins, is_sashimi)


def _emit(
    grid: CandidateGrid,
    value: int,
    size: int,
    group: tuple[tuple[int, list[int]], ...],
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
    bases = tuple(h for h, _ in group)
    base_names = ", ".join(shape.houses[h].name for h in bases)
    cover_names = ", ".join(shape.houses[h].name for h in covers)
    text = f"{shape.symbol(value)} in {base_names} lies only in {cover_names}"
    if fins:
        text += f" apart from the fins {cells_text(shape, fins)}, and the removed cells see every fin"
    else:
        text += ", so those lines lose it elsewhere"
    yield Step(
        name, eliminations=tuple(sorted((c, value) for c in targets)), cells=tuple(sorted(base_set)),
        houses=bases + tuple(covers), values=(value,), explanation=text,
    )


def x_wing(grid: CandidateGrid) -> Iterator[Step]:
    return _fish(grid, 2, False)


def swordfish(grid: CandidateGrid) -> Iterator[Step]:
    return _fish(grid, 3, False)


def jellyfish(grid: CandidateGrid) -> Iterator[Step]:
    return _fish(grid, 4, False)


def finned_x_wing(grid: CandidateGrid) -> Iterator[Step]:
    return _fish(grid, 2, True, False)


def finned_swordfish(grid: CandidateGrid) -> Iterator[Step]:
    return _fish(grid, 3, True, False)


def finned_jellyfish(grid: CandidateGrid) -> Iterator[Step]:
    return _fish(grid, 4, True, False)


def sashimi_x_wing(grid: CandidateGrid) -> Iterator[Step]:
    return _fish(grid, 2, True, True)


def sashimi_swordfish(grid: CandidateGrid) -> Iterator[Step]:
    return _fish(grid, 3, True, True)


def sashimi_jellyfish(grid: CandidateGrid) -> Iterator[Step]:
    return _fish(grid, 4, True, True)
