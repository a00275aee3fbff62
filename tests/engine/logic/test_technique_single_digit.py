"""Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle.

Where the positions come from, their notation and the checks: technique_positions.py.
"""

from __future__ import annotations

import pytest
from technique_positions import Case, Position, case_id, check_case

SKYSCRAPER = Position(
    source="puzzles/9x9-hard.txt line 75, after 39 steps of the logic runner",
    values="619.75.328.39.6571.7531.9.65861.72.3..1563..73.7...615152784369738659124964231758",
    cands="""
        .   .   .   | 48  .   .   | 48  .   .
        .   24  .   | .   24  .   | .   .   .
        24  .   .   | .   .   28  | .   48  .
        ------------+-------------+------------
        .   .   .   | .   49  .   | .   49  .
        24  249 .   | .   .   .   | 48  489 .
        .   49  .   | 48  249 28  | .   .   .
        ------------+-------------+------------
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
    """,
    solution="619875432823946571475312986586197243241563897397428615152784369738659124964231758",
)

TWO_STRING_KITE = Position(
    source="puzzles/9x9-hard.txt line 77, after 37 steps of the logic runner",
    values="7.4...3.5.8534..1.6137524988762..543459863271132475986341627859.6...413.....3...4",
    cands="""
        .    29   .    | 19   189  1689 | .    26   .
        29   .    .    | .    .    69   | 67   .    27
        .    .    .    | .    .    .    | .    .    .
        ---------------+----------------+---------------
        .    .    .    | .    19   19   | .    .    .
        .    .    .    | .    .    .    | .    .    .
        .    .    .    | .    .    .    | .    .    .
        ---------------+----------------+---------------
        .    .    .    | .    .    .    | .    .    .
        259  .    78   | 59   89   .    | .    .    27
        59   29   78   | 159  .    189  | 67   26   .
    """,
    solution="724981365985346712613752498876219543459863271132475986341627859268594137597138624",
)

# The runner takes a claiming step here (in the bundled puzzles an Empty Rectangle always came
# first); no technique before Turbot Fish in the table finds these eliminations.
TURBOT_FISH = Position(
    source="puzzles/9x9-extreme.txt line 24, after 26 steps of the logic runner",
    values="4.8195..21....79..9..6..1..236914857749....16851.764.9.82..9..1.947.1...517..3694",
    cands="""
        .    67   .    | .    .    .    | 37   367  .
        .    26   35   | 2348 2348 .    | .    468  358
        .    27   35   | .    2348 28   | .    47   358
        ---------------+----------------+---------------
        .    .    .    | .    .    .    | .    .    .
        .    .    .    | 358  2358 28   | 23   .    .
        .    .    .    | 23   .    .    | .    23   .
        ---------------+----------------+---------------
        36   .    .    | 45   456  .    | 357  37   .
        36   .    .    | .    56   .    | 235  238  38
        .    .    .    | 28   28   .    | .    .    .
    """,
    solution="468195732123847965975632148236914857749528316851376429382469571694751283517283694",
)

EMPTY_RECTANGLE = Position(
    source="puzzles/9x9-extreme.txt line 50, after 35 steps of the logic runner",
    values="2315697488..34..61.4618...9...4..68262..5841.418..69..96.8741...84..5.76.5.6..894",
    cands="""
        .    .    .    | .    .    .    | .    .    .
        .    79   579  | .    .    27   | 25   .    .
        57   .    .    | .    .    27   | 235  23   .
        ---------------+----------------+---------------
        357  79   359  | .    139  13   | .    .    .
        .    .    39   | 79   .    .    | .    .    37
        .    .    .    | 27   23   .    | .    35   357
        ---------------+----------------+---------------
        .    .    23   | .    .    .    | .    235  35
        13   .    .    | 29   1239 .    | 23   .    .
        137  .    237  | .    123  13   | .    .    .
    """,
    solution="231569748897342561546187239375491682629758413418236957963874125184925376752613894",
)

CASES = [
    Case("Skyscraper", SKYSCRAPER, "r3c8<>4", quiet_after=True),
    Case("2-String Kite", TWO_STRING_KITE, "r9c6<>9", quiet_after=True),
    Case("Turbot Fish", TURBOT_FISH, "r7c7<>3, r8c7<>3"),
    Case("Empty Rectangle", EMPTY_RECTANGLE, "r9c3<>3", quiet_after=True),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_finds_its_step(case: Case) -> None:
    check_case(case)
