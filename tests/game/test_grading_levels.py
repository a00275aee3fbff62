"""A puzzle nobody graded (a file's, the player's own) gets its level in the background: kept
with the game, or put in its history entry when the game ended first; a grade for a puzzle
no longer in play is dropped; a puzzle no grade fits is kept as ``ungraded`` (both stores)."""

from __future__ import annotations

from pathlib import Path

from store_backends import StoreMaker, postgresql_socket, postgresql_url, store_maker

from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.board.shapes import shape_for_size
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game.entering import level_word
from sudoku_tui.game.session import Session
from sudoku_tui.game.store.interface import LOCAL_PLAYER
from sudoku_tui.game.store.records import UNGRADED
from sudoku_tui.game.store.sql import SqlStore
from sudoku_tui.game.store.statistics import compute_statistics
from tests.game.test_store_players import clock, store

__all__ = ["clock", "postgresql_socket", "postgresql_url", "store", "store_maker"]  # the fixtures, used by name
ONE_SOLUTION = "..3..4..2..1..2."
SEVERAL = "1.3.3.1.2.4.4.2."  # every other cell of a shifted-rows 4x4 grid: more than one solution
NONE = "11.............."


def four(line: str) -> Puzzle:
    return Puzzle.from_line(shape_for_size("4x4"), line)


def session_on(tmp_path: Path, store: SqlStore, *lines: str) -> Session:
    path = tmp_path / "four.txt"
    path.write_text("".join(line + "\n" for line in lines))
    session = Session(store, start_folder=tmp_path)
    token = session.begin_load(path)
    assert session.file_loaded(token, read_puzzle_file(path))
    return session


def solve_by_hand(session: Session) -> None:
    solution = solve(session.puzzle)
    assert solution is not None
    for cell, value in enumerate(solution):
        if not session.play.is_given(cell):
            session.enter(cell, value)
    assert session.solved


def test_the_word_for_a_puzzle_is_its_level_or_ungraded() -> None:
    assert level_word(four(ONE_SOLUTION)) == "easy"
    assert level_word(four(SEVERAL)) == UNGRADED
    assert level_word(four(NONE)) == UNGRADED


def test_a_grade_that_comes_after_the_solve_goes_into_the_history(
    tmp_path: Path, store: SqlStore, store_maker: StoreMaker
) -> None:
    session = session_on(tmp_path, store, ONE_SOLUTION)
    assert session.level is None and session.origin.kind == "file"
    token = session.begin_grading()
    assert token is not None
    solve_by_hand(session)  # faster than the grade
    assert store.history(LOCAL_PLAYER)[0].level is None
    assert session.graded(token, level_word(session.puzzle))
    assert [entry.level for entry in store.history(LOCAL_PLAYER)] == ["easy"]
    [board] = store.statistics(LOCAL_PLAYER).boards
    assert (board.board, board.level, board.solved) == ("4x4", "easy", 1)
    entry = store.history(LOCAL_PLAYER)[0]
    store.record_level(LOCAL_PLAYER, entry.game_id, "hard")  # an entry with a level keeps it
    store.close()
    assert [entry.level for entry in store_maker().history(LOCAL_PLAYER)] == ["easy"]


def test_a_grade_for_a_puzzle_left_is_dropped(tmp_path: Path, store: SqlStore, store_maker: StoreMaker) -> None:
    session = session_on(tmp_path, store, ONE_SOLUTION, SEVERAL)
    first = session.begin_grading()
    assert first is not None
    session.enter(0, 1)  # a move: the game is kept when left
    session.show_puzzle(1)
    assert not session.graded(first, "easy")  # for the puzzle before: this one stays unknown
    assert session.level is None
    second = session.begin_grading()
    assert second is not None and session.graded(second, UNGRADED)
    session.enter(1, 1)
    session.quit()
    kept = {game.givens: game.level for game in store_maker().games_in_progress(LOCAL_PLAYER)}
    assert kept == {ONE_SOLUTION: None, SEVERAL: UNGRADED}


def test_ungraded_reads_back_and_is_listed_after_the_levels(tmp_path: Path, store: SqlStore) -> None:
    session = session_on(tmp_path, store, NONE, ONE_SOLUTION)
    token = session.begin_grading()
    assert token is not None and session.graded(token, UNGRADED)
    session.enter(2, 2)
    session.show_puzzle(1)  # left: the history has it, ungraded
    token = session.begin_grading()
    assert token is not None and session.graded(token, "easy")
    solve_by_hand(session)
    history = store.history(LOCAL_PLAYER)
    assert sorted(entry.level or "" for entry in history) == ["easy", UNGRADED]
    stats = compute_statistics(LOCAL_PLAYER, history, [], history[0].ended_on)
    assert [board.level for board in stats.boards] == ["easy", UNGRADED]
