"""Singles: Full House, Naked Single, Hidden Single.

Where the positions come from, their notation and the checks: technique_positions.py.
"""

from __future__ import annotations

import pytest
from technique_positions import Case, Position, case_id, check_case

FULL_HOUSE = Position(
    source="puzzles/9x9-extreme.txt line 2, after 63 steps of the logic runner",
    values="51893642739412768562754831927369154814578293698645327173286519485931476246127.853",
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
        . . . | . . 9 | . . .
    """,
    solution="518936427394127685627548319273691548145782936986453271732865194859314762461279853",
)

NAKED_SINGLE = Position(
    source="puzzles/9x9-hard.txt line 2, after 37 steps of the logic runner",
    values="376918425459.2.83128135497692348...7.45..92838.7.32.49.38.41792.928.3.54..429.3.8",
    cands="""
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | 67  .   67  | .   .   .
        .   .   .   | .   .   .   | .   .   .
        ------------+-------------+------------
        .   .   .   | .   .   56  | 156 16  .
        16  .   .   | 167 67  .   | .   .   .
        .   16  .   | 156 .   .   | 5   .   .
        ------------+-------------+------------
        56  .   .   | 56  .   .   | .   .   .
        167 .   .   | .   67  .   | 16  .   .
        57  16  .   | .   .   57  | .   16  .
    """,
    solution="376918425459726831281354976923485617145679283867132549638541792792863154514297368",
)

HIDDEN_SINGLE = Position(
    source="puzzles/9x9-hard.txt line 18, after 40 steps of the logic runner",
    values=".7.85629..8.297.4592531487641796253853874162926953841774..8395285.42976..92.75.84",
    cands="""
        13  .   134 | .   .   .   | .   .   13
        136 .   136 | .   .   .   | 13  .   .
        .   .   .   | .   .   .   | .   .   .
        ------------+-------------+------------
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
        ------------+-------------+------------
        .   .   16  | 16  .   .   | .   .   .
        .   .   13  | .   .   .   | .   .   13
        136 .   .   | 16  .   .   | 13  .   .
    """,
    solution="174856293386297145925314876417962538538741629269538417741683952853429761692175384",
)

CASES = [
    Case("Full House", FULL_HOUSE, "r9c6=9", quiet_after=True),
    Case("Naked Single", NAKED_SINGLE, "r6c7=5", quiet_after=True),
    Case("Hidden Single", HIDDEN_SINGLE, "r1c3=4", quiet_after=True),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_finds_its_step(case: Case) -> None:
    check_case(case)
