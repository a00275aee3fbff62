"""Fish: X-Wing, Swordfish, Jellyfish, and their finned and sashimi forms.

A fish on value v: ``size`` base lines (rows, say) whose places for v all lie
in ``size`` cover lines (columns). Each base line needs v once and each cover
line holds it at most once, so the covers' v are all inside the base lines
and every other cell of the covers loses v. Fins are base places outside the
covers: either a fin is true, or the plain fish is; so a cell that sees every
fin and lies in a cover (outside the base) loses v either way. A finned fish
with a base line that keeps one place inside the covers is called sashimi;
one search finds both, and each technique keeps its own steps.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from ..board.geometry import HouseKind, Shape
from .grid import CandidateGrid, bit, finder_of, house_masks, value_places
from .memo import Memo
from .step import Step, TechniqueName, cells_text

BASIC = {2: TechniqueName.X_WING, 3: TechniqueName.SWORDFISH, 4: TechniqueName.JELLYFISH}
FINNED = {2: TechniqueName.FINNED_X_WING, 3: TechniqueName.FINNED_SWORDFISH, 4: TechniqueName.FINNED_JELLYFISH}
SASHIMI = {2: TechniqueName.SASHIMI_X_WING, 3: TechniqueName.SASHIMI_SWORDFISH, 4: TechniqueName.SASHIMI_JELLYFISH}
MAX_FINS = 4  # fins of one fish; they must share a box anyway

# The fish (plain, or finned and sashimi) of one size, value and orientation, under the value's places.
_BASIC: Memo[Step] = Memo()
_FINNED: Memo[Step] = Memo()


class _Line(NamedTuple):
    """A base line and the places of the value in it; covers and cells as bit sets."""

    house: int
    places: list[int]
    covers: int  # cover lines (house indexes) through the places
    cells: int  # the places


class _Fish(NamedTuple):
    """A fish being built: its value, size, base lines and their places."""

    grid: CandidateGrid
    value: int
    size: int
    base: tuple[_Line, ...]

    @property
    def base_cells(self) -> list[int]:
        return [c for line in self.base for c in line.places]


def _mask(houses: tuple[int, ...]) -> int:
    m = 0
    for h in houses:
        m |= 1 << h
    return m


@lru_cache(maxsize=32)
def _cover_masks(shape: Shape, kind: HouseKind) -> tuple[int, ...]:
    """Each cell's houses of one kind, as a bit set of house indexes."""
    return tuple(_mask(houses) for houses in shape.cell_houses_by_kind[kind])


@lru_cache(maxsize=32)
def _classic(shape: Shape) -> bool:
    """Rows, columns and boxes only, each cell in one of each."""
    return len(shape.houses) == 3 * shape.n and shape.size == shape.n * shape.n


def _bits(mask: int) -> list[int]:
    """The house indexes in a bit set, ascending."""
    return [h for h in range(mask.bit_length()) if mask >> h & 1]


def _lines(grid: CandidateGrid, value: int, base_kind: HouseKind, cover_kind: HouseKind, limit: int) -> list[_Line]:
    """Base lines of one kind with one to ``limit`` places for ``value``."""
    shape, cands = grid.shape, grid.cands
    b = bit(value)
    cover_of = _cover_masks(shape, cover_kind)
    lines = []
    for h in shape.row_houses if base_kind == "row" else shape.column_houses:
        places = [c for c in shape.house_cells[h] if cands[c] & b]
        if 1 <= len(places) <= limit:
            covers = cells = 0
            for c in places:
                covers |= cover_of[c]
                cells |= 1 << c
            lines.append(_Line(h, places, covers, cells))
    return lines


# (base kind, cover kind): rows covered by columns, then columns by rows.
_ORIENTATIONS: tuple[tuple[HouseKind, HouseKind], ...] = (("row", "column"), ("column", "row"))


