"""The search in plain Python, written for CPython: the base install's solver.

Where the compiled kernel (kernel.py) keeps one small mask per cell and
loops over cells, this search keeps the whole board in one Python integer
and lets CPython's big-integer operations do the loops in C.

Glossary (see geometry.py for cells and houses):

- *position*: ``row * width + col`` of a cell on the drawn board (for
  Samurai the 21x21 drawing, gaps included), so that every house is a fixed
  pattern of offsets from its first position: a row ``0, 1, .., 8``, a
  column ``0, w, 2w, ..``, a box its 3x3 block.
- *board*: one int holding a block of ``rows * width`` bits per value; bit
  ``v * block + position`` says the cell at that position may still take
  value ``v + 1`` (or holds it). A placed cell keeps its one bit.
- *state*: ``(board, placed)``, ``placed`` a mask of positions whose value
  has been removed from their peers. Ints are immutable, so a search node
  costs no copying at all.

Propagation works on every value and every house at once, in rounds:

- naked singles: folding the board onto its first value block (shifts by
  multiples of the block) counts each cell's candidates as once / twice;
  a cell with one is placed, and the values' fold alone runs again until
  no naked single is left;
- hidden singles: the same fold over a house pattern's offsets (a row's
  ``0, 1, .., 8`` is ``{0, 1, 2} + {0, 3, 6}``: four shifts, see
  _fold_plan), masked with the houses' first positions (replicated in
  every value's block), gives each house's once / twice per value; a value
  with exactly one place spreads back to its house's cells by one
  multiplication. Houses of one pattern may overlap (a Samurai's centre
  grid shares rows with the corner grids), so each pattern is split into
  groups of disjoint houses, which keeps that multiplication free of
  carries; rows and boxes share their first fold (a box's rows);
- locked candidates, where boxes are square blocks (not on a jigsaw): where
  boxes cut the rows (or columns) into segments, a value a box holds in one
  segment only leaves the rest of that line, and a value a line holds in one
  segment only leaves the rest of that box. They run when no single is
  left, then singles again. They cut the nodes of hard puzzles by about
  three (top1465: 98,554 nodes to 35,818 in cell order).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ..board.geometry import Shape
from ..progress import Cancelled, ProgressCallback, StopCheck

# (board, placed): see the module's glossary.
State = tuple[int, int]
# Stages of right shifts, see _fold_plan.
Plan = tuple[tuple[int, ...], ...]
# Per pattern of houses: its folds, then its groups of disjoint houses as (first positions replicated, spread).
Patterns = tuple[tuple[Plan, tuple[tuple[int, int], ...]], ...]


@dataclass(frozen=True)
class Segments:
    """Where the boxes cut the rows (or the columns): segments of ``box`` cells,
    each a fixed pattern from its first position, as masks replicated in every
    value's block, for locked candidates."""

    cell_shifts: tuple[int, ...]  # a segment's cells after its first
    starts: int  # every segment's first position
    cells: int  # a segment's cells, from its first position (spread by multiplying)
    line_shifts: tuple[int, ...]  # a line's segments after its first
    line_spread: int  # a line's segments' first positions, from the line's first
    # Groups of disjoint lines: (first positions, the line's cells from its first).
    line_groups: tuple[tuple[int, int], ...]
    box_shifts: tuple[int, ...]  # a box's segments after its first
    box_spread: int  # a box's segments' first positions, from the box's first
    box_starts: int  # every box's first position
    box_cells: int  # a box's cells from its first


# Branch nodes between two polls of should_stop (each a few tens of microseconds).
POLL_NODES = 256
_NO_BUDGET = 1 << 62


class _OutOfNodes(Exception):
    """The node budget of a search ran out before it finished."""


@dataclass(frozen=True, eq=False)
class PureTables:
    """One shape's masks for the integer board."""

    shape: Shape
    block: int  # bits per value's block
    position: tuple[int, ...]  # cell -> position
    cells: int  # mask of the positions that are cells
    replicate: int  # one bit at the start of every value's block: mask * replicate copies a mask into each
    value_shifts: tuple[int, ...]  # v * block for each value
    # Per bit of the board: the board with that value placed there (the value
    # gone from every peer, every other value gone from the cell), as an AND mask.
    keep: tuple[int, ...]
    cell_bit: tuple[int, ...]  # per bit of the board: its position's own bit
    value_plan: Plan  # folds over the value blocks (shifts by multiples of block)
    patterns: Patterns
    # Box-line intersections for rows, then columns; empty where boxes are not square blocks (a jigsaw).
    lines: tuple[Segments, ...]


