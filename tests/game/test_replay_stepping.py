"""A recorded game stepped through without a screen: the board (values, marks,
colours) after each move, stepping and jumping, playback at a speed on a clock
of the test's own, each move's time, and the longest waits before and after
the labels come."""

from __future__ import annotations

import random

import pytest

from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.logic.step import TechniqueName
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game.play import Play
from sudoku_tui.game.replay.labels import Move, MoveKind, label_game
from sudoku_tui.game.replay.recording import moves_of
from sudoku_tui.game.replay.stepping import FIRST_SPEED, LONGEST_GAP_MS, SPEEDS, Replay
from tests.game.replay_games import LINE, SHAPE, FakeTime, cell

# The labeller's tests' puzzle (puzzles/9x9-medium.txt, puzzle 40, 21 steps in), and the recording's clock.
K = MoveKind
PUZZLE = Puzzle.from_line(SHAPE, LINE)
SOLUTION = solve(PUZZLE)
assert SOLUTION is not None
R1C1, R1C2, R6C8, R6C9 = cell(1, 1), cell(1, 2), cell(6, 8), cell(6, 9)
MOVES = (
    Move(K.MARK, R6C8, 7, 2_000),
    Move(K.MARK, R6C9, 7, 3_000),
    Move(K.MARK, R6C9, 8, 3_000, together=True),
    Move(K.COLOUR, R6C9, 2, 5_000),
    Move(K.VALUE, R6C9, 8, 9_000),  # its marks go; 8 leaves nothing else
    Move(K.VALUE, R6C8, 7, 12_000),  # its mark goes
    Move(K.UNDO, -1, 0, 13_000),
    Move(K.REDO, -1, 0, 70_000),  # a long wait
    Move(K.VALUE, R1C1, 1, 75_000),  # a mistake
    Move(K.CLEAR, R1C1, 0, 76_000),
)


def replay(time: FakeTime | None = None, moves: tuple[Move, ...] = MOVES) -> Replay:
    return Replay(PUZZLE, moves, SOLUTION, now=time or FakeTime())


def test_the_board_after_each_move_has_the_values_marks_and_colours_the_moves_left() -> None:
    shown = replay()
    assert shown.at_start and shown.current is None and shown.play().values == list(PUZZLE.givens)
    shown.go_to(3)
    play = shown.play()
    assert play.marks_of(R6C8) == [7] and play.marks_of(R6C9) == [7, 8] and play.colours[R6C9] == 0
    shown.step(1)
    assert shown.play().colours[R6C9] == 2
    shown.step(1)  # 8 placed: the cell's own marks go, its colour stays
    play = shown.play()
    assert play.values[R6C9] == 8 and play.marks[R6C9] == 0 and play.colours[R6C9] == 2
    shown.step(1)
    assert shown.play().values[R6C8] == 7 and shown.play().marks[R6C8] == 0
    shown.step(1)  # undo: r6c8 empty again, with its mark back
    assert shown.play().values[R6C8] == 0 and shown.play().marks_of(R6C8) == [7]
    shown.step(1)  # redo
    assert shown.play().values[R6C8] == 7
    shown.to_end()
    assert shown.at_end and shown.play().values[R1C1] == 0 and shown.play().values[R6C8] == 7


def test_stepping_back_gives_each_board_again_exactly() -> None:
    forward = replay()
    boards: list[tuple[list[int], list[int], list[int]]] = []
    for _ in range(forward.count + 1):
        play = forward.play()
        boards.append((play.values, play.marks, play.colours))
        forward.step(1)
    assert not forward.step(1)  # at the end: nothing to step to
    for index in range(forward.count, -1, -1):
        forward.go_to(index)
        play = forward.play()
        assert (play.values, play.marks, play.colours) == boards[index]
    assert not forward.step(-1) and forward.at_start
    forward.go_to(7)
    assert forward.to_start() and forward.index == 0 and not forward.to_start()


def test_a_value_placed_takes_its_mark_out_of_its_peers_and_solve_fills_the_board() -> None:
    moves = (
        Move(K.MARK, R1C1, 8, 1_000),
        Move(K.MARK, R1C2, 8, 2_000),
        Move(K.MARK, R1C2, 1, 2_500),
        Move(K.VALUE, R1C1, 8, 3_000),  # the solution's 8: r1c2 (same row) loses its 8
        Move(K.SOLVE, -1, 0, 4_000),
    )
    shown = replay(moves=moves)
    shown.go_to(4)
    assert shown.play().marks_of(R1C2) == [1]
    shown.to_end()
    play = shown.play()
    assert play.values == list(SOLUTION) and not any(play.marks)
    assert isinstance(play, Play) and play.is_solved()


def test_each_move_says_the_time_it_took_and_its_label_once_labelled() -> None:
    shown = replay()
    shown.go_to(5)
    current = shown.current
    assert current is not None
    assert (current.number, current.took_ms, current.wants_label, current.label) == (5, 4_000, True, None)
    assert shown.shown(0).took_ms == 2_000  # the first move counts from the game's start
    assert shown.shown(2).took_ms == 0  # made in one stroke with the one before
    shown.set_labels(label_game(PUZZLE, SOLUTION, MOVES))
    assert shown.labelled
    assert shown.shown(4).label == "Hidden Single"
    assert shown.shown(8).label == "mistake"
    assert shown.shown(3).label is None and not shown.shown(3).wants_label  # a colour gets no label


