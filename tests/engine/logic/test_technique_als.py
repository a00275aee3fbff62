"""Almost Locked Sets: ALS-XZ.

Where the positions come from, their notation and the checks: technique_positions.py.
"""

from __future__ import annotations

import pytest
from technique_positions import Case, Position, case_id, check_case

ALS_XZ = Position(
    source="puzzles/9x9-extreme.txt line 7, after 19 steps of the logic runner",
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
        .    .    57   | 1678 1678 67   | 69   .    5689
        .    57   .    | 378  .    23   | .    278  58
        .    .    .    | .    267  .    | 267  267  .
    """,
    solution="286514397974362581135879246891257463763491852542638719427186935659743128318925674",
)

CASES = [
    Case("ALS-XZ", ALS_XZ, "r7c5<>6", quiet_after=True),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_finds_its_step(case: Case) -> None:
    check_case(case)
