"""The daily's result card: the order the boxes were completed in, and a card
that gives away no value and no cell of the solution."""

from __future__ import annotations

import random
from datetime import date
from pathlib import Path

import pytest

from sudoku_tui.engine.board.geometry import Shape, samurai, square
from sudoku_tui.engine.board.levels import Level
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.making.generator import Generated
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game.box_order import BoxOrder, complete_boxes
from sudoku_tui.game.new_puzzle import NewPuzzleChoice
from sudoku_tui.game.result_card import CARD_COLUMNS, ResultCard, result_card
from sudoku_tui.game.session import Session
from sudoku_tui.game.store.sqlite import SqliteStore

DAY = date(2026, 1, 31)
SHAPES = {"4x4": square(2), "9x9": square(3), "16x16": square(4), "samurai": samurai()}


def still() -> float:
    return 0.0


def a_solution(shape: Shape, seed: int) -> tuple[int, ...]:
    """A full grid of ``shape``, its digits shuffled by ``seed``."""
    grid = solve(Puzzle(shape, (0,) * shape.size))
    assert grid is not None
    return relabel(tuple(grid), seed, shape.n)


def relabel(values: tuple[int, ...], seed: int, n: int) -> tuple[int, ...]:
    """The same grid with its digits swapped for others (0 stays empty)."""
    digits = list(range(1, n + 1))
    random.Random(seed).shuffle(digits)
    return tuple(digits[value - 1] if value else 0 for value in values)


def daily_session(folder: Path, shape: Shape, solution: tuple[int, ...], givens: tuple[int, ...]) -> Session:
    """A session playing ``givens`` as the daily of DAY, its solution known (as a made daily's is)."""
    folder.mkdir()
    session = Session(SqliteStore(folder / "store.sqlite3"), now=still, start_folder=folder)
    token = session.begin_making(NewPuzzleChoice(shape.name, Level.MEDIUM, day=DAY))
    made = Generated(Puzzle(shape, givens), solution, Level.MEDIUM, 1)
    assert session.puzzle_made(token, made, daily=DAY)
    return session


def play_out(session: Session, solution: tuple[int, ...], seed: int) -> ResultCard:
    """Fill the empty cells in an order drawn from ``seed``, with one slip
    (a cell filled, cleared, and filled again at the end); the card at the end."""
    empty = [cell for cell, value in enumerate(session.play.values) if not value]
    random.Random(seed).shuffle(empty)
    slip = empty[0]
    session.enter(slip, solution[slip])
    session.enter(slip, 0)
    for cell in [*empty[1:], slip]:
        assert not session.solved
        session.enter(cell, solution[cell])
    assert session.solved
    card = session.result_card()
    assert card is not None
    return card


def house_strings(shape: Shape, solution: tuple[int, ...]) -> set[str]:
    """Every row, column and box of the solution as its symbols, both ways round."""
    found = set()
    for house in shape.houses:
        text = "".join(shape.symbol(solution[cell]) for cell in house.cells)
        found.update((text, text[::-1]))
    return found


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_the_card_gives_nothing_of_the_solution_away(tmp_path: Path, name: str) -> None:
    shape = SHAPES[name]
    first = a_solution(shape, 1)
    second = relabel(first, 2, shape.n)
    assert first != second
    # The same givens' pattern (a third of the cells), the same moves in the same order: only the digits differ.
    draw = random.Random(3)
    pattern = [draw.random() < 0.34 for _ in range(shape.size)]
    cards = []
    for number, solution in enumerate((first, second)):
        givens = tuple(value if given else 0 for value, given in zip(solution, pattern, strict=True))
        session = daily_session(tmp_path / str(number), shape, solution, givens)
        cards.append(play_out(session, solution, 4))
    assert cards[0].text == cards[1].text
    text = cards[0].text
    for solution in (first, second):
        assert not [house for house in house_strings(shape, solution) if house in text]
    assert all(len(line) <= CARD_COLUMNS for line in text.splitlines())
    assert "2026-01-31" in text and "Medium" in text and "no hints" in text
    ranks = sorted(rank for row in cards[0].picture for rank in row if rank > 0)
    assert ranks == list(range(1, len(shape.box_houses) + 1))  # every box completed, once


def test_the_card_for_a_nine_by_nine() -> None:
    order = [4, 0, 8, 2, 6, 1, 7, 3, 5]  # box numbers, first completed first
    card = result_card(DAY, "hard", square(3), 754, 2, order)
    assert card.text.splitlines() == [
        "Sudoku daily 2026-01-31",
        "Hard 9x9 in 12:34, 2 hints",
        "Boxes in the order I completed them:",
        "+----------+",
        "|  2  6  4 |",
        "|  8  1  9 |",
        "|  5  7  3 |",
        "+----------+",
    ]