def test_the_longest_waits_are_known_at_once_and_get_their_step_with_the_labels() -> None:
    shown = replay()
    waits = shown.waits()
    assert [(wait.move, wait.waited_ms, wait.known) for wait in waits] == [
        (7, 57_000, False),
        (8, 5_000, False),
        (4, 4_000, False),
    ]
    shown.set_labels(label_game(PUZZLE, SOLUTION, MOVES))
    waits = shown.waits()
    assert all(wait.known for wait in waits) and waits[0].move == 7
    assert waits[0].step is not None and waits[0].step.technique in set(TechniqueName)
    # w: through the waits in the game's order, the board before each move that ended one.
    assert shown.next_wait() and shown.index == 4
    assert shown.next_wait() and shown.index == 7
    assert shown.next_wait() and shown.index == 8
    assert shown.next_wait() and shown.index == 4


def test_playback_keeps_the_games_pace_at_the_speed_with_long_gaps_cut_short() -> None:
    time = FakeTime()
    shown = replay(time)
    assert shown.speed == FIRST_SPEED == 4
    shown.toggle()
    assert shown.playing and shown.index == 0
    time.now += 0.49  # the first move came 2 s into the game: 0.5 s at 4x
    assert not shown.update() and shown.index == 0
    time.now += 0.02
    assert shown.update() and shown.index == 1
    time.now += 0.25  # 1 s more in the game: the mark and the one made with it
    shown.update()
    assert shown.index == 3
    shown.go_to(7)  # stepping by hand pauses
    assert not shown.playing
    shown.toggle()
    # The redo came 57 s after the undo: it plays as LONGEST_GAP_MS at 1x, a quarter of it at 4x.
    time.now += LONGEST_GAP_MS / 1000 / 4 - 0.01
    shown.update()
    assert shown.index == 7
    time.now += 0.02
    shown.update()
    assert shown.index == 8


def test_speed_goes_up_and_down_between_its_ends_and_the_time_before_counts_at_the_old_speed() -> None:
    time = FakeTime()
    shown = replay(time)
    shown.toggle()
    time.now += 0.25  # 1 s of the game at 4x
    assert shown.faster() and shown.speed == 8
    time.now += 0.124  # 0.99 s more at 8x: 1.99 s in all, the first move at 2 s not yet
    shown.update()
    assert shown.index == 0
    time.now += 0.002
    shown.update()
    assert shown.index == 1
    while shown.faster():
        pass
    assert shown.speed == SPEEDS[-1]
    while shown.slower():
        pass
    assert shown.speed == SPEEDS[0] and not shown.slower()


def test_playback_stops_at_the_end_and_plays_from_the_start_again() -> None:
    time = FakeTime()
    shown = replay(time)
    shown.toggle()
    time.now += 1_000
    assert shown.update() and shown.at_end and not shown.playing
    assert not shown.update()
    shown.toggle()
    assert shown.playing and shown.at_start
    shown.toggle()
    assert not shown.playing


def test_a_game_with_no_moves_shows_the_puzzle_and_never_plays() -> None:
    shown = replay(moves=())
    shown.toggle()
    assert not shown.playing and shown.current is None and shown.waits() == []
    assert not shown.next_wait()


@pytest.mark.parametrize("kind", [K.VALUE, K.MARK, K.COLOUR, K.CLEAR])
def test_moves_on_givens_or_off_the_board_change_nothing(kind: MoveKind) -> None:
    given = next(index for index, value in enumerate(PUZZLE.givens) if value)
    shown = replay(moves=(Move(kind, given, 3, 1_000), Move(kind, 500, 3, 2_000)))
    shown.to_end()
    play = shown.play()
    assert play.values == list(PUZZLE.givens) and not any(play.marks) and not any(play.colours)


def test_a_game_filled_by_solve_is_replayed_without_being_given_the_solution() -> None:
    shown = Replay(PUZZLE, (Move(K.SOLVE, -1, 0, 1_000),), now=FakeTime())
    shown.to_end()
    assert shown.play().values == list(SOLUTION)


def test_the_replayed_board_is_the_games_after_every_change_recorded_from_play() -> None:
    """Random changes made on the game's own Play and recorded as the session records them:
    after each, the replay's board (values, marks, colours) is the game's, and stepping back
    to the start gives the puzzle again."""
    rng = random.Random(7)
    play = Play(PUZZLE)
    moves: list[Move] = []
    boards: list[tuple[list[int], list[int], list[int]]] = []
    empty = [index for index, value in enumerate(PUZZLE.givens) if not value]
    for turn in range(300):
        kind = rng.choice([K.VALUE, K.MARK, K.COLOUR, K.UNDO, K.REDO])
        cells = rng.sample(empty, rng.choice([1, 1, 1, 3]))
        value = rng.randint(0 if kind is not K.MARK else 1, 9 if kind is not K.COLOUR else 6)
        if kind is K.VALUE:
            change = play.enter_each(cells, value)
        elif kind is K.MARK:
            change = play.fill_candidates() if turn % 37 == 0 else play.toggle_mark_each(cells, value)
        elif kind is K.COLOUR:
            change = play.paint_cells(cells, value)
        else:
            change = play.undo() if kind is K.UNDO else play.redo()
        if change is not None:
            moves += moves_of(kind, change, turn * 1000)
            boards.append((list(play.values), list(play.marks), list(play.colours)))
    shown = Replay(PUZZLE, moves, SOLUTION, now=FakeTime())
    ends = [index + 1 for index, move in enumerate(moves) if index + 1 == len(moves) or not moves[index + 1].together]
    assert len(ends) == len(boards) > 100
    for end, board in zip(ends, boards, strict=True):
        shown.go_to(end)
        replayed = shown.play()
        assert (replayed.values, replayed.marks, replayed.colours) == board
    shown.to_start()
    assert shown.play().values == list(PUZZLE.givens) and not any(shown.play().marks)
