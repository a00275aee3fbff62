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

# The runner takes a Naked Single here; the Turbot Fish finder must see its pattern all the same.
TURBOT_FISH = Position(
    source="puzzles/9x9-hard.txt line 16, after 40 steps of the logic runner",
    values="139426587..598..3..8.5.3.9.954...823863295714712348965..18.435939..52148548139672",
    cands="""
        .   .   .   | .   .   .   | .   .   .
        246 27  .   | .   .   17  | 24  .   16
        24  .   67  | .   1   .   | 24  .   16
        ------------+-------------+------------
        .   .   .   | 67  167 17  | .   .   .
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
        ------------+-------------+------------
        26  27  .   | .   67  .   | .   .   .
        .   .   67  | 67  .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
    """,
    solution="139426587625987431487513296954671823863295714712348965271864359396752148548139672",
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
    Case("Turbot Fish", TURBOT_FISH, "r4c6<>7", quiet_after=True),
    Case("Empty Rectangle", EMPTY_RECTANGLE, "r9c3<>3", quiet_after=True),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_finds_its_step(case: Case) -> None:
    check_case(case)
