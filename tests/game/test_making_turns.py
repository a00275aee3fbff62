"""Taking turns at making puzzles: a cap shared by every process given the same folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_tui.engine.progress import Cancelled
from sudoku_tui.game import new_puzzle
from sudoku_tui.game.making_turns import MakingTurns
from sudoku_tui.game.new_puzzle import WAITING_FOR_TURN, NewPuzzleChoice, make_puzzle, making_text, take_turns

HOLD = """
import sys, time
from pathlib import Path
from sudoku_tui.game import new_puzzle
from sudoku_tui.game.making_turns import MakingTurns
from sudoku_tui.game.new_puzzle import WAITING_FOR_TURN, NewPuzzleChoice, make_puzzle, making_text, take_turns
with MakingTurns(Path(sys.argv[1]), 1).turn(lambda: False):
    print("holding", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def test_turns_are_capped_and_given_back(tmp_path: Path) -> None:
    turns = MakingTurns(tmp_path, 2)
    with turns.turn(lambda: False), turns.turn(lambda: False):
        assert turns.busy() == 2
        told: list[str] = []
        with pytest.raises(Cancelled), turns.turn(lambda: bool(told), lambda: told.append("waiting")):
            pass
        assert told == ["waiting"]  # told once, then it gave up when asked to stop
    assert turns.busy() == 0


def test_another_process_holding_the_only_turn_makes_us_wait(tmp_path: Path) -> None:
    other = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path), "1.0"], stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout is not None and other.stdout.readline() == "holding\n"
        turns = MakingTurns(tmp_path, 1)
        assert turns.busy() == 1
        waited: list[str] = []
        with turns.turn(lambda: False, lambda: waited.append("waiting")):
            assert waited == ["waiting"]  # it had to wait for the other process to finish
            assert turns.busy() == 1
    finally:
        other.wait(timeout=30)


def test_a_process_that_dies_lets_go_of_its_turn(tmp_path: Path) -> None:
    other = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path), "60"], stdout=subprocess.PIPE, text=True)
    assert other.stdout is not None and other.stdout.readline() == "holding\n"
    other.kill()
    other.wait()
    assert MakingTurns(tmp_path, 1).busy() == 0


class Made(Exception):
    """What the stand-in generator raises once it saw how many turns were held while it ran."""


def test_the_game_makes_a_puzzle_only_in_its_turn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    turns = MakingTurns(tmp_path, 1)

    def generate(*_args: object, **_options: object) -> None:
        raise Made(turns.busy())

    monkeypatch.setattr(new_puzzle, "GENERATE", generate)
    reports: list[int] = []
    take_turns(turns)
    try:
        # Another game is making one: ours waits, and gives up when asked to stop.
        with turns.turn(lambda: False), pytest.raises(Cancelled):
            make_puzzle(NewPuzzleChoice("4x4"), lambda: bool(reports), lambda done, _total: reports.append(done))
        assert reports == [WAITING_FOR_TURN]
        assert making_text(NewPuzzleChoice("4x4"), WAITING_FOR_TURN + 1).startswith("Other players are making puzzles")
        with pytest.raises(Made) as made:
            make_puzzle(NewPuzzleChoice("4x4"), lambda: False, lambda _done, _total: None)
        assert made.value.args == (1,)  # made in its turn, which it gave back after
        assert turns.busy() == 0
    finally:
        take_turns(None)
