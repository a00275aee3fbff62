"""A game of known moves played through a session, for the replay tests: two singles, a pair
elimination, a guess and a mistake on the labeller's puzzle, whose labels are known."""

from __future__ import annotations

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.game.replay.labels import Move, MoveKind
from sudoku_tui.game.session import Session
from tests.game.test_replay_labels import LINE, cell

__all__ = ["LINE", "cell"]
SHAPE = square(3)
K = MoveKind


class FakeTime:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def play_known_game(session: Session, time: FakeTime) -> None:
    """Two singles, a pair elimination, a guess and a mistake (and a mark, a colour, undo and redo)."""
    session.start_own(Puzzle.from_line(SHAPE, LINE))
    time.now += 2
    assert session.toggle_mark(cell(1, 8), 3).changed
    time.now += 2
    assert session.toggle_mark(cell(1, 8), 3).changed  # rubbed out: the naked pair r6c8/r9c8 allows it
    time.now += 5
    assert session.enter(cell(6, 9), 8).changed  # hidden single
    time.now += 3
    assert session.enter(cell(6, 8), 7).changed  # naked single
    time.now += 58
    assert session.enter(cell(1, 4), 6).changed  # right, but a guess
    time.now += 5
    assert session.enter(cell(1, 1), 1).changed  # a mistake: the solution has 8
    time.now += 1
    assert session.paint(cell(1, 1), 2).changed
    assert session.undo().changed  # the paint
    assert session.redo().changed


KNOWN_LABELS = (None, "Naked Pair", "Hidden Single", "Naked Single", "guess", "mistake", None, None, None)


def known_moves() -> tuple[Move, ...]:
    return (
        Move(K.MARK, cell(1, 8), 3, 2_000),
        Move(K.UNMARK, cell(1, 8), 3, 4_000),
        Move(K.VALUE, cell(6, 9), 8, 9_000),
        Move(K.VALUE, cell(6, 8), 7, 12_000),
        Move(K.VALUE, cell(1, 4), 6, 70_000),
        Move(K.VALUE, cell(1, 1), 1, 75_000),
        Move(K.COLOUR, cell(1, 1), 2, 76_000),
        Move(K.UNDO, at_ms=76_000),
        Move(K.REDO, at_ms=76_000),
    )
