"""The session never throws a game away when another puzzle is asked for (no screen)."""

from __future__ import annotations

import random
from datetime import date
from pathlib import Path

from sudoku_tui.engine.board.levels import Level
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.game.new_puzzle import NewPuzzleChoice, make_puzzle
from sudoku_tui.game.session import Session
from sudoku_tui.game.store.sqlite import SqliteStore

FOUR_LINES = ["3....4.1.34.....", "3....1..1..2..4.", "....1..2.3..2..4"]


def session_on(tmp_path: Path) -> Session:
    path = tmp_path / "four.txt"
    path.write_text("".join(line + "\n" for line in FOUR_LINES))
    session = Session(SqliteStore(tmp_path / "store.sqlite3"), start_folder=tmp_path)
    token = session.begin_load(path)
    assert session.file_loaded(token, read_puzzle_file(path))
    return session


def test_load_random_never_draws_the_puzzle_in_play(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    rng = random.Random(3)
    for number in range(3):
        session.show_puzzle(number)
        drawn = {session.random_number(rng) for _ in range(40)}
        assert drawn == set(range(3)) - {number}


def test_the_puzzle_in_play_asked_for_again_goes_on(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.play.enter(1, 2)
    session.after_change()
    session.show_puzzle(0)
    assert session.play.values[1] == 2 and session.play.can_undo


def test_only_a_made_puzzles_game_with_moves_is_at_stake(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.play.enter(1, 2)
    assert not session.at_stake  # the file brings it back
    choice = NewPuzzleChoice("4x4", Level.EASY)
    token = session.begin_making(choice)
    assert session.puzzle_made(token, make_puzzle(choice, lambda: False, lambda _a, _t: None))
    assert not session.at_stake  # no move yet
    cell = next(cell for cell in range(16) if not session.play.is_given(cell))
    session.play.enter(cell, 1)
    assert session.at_stake
    daily = NewPuzzleChoice("9x9", Level.EASY, day=date(2020, 1, 1))
    token = session.begin_making(daily)
    assert session.puzzle_made(token, make_puzzle(daily, lambda: False, lambda _a, _t: None), daily.day)
    cell = next(cell for cell in range(81) if not session.play.is_given(cell))
    session.play.enter(cell, 1)
    assert session.at_stake  # a daily of another day than today: d would not make it again


def stored_values(tmp_path: Path, session: Session) -> list[int] | None:
    """The values of the game in play as the store has them (another connection's view)."""
    store = SqliteStore(tmp_path / "store.sqlite3")
    try:
        found = store.games_in_progress(session.keeper.player)
        return found[0].value_list() if found else None
    finally:
        store.close()


def empty_cells(session: Session) -> list[int]:
    return [cell for cell in range(16) if not session.play.values[cell]]


def test_changes_wait_for_one_flush_when_asked_and_every_way_out_writes_them(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    asked: list[int] = []
    session.save_later = lambda: asked.append(1)
    first, second, third = empty_cells(session)[:3]
    session.enter(first, 1)
    session.enter(second, 2)
    assert asked == [1]  # one flush asked for both
    assert stored_values(tmp_path, session) is None  # nothing written yet
    session.flush()
    stored = stored_values(tmp_path, session)
    assert stored is not None and stored[first] == 1 and stored[second] == 2
    session.enter(third, 3)
    assert asked == [1, 1]
    session.quit()  # a hang-up or a stop: the waiting change is written
    stored = stored_values(tmp_path, session)
    assert stored is not None and stored[third] == 3


def test_a_change_waiting_goes_with_the_game_left_for_another_puzzle(tmp_path: Path) -> None:
    session = session_on(tmp_path)
    session.save_later = lambda: None
    cell = empty_cells(session)[0]
    session.enter(cell, 4)
    session.show_puzzle(1)
    session.show_puzzle(0)  # resumed from the store
    assert session.play.values[cell] == 4
    assert not session.unsaved
