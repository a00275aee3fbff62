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
- the columns as nested ordered partitions: *groups* of stacks in form
  order, the stacks of one group still free to swap, and inside each stack
  *blocks* of columns in form order, the columns of a block still free to
  swap. Columns of one block hold the same value (empty, nearly always) in
  every row chosen so far, and stacks of one group give the same row so
  far, so every placement a candidate stands for gives the same prefix;
- the labels given so far, and the next label.

For a candidate and a row, the least row it can produce is found block by
block: empty cells first, then labelled values ascending, then values met for
the first time, which take the next labels in any order. Stacks of a group go
in the order of their own least rows (the order of two stacks' rows does not
depend on how many labels came before them, so sorting them is exact).
Refining a candidate by the row it chose splits each block into its empty
columns (still a block) and one block for each value; stacks whose rows
differ leave their group. Where values met for the first time could come in
several orders (two in one block, or tied stacks holding them), the line is
the same but the labels differ, so each order becomes a candidate of its
own. Candidates that reach the same state (orientation, rows used, column
partition, labels) by different routes, as the rows of an empty band do, are
kept once. Every placement that gives the least prefix is in some candidate,
and every candidate gives it, so the last row leaves exactly the form.

The search supports puzzles that repeat no value within a row or a column
(those are the only ones that can have a solution); others raise
:class:`ValueError`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import permutations, product
from operator import itemgetter
from typing import NamedTuple

from .puzzle import Puzzle, format_line

Lines = tuple[tuple[int, ...], ...]
Labels = tuple[int, ...]  # value -> label; 0 -> 0; _UNSEEN before it is met
Fresh = tuple[int, ...]  # columns whose values take the next labels, in this order
# The next row's line, the band lines left after it, the bands left after it.
Choice = tuple[int, tuple[int, ...], tuple[int, ...]]

# The label of a value not met yet: above every real label. Rows are compared
# with it in place of the labels such values will take, which orders them the
# same way: up to the first difference both rows met as many new values, so
# the one there would take the same label, and it is above every old one.
_UNSEEN = 1 << 20
# Column states compiled so far (a few thousand at most on real collections).
_PLAN_LIMIT = 50_000


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


class _Plan:
    """A column state, compiled for computing least rows quickly.

    ``order`` lists the columns in form order; ``cuts`` has bit ``i`` set
    where a block starts at position ``i`` (every stack starts one);
    ``ties`` has bit ``s`` set when the stacks at positions ``s`` and
    ``s + 1`` are in one group. ``pick`` reads a line's values in form order;
    the least row is their labels with each free block sorted, then the
    stacks of each group sorted as wholes.
    """

    __slots__ = ("blocks", "box", "cuts", "groups", "order", "pick", "ties")

    def __init__(self, order: tuple[int, ...], cuts: int, ties: int, box: int) -> None:
        self.order, self.cuts, self.ties, self.box = order, cuts, ties, box
        n = len(order)
        starts = [i for i in range(n) if cuts >> i & 1] + [n]
        self.blocks = tuple((a, b) for a, b in itertools.pairwise(starts) if b - a > 1)
        groups: list[tuple[int, int, int]] = []
        stack = 0
        while stack < box:
            last = stack
            while ties >> last & 1:
                last += 1
            if last > stack:
                groups.append((stack * box, (last + 1) * box, box))
            stack = last + 1
        self.groups = tuple(groups)
        self.pick = itemgetter(*order)


_plans: dict[tuple[tuple[int, ...], int, int], _Plan] = {}


def _plan(order: tuple[int, ...], cuts: int, ties: int, box: int) -> _Plan:
    """The compiled state, one object per state so that it can stand for it in keys."""
    found = _plans.get((order, cuts, ties))
    if found is None:
        if len(_plans) >= _PLAN_LIMIT:
            _plans.clear()
        found = _plans[order, cuts, ties] = _Plan(order, cuts, ties, box)
    return found


class _Candidate(NamedTuple):
    lines: Lines  # the puzzle's rows, or its columns when transposed
    transposed: bool
    rows: tuple[int, ...]  # lines chosen so far, in form order
    pending: tuple[int, ...]  # lines of the band being filled not chosen yet
    bands_left: tuple[int, ...]  # bands not started
    plan: _Plan
    labels: Labels


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


