"""Simple Colors: Trap and Wrap.

Where the positions come from, their notation and the checks: technique_positions.py.
"""

from __future__ import annotations

import pytest
from technique_positions import Case, Position, case_id, check_case

SIMPLE_COLORS_TRAP = Position(
    source="puzzles/9x9-unfair.txt line 37, after 26 steps of the logic runner",
    values="796483521...971.86.18.5.7.9.81.97.64.7.16.89.96.8..1.78...1..7.65.7.8.1.137.29..8",
    cands="""
        .    .    .    | .    .    .    | .    .    .
        235  24   235  | .    .    .    | 34   .    .
        34   .    .    | 26   .    26   | .    34   .
        ---------------+----------------+---------------
        235  .    .    | 235  .    .    | 23   .    .
        234  .    234  | .    .    245  | .    .    235
        .    .    245  | .    34   245  | .    35   .
        ---------------+----------------+---------------
        .    24   29   | 356  .    456  | 2369 .    235
        .    .    249  | .    34   .    | 39   .    23
        .    .    .    | 56   .    .    | 46   45   .
    """,
    solution="796483521245971386318256749581397264473162895962845137829514673654738912137629458",
)

SIMPLE_COLORS_WRAP = Position(
    source="puzzles/9x9-extreme.txt line 35, after 10 steps of the logic runner",
    values=".8.5..3..35..8..1..47..3.8...3968..48......317...318.....8.6153.3..4.268..83.2...",
    cands="""
        1269  .     1269  | .     1279  479   | .     2479  2679
        .     .     269   | 2467  .     479   | 4679  .     2679
        1269  .     .     | 126   129   .     | 569   .     2569
        ------------------+-------------------+------------------
        125   12    .     | .     .     .     | 57    27    .
        .     269   24569 | 247   257   457   | 5679  .     .
        .     269   24569 | 24    .     .     | .     29    2569
        ------------------+-------------------+------------------
        249   279   249   | .     79    .     | .     .     .
        159   .     159   | 17    .     579   | .     .     .
        14569 1679  .     | .     1579  .     | 479   479   79
    """,
    solution="981574326356289417247613985123968574894725631765431892472896153539147268618352749",
)

CASES = [
    Case("Simple Colors Trap", SIMPLE_COLORS_TRAP, "r7c7<>3", quiet_after=True),
    Case("Simple Colors Wrap", SIMPLE_COLORS_WRAP, "r7c3<>4, r9c1<>4", quiet_after=True),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_finds_its_step(case: Case) -> None:
    check_case(case)
