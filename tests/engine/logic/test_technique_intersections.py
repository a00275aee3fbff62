"""Intersections: Locked Candidates type 1 (pointing) and type 2 (claiming).

Where the positions come from, their notation and the checks: technique_positions.py.
"""

from __future__ import annotations

import pytest
from technique_positions import Case, Position, case_id, check_case

POINTING = Position(
    source="puzzles/9x9-extreme.txt line 4, after 16 steps of the logic runner",
    values="9....15.27...329..2..9.5.4...8523.9112..49.8559.1..2...19357.2....21...93.2.9...7",
    cands="""
        .     3468  346   | 4678  678   .     | .     367   .
        .     4568  1456  | 468   .     .     | .     16    68
        .     368   136   | .     678   .     | 13678 .     368
        ------------------+-------------------+------------------
        46    467   .     | .     .     .     | 467   .     .
        .     .     367   | 67    .     .     | 367   .     .
        .     .     3467  | .     678   68    | .     367   346
        ------------------+-------------------+------------------
        468   .     .     | .     .     .     | 468   .     468
        468   4567  4567  | .     .     468   | 3468  356   .
        .     456   .     | 68    .     468   | 1468  156   .
    """,
    solution="934871562765432918281965743478523691126749385593186274819357426657214839342698157",
)

CLAIMING = Position(
    source="puzzles/9x9-extreme.txt line 7, after 14 steps of the logic runner",
    values="31.8..4.6.894632.14...15....7.6.49...4.....2...3..1.64...34...22..1.634.134..26.9",
    cands="""
        .     .     257   | .     279   79    | .     579   .
        57    .     .     | .     .     .     | .     57    .
        .     26    267   | 279   .     .     | 78    3789  378
        ------------------+-------------------+------------------
        58    .     1258  | .     2358  .     | .     138   358
        5689  .     1568  | 579   35789 789   | 1578  .     3578
        589   259   .     | 2579  25789 .     | 578   .     .
        ------------------+-------------------+------------------
        56789 569   5678  | .     .     789   | 1578  178   .
        .     59    578   | .     5789  .     | .     .     578
        .     .     .     | 57    578   .     | .     78    .
    """,
    solution="312879456589463271467215893871624935645937128923581764796348512258196347134752689",
)

CASES = [
    Case("Locked Candidates Type 1 (Pointing)", POINTING, "r1c3<>3, r3c3<>3", quiet_after=True),
    Case("Locked Candidates Type 2 (Claiming)", CLAIMING, "r8c5<>5", quiet_after=True),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_finds_its_step(case: Case) -> None:
    check_case(case)