def _lines(puzzle: Puzzle) -> tuple[Lines, Lines]:
    shape = puzzle.shape
    if shape.is_samurai:
        raise ValueError("canonical forms are defined for square boards, not Samurai")
    n = shape.n
    givens = puzzle.givens
    rows = tuple(tuple(givens[r * n : r * n + n]) for r in range(n))
    columns = tuple(zip(*rows, strict=True))
    for line in rows + columns:
        held = [v for v in line if v]
        if len(held) != len(set(held)):
            raise ValueError("the puzzle repeats a value in a row or a column")
    return rows, columns


@cache
def _choices(box: int, pending: tuple[int, ...], bands_left: tuple[int, ...]) -> tuple[Choice, ...]:
    """Each line the next row may come from, with the band state after taking it."""
    if pending:
        return tuple((line, tuple(r for r in pending if r != line), bands_left) for line in pending)
    found: list[Choice] = []
    for band in bands_left:
        rest = tuple(b for b in bands_left if b != band)
        lines = range(band * box, band * box + box)
        found.extend((line, tuple(r for r in lines if r != line), rest) for line in lines)
    return tuple(found)


def _search(puzzle: Puzzle, want_transform: bool) -> tuple[Transform | None, list[int]]:
    shape = puzzle.shape
    box, n = shape.box, shape.n
    stack_starts = sum(1 << i for i in range(0, n, box))
    # Every column free inside its stack, every stack free.
    plan = _plan(tuple(range(n)), stack_starts, (1 << (box - 1)) - 1, box)
    labels = (0,) + (_UNSEEN,) * n
    candidates = [
        _Candidate(lines, transposed, (), (), tuple(range(box)), plan, labels)
        for lines, transposed in zip(_lines(puzzle), (False, True), strict=True)
    ]
    form: list[int] = []
    next_label = 1
    for row in range(n):
        best: list[int] = []
        winners: list[tuple[_Candidate, Choice]] = []
        for candidate in candidates:
            lines, plan, labels = candidate.lines, candidate.plan, candidate.labels
            for choice in _choices(box, candidate.pending, candidate.bands_left):
                key = _row_key(plan, lines[choice[0]], labels)
                if not winners or key < best:
                    best = key
                    winners = [(candidate, choice)]
                elif key == best:
                    winners.append((candidate, choice))
        for label in best:
            if label == _UNSEEN:
                label = next_label
                next_label += 1
            form.append(label)
        if row < n - 1 or want_transform:
            candidates = _advance(winners, next_label - best.count(_UNSEEN))
    return (_transform(candidates[0], n) if want_transform else None), form


def _row_key(plan: _Plan, values: tuple[int, ...], labels: Labels) -> list[int]:
    """The least row a candidate can give from one line, new values as _UNSEEN."""
    key = [labels[v] for v in plan.pick(values)]
    for start, end in plan.blocks:
        key[start:end] = sorted(key[start:end])
    for start, end, width in plan.groups:
        parts = sorted([key[i : i + width] for i in range(start, end, width)])
        key[start:end] = [label for part in parts for label in part]
    return key


def _advance(winners: list[tuple[_Candidate, Choice]], next_label: int) -> list[_Candidate]:
    """The candidates after each winner takes its row, each state kept once.

    ``next_label`` is the label the row's first new value takes."""
    found: dict[tuple[object, ...], _Candidate] = {}
    for candidate, (line, pending, bands_left) in winners:
        values = candidate.lines[line]
        old = candidate.labels
        rows = (*candidate.rows, line)
        for plan, fresh in _refine(candidate.plan, [old[v] for v in values]):
            labels = old
            if fresh:
                relabelled = list(old)
                for offset, col in enumerate(fresh):
                    relabelled[values[col]] = next_label + offset
                labels = tuple(relabelled)
            state = (candidate.transposed, pending, bands_left, plan, labels)
            if state not in found:
                found[state] = _Candidate(
                    candidate.lines, candidate.transposed, rows, pending, bands_left, plan, labels
                )
    return list(found.values())


