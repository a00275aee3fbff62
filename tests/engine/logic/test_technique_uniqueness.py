"""Uniqueness: Unique Rectangle types 1 to 4 and BUG+1 (every position is from a
puzzle with one solution, as these techniques need).

Where the positions come from, their notation and the checks: technique_positions.py.
"""

from __future__ import annotations

import pytest
from technique_positions import Case, Position, case_id, check_case

UNIQUENESS_TEST_1 = Position(
    source="puzzles/9x9-hard.txt line 20, after 31 steps of the logic runner",
    values="954.8.67163.971.4.17.64593.215.97.6.34916825778652..19823.1..9.567839124491.5..8.",
    cands="""
        .   .   .   | 23  .   23  | .   .   .
        .   .   28  | .   .   .   | 58  .   258
        .   .   28  | .   .   .   | .   .   28
        ------------+-------------+------------
        .   .   .   | 34  .   .   | 348 .   38
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   .   34  | 34  .   .
        ------------+-------------+------------
        .   .   .   | 47  .   46  | 57  .   56
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | 27  .   26  | 37  .   36
    """,
    solution="954382671632971845178645932215497368349168257786523419823714596567839124491256783",
)

UNIQUENESS_TEST_2 = Position(
    source="puzzles/9x9-unfair.txt line 42, after 29 steps of the logic runner",
    values=".516...7.627...8.13..1..5..782365149465.1.283139824657..6..8.15.13..6728.7...1...",
    cands="""
        89   .    .    | .    89   23   | 34   .    24
        .    .    .    | 45   45   39   | .    39   .
        .    49   48   | .    789  279  | .    69   26
        ---------------+----------------+---------------
        .    .    .    | .    .    .    | .    .    .
        .    .    .    | 79   .    79   | .    .    .
        .    .    .    | .    .    .    | .    .    .
        ---------------+----------------+---------------
        29   49   .    | 279  37   .    | 349  .    .
        59   .    .    | 459  459  .    | .    .    .
        2589 .    48   | 259  359  .    | 349  36   46
    """,
    solution="951682374627543891348179562782365149465917283139824657296738415513496728874251936",
)

UNIQUENESS_TEST_3 = Position(
    source="puzzles/9x9-unfair.txt line 40, after 31 steps of the logic runner",
    values=".5..7248327.438..98435.9.275.8..3..6..4.9.83.3..8....116.78439.43.921..8.8.356.14",
    cands="""
        69  .   19  | 16  .   .   | .   .   .
        .   .   16  | .   .   .   | 156 56  .
        .   .   .   | .   16  .   | 16  .   .
        ------------+-------------+------------
        .   129 .   | 12  14  .   | 279 47  .
        67  12  .   | 126 .   57  | .   .   25
        .   29  67  | .   46  57  | 29  45  .
        ------------+-------------+------------
        .   .   25  | .   .   .   | .   .   25
        .   .   57  | .   .   .   | 56  567 .
        79  .   279 | .   .   .   | 27  .   .
    """,
    solution="659172483271438569843569127598213746714695832326847951162784395435921678987356214",
)

UNIQUENESS_TEST_4 = Position(
    source="puzzles/9x9-extreme.txt line 42, after 32 steps of the logic runner",
    values="651.49.2...821.596.2..5641.29.485..18146..25.5..1.2.84.82964.75.65.2184....5.8..2",
    cands="""
        .     .     .     | 378   .     .     | 37    .     378
        34    347   .     | .     .     37    | .     .     .
        379   .     379   | 378   .     .     | .     .     378
        ------------------+-------------------+------------------
        .     .     67    | .     .     .     | 367   36    .
        .     .     .     | .     379   37    | .     .     79
        .     37    367   | .     79    .     | 679   .     .
        ------------------+-------------------+------------------
        13    .     .     | .     .     .     | 13    .     .
        379   .     .     | 37    .     .     | .     .     39
        13479 347   379   | .     37    .     | 1369  36    .
    """,
    solution="651849327438217596729356418296485731814673259573192684382964175965721843147538962",
)

BUG_PLUS_ONE = Position(
    source="puzzles/9x9-medium.txt line 28, after 40 steps of the logic runner",
    values="94576138267298341538152476915..7.2..7..2159..2...4.571497658123813492657526137894",
    cands="""
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
        ------------+-------------+------------
        .   .   489 | 38  .   69  | .   34  68
        .   36  48  | .   .   .   | .   34  68
        .   36  89  | 38  .   69  | .   .   .
        ------------+-------------+------------
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
    """,
    solution="945761382672983415381524769158379246764215938239846571497658123813492657526137894",
)

CASES = [
    Case("Uniqueness Test 1", UNIQUENESS_TEST_1, "r2c9<>2, r2c9<>8", quiet_after=True),
    Case("Uniqueness Test 2", UNIQUENESS_TEST_2, "r7c4<>9, r8c1<>9, r9c4<>9, r9c5<>9", quiet_after=True),
    Case("Uniqueness Test 3", UNIQUENESS_TEST_3, "r4c4<>1", quiet_after=True),
    Case("Uniqueness Test 4", UNIQUENESS_TEST_4, "r9c1<>3, r9c7<>3", quiet_after=True),
    Case("Bivalue Universal Grave + 1", BUG_PLUS_ONE, "r4c3<>4, r4c3<>9", quiet_after=True),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_finds_its_step(case: Case) -> None:
    check_case(case)