def test_a_samurai_card_leaves_blanks_between_the_grids() -> None:
    shape = samurai()
    card = result_card(DAY, "extreme", shape, 99 * 3600 + 59 * 60 + 59, 1, range(len(shape.box_houses)))
    lines = card.text.splitlines()
    assert lines[1] == "Extreme Samurai in 99:59:59, 1 hint"
    assert lines[4] == "|  1  2  3     4  5  6 |"  # the top grids' first boxes, a gap between
    assert lines[7] == "|       20 21 22       |"  # the centre grid alone
    assert all(len(line) <= CARD_COLUMNS for line in lines)


def test_a_box_emptied_and_filled_again_goes_to_the_end(tmp_path: Path) -> None:
    shape = square(2)
    solution = a_solution(shape, 5)
    session = daily_session(tmp_path / "game", shape, solution, (0,) * shape.size)
    boxes = [shape.houses[index].cells for index in shape.box_houses]
    for box in (2, 0, 3):
        for cell in boxes[box]:
            session.enter(cell, solution[cell])
    assert session.boxes.order == [2, 0, 3]
    session.enter(boxes[2][1], 0)  # box 2 is no longer complete: it leaves
    assert session.boxes.order == [0, 3]
    session.enter(boxes[2][1], solution[boxes[2][1]])  # completed again: last
    assert session.boxes.order == [0, 3, 2]
    session.undo()
    assert session.boxes.order == [0, 3]
    session.redo()
    assert session.boxes.order == [0, 3, 2]
    for cell in boxes[1]:
        session.enter(cell, solution[cell])
    assert session.solved and session.boxes.order == [0, 3, 2, 1]


def test_a_resumed_game_starts_with_its_complete_boxes_in_reading_order(tmp_path: Path) -> None:
    shape = square(2)
    solution = a_solution(shape, 6)
    session = daily_session(tmp_path / "game", shape, solution, (0,) * shape.size)
    boxes = [shape.houses[index].cells for index in shape.box_houses]
    for box in (3, 1):
        for cell in boxes[box]:
            session.enter(cell, solution[cell])
    assert session.boxes.order == [3, 1]
    session.quit()
    again = Session(SqliteStore(tmp_path / "game" / "store.sqlite3"), now=still, start_folder=tmp_path)
    last = again.open_store()
    assert last is not None
    token = again.begin_load(None)
    assert again.file_loaded(token, again.resume(last))  # type: ignore[arg-type]
    assert again.origin.kind == "daily" and again.boxes.order == [1, 3]


def test_a_box_is_complete_when_full_without_a_clash_and_right_once_the_solution_is_known() -> None:
    shape = square(2)
    solution = a_solution(shape, 7)
    first = shape.houses[shape.box_houses[0]].cells
    values = [0] * shape.size
    for cell in first:
        values[cell] = solution[cell]
    assert complete_boxes(shape, values) == [0] == complete_boxes(shape, values, solution)
    values[first[0]], values[first[1]] = values[first[1]], values[first[0]]  # swapped: no clash, but wrong
    assert complete_boxes(shape, values) == [0] and complete_boxes(shape, values, solution) == []
    values[first[0]] = values[first[1]]  # a clash
    assert complete_boxes(shape, values) == []
    order = BoxOrder()
    order.start(shape, solution)
    assert order.order == [0, 1, 2, 3]


def test_a_daily_filled_by_solve_has_no_card(tmp_path: Path) -> None:
    shape = square(2)
    solution = a_solution(shape, 8)
    session = daily_session(tmp_path / "game", shape, solution, (0,) * shape.size)
    token = session.begin_solve()
    assert token is not None and session.solve_finished(token, solution)
    assert session.solved and session.result_card() is None


def test_only_the_daily_has_a_card(tmp_path: Path) -> None:
    shape = square(2)
    solution = a_solution(shape, 9)
    session = Session(SqliteStore(tmp_path / "store.sqlite3"), now=still, start_folder=tmp_path)
    token = session.begin_making(NewPuzzleChoice(shape.name, Level.MEDIUM))
    assert session.puzzle_made(token, Generated(Puzzle(shape, (0,) * shape.size), solution, Level.MEDIUM, 1))
    for cell in range(shape.size):
        session.enter(cell, solution[cell])
    assert session.solved and session.result_card() is None
