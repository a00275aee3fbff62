"""Whole games played through a Session, without any screen."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.levels import Level, Symmetry
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.files.model import PuzzleFile
from sudoku_tui.engine.making.generator import generate
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game import texts
from sudoku_tui.game.hints import find_hint
from sudoku_tui.game.new_puzzle import NewPuzzleChoice
from sudoku_tui.game.session import Answer, Notice, Session
from sudoku_tui.game.store.interface import LOCAL_PLAYER
from sudoku_tui.game.store.sqlite import SqliteStore

# A 4x4 file of our own: two puzzles with one solution each (made by the generator, seeds 1 and 2).
FOUR_LINES = ["3....4.1.34.....", "3....1..1..2..4."]


class FakeTime:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def four_file(tmp_path: Path) -> Path:
    path = tmp_path / "four.txt"
    path.write_text("2\n" + "".join(line + "\n" for line in FOUR_LINES))
    return path


def new_session(folder: Path, time: FakeTime, heard: list[Notice] | None = None) -> Session:
    said = heard if heard is not None else []
    return Session(SqliteStore(folder / "store.sqlite3"), now=time, notify=said.append, start_folder=folder)


def open_file(session: Session, path: Path) -> None:
    token = session.begin_load(path)
    assert session.file_loaded(token, read_puzzle_file(path))


def test_a_whole_game_from_file_to_solved(tmp_path: Path, four_file: Path) -> None:
    time, heard = FakeTime(), []
    session = new_session(tmp_path, time, heard)
    assert not session.has_puzzle and not session.in_game and session.clock_text() == ""
    open_file(session, four_file)
    assert session.has_puzzle and session.number == 0 and session.puzzle.to_line() == FOUR_LINES[0]
    assert session.last_folder == tmp_path.resolve()
    solution = solve(session.puzzle)
    assert solution is not None
    empty = [cell for cell, value in enumerate(session.play.values) if not value]
    time.now += 30
    for cell in empty[:-1]:
        session.play.enter(cell, solution[cell])
        assert not session.after_change()
    assert session.check() is None  # not full yet
    session.play.enter(empty[-1], solution[empty[-1]])
    time.now += 5
    assert session.after_change() is True
    assert session.solved and session.check() is True
    assert heard[-1].text == "Solved in 0:35!"
    time.now += 100  # a solved game's clock stands still
    assert session.clock_text() == "⏱ 0:35 ✓"


def test_pause_and_dialogs_stop_the_clock(tmp_path: Path, four_file: Path) -> None:
    time = FakeTime()
    session = new_session(tmp_path, time)
    open_file(session, four_file)
    time.now += 10
    assert session.toggle_pause() and session.paused
    time.now += 50
    session.cover(True)
    session.cover(False)  # a dialog closing leaves a paused game paused
    time.now += 50
    assert session.toggle_pause() and not session.paused
    session.cover(True)
    time.now += 20
    session.cover(False)
    time.now += 1
    assert session.clock.elapsed() == 11.0


def test_solve_and_no_solution(tmp_path: Path, four_file: Path) -> None:
    session = new_session(tmp_path, FakeTime())
    open_file(session, four_file)
    session.play.enter(1, 3)  # a wrong entry: Solve ignores it, undo brings it back
    token = session.begin_solve()
    assert token is not None and session.begin_solve() is None  # one solve at a time
    solution = solve(session.puzzle)
    assert session.solve_finished(token, solution) is True
    assert session.play.values == list(solution or ()) and session.solved
    session.play.undo()
    assert session.play.values[1] == 3
    token = session.begin_solve()
    assert token is not None
    assert session.solve_finished(token, None) is False  # shows the puzzle as given
    assert session.play.values == list(session.puzzle.givens)


def test_answers_of_replaced_jobs_are_ignored(tmp_path: Path, four_file: Path) -> None:
    session = new_session(tmp_path, FakeTime())
    first = session.begin_load(four_file)
    second = session.begin_load(four_file)
    assert not session.file_loaded(first, read_puzzle_file(four_file))
    assert session.puzzles is None and session.loading == four_file
    assert session.file_loaded(second, read_puzzle_file(four_file))
    token = session.begin_solve()
    assert token is not None
    session.show_puzzle(1)  # a solve still running is for the old puzzle
    assert session.solve_finished(token, solve(session.puzzle)) is None
    assert not session.solving and session.play.values == list(session.puzzle.givens)


def test_moving_through_the_file(tmp_path: Path, four_file: Path) -> None:
    session = new_session(tmp_path, FakeTime())
    assert session.step_to(1) == (None, "") and session.random_number() is None
    open_file(session, four_file)
    assert session.step_to(-1) == (None, texts.FIRST_PUZZLE)
    assert session.step_to(1) == (1, "")
    session.show_puzzle(1)
    assert session.step_to(1) == (None, texts.LAST_PUZZLE)
    assert session.judge_number("0") == (0, "")
    assert session.judge_number("7") == (None, texts.out_of_range(7, 1))
    assert session.judge_number("x") == (None, texts.not_a_number("x", 1))
    assert session.random_number(random.Random(3)) in (0, 1)


def test_a_game_is_resumed_by_the_next_session(tmp_path: Path, four_file: Path) -> None:
    time, heard = FakeTime(), []
    session = new_session(tmp_path, time)
    open_file(session, four_file)
    session.play.enter(1, 2)
    session.play.toggle_mark(2, 4)
    time.now += 42
    session.after_change()
    session.quit()
    again = new_session(tmp_path, time, heard)
    last = again.open_store()
    assert last is not None and again.describe(last) == "four.txt, puzzle 0 (4x4), 0:42 played."
    source = again.resume(last)
    assert source == four_file.resolve()
    open_file(again, four_file)
    assert again.play.values[1] == 2 and again.play.marks_of(2) == [4]
    assert again.clock.elapsed() == 42.0
    assert heard[-1].text == "Your game of this puzzle was resumed (0:42 played)."


def test_a_saved_game_whose_file_is_gone_is_played_alone(tmp_path: Path, four_file: Path) -> None:
    session = new_session(tmp_path, FakeTime())
    open_file(session, four_file)
    session.play.enter(1, 2)
    session.after_change()
    four_file.unlink()
    again = new_session(tmp_path, FakeTime())
    last = again.open_store()
    assert last is not None
    source = again.resume(last)
    assert isinstance(source, PuzzleFile) and len(source) == 1
    assert again.file_loaded(again.begin_load(None), source)
    assert again.play.values[1] == 2


def test_a_made_puzzle_is_played_without_a_file(tmp_path: Path, four_file: Path) -> None:
    session = new_session(tmp_path, FakeTime())
    open_file(session, four_file)
    choice = NewPuzzleChoice("4x4", Level.EASY)
    token = session.begin_making(choice)
    assert session.making == choice and session.last_choice == choice
    made = generate(square(2), Level.EASY, Symmetry.NONE, random.Random(5))
    assert session.puzzle_made(token, made)
    assert session.puzzles is None and session.made is made and session.has_puzzle
    assert session.puzzle == made.puzzle and session.making is None
    assert session.step_to(1) == (None, "")
    # Opening a file while a puzzle is being made stops the making.
    token = session.begin_making(choice)
    session.begin_load(four_file)
    assert session.making is None and not session.puzzle_made(token, made)


def test_hints_come_in_three_presses_and_apply_as_one_move(tmp_path: Path, four_file: Path) -> None:
    session = new_session(tmp_path, FakeTime())
    open_file(session, four_file)
    signature = session.hint_signature()
    assert session.hints.press(signature) is None
    assert session.hints.should_ask(signature) and not session.hints.should_ask(signature)
    answer = find_hint(*signature)
    assert answer.step is not None
    session.hints.answered(True)
    shown = session.hints.show(signature, answer.step)
    assert shown.level == 1
    assert session.hints.press(signature) is shown and shown.level == 2
    assert session.hints.press(signature) is shown and shown.level == 3
    before = list(session.play.values)
    assert session.apply_step(shown.step).changed
    assert session.play.values != before
    session.play.undo()
    assert session.play.values == before
    # The board changed: the next press asks for a new step.
    assert session.hints.press(session.hint_signature()) is None


def test_the_players_actions_go_through_the_session(tmp_path: Path, four_file: Path) -> None:
    """Typing, marks, candidates, undo and redo: each answers what it did, and a change is saved."""
    time, heard = FakeTime(), []
    session = new_session(tmp_path, time, heard)
    open_file(session, four_file)
    assert session.enter(0, 2).refused and session.play.values[0] == 3  # a given
    assert session.toggle_mark(0, 2).refused
    assert session.enter(1, 0) == Answer()  # clearing an empty cell changes nothing, and is no refusal
    marked = session.toggle_mark(1, 2)
    assert marked.changed and not marked.refused and session.play.marks_of(1) == [2]
    saved = session.keeper.resumable(session.puzzle)
    assert saved is not None and saved.cursor == 1 and saved.marks[1] == 0b10
    entered = session.enter(1, 2)
    assert entered.move is not None and entered.move.cells[0] == 1 and session.play.values[1] == 2
    assert session.enter(1, 2) == Answer()  # the same value again
    assert session.toggle_mark(1, 3).refused  # a filled cell takes no marks
    assert session.undo().changed and session.play.values[1] == 0
    assert session.redo().changed and session.play.values[1] == 2
    assert not session.redo().changed
    assert session.fill_candidates().changed
    play = session.play
    assert all(play.marks_of(cell) == play.candidates_of(cell) for cell in range(16) if not play.values[cell])
    solution = solve(session.puzzle)
    assert solution is not None
    answers = [session.enter(cell, value) for cell, value in enumerate(solution) if play.values[cell] != value]
    assert [answer.solved for answer in answers] == [False] * (len(answers) - 1) + [True]
    assert session.solved and heard[-1].title == "Well done"


def test_a_store_that_fails_is_said_once(tmp_path: Path, four_file: Path) -> None:
    heard: list[Notice] = []
    store = SqliteStore(tmp_path / "store.sqlite3")
    store.close()  # every later write fails
    session = Session(store, now=FakeTime(), notify=heard.append)
    open_file(session, four_file)
    for cell in (1, 2):
        session.play.enter(cell, 2)
        session.after_change()
    warnings = [notice for notice in heard if notice.severity == "warning"]
    assert len(warnings) == 1 and warnings[0].text.startswith("The saved games could not be")
    assert not warnings[0].text.endswith("..")
    assert session.play.values[2] == 2  # play went on


def solve_by_hand(session: Session) -> None:
    solution = solve(session.puzzle)
    assert solution is not None
    for cell, value in enumerate(solution):
        if not session.play.values[cell]:
            session.play.enter(cell, value)
            session.after_change()


def test_every_game_that_ends_is_in_the_history(tmp_path: Path, four_file: Path) -> None:
    time, heard = FakeTime(), []
    session = new_session(tmp_path, time, heard)
    store = session.keeper.store
    open_file(session, four_file)
    session.play.enter(1, 2)
    session.after_change()
    session.show_puzzle(1)  # left unsolved: in the history, and still resumable
    [left] = store.history(LOCAL_PLAYER)
    assert left.outcome == "abandoned" and store.find_game(LOCAL_PLAYER, left.key) is not None
    time.now += 40
    solve_by_hand(session)
    session.hint_shown()
    assert [game.outcome for game in store.history(LOCAL_PLAYER)] == ["solved", "abandoned"]
    session.show_puzzle(0)  # back to the first: resumed, then filled by Solve
    assert session.play.values[1] == 2 and heard[-1].text.startswith("Your game of this puzzle was resumed")
    told = len(heard)
    token = session.begin_solve()
    assert token is not None and session.solve_finished(token, solve(session.puzzle))
    outcomes = {game.key: game.outcome for game in store.history(LOCAL_PLAYER)}
    assert sorted(outcomes.values()) == ["filled", "solved"]  # the game left, then filled, counts once
    assert len(heard) == told  # Solve filling the board is no "Solved in …!"
    # Opened again: a board Solve filled is never "solved before"; one the player solved is.
    session.show_puzzle(1)
    assert heard[-1].text.startswith("You solved this puzzle before, in 0:40")
    told = len(heard)
    session.show_puzzle(0)
    assert not any(notice.text.startswith("You solved") for notice in heard[told:])
    stats = store.statistics(LOCAL_PLAYER)
    [board] = [row for row in stats.boards if row.board == "4x4"]
    assert board.started == 2 and board.solved == 1


def test_browsing_a_file_records_nothing(tmp_path: Path, four_file: Path) -> None:
    session = new_session(tmp_path, FakeTime())
    open_file(session, four_file)
    session.show_puzzle(1)
    session.show_puzzle(0)
    session.show_puzzle(0)  # the same puzzle again, afresh
    session.quit()
    with SqliteStore(tmp_path / "store.sqlite3") as store:
        assert store.history(LOCAL_PLAYER) == [] and store.games_in_progress(LOCAL_PLAYER) == []


def test_show_mistakes_is_a_setting_and_counts_in_the_game(tmp_path: Path, four_file: Path) -> None:
    session = new_session(tmp_path, FakeTime())
    assert session.open_store() is None and not session.show_mistakes
    open_file(session, four_file)
    assert session.mistakes() == frozenset() and not session.wants_solution
    assert session.toggle_mistakes() and session.wants_solution
    assert session.solution_found(session.puzzle, solve(session.puzzle))
    solution = session.solution
    assert solution is not None
    wrong = next(value for value in range(1, 5) if value != solution[1])
    session.play.enter(1, wrong)
    session.play.enter(2, solution[2])
    assert session.mistakes() == {1}
    session.after_change()
    session.quit()
    again = new_session(tmp_path, FakeTime())
    again.open_store()
    assert again.show_mistakes  # remembered
    with SqliteStore(tmp_path / "store.sqlite3") as store:
        [game] = store.games_in_progress(LOCAL_PLAYER)
        assert game.aids.mistakes_shown


def test_a_game_resumed_with_show_mistakes_on_counts_it(tmp_path: Path, four_file: Path) -> None:
    session = new_session(tmp_path, FakeTime())
    session.open_store()
    open_file(session, four_file)
    session.play.enter(1, 2)
    session.after_change()
    session.show_puzzle(1)  # the first game left, played without show mistakes
    session.toggle_mistakes()
    session.show_puzzle(0)  # resumed, now with show mistakes on
    assert session.play.values[1] == 2 and session.aids.mistakes_shown
    session.show_puzzle(1)
    with SqliteStore(tmp_path / "store.sqlite3") as store:
        [left] = [entry for entry in store.history(LOCAL_PLAYER) if entry.givens == FOUR_LINES[0]]
    assert left.aids.mistakes_shown


def test_colours_are_saved_with_the_game_and_come_back(tmp_path: Path, four_file: Path) -> None:
    time = FakeTime()
    session = new_session(tmp_path, time)
    open_file(session, four_file)
    assert session.paint(0, 1).refused  # a given
    painted = session.paint(1, 4)
    assert painted.changed and session.cursor == 1
    assert session.paint(1, 4) == Answer()
    session.paint(2, 6)
    saved = session.keeper.resumable(session.puzzle)
    assert saved is not None and saved.colours[1:3] == (4, 6)
    assert session.undo().changed and session.play.colours[2] == 0
    session.quit()
    again = new_session(tmp_path, time)
    open_file(again, four_file)
    assert again.play.colours[:3] == [0, 4, 0]
    assert again.paint(1, 0).changed
    again.quit()
    third = new_session(tmp_path, time)
    open_file(third, four_file)
    assert third.play.colours == [0] * 16
    saved = third.keeper.resumable(third.puzzle)
    assert saved is not None and saved.colours == ()  # no paint left: stored as none
