"""The ghost on the daily: a solve's count of cells filled over time, from its moves, and
which solve of the day's ranking a player races (a real store, SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import date

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game.replay.ghost import filled_timeline, find_ghost, ghost_of
from sudoku_tui.game.replay.labels import Move, MoveKind
from sudoku_tui.game.replay.recording import encode_moves
from sudoku_tui.game.store.interface import Store
from sudoku_tui.game.store.records import Game, Source
from tests.game.daily_players import ANN, BOB, CAT, SetClock
from tests.game.store_backends import StoreMaker, postgresql_socket, postgresql_url, store_maker
from tests.game.test_replay_labels import LINE, cell

__all__ = ["postgresql_socket", "postgresql_url", "store_maker"]  # fixtures

K = MoveKind
PUZZLE = Puzzle.from_line(square(3), LINE)
DAY = date(2026, 3, 14)


def test_the_count_follows_values_placed_cleared_undone_and_redone() -> None:
    moves = (
        Move(K.MARK, cell(1, 8), 3, 1_000),  # a mark fills nothing
        Move(K.VALUE, cell(6, 9), 8, 2_000),
        Move(K.VALUE, cell(6, 8), 7, 3_000),
        Move(K.VALUE, cell(6, 8), 5, 3_500),  # over a value: still two
        Move(K.CLEAR, cell(6, 8), 0, 4_000),
        Move(K.UNDO, at_ms=5_000),  # the clear taken back
        Move(K.VALUE, cell(1, 1), 8, 6_000),
        Move(K.VALUE, cell(1, 4), 6, 6_000, together=True),
        Move(K.UNDO, at_ms=7_000),  # both cells of the stroke
        Move(K.REDO, at_ms=8_000),
        Move(K.VALUE, 0, 5, 9_000),  # over the value r1c1 holds: still four
        Move(K.VALUE, 2, 4, 9_500),  # a given: nothing changes
        Move(K.HINT, cell(1, 2), 1, 10_000),
    )
    assert PUZZLE.givens[2] != 0 and PUZZLE.givens[0] == 0
    assert filled_timeline(PUZZLE, moves) == (
        (2_000, 1),
        (3_000, 2),
        (4_000, 1),
        (5_000, 2),
        (6_000, 4),
        (7_000, 2),
        (8_000, 4),
        (10_000, 5),
    )


def test_the_ghost_count_at_any_time() -> None:
    moves = (Move(K.VALUE, cell(6, 9), 8, 2_000), Move(K.VALUE, cell(6, 8), 7, 3_000))
    ghost = ghost_of("ann", 3.0, PUZZLE, moves)
    assert ghost is not None
    assert [ghost.count_at(t) for t in (0, 1.999, 2.0, 2.5, 3.0, 99)] == [0, 0, 1, 1, 2, 2]
    assert ghost_of("ann", 3.0, PUZZLE, ()) is None  # no moves recorded: no ghost


def solve_moves(gap_ms: int) -> bytes:
    """The moves of a solve of PUZZLE, a value every ``gap_ms`` in cell order."""
    solution = solve(PUZZLE)
    assert solution is not None
    empty = [c for c, given in enumerate(PUZZLE.givens) if not given]
    return encode_moves(Move(K.VALUE, c, solution[c], gap_ms * (i + 1)) for i, c in enumerate(empty))


def finish(store: Store, clock: SetClock, player: str, seconds: float, moves: bytes, **played: object) -> None:
    clock.now += 60
    solution = solve(PUZZLE)
    assert solution is not None
    game = Game.of(
        PUZZLE,
        list(solution),
        [0] * 81,
        seconds,
        solved=True,
        source=Source.daily(DAY),
        level="medium",
        moves=moves,
        **played,
    )  # type: ignore[arg-type]
    store.finish_game(player, game)


def test_the_ghost_is_the_fastest_other_solve_with_moves(store_maker: StoreMaker) -> None:
    clock = SetClock(DAY)
    store = store_maker(clock)
    store.set_name(ANN, "ann")
    store.set_name(CAT, "cat")
    empty = sum(1 for given in PUZZLE.givens if not given)
    assert find_ghost(store, BOB, DAY, "medium", "9x9", PUZZLE) is None  # nobody solved it yet
    finish(store, clock, BOB, empty * 1.0, solve_moves(1_000))
    own = find_ghost(store, BOB, DAY, "medium", "9x9", PUZZLE)
    assert own is not None and own.own and own.elapsed == empty * 1.0  # only his own solve to race
    finish(store, clock, CAT, empty * 0.5, b"")  # the fastest, but with no moves recorded
    finish(store, clock, ANN, empty * 2.0, solve_moves(2_000))
    ghost = find_ghost(store, BOB, DAY, "medium", "9x9", PUZZLE)
    assert ghost is not None and not ghost.own
    assert (ghost.name, ghost.elapsed) == ("ann", empty * 2.0)
    assert [ghost.count_at(t) for t in (0, 1.9, 2, 5, empty * 2.0)] == [0, 0, 1, 2, empty]
    # Another day, level or puzzle has no ghost of it.
    assert find_ghost(store, BOB, DAY, "hard", "9x9", PUZZLE) is None
    other = Puzzle.from_line(square(3), LINE[:2] + "." + LINE[3:])
    assert find_ghost(store, BOB, DAY, "medium", "9x9", other) is None