def _bases_of(
    grid: CandidateGrid, size: int, finned: bool, value: int, base_kind: HouseKind, cover_kind: HouseKind
) -> Iterator[tuple[tuple[_Line, ...], int]]:
    """The sets of ``size`` base lines of one value and orientation that share
    no cell (Samurai lines can) and whose covers could make a fish (with fins,
    up to a box's width more covers)."""
    most_covers = size + (grid.shape.box if finned else 0)
    lines = _lines(grid, value, base_kind, cover_kind, size + (MAX_FINS if finned else 0))
    return _groups(lines, size, most_covers)


def _groups(lines: list[_Line], size: int, most_covers: int) -> Iterator[tuple[tuple[_Line, ...], int]]:
    """The sets of ``size`` lines sharing no cell whose covers number at most
    ``most_covers``, in the order of ``combinations``; a partial set that
    already passes the limit is not grown (covers only grow)."""
    chosen: list[_Line] = []

    def grow(start: int, covers: int, cells: int) -> Iterator[tuple[tuple[_Line, ...], int]]:
        if len(chosen) == size:
            yield tuple(chosen), covers
            return
        for index in range(start, len(lines) - (size - len(chosen)) + 1):
            line = lines[index]
            grown = covers | line.covers
            if cells & line.cells or grown.bit_count() > most_covers:
                continue
            chosen.append(line)
            yield from grow(index + 1, grown, cells | line.cells)
            chosen.pop()

    return grow(0, 0, 0)


def _basic_fish(grid: CandidateGrid, size: int) -> Iterator[Step]:
    """Fish of one size, value by value and both ways round; like the finned
    ones, remembered under the value's places."""
    places = value_places(grid)
    for value in range(1, grid.n + 1):
        for base_kind, cover_kind in _ORIENTATIONS:
            grid.check_stop()
            key = (grid.shape, size, value, base_kind, places[value])
            yield from _BASIC.replay(key, _basic_of(grid, size, value, base_kind, cover_kind))


def _basic_of(
    grid: CandidateGrid, size: int, value: int, base_kind: HouseKind, cover_kind: HouseKind
) -> Iterator[Step]:
    """The fish of one value, base lines of one kind, with no fins."""
    for group, covers in _bases_of(grid, size, False, value, base_kind, cover_kind):
        if covers.bit_count() == size:
            yield from _emit(_Fish(grid, value, size, group), _bits(covers), [], False)


def _finned_fish(grid: CandidateGrid, size: int) -> Iterator[Step]:
    """Finned and sashimi fish of one size, each step named for its kind.

    A value's fish in one orientation depend on its places alone: they are
    remembered under those (memo.py), since most values keep their places
    from one step to the next."""
    shape = grid.shape
    places = value_places(grid)
    for value in range(1, grid.n + 1):
        for base_kind, cover_kind in _ORIENTATIONS:
            grid.check_stop()
            key = (shape, size, value, base_kind, places[value])
            yield from _FINNED.replay(key, _finned_of(grid, size, value, base_kind, cover_kind))


def _finned_of(
    grid: CandidateGrid, size: int, value: int, base_kind: HouseKind, cover_kind: HouseKind
) -> Iterator[Step]:
    """The finned and sashimi fish of one value, base lines of one kind."""
    places = value_places(grid)[value]
    classic = _classic(grid.shape)
    for group, covers in _bases_of(grid, size, True, value, base_kind, cover_kind):
        count = covers.bit_count()
        # Fins share one box, so they add at most a box's width of
        # covers; more than that and no finned fish is possible.
        if size < count <= size + grid.shape.box:
            grid.check_stop()
            outside = places
            for line in group:
                outside &= ~line.cells
            yield from _finned(_Fish(grid, value, size, group), cover_kind, outside if classic else -1)


