"""The game model without a screen: entries, marks, undo/redo, the clock."""

from __future__ import annotations

import pytest

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.game.clock import Clock, format_elapsed
from sudoku_tui.game.play import Play

FOUR = Puzzle.from_line(square(2), "2...43213...1432")


def bits(*values: int) -> int:
    return sum(1 << (v - 1) for v in values)


def test_enter_and_clear_with_undo_redo() -> None:
    play = Play(FOUR)
    assert play.enter(1, 1) is not None
    assert play.values[1] == 1 and play.can_undo and not play.can_redo
    play.enter(1, 0)
    assert play.values[1] == 0
    play.undo()
    assert play.values[1] == 1
    play.undo()
    assert play.values[1] == 0 and not play.can_undo
    play.redo()
    assert play.values[1] == 1
    play.enter(2, 4)  # a new move drops what could be redone
    assert not play.can_redo


def test_givens_and_out_of_range_values_are_refused() -> None:
    play = Play(FOUR)
    assert play.enter(0, 3) is None and play.values[0] == 2
    assert play.enter(1, 5) is None and play.values[1] == 0
    assert play.toggle_mark(0, 1) is None
    assert not play.can_undo


def test_what_the_player_may_change_is_what_play_takes() -> None:
    play = Play(FOUR)
    play.enter(1, 1)
    # A given: neither a value nor marks; a filled cell: a value, no marks; an empty one: both.
    for cell, may_enter, may_mark in ((0, False, False), (1, True, False), (2, True, True)):
        assert (play.may_enter(cell), play.may_mark(cell)) == (may_enter, may_mark)
        assert (play.enter(cell, 4) is not None) == may_enter
        if may_enter:
            play.undo()
        assert (play.toggle_mark(cell, 4) is not None) == may_mark


def test_entering_removes_the_value_from_peer_marks_in_one_step() -> None:
    play = Play(FOUR)
    play.toggle_mark(2, 1)
    play.toggle_mark(2, 4)
    play.toggle_mark(3, 1)
    assert play.marks_of(2) == [1, 4]
    play.enter(1, 1)
    assert play.marks_of(2) == [4] and play.marks_of(3) == []
    play.undo()  # one undo brings back the value and the marks
    assert play.values[1] == 0 and play.marks_of(2) == [1, 4] and play.marks_of(3) == [1]


def test_auto_candidates_come_from_the_rules() -> None:
    play = Play(FOUR)
    play.fill_candidates()
    # r1c2 of 2...|4321|3...|1432: row holds 2, column holds 3 and 4
    assert play.marks_of(1) == [1]
    assert play.candidates_of(1) == [1]
    assert play.marks[0] == 0  # givens get no marks
    play.undo()
    assert not any(play.marks)


def test_solve_replaces_entries_and_undo_brings_them_back() -> None:
    play = Play(FOUR)
    play.enter(1, 4)
    solution = [int(c) for c in "2143432132141432"]
    play.replace_values(solution)
    assert play.values == solution and play.is_solved()
    play.undo()
    assert play.values[1] == 4 and not play.is_full()


def test_conflicts_and_checking() -> None:
    play = Play(FOUR)
    play.enter(1, 2)  # 2 twice in row 1
    assert play.conflicts() == {0, 1}
    assert not play.is_solved()


def test_saved_values_must_fit_the_puzzle() -> None:
    with pytest.raises(ValueError):
        Play(FOUR, values=[0] * 16)  # loses the givens
    with pytest.raises(ValueError):
        Play(FOUR, values=[2] + [0] * 14)


def test_clock_counts_only_running_time() -> None:
    now = [100.0]
    clock = Clock(now=lambda: now[0])
    clock.start()
    now[0] = 130.0
    clock.pause()
    now[0] = 1000.0
    assert clock.elapsed() == 30.0 and not clock.running
    clock.start()
    now[0] = 1005.5
    assert clock.elapsed() == 35.5
    assert format_elapsed(65) == "1:05" and format_elapsed(3723) == "1:02:03"


def test_a_logical_step_is_one_move() -> None:
    play = Play(Puzzle(square(2), tuple([0] * 16)))
    play.fill_candidates()
    before_marks = list(play.marks)
    # Place 1 in r1c1 and strike 2 from r4c4 and 3 from r4c3: one move.
    move = play.apply_step([(0, 1)], [(15, 2), (14, 3)], name="Hint: test")
    assert move is not None and move.name == "Hint: test"
    assert play.values[0] == 1 and play.marks[0] == 0
    assert not play.marks[15] >> 1 & 1 and not play.marks[14] >> 2 & 1
    # The placed value left its peers' marks (r1c2 is a peer), not other cells' (r4c4 keeps 1).
    assert not play.marks[1] & 1 and play.marks[15] & 1
    play.undo()
    assert play.values == [0] * 16 and play.marks == before_marks
    play.redo()
    assert play.values[0] == 1 and not play.marks[15] >> 1 & 1


def test_a_step_never_changes_a_given_and_may_change_nothing() -> None:
    givens = tuple([1] + [0] * 15)
    play = Play(Puzzle(square(2), givens))
    assert play.apply_step([(0, 2)], []) is None  # a given stays
    assert play.apply_step([], [(5, 3)]) is None  # no marks to strike
    assert not play.can_undo


def test_a_paint_is_a_move_of_its_own_that_undo_takes_back() -> None:
    play = Play(FOUR)
    play.enter(1, 1)
    assert play.paint(1, 3) is not None and play.colours[1] == 3
    assert play.values[1] == 1  # the paint leaves the value as it was
    assert play.paint(1, 3) is None  # the same colour again changes nothing
    play.paint(2, 5)
    play.paint(1, 0)
    assert play.colours[:3] == [0, 0, 5]
    play.undo()
    assert play.colours[1] == 3
    play.undo()
    play.undo()
    assert play.colours == [0] * 16 and play.values[1] == 1
    play.undo()  # the entry
    assert play.values[1] == 0 and not play.can_undo
    play.redo()
    play.redo()
    assert play.colours[1] == 3


def test_a_value_changed_under_a_colour_keeps_it_through_undo() -> None:
    play = Play(FOUR)
    play.paint(1, 2)
    play.enter(1, 4)
    play.toggle_mark(2, 1)
    play.undo()
    play.undo()
    assert play.values[1] == 0 and play.colours[1] == 2


def test_givens_take_no_paint_and_colours_stay_in_range() -> None:
    play = Play(FOUR)
    assert not play.may_paint(0) and play.paint(0, 1) is None
    assert play.paint(1, 7) is None and play.paint(1, -1) is None
    assert not play.can_undo
    assert play.paint_cells([0, 1, 2, 1], 6) is not None  # the given is left out, each cell once
    assert play.colours[:3] == [0, 6, 6]
    play.undo()
    assert play.colours[:3] == [0, 0, 0]


def test_saved_colours_are_checked_and_an_older_save_has_none() -> None:
    assert Play(FOUR, colours=None).colours == [0] * 16
    assert Play(FOUR, colours=()).colours == [0] * 16
    assert Play(FOUR, colours=[1] * 16).colours == [1] * 16
    with pytest.raises(ValueError):
        Play(FOUR, colours=[1] * 15)
    with pytest.raises(ValueError):
        Play(FOUR, colours=[7] * 16)
