"""Intersections: Locked Candidates type 1 (pointing) and type 2 (claiming).

Where the positions come from, their notation and the checks: technique_positions.py.
"""

from __future__ import annotations

import pytest
from technique_positions import Case, Position, case_id, check_case

POINTING = Position(
    source="puzzles/9x9-hard.txt line 75, after 37 steps of the logic runner",
    values="619.75.328.39.6571.7531.9.65861.7..3..1563..73.7...615152784369738659124964231758",
    cands="""
        .   .   .   | 48  .   .   | 48  .   .
        .   24  .   | .   24  .   | .   .   .
        24  .   .   | .   .   28  | .   48  .
        ------------+-------------+------------
        .   .   .   | .   249 .   | 24  49  .
        24  249 .   | .   .   .   | 248 489 .
        .   49  .   | 48  249 28  | .   .   .
        ------------+-------------+------------
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
    """,
    solution="619875432823946571475312986586197243241563897397428615152784369738659124964231758",
)

CLAIMING = Position(
    source="puzzles/9x9-hard.txt line 2, after 34 steps of the logic runner",
    values="376918425459.2.83128135497692348...7.45..92838.7.32.49.38.41792.928.3.54..429.3.8",
    cands="""
        .    .    .    | .    .    .    | .    .    .
        .    .    .    | 67   .    67   | .    .    .
        .    .    .    | .    .    .    | .    .    .
        ---------------+----------------+---------------
        .    .    .    | .    .    56   | 156  16   .
        16   .    .    | 167  67   .    | .    .    .
        .    16   .    | 156  .    .    | 156  .    .
        ---------------+----------------+---------------
        56   .    .    | 56   .    .    | .    .    .
        167  .    .    | .    67   .    | 16   .    .
        1567 16   .    | .    .    567  | .    16   .
    """,
    solution="376918425459726831281354976923485617145679283867132549638541792792863154514297368",
)

CASES = [
    Case("Locked Candidates Type 1 (Pointing)", POINTING, "r5c7<>2", quiet_after=True),
    Case("Locked Candidates Type 2 (Claiming)", CLAIMING, "r6c7<>1", quiet_after=True),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_finds_its_step(case: Case) -> None:
    check_case(case)