def _house_groups(shape: Shape, position: Sequence[int]) -> list[tuple[tuple[int, ...], list[int]]]:
    """Houses as (offsets, first positions), one entry per group of disjoint houses of one pattern."""
    groups: list[tuple[tuple[int, ...], list[int], int]] = []  # offsets, starts, positions covered
    for house in shape.house_cells:
        places = sorted(position[cell] for cell in house)
        offsets = tuple(p - places[0] for p in places)
        mask = sum(1 << p for p in places)
        for index, (pattern, starts, covered) in enumerate(groups):
            if pattern == offsets and not covered & mask:
                groups[index] = (pattern, [*starts, places[0]], covered | mask)
                break
        else:
            groups.append((offsets, [places[0]], mask))
    return [(offsets, starts) for offsets, starts, _ in groups]


def _segments(
    shape: Shape, position: Sequence[int], replicate: int, patterns: dict[tuple[int, ...], list[tuple[int, int]]]
) -> tuple[Segments, ...]:
    """Rows' and columns' segments; none unless every box is an aligned square
    block and every row and column a whole aligned line (no jigsaw)."""
    b, w = shape.box, shape.cols
    kinds: dict[str, list[int]] = {"row": [], "column": [], "box": []}
    for house in shape.houses:
        if house.kind not in kinds:
            continue  # a diagonal or a window: singles only
        cells = sorted(position[cell] for cell in house.cells)
        top, left = divmod(cells[0], w)
        if house.kind == "box":
            fits = cells == [(top + r) * w + left + c for r in range(b) for c in range(b)] and not top % b
        else:
            fits = cells == [cells[0] + i * (1 if house.kind == "row" else w) for i in range(shape.n)]
        # A line starts, and a box sits, where segments of ``b`` cells cut it evenly.
        if not fits or (left if house.kind != "column" else top) % b:
            return ()
        kinds[house.kind].append(cells[0])
    boxes = kinds["box"]
    if not boxes:
        return ()
    box_starts = sum(1 << p for p in boxes) * replicate
    box_cells = sum(1 << (r * w + c) for r in range(b) for c in range(b))
    found = []
    for kind, along, across in (("row", 1, w), ("column", w, 1)):
        starts = {first + i * b * along for first in kinds[kind] for i in range(b)}
        found.append(
            Segments(
                tuple(i * along for i in range(1, b)),
                sum(1 << p for p in starts) * replicate,
                sum(1 << (i * along) for i in range(b)),
                tuple(i * b * along for i in range(1, b)),
                sum(1 << (i * b * along) for i in range(b)),
                tuple(patterns[tuple(i * along for i in range(shape.n))]),  # groups of disjoint lines
                tuple(i * across for i in range(1, b)),
                sum(1 << (i * across) for i in range(b)),
                box_starts,
                box_cells,
            )
        )
    return tuple(found)


