"""Your own puzzle without a screen: a pasted line read leniently, a board typed in,
its solutions counted, the game kept as "your own puzzle" and graded afterwards."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_tui.engine.board.shapes import shape_for_size
from sudoku_tui.engine.files.model import PuzzleFile
from sudoku_tui.game import texts
from sudoku_tui.game.entering import NotAPuzzle, PuzzleEntry, count, entry_size, grade, read_pasted
from sudoku_tui.game.session import REFUSED, Session
from sudoku_tui.game.store.sqlite import SqliteStore

NINE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
FOUR = "3....4.1.34....."
FOUR_SEVERAL = "1..." + "." * 12
FOUR_NONE = "11.." + "." * 12


def test_a_pasted_line_of_each_size_is_read() -> None:
    assert read_pasted(NINE).to_line() == NINE
    assert read_pasted(FOUR.replace(".", "0")).shape.name == "4x4"
    sixteen = read_pasted("1" + "0" * 254 + "g")
    assert sixteen.shape.name == "16x16" and sixteen.givens[-1] == 16


def test_blanks_line_breaks_and_a_drawn_grid_s_lines_are_read_through() -> None:
    rows = [NINE[i : i + 9] for i in range(0, 81, 9)]
    assert read_pasted("\n  " + "\r\n".join(rows) + "\n\n").to_line() == NINE
    drawn = "\n".join(
        ("------+-------+------\n" if r in (3, 6) else "") + " | ".join(" ".join(row[c : c + 3]) for c in (0, 3, 6))
        for r, row in enumerate(rows)
    )
    assert read_pasted(drawn).to_line() == NINE


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        (NINE[:80], texts.not_a_puzzle_length(80)),
        ("hello", texts.not_a_puzzle_length(5)),
        (NINE[:80] + "x", texts.not_a_puzzle_character("x")),
        ("G" + "." * 80, texts.not_a_puzzle_character("G")),  # a 16x16 symbol on a 9x9 board
    ],
)
def test_anything_else_is_refused_with_a_sentence(text: str, sentence: str) -> None:
    with pytest.raises(NotAPuzzle) as refused:
        read_pasted(text)
    assert str(refused.value) == sentence


def test_the_solutions_are_counted() -> None:
    assert count(read_pasted(NINE)) == "one"
    assert count(read_pasted(FOUR_SEVERAL)) == "several"
    assert count(read_pasted(FOUR_NONE)) == "none"
    assert grade(read_pasted(NINE)).key == "easy"


def test_typed_values_are_the_givens_and_take_no_marks() -> None:
    entry = PuzzleEntry("4x4")
    assert entry.enter(0, 3).changed and entry.enter_each([5, 7], 4).changed
    assert entry.toggle_mark(1, 2) is REFUSED and entry.fill_candidates() is REFUSED
    assert entry.puzzle().to_line() == "3....4.4........"
    assert entry.undo().changed and entry.puzzle().to_line() == "3..............."
    assert not entry.enter(0, 3).changed  # already there
    with pytest.raises(ValueError):
        PuzzleEntry("samurai")


def test_the_board_to_enter_on_is_the_classic_one_in_play() -> None:
    assert entry_size(shape_for_size("16x16")) == "16x16"
    assert entry_size(shape_for_size("samurai")) == "9x9"


def test_an_own_puzzle_keeps_the_game_it_replaced_and_is_kept_as_own(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "store.sqlite3")
    session = Session(store, start_folder=tmp_path)
    first = read_pasted(FOUR)
    token = session.begin_load(None)
    session.file_loaded(token, PuzzleFile(first.shape, "plain", [FOUR]))
    session.enter(1, 2)  # a game with a move: kept when the own puzzle replaces it
    session.start_own(read_pasted(NINE))
    assert session.origin.kind == "own" and session.level is None
    assert session.keeper.resumable(first) is not None
    session.enter(2, 4)
    token = session.begin_grading()
    assert token is not None and session.graded(token, "easy") and session.level == "easy"
    assert not session.graded(token, "hard")  # graded once
    assert session.begin_grading() is None  # its level is known
    session.quit()
    again = Session(SqliteStore(tmp_path / "store.sqlite3"), start_folder=tmp_path)
    last = again.open_store()
    assert last is not None and last.source.kind == "own" and last.level == "easy"
    assert again.describe(last).startswith(texts.OWN_PUZZLE)
