"""Forcing chains and nets: Contradiction and Verity, and the Nested Forcing Net.

FORCING is the state of puzzles/9x9-extreme.txt line 7, as the file was
before it was made again (`git show a161c0f:puzzles/9x9-extreme.txt`),
where an earlier logic runner first ran out of every pattern and needed a
forcing chain; with the forcing chains (and then the plain nets) left out of
its table, that runner took each later forcing technique at that same state,
so one position serves all five. Each finder's placement and elimination
forms are both checked, and the net steps chosen are ones the chains cannot
find.
The shared checks are in technique_positions.py.
"""

from __future__ import annotations

import pytest
from technique_positions import Case, Position, case_id, check_case, check_quiet, first_steps, shape

FORCING = Position(
    source="an earlier puzzles/9x9-extreme.txt (commit a161c0f) line 7, after 20 steps of an earlier logic runner",
    values="2.6..4397..4...5.113...9.4...125...37634918525.2.38.1.42.....3.6.9.4.1..3189.5..4",
    cands="""
        .    58   .    | 158  18   .    | .    .    .
        89   789  .    | 3678 2678 23   | .    268  .
        .    .    57   | 578  2678 .    | 26   .    68
        ---------------+----------------+---------------
        89   489  .    | .    .    67   | 49   67   .
        .    .    .    | .    .    .    | .    .    .
        .    49   .    | 67   .    .    | 4679 .    69
        ---------------+----------------+---------------
        .    .    57   | 1678 178  67   | 69   .    5689
        .    57   .    | 378  .    23   | .    278  58
        .    .    .    | .    267  .    | 267  267  .
    """,
    solution="286514397974362581135879246891257463763491852542638719427186935659743128318925674",
)

# The same puzzle with one cell left: nothing to force, nothing to contradict.
ONE_EMPTY_CELL = Position(
    source="an earlier puzzles/9x9-extreme.txt (commit a161c0f) line 7, after 60 steps of an earlier logic runner",
    values="2865143979743625811358792468912574637634918525426387194271869356597431283189256.4",
    cands="""
        . . . | . . . | . . .
        . . . | . . . | . . .
        . . . | . . . | . . .
        ------+-------+------
        . . . | . . . | . . .
        . . . | . . . | . . .
        . . . | . . . | . . .
        ------+-------+------
        . . . | . . . | . . .
        . . . | . . . | . . .
        . . . | . . . | . 7 .
    """,
    solution="286514397974362581135879246891257463763491852542638719427186935659743128318925674",
)

CASES = [
    Case("Forcing Chain Contradiction", FORCING, "r1c5<>8"),
    Case("Forcing Chain Verity", FORCING, "r3c4<>7, r8c8<>7"),
    Case("Forcing Chain Verity", FORCING, "r1c5=1"),
    Case("Forcing Net Contradiction", FORCING, "r1c2<>5"),
    # Assuming a candidate false comes after every assumption of one true.
    Case("Forcing Net Contradiction", FORCING, "r1c2=8", within=60),
    Case("Forcing Net Verity", FORCING, "r2c1=9"),
    Case("Forcing Net Verity", FORCING, "r7c9<>8, r8c4<>8"),
    Case("Nested Forcing Net", FORCING, "r2c6<>3"),
]

# What a net finds beyond the technique before it, which sees only singles
# (or, for the nested net, only what a plain net cannot).
BEYOND = [
    ("Forcing Net Contradiction", "Forcing Chain Contradiction", "r1c2<>5"),
    ("Forcing Net Verity", "Forcing Chain Verity", "r2c1=9"),
    ("Forcing Net Verity", "Forcing Chain Verity", "r7c9<>8, r8c4<>8"),
    ("Nested Forcing Net", "Forcing Net Contradiction", "r2c6<>3"),
    ("Nested Forcing Net", "Forcing Chain Contradiction", "r2c6<>3"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_finds_its_step(case: Case) -> None:
    check_case(case)


@pytest.mark.parametrize(("net", "simpler", "effects"), BEYOND, ids=[f"{n}: {e}" for n, _, e in BEYOND])
def test_net_step_is_beyond_the_simpler_technique(net: str, simpler: str, effects: str) -> None:
    found = [s.effects(shape()) for s in first_steps(simpler, FORCING.grid(), 1000)]
    assert effects not in found, f"{simpler} finds {effects} too, so it does not show what {net} adds"


@pytest.mark.parametrize(
    "name", ["Forcing Chain Contradiction", "Forcing Chain Verity", "Forcing Net Verity", "Nested Forcing Net"]
)
def test_nothing_to_force_in_the_last_cell(name: str) -> None:
    # The net's negated assumption places the last value here, rightly: it is left out.
    check_quiet(name, ONE_EMPTY_CELL)
