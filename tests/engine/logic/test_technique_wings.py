"""Wings: XY-Wing, XYZ-Wing, W-Wing.

Where the positions come from, their notation and the checks: technique_positions.py.
"""

from __future__ import annotations

import pytest
from technique_positions import Case, Position, case_id, check_case

XY_WING = Position(
    source="puzzles/9x9-unfair.txt line 34, after 37 steps of the logic runner",
    values="293..6.7.7.41293.66.1..794213.2746.9946815237.27693.1..7..62.9..1295876..697.1825",
    cands="""
        .   .   .   | 45  48  .   | 15  .   18
        .   58  .   | .   .   .   | .   58  .
        .   58  .   | 35  38  .   | .   .   .
        ------------+-------------+------------
        .   .   58  | .   .   .   | .   58  .
        .   .   .   | .   .   .   | .   .   .
        58  .   .   | .   .   .   | 45  .   48
        ------------+-------------+------------
        58  .   58  | 34  .   .   | 14  .   134
        34  .   .   | .   .   .   | .   .   34
        34  .   .   | .   34  .   | .   .   .
    """,
    solution="293486571754129386681537942138274659946815237527693418875362194412958763369741825",
)

XYZ_WING = Position(
    source="puzzles/9x9-extreme.txt line 4, after 39 steps of the logic runner",
    values="934..15.27..43291.2.19.5.43..8523.9112.749.8559.1..2.4.1935742....21...93.2.9.1.7",
    cands="""
        .    .    .    | 68   678  .    | .    67   .
        .    568  56   | .    .    .    | .    .    68
        .    68   .    | .    67   .    | 78   .    .
        ---------------+----------------+---------------
        46   47   .    | .    .    .    | 67   .    .
        .    .    36   | .    .    .    | 36   .    .
        .    .    37   | .    68   68   | .    37   .
        ---------------+----------------+---------------
        68   .    .    | .    .    .    | .    .    68
        468  4567 567  | .    .    46   | 38   356  .
        .    45   .    | 68   .    468  | .    56   .
    """,
    solution="934871562765432918281965743478523691126749385593186274819357426657214839342698157",
)

W_WING = Position(
    source="puzzles/9x9-hard.txt line 28, after 40 steps of the logic runner",
    values="521864379.6.37.21..7.1.268....647952697528143245931867734286591..67.3428..241.736",
    cands="""
        .   .   .   | .   .   .   | .   .   .
        48  .   89  | .   .   59  | .   .   45
        34  .   39  | .   59  .   | .   .   45
        ------------+-------------+------------
        138 18  38  | .   .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
        ------------+-------------+------------
        .   .   .   | .   .   .   | .   .   .
        19  15  .   | .   59  .   | .   .   .
        89  58  .   | .   .   59  | .   .   .
    """,
    solution="521864379468379215379152684813647952697528143245931867734286591156793428982415736",
)

CASES = [
    Case("XY-Wing", XY_WING, "r7c4<>4", quiet_after=True),
    Case("XYZ-Wing", XYZ_WING, "r8c2<>6, r8c3<>6", quiet_after=True),
    Case("W-Wing", W_WING, "r2c1<>8", quiet_after=True),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_finds_its_step(case: Case) -> None:
    check_case(case)
