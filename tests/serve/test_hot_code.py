"""The warm template learns which code a game runs, from a game played in a forked child
with a profiler on, and moves that code together (sudoku_tui/serve/hot_code.py)."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
import weakref
from types import CodeType

from sudoku_tui.serve.hot_code import ProfiledPlay, Ran, move_together
from sudoku_tui.ui.dialogs import OpenFileDialog
from sudoku_tui.ui.game_screen import GameScreen

PLAY_MOST = 120.0  # seconds: a whole game on a loaded machine


def doubled(values: list[int]) -> list[int]:
    return [value * 2 for value in values]  # its own code object, nested in doubled's


def left_alone() -> str:
    return "cold"


def ran(*codes: CodeType) -> list[Ran]:
    return [(id(code), code.co_qualname, code.co_firstlineno) for code in codes]


def report_of(play: ProfiledPlay) -> list[Ran]:
    while True:
        select.select([play], [], [], play.time_left())
        if (report := play.read()) is not None:
            return report


def waited_for(pid: int) -> bool:
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def test_code_that_ran_is_copied_and_the_code_holding_it() -> None:
    code, nested = doubled.__code__, doubled.__code__.co_consts
    [comprehension] = [constant for constant in nested if isinstance(constant, CodeType)]
    replaced = move_together(ran(code, comprehension))
    assert doubled.__code__ is not code and code in replaced
    assert doubled.__code__.co_code == code.co_code and doubled.__code__.co_qualname == "doubled"
    copied = [constant for constant in doubled.__code__.co_consts if isinstance(constant, CodeType)]
    assert copied and copied[0] is not comprehension and comprehension in replaced
    assert doubled([1, 2, 3]) == [2, 4, 6]


def test_a_dead_weak_proxy_among_the_objects_is_passed_over() -> None:
    class Thing:
        pass

    thing = Thing()
    proxy = weakref.proxy(thing)
    del thing
    code = left_alone.__code__
    assert move_together(ran(code)) == [code]  # isinstance() on the proxy would raise ReferenceError
    assert left_alone() == "cold" and proxy is not None


def test_code_that_did_not_run_or_that_the_play_named_otherwise_stays() -> None:
    code = left_alone.__code__
    stale = [(id(code), "another_function", code.co_firstlineno)]  # an id reused since the play
    assert move_together(stale) == []
    assert left_alone.__code__ is code
    assert left_alone() == "cold"


def test_the_play_reports_the_code_it_ran() -> None:
    play = ProfiledPlay(left_alone, PLAY_MOST)
    child = play.child
    assert ran(left_alone.__code__)[0] in report_of(play)
    assert waited_for(child)


def test_a_play_that_fails_or_overruns_reports_nothing_and_is_ended() -> None:
    failing = ProfiledPlay(lambda: 1 / 0, PLAY_MOST)
    overrunning = ProfiledPlay(lambda: time.sleep(60), 0.5)
    children = [failing.child, overrunning.child]
    started = time.monotonic()
    assert report_of(failing) == [] and report_of(overrunning) == []
    assert time.monotonic() - started < 30
    assert all(waited_for(child) for child in children)


def test_the_templates_play_opens_a_file_moves_hints_and_solves() -> None:
    # In a process of its own, one thread as in the template: a fork of the test runner
    # would take along none of its other threads, and might find a lock one of them held.
    script = "\n".join(
        (
            "import json, select",
            "from sudoku_tui.serve.hot_code import ProfiledPlay",
            "from sudoku_tui.serve.rehearsal import play_a_game",
            f"play = ProfiledPlay(play_a_game, {PLAY_MOST})",
            "report = None",
            "while report is None:",
            "    select.select([play], [], [], play.time_left())",
            "    report = play.read()",
            "print(json.dumps(sorted({name for _, name, _ in report})))",
        )
    )
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=PLAY_MOST * 2)
    assert shown.returncode == 0, shown.stderr
    names = set(json.loads(shown.stdout))
    steps = [OpenFileDialog.compose, GameScreen.on_file_loaded, GameScreen.action_hint, GameScreen.action_solve]
    assert {step.__qualname__ for step in steps} <= names