def _fold_plan(offsets: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Stages of shifts whose once/twice folds cover exactly ``offsets``
    (sorted, from 0), each offset once: the set written as a sum of
    arithmetic runs, so that a row of nine takes 4 shifts instead of 8."""
    if len(offsets) == 1:
        return ()
    step = offsets[1]
    members = set(offsets)
    for length in range(2, len(offsets)):
        run = [i * step for i in range(length)]
        if len(offsets) % length or not members.issuperset(run):
            continue
        rest, starts = set(members), []
        for start in offsets:
            if start in rest:
                if not rest.issuperset(start + r for r in run):
                    break
                rest.difference_update(start + r for r in run)
                starts.append(start)
        else:
            return (tuple(run[1:]), *_fold_plan(starts))
    return (tuple(offsets[1:]),)


@cache
def pure_tables(shape: Shape) -> PureTables:
    """The masks of ``shape``, built on first use."""
    width = shape.cols
    block = shape.rows * width
    position = tuple(row * width + col for row, col in shape.positions)
    cells = sum(1 << p for p in position)
    replicate = sum(1 << (v * block) for v in range(shape.n))
    full = cells * replicate
    keep = [0] * (shape.n * block)
    cell_bit = [0] * (shape.n * block)
    for cell, own in enumerate(position):
        others = full ^ ((1 << own) * replicate)  # every other cell, every value
        # Peers and the cell itself, one block: xor-ing it in at value v's block
        # clears v from the peers and puts back the cell's own bit for v.
        cross = sum(1 << position[p] for p in shape.peers[cell]) | (1 << own)
        for v in range(shape.n):
            bit = v * block + own
            keep[bit] = others ^ (cross << (v * block))
            cell_bit[bit] = 1 << own
    patterns: dict[tuple[int, ...], list[tuple[int, int]]] = {}
    for offsets, starts in _house_groups(shape, position):
        group = (sum(1 << s for s in starts) * replicate, sum(1 << o for o in offsets))
        patterns.setdefault(offsets, []).append(group)
    return PureTables(
        shape,
        block,
        position,
        cells,
        replicate,
        tuple(v * block for v in range(shape.n)),
        tuple(keep),
        tuple(cell_bit),
        _fold_plan([v * block for v in range(shape.n)]),
        # Sorted, so that patterns whose folds begin alike come one after the other.
        tuple(sorted((_fold_plan(offsets), tuple(groups)) for offsets, groups in patterns.items())),
        _segments(shape, position, replicate, patterns),
    )


def propagate(t: PureTables, board: int, placed: int, new: int, locked: bool = True) -> State | None:
    """Place the board bits of ``new``, then naked and hidden singles (and
    with ``locked`` locked candidates) to a fixed point. Returns ``(board,
    placed)``, or None on a contradiction (a cell with no value left, or a
    value with no place left in a house)."""
    keep, cell_bit, cells, replicate = t.keep, t.cell_bit, t.cells, t.replicate
    value_plan, patterns, lines = t.value_plan, t.patterns, t.lines if locked else ()
    while True:
        while new:
            low = new & -new
            bit = low.bit_length() - 1
            if not board & low:
                return None  # two singles of this round want one place, or one house
            board &= keep[bit]
            placed |= cell_bit[bit]
            new ^= low
        # once / twice: at least one, at least two bits over the folded
        # offsets; a stage folds the runs so far with their shifted copies
        # (the fold of _hidden_singles, written out here: the hot loop).
        once, twice = board, 0
        for stage in value_plan:
            first_once, first_twice = once, twice
            for shift in stage:
                moved = first_once >> shift
                twice |= (first_twice >> shift) | (once & moved)
                once |= moved
        if once & cells != cells:
            return None
        new = board & (cells & ~twice & ~placed) * replicate  # naked singles not yet placed
        if new:
            continue  # naked singles first: they need the values' fold only
        hidden = _hidden_singles(patterns, board)
        if hidden < 0:
            return None
        new = hidden & ~(placed * replicate)
        if not new:
            # No single left: locked candidates, and singles again if they took something.
            narrowed = _locked_lines(lines, board)
            if narrowed == board:
                return board, placed
            board = narrowed


def _hidden_singles(patterns: Patterns, board: int) -> int:
    """The board bits of values with one place left in a house (placed ones
    too); -1 when a value has no place left in some house."""
    hidden = 0
    shared: tuple[int, ...] = ()
    shared_once = shared_twice = 0
    for plan, groups in patterns:
        # Patterns that begin alike (rows and boxes: a box's rows) share their first fold.
        if plan and plan[0] == shared:
            once, twice, rest = shared_once, shared_twice, plan[1:]
        else:
            once, twice, rest, shared = board, 0, plan, ()
        for stage in rest:
            first_once, first_twice = once, twice
            for shift in stage:
                moved = first_once >> shift
                twice |= (first_twice >> shift) | (once & moved)
                once |= moved
            if not shared:
                shared, shared_once, shared_twice = stage, once, twice
        single = once & ~twice
        for starts, spread in groups:
            if once & starts != starts:
                return -1
            hidden |= (single & starts) * spread
    return board & hidden


def _locked_lines(lines: Sequence[Segments], board: int) -> int:
    """``board`` less what the first of rows and columns to take something takes."""
    for segments in lines:
        narrowed = _locked(segments, board)
        if narrowed != board:
            return narrowed
    return board


def _lone(present: int, shifts: Sequence[int]) -> int:
    """Where ``present`` holds at exactly one of the positions ``0, *shifts`` from here."""
    once, twice = present, 0
    for shift in shifts:
        moved = present >> shift
        twice |= once & moved
        once |= moved
    return once & ~twice


def _spread_back(found: int, shifts: Sequence[int], starts: int) -> int:
    """The ``starts`` with a bit of ``found`` at one of the positions ``0, *shifts`` from them."""
    anywhere = found
    for shift in shifts:
        anywhere |= found >> shift
    return anywhere & starts


def _locked(g: Segments, board: int) -> int:
    """``board`` less what box-line intersections rule out: a value that a box
    holds in one segment only leaves the rest of that segment's line (pointing),
    and a value that a line holds in one segment only leaves the rest of its
    box (claiming), for every value and segment at once."""
    present = _spread_back(board, g.cell_shifts, g.starts)  # per segment: the value is there
    pointing = ((_lone(present, g.box_shifts) & g.box_starts) * g.box_spread) & present
    single = _lone(present, g.line_shifts)
    gone, claiming = 0, 0
    for starts, line_cells in g.line_groups:
        gone |= _spread_back(pointing, g.line_shifts, starts) * line_cells
        claiming |= ((single & starts) * g.line_spread) & present
    gone &= ~(pointing * g.cells)
    gone |= (_spread_back(claiming, g.box_shifts, g.box_starts) * g.box_cells) & ~(claiming * g.cells)
    return board & ~gone


def pairs(t: PureTables, board: int, placed: int) -> int:
    """The open cells with exactly two candidates (three-level folds over the values)."""
    once, twice, thrice = board, 0, 0
    for stage in t.value_plan:
        first_once, first_twice, first_thrice = once, twice, thrice
        for shift in stage:
            moved, moved_twice = first_once >> shift, first_twice >> shift
            thrice |= (first_thrice >> shift) | (twice & moved) | (once & moved_twice)
            twice |= moved_twice | (once & moved)
            once |= moved
    return twice & ~thrice & t.cells & ~placed


class PureSearch:
    """Solving and counting for one shape; the same operations as the
    compiled search object (kernel_search.KernelSearch), on :data:`State`."""

    # Houses only: a killer's cages go to SAT with this search.
    keeps_cages = False
    # A node costs a hundred times the compiled search's, so the search in
    # cell order gives up ten times sooner (the answers are the same).
    in_order_share = 10

    def __init__(self, shape: Shape) -> None:
        self.table = pure_tables(shape)

    def start(self, givens: Sequence[int], locked: bool = True) -> State | None:
        """The propagated state of the givens, or None when they contradict;
        without ``locked``, propagated by singles alone."""
        t = self.table
        new = 0
        for cell, value in enumerate(givens):
            if value:
                new |= 1 << ((value - 1) * t.block + t.position[cell])
        full = t.cells * t.replicate
        return propagate(t, full, 0, new, locked)

    def assign(self, state: State, cell: int, value_bit: int) -> State | None:
        """``state`` with value ``value_bit`` (bit v-1 for v) placed in ``cell``, propagated."""
        t = self.table
        bit = 1 << ((value_bit.bit_length() - 1) * t.block + t.position[cell])
        if not state[0] & bit:
            return None
        return propagate(t, state[0], state[1], bit)

    def exclude(self, state: State, cell: int, value_bit: int) -> State | None:
        """``state`` with one candidate of ``cell`` removed, propagated."""
        t = self.table
        bit = 1 << ((value_bit.bit_length() - 1) * t.block + t.position[cell])
        return propagate(t, state[0] & ~bit, state[1], 0)

    def open_candidates(self, state: State, cell: int) -> int:
        """The candidates of an open cell (bit v-1 for value v); 0 for a placed cell."""
        t = self.table
        own = t.position[cell]
        if state[1] >> own & 1:
            return 0
        board = state[0] >> own
        return sum(1 << v for v, shift in enumerate(t.value_shifts) if board >> shift & 1)

    def fixed_and_candidates(self, state: State) -> tuple[list[int], list[int]]:
        """Each cell's placed value (0 when open) and candidates (0 when placed)."""
        fixed = self.values(state)
        candidates = [0 if value else self.open_candidates(state, cell) for cell, value in enumerate(fixed)]
        return fixed, candidates

    def values(self, state: State) -> list[int]:
        """The value of every placed cell, 0 for the open ones."""
        t = self.table
        board, placed = state
        out = []
        for own in t.position:
            if placed >> own & 1:
                out.append(((board >> own) & t.replicate).bit_length() // t.block + 1)
            else:
                out.append(0)
        return out

    def run(
        self,
        state: State,
        limit: int,
        in_order: bool,
        should_stop: StopCheck | None,
        progress: ProgressCallback | None = None,
        max_nodes: int = _NO_BUDGET,
    ) -> tuple[int, tuple[int, ...] | None]:
        """Count solutions from a propagated state up to ``limit``; also the
        first found. Count -1 when ``max_nodes`` ran out first.

        Branches on the first open cell with two candidates (else the first
        open cell with the fewest), or with ``in_order`` on the first open cell,
        values ascending: then the first solution found is the first in
        row-major order.
        """
        try:
            return self._search(state, limit, in_order, should_stop, progress, max_nodes)
        except _OutOfNodes:
            return -1, None

    def _search(
        self,
        state: State,
        limit: int,
        in_order: bool,
        should_stop: StopCheck | None,
        progress: ProgressCallback | None,
        max_nodes: int,
    ) -> tuple[int, tuple[int, ...] | None]:
        t = self.table
        cells, replicate = t.cells, t.replicate
        polled = should_stop is not None or progress is not None
        next_poll = POLL_NODES if polled else _NO_BUDGET
        count, first, nodes = 0, None, 0
        board, placed = state
        # Each frame: board, placed, position of the branch cell, values left to try (as block bits).
        frames: list[list[int]] = []
        while True:
            if board >= 0:  # a node to descend into (-1: go back up)
                free = cells & ~placed
                if not free:
                    count += 1
                    if first is None:
                        first = tuple(self.values((board, placed)))
                    if count >= limit:
                        break
                else:
                    own = (free & -free).bit_length() - 1 if in_order else _branch_cell(t, board, placed, free)
                    frames.append([board, placed, own, (board >> own) & replicate])
            if not frames:
                break
            frame = frames[-1]
            rest = frame[3]
            if not rest:
                frames.pop()
                board = -1
                continue
            low = rest & -rest
            frame[3] = rest ^ low
            nodes += 1
            if nodes >= next_poll or nodes >= max_nodes:
                next_poll = _poll(nodes, next_poll, max_nodes, should_stop, progress)
            found = propagate(t, frame[0], frame[1], low << frame[2])
            if found is None:
                board = -1
            else:
                board, placed = found
        return count, first


def _poll(
    nodes: int, next_poll: int, max_nodes: int, should_stop: StopCheck | None, progress: ProgressCallback | None
) -> int:
    """Between two stretches of search: stop, cancel or report; the next poll's node count."""
    if nodes >= max_nodes:
        raise _OutOfNodes()
    if nodes < next_poll:
        return next_poll
    if should_stop is not None and should_stop():
        raise Cancelled()
    if progress is not None:
        progress(nodes, 0)
    return next_poll + POLL_NODES


def _branch_cell(t: PureTables, board: int, placed: int, free: int) -> int:
    """The position to branch on: the first open cell with two candidates,
    else the first with the fewest."""
    two = pairs(t, board, placed)
    if two:
        return (two & -two).bit_length() - 1
    best, best_size = -1, 1 << 20
    while free:
        low = free & -free
        free ^= low
        own = low.bit_length() - 1
        size = ((board >> own) & t.replicate).bit_count()
        if size < best_size:
            best, best_size = own, size
            if size <= 3:  # no pairs: three is the fewest an open cell can have
                break
    return best