def _transform(candidate: _Candidate, n: int) -> Transform:
    relabel = list(candidate.labels)
    next_label = max(label for label in relabel if label != _UNSEEN) + 1
    # Values absent from the puzzle take the labels left, so relabel is a permutation.
    for value in range(1, n + 1):
        if relabel[value] == _UNSEEN:
            relabel[value] = next_label
            next_label += 1
    return Transform(candidate.transposed, candidate.rows, candidate.plan.order, tuple(relabel))


def _refine(plan: _Plan, row_labels: list[int]) -> list[tuple[_Plan, Fresh]]:
    """Every column state that gives the least row from a line, with the
    columns of its new values in the order they are met. ``row_labels`` are
    the line's labels by column."""
    order = list(plan.order)
    for start, end in plan.blocks:
        # Empty columns first (still a block), then labelled ones ascending, then new ones.
        order[start:end] = sorted(order[start:end], key=lambda col: (row_labels[col], col))
    ties = 0
    # Tied stacks holding new values may come in any order (their starts),
    # as may new values of one block (their positions).
    moves: list[list[int]] = []
    for start, end, width in plan.groups:
        ties |= _sort_stacks(order, row_labels, start, end, width, moves)
    swaps: list[list[int]] = []
    cuts = plan.cuts
    for start, end in plan.blocks:
        for i in range(start + 1, end):
            if row_labels[order[i]]:
                cuts |= 1 << i
        new = [i for i in range(start, end) if row_labels[order[i]] == _UNSEEN]
        if len(new) > 1:
            swaps.append(new)
    box = plan.box
    if not swaps and not moves:
        return [(_plan(tuple(order), cuts, ties, box), tuple(col for col in order if row_labels[col] == _UNSEEN))]
    variants: list[tuple[_Plan, Fresh]] = []
    for arranged in _arrangements(order, swaps, moves, plan.box):
        fresh = tuple(col for col in arranged if row_labels[col] == _UNSEEN)
        variants.append((_plan(tuple(arranged), cuts, ties, box), fresh))
    return variants


def _sort_stacks(
    order: list[int], row_labels: list[int], start: int, end: int, width: int, moves: list[list[int]]
) -> int:
    """Put the stacks of one group in the order of their rows; return the tie
    bits of the stacks that still tie, and add to ``moves`` the starts of
    tied stacks whose order changes the labels."""
    keyed = sorted(
        ([row_labels[col] for col in order[i : i + width]], order[i : i + width]) for i in range(start, end, width)
    )
    order[start:end] = [col for _, stack in keyed for col in stack]
    ties = 0
    first = 0
    for index in range(1, len(keyed) + 1):
        if index < len(keyed) and keyed[index][0] == keyed[first][0]:
            continue
        if index - first > 1:
            starts = [start + i * width for i in range(first, index)]
            if _UNSEEN in keyed[first][0]:
                moves.append(starts)
            else:
                # Same row, no new labels: every order of them is still alike.
                for position in starts[:-1]:
                    ties |= 1 << (position // width)
        first = index
    return ties


def _arrangements(order: list[int], swaps: list[list[int]], moves: list[list[int]], box: int) -> Iterator[list[int]]:
    """Every order of the columns that the swaps and the moves allow."""
    options: list[list[tuple[list[int], list[int]]]] = []
    for positions in swaps:
        cols = [order[i] for i in positions]
        options.append([(positions, list(perm)) for perm in permutations(cols)])
    for combination in product(*options):
        swapped = list(order)
        for positions, cols in combination:
            for position, col in zip(positions, cols, strict=True):
                swapped[position] = col
        yield from _moved(swapped, moves, box)


def _moved(order: list[int], moves: list[list[int]], box: int) -> Iterator[list[int]]:
    options = [list(permutations(starts)) for starts in moves]
    for combination in product(*options):
        moved = list(order)
        for starts, perm in zip(moves, combination, strict=True):
            for target, source in zip(starts, perm, strict=True):
                moved[target : target + box] = order[source : source + box]
        yield moved
