"""Chains: Remote Pair, X-Chain, XY-Chain, AIC, and the nice loops the AIC finder
also yields (Discontinuous and Continuous Nice Loop).

Where the positions come from, their notation and the checks: technique_positions.py.
"""

from __future__ import annotations

import pytest
from technique_positions import Case, Position, case_id, check_case

REMOTE_PAIR = Position(
    source="puzzles/9x9-hard.txt line 44, after 41 steps of the logic runner",
    values="925478136173...54846831579258..4.361.918.3475.34.5128931..96854856134927.4958.613",
    cands="""
        .   .   .   | .   .   .   | .   .   .
        .   .   .   | 269 26  29  | .   .   .
        .   .   .   | .   .   .   | .   .   .
        ------------+-------------+------------
        .   .   27  | 279 .   279 | .   .   .
        26  .   .   | .   26  .   | .   .   .
        67  .   .   | 67  .   .   | .   .   .
        ------------+-------------+------------
        .   .   27  | 27  .   .   | .   .   .
        .   .   .   | .   .   .   | .   .   .
        27  .   .   | .   .   27  | .   .   .
    """,
    solution="925478136173962548468315792582749361691823475734651289317296854856134927249587613",
)

X_CHAIN = Position(
    source="puzzles/9x9-extreme.txt line 9, after 27 steps of the logic runner",
    values="75149..82.2..5.9.19.3281.5....529.735......9.39..14.65239.75...1.594..2.47...25.9",
    cands="""
        .    .    .    | .    .    36   | 36   .    .
        68   .    468  | 367  .    67   | .    34   .
        .    46   .    | .    .    .    | 67   .    47
        ---------------+----------------+---------------
        68   1468 48   | .    .    .    | 148  .    .
        .    148  27   | 3678 36   678  | 1248 .    48
        .    .    27   | 78   .    .    | 28   .    .
        ---------------+----------------+---------------
        .    .    .    | 168  .    .    | 48   14   468
        .    68   .    | .    .    368  | 37   .    678
        .    .    68   | 1368 36   .    | .    13   .
    """,
    solution="751496382826357941943281657684529173517638294392714865239875416165943728478162539",
)

XY_CHAIN = Position(
    source="puzzles/9x9-unfair.txt line 34, after 29 steps of the logic runner",
    values="293..6...7.4129...6.1..794213.2746.9946815237.27693.1..7..62.9..12958....697.1825",
    cands="""
        .   .   .   | 45  48  .   | 157 578 18
        .   58  .   | .   .   .   | 35  568 368
        .   58  .   | 35  38  .   | .   .   .
        ------------+-------------+------------
        .   .   58  | .   .   .   | .   58  .
        .   .   .   | .   .   .   | .   .   .
        58  .   .   | .   .   .   | 45  .   48
        ------------+-------------+------------
        58  .   58  | 34  .   .   | 134 .   134
        34  .   .   | .   .   .   | 347 67  346
        34  .   .   | .   34  .   | .   .   .
    """,
    solution="293486571754129386681537942138274659946815237527693418875362194412958763369741825",
)

AIC = Position(
    source="puzzles/9x9-extreme.txt line 31, after 31 steps of the logic runner",
    values="513...69.8.93.6.2..621.9..3...86.23562.435..935...246.2.6..83...8.6.39.2.3....786",
    cands="""
        .    .    .    | 27   2478 47   | .    .    78
        .    47   .    | .    57   .    | 15   .    147
        47   .    .    | .    58   .    | 58   47   .
        ---------------+----------------+---------------
        149  479  147  | .    .    17   | .    .    .
        .    .    178  | .    .    .    | 18   17   .
        .    .    78   | 79   179  .    | .    .    178
        ---------------+----------------+---------------
        .    479  .    | 579  1479 .    | .    145  14
        147  .    1457 | .    147  .    | .    145  .
        149  .    45   | 259  249  14   | .    .    .
    """,
    solution="513247698849356127762189543974861235621435879358792461296578314487613952135924786",
)

DISCONTINUOUS_NICE_LOOP = Position(
    source="puzzles/9x9-extreme.txt line 7, after 18 steps of the logic runner",
    values="2.6..4397..4...5.113...9.4...125...37634918525.2.38.1.42.....3.6.9.4.1..3189.5..4",
    cands="""
        .    58   .    | 158  18   .    | .    .    .
        89   789  .    | 3678 2678 23   | .    268  .
        .    .    57   | 5678 2678 .    | 26   .    68
        ---------------+----------------+---------------
        89   489  .    | .    .    67   | 49   67   .
        .    .    .    | .    .    .    | .    .    .
        .    49   .    | 67   .    .    | 4679 .    69
        ---------------+----------------+---------------
        .    .    57   | 1678 1678 67   | 69   .    5689
        .    57   .    | 378  .    23   | .    278  58
        .    .    .    | .    267  .    | 267  267  .
    """,
    solution="286514397974362581135879246891257463763491852542638719427186935659743128318925674",
)

# The runner takes a Naked Single here; the Continuous Nice Loop finder must see its pattern all the same.
CONTINUOUS_NICE_LOOP = Position(
    source="puzzles/9x9-hard.txt line 94, after 39 steps of the logic runner",
    values="792.5.4.6.5.4629.746..9.582176389254539214678284675391.1574.829.2793.145948521763",
    cands="""
        .  .  .  | 18 .  38 | .  13 .
        38 .  13 | .  .  .  | .  13 .
        .  .  13 | 1  .  37 | .  .  .
        ---------+----------+---------
        .  .  .  | .  .  .  | .  .  .
        .  .  .  | .  .  .  | .  .  .
        .  .  .  | .  .  .  | .  .  .
        ---------+----------+---------
        36 .  .  | .  .  6  | .  .  .
        6  .  .  | .  .  68 | .  .  .
        .  .  .  | .  .  .  | .  .  .
    """,
    solution="792853416851462937463197582176389254539214678284675391315746829627938145948521763",
)

CASES = [
    Case("Remote Pair", REMOTE_PAIR, "r4c6<>2, r4c6<>7", quiet_after=True),
    Case("X-Chain", X_CHAIN, "r5c6<>6", quiet_after=True),
    Case("XY-Chain", XY_CHAIN, "r8c7<>3", quiet_after=True),
    Case("AIC", AIC, "r7c4<>9", quiet_after=True),
    Case("AIC", DISCONTINUOUS_NICE_LOOP, "r3c4<>6", step_name="Discontinuous Nice Loop", quiet_after=True),
    Case("AIC", CONTINUOUS_NICE_LOOP, "r2c3<>3", step_name="Continuous Nice Loop", quiet_after=True),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_finds_its_step(case: Case) -> None:
    check_case(case)
