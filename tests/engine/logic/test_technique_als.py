"""Almost Locked Sets: ALS-XZ, singly and doubly linked.

Where the positions come from, their notation and the checks: technique_positions.py.
"""

from __future__ import annotations

import pytest
from technique_positions import Case, Position, case_id, check_case

ALS_XZ = Position(
    source="puzzles/9x9-extreme.txt line 10, after 20 steps of the logic runner",
    values="24.6..18...127...3...1.9.2.47..2...1.16..75.2.2..61.741927.....5...1.2...84..2.1.",
    cands="""
        .    .    79   | .    35   35   | .    .    79
        689  56   .    | .    .    48   | 469  4569 .
        67   356  38   | .    48   .    | 467  .    56
        ---------------+----------------+---------------
        .    .    3589 | 3589 .    35   | 3689 369  .
        389  .    .    | 3489 3489 .    | .    39   .
        389  .    3589 | 3589 .    .    | 389  .    .
        ---------------+----------------+---------------
        .    .    .    | .    3458 68   | 346  3456 568
        .    36   37   | 3489 .    468  | .    3469 6789
        367  .    .    | 359  359  .    | 3679 .    569
    """,
    solution="249635187861274953753189426478523691916847532325961874192756348537418269684392715",
)

# Two restricted common values (1 and 9): both sets are locked, so the
# eliminations come from different values and houses.
ALS_XZ_DOUBLY = Position(
    source="puzzles/9x9-extreme.txt line 16, after 24 steps of the logic runner",
    values=".2.8..65383..6.29.5.6.....86...3.5.7.536.2.8.4...5...6.....68.5.69.8..1.385..1.6.",
    cands="""
        19    .     147   | .     147   479   | .     .     .
        .     .     147   | 457   .     457   | .     .     14
        .     149   .     | 12349 129   349   | 147   47    .
        ------------------+-------------------+------------------
        .     19    28    | 149   .     489   | .     24    .
        179   .     .     | .     147   .     | 149   .     149
        .     179   28    | 179   .     789   | 139   23    .
        ------------------+-------------------+------------------
        127   147   14    | 2379  29    .     | .     37    .
        27    .     .     | 23457 .     3457  | 347   .     24
        .     .     .     | 247   247   .     | 479   .     249
    """,
    solution="127849653834567291596213748618934527953672184472158936241396875769485312385721469",
)

CASES = [
    Case("ALS-XZ", ALS_XZ, "r7c5<>8", quiet_after=True),
    Case("ALS-XZ", ALS_XZ_DOUBLY, "r1c3<>1, r3c4<>4, r3c6<>4"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_finds_its_step(case: Case) -> None:
    check_case(case)
