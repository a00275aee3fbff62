"""Simple Colors: Trap and Wrap.

Where the positions come from, their notation and the checks: technique_positions.py.
"""

from __future__ import annotations

import pytest
from technique_positions import Case, Position, case_id, check_case

SIMPLE_COLORS_TRAP = Position(
    source="puzzles/9x9-extreme.txt line 15, after 31 steps of the logic runner",
    values="147.62.59239.54.6.86597.4..98..2.63..7.4389...23.9...8.92.8....35.71928.71824..9.",
    cands="""
        .    .    .    | 38   .    .    | 38   .    .
        .    .    .    | 18   .    .    | 178  .    17
        .    .    .    | .    .    13   | .    12   23
        ---------------+----------------+---------------
        .    .    14   | 15   .    157  | .    .    147
        56   .    16   | .    .    .    | .    12   25
        45   .    .    | 16   .    167  | 157  47   .
        ---------------+----------------+---------------
        46   .    .    | 356  .    356  | 1357 47   1567
        .    .    46   | .    .    .    | .    .    46
        .    .    .    | .    .    356  | 35   .    356
    """,
    solution="147862359239154867865973412984527631671438925523691748492385176356719284718246593",
)

SIMPLE_COLORS_WRAP = Position(
    source="puzzles/9x9-hard.txt line 3, after 29 steps of the logic runner",
    values="2..79..6.6..42.19...9.6..723..254.16421689537..6137..416.94.7.398437265173..16.49",
    cands="""
        .    14   38   | .    .    1358 | 34   .    58
        .    57   378  | .    .    35   | .    .    58
        58   14   .    | 58   .    13   | 34   .    .
        ---------------+----------------+---------------
        .    79   78   | .    .    .    | 89   .    .
        .    .    .    | .    .    .    | .    .    .
        58   59   .    | .    .    .    | 289  28   .
        ---------------+----------------+---------------
        .    .    25   | .    .    58   | .    28   .
        .    .    .    | .    .    .    | .    .    .
        .    .    25   | 58   .    .    | 28   .    .
    """,
    solution="213798465657423198849561372378254916421689537596137824162945783984372651735816249",
)

CASES = [
    Case("Simple Colors Trap", SIMPLE_COLORS_TRAP, "r4c4<>1", quiet_after=True),
    Case(
        "Simple Colors Wrap",
        SIMPLE_COLORS_WRAP,
        "r3c4<>8, r4c7<>8, r6c1<>8, r6c8<>8, r7c6<>8, r9c7<>8",
        quiet_after=True,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_finds_its_step(case: Case) -> None:
    check_case(case)
