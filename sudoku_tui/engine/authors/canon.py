"""Canonical forms of square puzzles, and de-duplication of collections.

Two puzzles are *equivalent* when one becomes the other by the changes that
keep a Sudoku a Sudoku: permuting the rows inside a band, the bands, the
columns inside a stack, the stacks, transposing (rows become columns), and
relabelling the values. The *canonical form* of a puzzle is the least puzzle
line of its class, so two puzzles are equivalent exactly when their forms are
equal.

The order
---------
A form is a puzzle line (``.`` for an empty cell, then the symbols), and
lines are compared character by character with ``.`` before ``1`` before
``2`` ... (``.123456789`` is ASCII order, so plain ``str`` comparison agrees).
Internally an empty cell is 0 and a value its number, and the line is a
sequence of ints compared the same way. The least form therefore starts with
as many empty cells as possible, and its givens are labelled ``1``, ``2``, ...
in the order they are first met in reading order.

What is minimised
-----------------
For a fixed placement of the cells (a choice of row order, column order and
transposition), the least relabelling is the one that numbers the values by
first appearance in reading order: at the first cell holding a value not
numbered yet, any other choice than the smallest unused label gives a larger
line there, and nothing before it changes. So the form is the least, over the
placements, of the line relabelled by first appearance.

How the search is pruned
------------------------
Lines are compared from their first character, and the first row is the
first ``n`` characters. Hence the first row of the form is the least first row
that any placement can produce, and only the placements that produce it can
produce the form; among those, the second row of the form is the least
second row they can produce, and so on. The search builds the form row by
row keeping exactly the placements that achieve the least prefix so far.

They are kept as *candidates*, each standing for many placements at once:

- the orientation (transposed or not) and the rows chosen so far, with the
  band being filled: the next row comes from that band, or when it is full
  from any band not used yet;
- the columns as an ordered partition: the stacks in form order, except
  that a *group* of stacks may still swap, and inside each stack *blocks* of
  columns in form order, the columns of a block still free to swap. The
  columns of a block are empty in every row chosen so far (a row never
  holds a value twice), and the stacks of a group give the same row so far,
  so every placement a candidate stands for gives the same prefix. The
  state is kept flat (``_Plan``): the columns in form order, a bit set of
  block starts and one of stacks tied to the next;
- the labels given so far (the next label is the same for every candidate,
  since they share the prefix).

For a candidate and a line, the least row it can give is found block by
block: empty cells first, then labelled values ascending, then values met for
the first time, which take the next labels in any order. Stacks of a group go
in the order of their own least rows (the order of two stacks' rows does not
depend on how many labels came before them, so sorting them is exact). Rows
are compared with every new value as one mark above all labels, which orders
them as their numbered forms would: up to the first difference both met as
many new values.

Refining a candidate by the line it chose splits each block into its empty
columns (still a block) and one block for each value; stacks whose rows
differ leave their group. Where values met for the first time could come in
several orders (two in one block, or tied stacks holding them), the line is
the same but the labels differ, so each order becomes a candidate of its
own. Candidates that reach the same state (orientation, rows used, column
partition, labels) by different routes, as the rows of an empty band do, are
kept once. Every placement that gives the least prefix is in some candidate,
and every candidate gives it, so the last row leaves exactly the form.

Speed: a state's least rows and refinements depend only on the labels of the
line read in its column order, and collections meet the same few thousand
states again and again, so both are remembered per state (bounded, see
:func:`clear_caches`). On 9x9 a puzzle takes a few hundred microseconds.

Limits: the search takes puzzles that repeat no value within a row or a
column (the only ones that can have a solution); others raise
:class:`ValueError`. Boards of any square size work, but each order of new
values in a row is a candidate, and a row whose blocks hold many new values
leaves factorially many: a full 9x9 first row leaves 1,296, a full 16x16 row
about 8 million, so such puzzles (dense 16x16 and larger) raise
:class:`ValueError` instead of running out of memory. Samurai boards are not
square and are refused too.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import pairwise, permutations, product
from math import factorial, prod
from operator import itemgetter
from typing import ClassVar, NamedTuple

from ..board.puzzle import Puzzle, format_line

Lines = tuple[tuple[int, ...], ...]
Labels = tuple[int, ...]  # value -> label; 0 -> 0; _UNSEEN before it is met
Row = tuple[int, ...]  # labels of one line read in a column state's order
Fresh = tuple[int, ...]  # columns whose values take the next labels, in this order
# The next row's line, the band lines left after it, the bands left after it.
Choice = tuple[int, tuple[int, ...], tuple[int, ...]]

# The label of a value not met yet: above every real label. Rows are compared
# with it in place of the labels such values will take, which orders them the
# same way: up to the first difference both rows met as many new values, so
# the one there would take the same label, and it is above every old one.
_UNSEEN = 1 << 20
# Above every row, so the first row met is the least so far.
_ABOVE_ALL = (_UNSEEN + 1,)
# Bounds on what is remembered between puzzles: column states, and least rows
# and refinements over all states (real collections meet a few thousand
# states; 50,000 rows take about 25 MB).
_PLAN_LIMIT = 20_000
_MEMO_LIMIT = 50_000
# Orders of new values one row may leave open. A 9x9 row leaves at most
# 3!^4 = 1,296 (a full first row); a full 16x16 row would leave 4!^5, about
# 8 million, each a candidate: such boards are refused rather than searched.
_VARIANT_LIMIT = 50_000


@dataclass(frozen=True)
class Transform:
    """A placement and relabelling that turns a puzzle into its canonical form.

    Row ``i`` of the form is line ``rows[i]`` of the puzzle (its columns when
    ``transposed``), column ``j`` of the form is position ``columns[j]`` of
    those lines, and value ``v`` becomes ``relabel[v]`` (``relabel[0]`` is 0).
    """

    transposed: bool
    rows: tuple[int, ...]
    columns: tuple[int, ...]
    relabel: tuple[int, ...]

    def apply(self, puzzle: Puzzle) -> Puzzle:
        """The puzzle moved and relabelled."""
        n = puzzle.shape.n
        givens = puzzle.givens
        relabel = self.relabel
        values: list[int] = []
        for row in self.rows:
            for col in self.columns:
                cell = col * n + row if self.transposed else row * n + col
                values.append(relabel[givens[cell]])
        return Puzzle(puzzle.shape, tuple(values), puzzle.label)


def canonical_form(puzzle: Puzzle) -> str:
    """The least line among the puzzles equivalent to ``puzzle`` (see the module's docstring)."""
    return format_line(puzzle.shape, _search(puzzle, False)[1])


def canonical_transform(puzzle: Puzzle) -> Transform:
    """A transform that gives the canonical form: ``t.apply(puzzle).to_line() == canonical_form(puzzle)``."""
    found = _search(puzzle, True)[0]
    assert found is not None
    return found


def dedupe(puzzles: Iterable[Puzzle]) -> Iterator[Puzzle]:
    """The first puzzle of each class of equivalent puzzles, in the order given."""
    seen: set[tuple[str, str]] = set()
    for puzzle in puzzles:
        key = (puzzle.shape.name, canonical_form(puzzle))
        if key not in seen:
            seen.add(key)
            yield puzzle


def clear_caches() -> None:
    """Forget the column states and least rows remembered between puzzles.

    They make later puzzles of a collection faster and are bounded
    (``_PLAN_LIMIT``, ``_MEMO_LIMIT``); benchmarks clear them to time a cold start.
    """
    _Memo.plans = {}
    _Memo.entries = 0


class _Plan:
    """A column state, compiled for computing least rows quickly.

    ``order`` lists the columns in form order; ``cuts`` has bit ``i`` set
    where a block starts at position ``i`` (every stack starts one);
    ``ties`` has bit ``s`` set when the stacks at positions ``s`` and
    ``s + 1`` are in one group. ``pick`` reads a line in form order. The
    least row of a line is its labels in that order with each free block
    sorted, then the stacks of each group sorted as wholes; ``rows`` and
    ``refined`` remember least rows and refinements by those labels.
    """

    __slots__ = ("blocks", "box", "cuts", "fixed", "groups", "order", "pick", "refined", "rows", "ties")

    def __init__(self, order: tuple[int, ...], cuts: int, ties: int, box: int) -> None:
        self.order, self.cuts, self.ties, self.box = order, cuts, ties, box
        n = len(order)
        starts = [i for i in range(n) if cuts >> i & 1] + [n]
        self.blocks = tuple((a, b) for a, b in pairwise(starts) if b - a > 1)
        groups: list[tuple[int, int]] = []
        stack = 0
        while stack < box:
            last = stack
            while ties >> last & 1:
                last += 1
            if last > stack:
                groups.append((stack * box, (last + 1) * box))
            stack = last + 1
        self.groups = tuple(groups)
        self.fixed = not self.blocks and not self.groups
        self.pick = itemgetter(*order)
        self.rows: dict[Row, Row] = {}
        self.refined: dict[Row, list[tuple[_Plan, Fresh]]] = {}


class _Memo:
    """Column states by their parts, one object each so that it can stand for
    the state in keys; and the number of rows remembered in all of them."""

    plans: ClassVar[dict[tuple[tuple[int, ...], int, int], _Plan]] = {}
    entries: ClassVar[int] = 0

    @classmethod
    def plan(cls, order: tuple[int, ...], cuts: int, ties: int, box: int) -> _Plan:
        found = cls.plans.get((order, cuts, ties))
        if found is None:
            if len(cls.plans) >= _PLAN_LIMIT or cls.entries >= _MEMO_LIMIT:
                cls.plans = {}
                cls.entries = 0
            found = cls.plans[order, cuts, ties] = _Plan(order, cuts, ties, box)
        return found


class _Candidate(NamedTuple):
    lines: Lines  # the puzzle's rows, or its columns when transposed
    transposed: bool
    rows: tuple[int, ...]  # lines chosen so far, in form order
    choices: tuple[Choice, ...]  # the lines the next row may come from
    plan: _Plan
    labels: Labels


def _lines(puzzle: Puzzle) -> tuple[Lines, Lines]:
    shape = puzzle.shape
    if shape.is_samurai:
        raise ValueError("canonical forms are defined for square boards, not Samurai")
    n = shape.n
    givens = puzzle.givens
    rows = tuple([givens[r * n : r * n + n] for r in range(n)])
    columns = tuple(zip(*rows, strict=True))
    for line in rows + columns:
        empty = line.count(0)
        if len(set(line)) != n - empty + (1 if empty else 0):
            raise ValueError("the puzzle repeats a value in a row or a column")
    return rows, columns


@cache
def _choices(box: int, pending: tuple[int, ...], bands_left: tuple[int, ...]) -> tuple[Choice, ...]:
    """Each line the next row may come from (from the band being filled, or
    when it is full from a band not started), with the band state after it."""
    if pending:
        return tuple((line, tuple(r for r in pending if r != line), bands_left) for line in pending)
    found: list[Choice] = []
    for band in bands_left:
        rest = tuple(b for b in bands_left if b != band)
        lines = range(band * box, band * box + box)
        found.extend((line, tuple(r for r in lines if r != line), rest) for line in lines)
    return tuple(found)


def _search(puzzle: Puzzle, want_transform: bool) -> tuple[Transform | None, list[int]]:
    box, n = puzzle.shape.box, puzzle.shape.n
    stack_starts = sum(1 << i for i in range(0, n, box))
    # Every column free inside its stack, every stack free.
    plan = _Memo.plan(tuple(range(n)), stack_starts, (1 << (box - 1)) - 1, box)
    labels = (0,) + (_UNSEEN,) * n
    choices = _choices(box, (), tuple(range(box)))
    candidates = [
        _Candidate(lines, transposed, (), choices, plan, labels)
        for lines, transposed in zip(_lines(puzzle), (False, True), strict=True)
    ]
    form: list[int] = []
    next_label = 1
    for row in range(n):
        best, winners = _least_row(candidates)
        if _UNSEEN in best:
            for label in best:
                if label == _UNSEEN:
                    label = next_label
                    next_label += 1
                form.append(label)
        else:
            form += best
        if row < n - 1 or want_transform:
            candidates = _advance(winners, next_label - best.count(_UNSEEN))
    return (_transform(candidates[0], n) if want_transform else None), form


Winner = tuple[_Candidate, Choice, Row]


def _least_row(candidates: list[_Candidate]) -> tuple[Row, list[Winner]]:
    """The least next row over every candidate and line, and who gives it
    (with the labels of the line in the candidate's column order)."""
    best: Row = _ABOVE_ALL
    winners: list[Winner] = []
    for candidate in candidates:
        lines, _, _, choices, plan, labels = candidate
        label_of = labels.__getitem__
        pick, known, fixed = plan.pick, plan.rows, plan.fixed
        for choice in choices:
            picked = tuple(map(label_of, pick(lines[choice[0]])))
            key = picked if fixed else known.get(picked) or _row_key(plan, picked)
            if key < best:
                best = key
                winners = [(candidate, choice, picked)]
            elif key == best:
                winners.append((candidate, choice, picked))
    return best, winners


def _row_key(plan: _Plan, picked: Row) -> Row:
    """The least row from a line whose labels in form order are ``picked``."""
    key = list(picked)
    for start, end in plan.blocks:
        key[start:end] = sorted(key[start:end])
    width = plan.box
    for start, end in plan.groups:
        parts = sorted([key[i : i + width] for i in range(start, end, width)])
        key[start:end] = [label for part in parts for label in part]
    found = plan.rows[picked] = tuple(key)
    _Memo.entries += 1
    return found


def _advance(winners: list[Winner], next_label: int) -> list[_Candidate]:
    """The candidates after each winner takes its row, each state kept once.

    ``next_label`` is the label the row's first new value takes."""
    found: dict[tuple[object, ...], _Candidate] = {}
    for (lines, transposed, rows, _, plan, old), (line, pending, bands_left), picked in winners:
        values = lines[line]
        rows = (*rows, line)
        choices = _choices(plan.box, pending, bands_left)
        for new_plan, fresh in _refinements(plan, picked):
            labels = old
            if fresh:
                relabelled = list(old)
                for offset, col in enumerate(fresh):
                    relabelled[values[col]] = next_label + offset
                labels = tuple(relabelled)
            state = (transposed, choices, new_plan, labels)
            if state not in found:
                found[state] = _Candidate(lines, transposed, rows, choices, new_plan, labels)
    return list(found.values())


def _refinements(plan: _Plan, picked: Row) -> list[tuple[_Plan, Fresh]]:
    """:func:`_refine`, remembered."""
    if plan.fixed:
        # Nothing left to order: the new values come in the plan's order.
        return [(plan, tuple([col for label, col in zip(picked, plan.order, strict=True) if label == _UNSEEN]))]
    found = plan.refined.get(picked)
    if found is None:
        found = plan.refined[picked] = _refine(plan, picked)
        _Memo.entries += 1
    return found


def _transform(candidate: _Candidate, n: int) -> Transform:
    relabel = list(candidate.labels)
    next_label = max(label for label in relabel if label != _UNSEEN) + 1
    # Values absent from the puzzle take the labels left, so relabel is a permutation.
    for value in range(1, n + 1):
        if relabel[value] == _UNSEEN:
            relabel[value] = next_label
            next_label += 1
    return Transform(candidate.transposed, candidate.rows, candidate.plan.order, tuple(relabel))


def _refine(plan: _Plan, picked: Row) -> list[tuple[_Plan, Fresh]]:
    """Every column state that gives the least row from a line, with the
    columns of its new values in the order they are met. ``picked`` are the
    line's labels in the plan's column order."""
    cells = list(zip(picked, plan.order, strict=True))
    # Empty columns first (still a block), then labelled ones ascending, then
    # new ones; free columns in ascending order, so equal states look alike.
    for start, end in plan.blocks:
        cells[start:end] = sorted(cells[start:end])
    ties = 0
    # Tied stacks holding new values may come in any order (their starts),
    # as may the new values of one block (their positions).
    moves: list[list[int]] = []
    for start, end in plan.groups:
        ties |= _sort_stacks(cells, start, end, plan.box, moves)
    swaps: list[list[int]] = []
    cuts = plan.cuts
    for start, end in plan.blocks:
        for i in range(start + 1, end):
            if cells[i][0]:
                cuts |= 1 << i
        new = [i for i in range(start, end) if cells[i][0] == _UNSEEN]
        if len(new) > 1:
            swaps.append(new)
    order = [col for _, col in cells]
    unseen = {col for label, col in cells if label == _UNSEEN}
    if not swaps and not moves:
        return [(_Memo.plan(tuple(order), cuts, ties, plan.box), tuple(col for col in order if col in unseen))]
    if prod(factorial(len(group)) for group in swaps + moves) > _VARIANT_LIMIT:
        raise ValueError("too many orders of new values to search: the puzzle is too dense for a canonical form")
    variants: list[tuple[_Plan, Fresh]] = []
    for arranged in _arrangements(order, swaps, moves, plan.box):
        fresh = tuple(col for col in arranged if col in unseen)
        variants.append((_Memo.plan(tuple(arranged), cuts, ties, plan.box), fresh))
    return variants


def _sort_stacks(cells: list[tuple[int, int]], start: int, end: int, width: int, moves: list[list[int]]) -> int:
    """Put the stacks of one group in the order of their rows; return the tie
    bits of the stacks that still tie, and add to ``moves`` the starts of
    tied stacks whose order changes the labels."""
    stacks = sorted(
        ([label for label, _ in cells[i : i + width]], cells[i : i + width]) for i in range(start, end, width)
    )
    cells[start:end] = [cell for _, stack in stacks for cell in stack]
    ties = 0
    first = 0
    for index in range(1, len(stacks) + 1):
        if index < len(stacks) and stacks[index][0] == stacks[first][0]:
            continue
        if index - first > 1:
            starts = [start + i * width for i in range(first, index)]
            if _UNSEEN in stacks[first][0]:
                moves.append(starts)
            else:
                # Same row, no new labels: every order of them is still alike.
                for position in starts[:-1]:
                    ties |= 1 << (position // width)
        first = index
    return ties


def _arrangements(order: list[int], swaps: list[list[int]], moves: list[list[int]], box: int) -> Iterator[list[int]]:
    """Every order of the columns that the swaps and the moves allow."""
    options = [[(positions, perm) for perm in permutations([order[i] for i in positions])] for positions in swaps]
    for combination in product(*options):
        swapped = list(order)
        for positions, cols in combination:
            for position, col in zip(positions, cols, strict=True):
                swapped[position] = col
        for starts in product(*(permutations(starts) for starts in moves)):
            moved = list(swapped)
            for targets, sources in zip(moves, starts, strict=True):
                for target, source in zip(targets, sources, strict=True):
                    moved[target : target + box] = swapped[source : source + box]
            yield moved
