"""Almost Locked Sets: ALS-XZ, singly and doubly linked.

Where the positions come from, their notation and the checks: technique_positions.py.
"""

from __future__ import annotations

import pytest
from technique_positions import Case, Position, case_id, check_case

ALS_XZ = Position(
    source="puzzles/9x9-extreme.txt line 29, after 12 steps of the logic runner",
    values="723165948.4837...5...8.4..73..25.68..8...6....62.83..12..6..8..8..53.41...1..8.5.",
    cands="""
        .    .    .    | .    .    .    | .    .    .
        169  .    .    | .    .    29   | 12   26   .
        1569 159  569  | .    29   .    | 123  236  .
        ---------------+----------------+---------------
        .    179  479  | .    .    179  | .    .    49
        1459 .    4579 | 479  149  .    | 2357 2379 2349
        459  .    .    | 479  .    .    | 57   79   .
        ---------------+----------------+---------------
        .    3579 4579 | .    149  179  | .    379  39
        .    79   679  | .    .    279  | .    .    269
        469  379  .    | 479  249  .    | 237  .    2369
    """,
    solution="723165948648379125195824367319257684487916532562483791254691873876532419931748256",
)

# Two restricted common values (7 and 9): both sets are locked, so the
# eliminations come from different values and houses.
ALS_XZ_DOUBLY = Position(
    source="puzzles/9x9-extreme.txt line 27, after 7 steps of the logic runner",
    values="47...2..3..3.4...752....164.5...9...684721395...5......95....322...8.6.....2...7.",
    cands="""
        .     .     1689  | 1689  1569  .     | 589   58    .
        189   16    .     | 1689  .     568   | 2589  258   .
        .     .     89    | 389   379   378   | .     .     .
        ------------------+-------------------+------------------
        137   .     127   | 3468  36    .     | 2478  1248  168
        .     .     .     | .     .     .     | .     .     .
        1379  13    1279  | .     36    3468  | 2478  1248  168
        ------------------+-------------------+------------------
        178   .     .     | 146   167   467   | 48    .     .
        .     134   17    | 1349  .     3457  | .     145   19
        138   1346  168   | .     13569 3456  | 4589  .     189
    """,
    solution="471652983963148257528397164752839416684721395319564728195476832237985641846213579",
)

CASES = [
    Case("ALS-XZ", ALS_XZ, "r9c9<>3", quiet_after=True),
    Case("ALS-XZ", ALS_XZ_DOUBLY, "r1c5<>6, r4c4<>6, r6c6<>6, r7c5<>6, r9c5<>3, r9c5<>6"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_finds_its_step(case: Case) -> None:
    check_case(case)
