"""Subsets: Locked Pair and Triple; Naked and Hidden Pair, Triple, Quadruple.

Where the positions come from, their notation and the checks: technique_positions.py.
"""

from __future__ import annotations

import pytest
from technique_positions import Case, Position, case_id, check_case

LOCKED_PAIR = Position(
    source="puzzles/9x9-hard.txt line 5, after 32 steps of the logic runner",
    values="463158927582974..6..163258465482.7.31.834765..375.6.48.157.34..3462..875..94.5..1",
    cands="""
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   .   .   | 13  13  .
        79  79  .   | .   .   .   | .   .   .
        ------------+-------------+------------
        .   .   .   | .   .   19  | .   19  .
        .   29  .   | .   .   .   | .   .   29
        29  .   .   | .   19  .   | 12  .   .
        ------------+-------------+------------
        28  .   .   | .   689 .   | .   69  29
        .   .   .   | .   19  19  | .   .   .
        278 27  .   | .   68  .   | 23  36  .
    """,
    solution="463158927582974136791632584654829713128347659937516248815763492346291875279485361",
)

LOCKED_TRIPLE = Position(
    source="puzzles/9x9-medium.txt line 55, after 33 steps of the logic runner",
    values="43168592787593264126917438515.....3.34.2.1...69...3.1.7234.81..914.2.8.3586319472",
    cands="""
        .    .    .    | .    .    .    | .    .    .
        .    .    .    | .    .    .    | .    .    .
        .    .    .    | .    .    .    | .    .    .
        ---------------+----------------+---------------
        .    .    278  | 78   469  67   | 27   .    4689
        .    .    78   | .    569  .    | 57   569  689
        .    .    278  | 578  45   .    | 257  .    48
        ---------------+----------------+---------------
        .    .    .    | .    56   .    | .    569  69
        .    .    .    | 57   .    67   | .    56   .
        .    .    .    | .    .    .    | .    .    .
    """,
    solution="431685927875932641269174385157896234348251796692743518723468159914527863586319472",
)

NAKED_PAIR = Position(
    source="puzzles/9x9-hard.txt line 97, after 33 steps of the logic runner",
    values="2415693875798346128362..5497..69.4.84..3.8..6.6845...1157946823684723195...185764",
    cands="""
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   17  17  | .   .   .
        ------------+-------------+------------
        .   12  235 | .   .   12  | .   35  .
        .   129 25  | .   17  .   | 29  57  .
        39  .   .   | .   .   27  | 29  37  .
        ------------+-------------+------------
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
        39  29  23  | .   .   .   | .   .   .
    """,
    solution="241569387579834612836271549713692458425318976968457231157946823684723195392185764",
)

NAKED_TRIPLE = Position(
    source="puzzles/9x9-hard.txt line 16, after 38 steps of the logic runner",
    values="139426587..598..3..8.5.3.9.954...823863295714712348965..18.435939..52148548139672",
    cands="""
        .   .   .   | .   .   .   | .   .   .
        246 27  .   | .   .   17  | 24  .   16
        246 .   67  | .   17  .   | 24  .   16
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

# The runner takes a Full House here; the Naked Quadruple finder must see its pattern all the same.
NAKED_QUADRUPLE = Position(
    source="puzzles/9x9-unfair.txt line 16, after 47 steps of the logic runner",
    values="958462317...918564.6.357829182579436695243781...6819528..7362957391256485.6894173",
    cands="""
        .   .   .   | .   .   .   | .   .   .
        23  27  37  | .   .   .   | .   .   .
        4   .   14  | .   .   .   | .   .   .
        ------------+-------------+------------
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
        34  47  347 | .   .   .   | .   .   .
        ------------+-------------+------------
        .   14  14  | .   .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
        .   2   .   | .   .   .   | .   .   .
    """,
    solution="958462317273918564461357829182579436695243781347681952814736295739125648526894173",
)

HIDDEN_PAIR = Position(
    source="puzzles/9x9-unfair.txt line 8, after 28 steps of the logic runner",
    values="41.56...3...82.41.79.31465.3..752.6..2794653.956183..4..9435.8....291.4.2..678.95",
    cands="""
        .    .    28   | .    .    79   | 2789 27   .
        56   36   35   | .    .    79   | .    .    79
        .    .    28   | .    .    .    | .    .    28
        ---------------+----------------+---------------
        .    48   14   | .    .    .    | 189  .    189
        18   .    .    | .    .    .    | .    .    18
        .    .    .    | .    .    .    | 27   27   .
        ---------------+----------------+---------------
        16   67   .    | .    .    .    | 127  .    1267
        568  3678 35   | .    .    .    | 37   .    67
        .    34   14   | .    .    .    | 13   .    .
    """,
    solution="412569873563827419798314652341752968827946531956183724179435286685291347234678195",
)

HIDDEN_TRIPLE = Position(
    source="puzzles/9x9-hard.txt line 7, after 22 steps of the logic runner",
    values="..9..16.23.1.26..9...49...1.1..425969..67...84..91.273.9..57.64..42698.56.51.4927",
    cands="""
        578  478  .    | 57   38   .    | .    3458 .
        .    478  .    | 57   .    .    | 47   458  .
        2578 2678 2678 | .    .    38   | 37   358  .
        ---------------+----------------+---------------
        78   .    378  | 38   .    .    | .    .    .
        .    235  23   | .    .    35   | 14   14   .
        .    568  68   | .    .    58   | .    .    .
        ---------------+----------------+---------------
        128  .    238  | 38   .    .    | 13   .    .
        17   37   .    | .    .    .    | .    13   .
        .    38   .    | .    38   .    | .    .    .
    """,
    solution="549781632371526489268493751817342596923675148456918273192857364734269815685134927",
)

# The runner takes a Full House here; the Hidden Quadruple finder must see its pattern all the same.
HIDDEN_QUADRUPLE = Position(
    source="puzzles/9x9-easy.txt line 7, after 41 steps of the logic runner",
    values="1239..68.4571862399683..5717928341568167..3423452618975346..9182814937656795.84..",
    cands="""
        .   .   .   | .   457 57  | .   .   4
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   24  2   | .   .   .
        ------------+-------------+------------
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   5   59  | .   .   .
        .   .   .   | .   .   .   | .   .   .
        ------------+-------------+------------
        .   .   .   | .   27  27  | .   .   .
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | .   12  .   | .   2   3
    """,
    solution="123975684457186239968342571792834156816759342345261897534627918281493765679518423",
)

CASES = [
    Case("Locked Pair", LOCKED_PAIR, "r7c5<>9", quiet_after=True),
    Case("Locked Triple", LOCKED_TRIPLE, "r5c8<>5", quiet_after=True),
    Case("Naked Pair", NAKED_PAIR, "r4c3<>2", quiet_after=True),
    Case("Naked Triple", NAKED_TRIPLE, "r3c1<>6", quiet_after=True),
    Case("Naked Quadruple", NAKED_QUADRUPLE, "r3c3<>4", quiet_after=True),
    Case("Hidden Pair", HIDDEN_PAIR, "r1c7<>2, r1c7<>7, r4c7<>1", quiet_after=True),
    Case("Hidden Triple", HIDDEN_TRIPLE, "r3c2<>7, r3c2<>8, r5c2<>3, r6c2<>8", quiet_after=True),
    Case("Hidden Quadruple", HIDDEN_QUADRUPLE, "r1c5<>5", quiet_after=True),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_finds_its_step(case: Case) -> None:
    check_case(case)