def _finned(fish: _Fish, cover_kind: HouseKind, outside: int) -> Iterator[Step]:
    """Fins must share a box with the cells they help eliminate (those lie in
    a cover line outside the base lines), so try each box as the fins' home:
    base cells outside it fix most covers, and cells inside may add the rest.

    On a classic board every removal lies in the fins' box (a cell outside it
    that sees them lies in a base line or outside the covers): a box without
    any of ``outside`` (the value's places off the base lines; -1 elsewhere)
    is passed over."""
    shape = fish.grid.shape
    box_of = shape.cell_houses_by_kind["box"]
    cover_of = _cover_masks(shape, cover_kind)
    base_cells = fish.base_cells
    cell_cover = {c: cover_of[c] for c in base_cells}
    masks = house_masks(shape)
    for box in sorted({bx for c in base_cells for bx in box_of[c]}):
        if not masks[box] & outside:
            continue
        body_covers = 0
        in_box = []
        for c in base_cells:
            if box in box_of[c]:
                in_box.append(c)
            else:
                body_covers |= cell_cover[c]
        free = fish.size - body_covers.bit_count()
        if free < 0 or not in_box:
            continue
        optional = 0
        for c in in_box:
            optional |= cell_cover[c]
        for extra in combinations(_bits(optional & ~body_covers), free):
            covers = body_covers | _mask(extra)
            fins = [c for c in in_box if not cell_cover[c] & covers]
            if fins:
                yield from _with_fins(fish, fins, cell_cover, covers)


def _with_fins(fish: _Fish, fins: list[int], cell_cover: dict[int, int], covers: int) -> Iterator[Step]:
    """The finned fish with these covers and fins, unless a base line is all fins."""
    body_counts = [sum(1 for c in line.places if cell_cover[c] & covers) for line in fish.base]
    if min(body_counts) == 0:
        return  # a base line of fins only is not a fish
    yield from _emit(fish, _bits(covers), fins, min(body_counts) == 1)


def _emit(fish: _Fish, covers: list[int], fins: list[int], sashimi: bool) -> Iterator[Step]:
    grid, value, size = fish.grid, fish.value, fish.size
    shape, cands = grid.shape, grid.cands
    b = bit(value)
    base_set = set(fish.base_cells)
    targets = {c for h in covers for c in shape.house_cells[h] if cands[c] & b and c not in base_set}
    if fins:
        targets &= grid.common_peers(fins)
    if not targets:
        return
    bases = tuple(line.house for line in fish.base)
    base_names = ", ".join(shape.houses[h].name for h in bases)
    cover_names = ", ".join(shape.houses[h].name for h in covers)
    text = f"{shape.symbol(value)} in {base_names} lies only in {cover_names}"
    if fins:
        text += f" apart from the fins {cells_text(shape, fins)}, and the removed cells see every fin"
    else:
        text += ", so those lines lose it elsewhere"
    technique = (SASHIMI if sashimi else FINNED)[size] if fins else BASIC[size]
    yield Step(
        technique,
        eliminations=tuple(sorted((c, value) for c in targets)),
        cells=tuple(sorted(base_set)),
        houses=bases + tuple(covers),
        values=(value,),
        explanation=text,
    )


def x_wing(grid: CandidateGrid) -> Iterator[Step]:
    return _basic_fish(grid, 2)


def swordfish(grid: CandidateGrid) -> Iterator[Step]:
    return _basic_fish(grid, 3)


def jellyfish(grid: CandidateGrid) -> Iterator[Step]:
    return _basic_fish(grid, 4)


# Each technique's finder: its own steps of the search that finds them together.
finned_x_wing = finder_of(TechniqueName.FINNED_X_WING, _finned_fish, 2)
finned_swordfish = finder_of(TechniqueName.FINNED_SWORDFISH, _finned_fish, 3)
finned_jellyfish = finder_of(TechniqueName.FINNED_JELLYFISH, _finned_fish, 4)
sashimi_x_wing = finder_of(TechniqueName.SASHIMI_X_WING, _finned_fish, 2)
sashimi_swordfish = finder_of(TechniqueName.SASHIMI_SWORDFISH, _finned_fish, 3)
sashimi_jellyfish = finder_of(TechniqueName.SASHIMI_JELLYFISH, _finned_fish, 4)
