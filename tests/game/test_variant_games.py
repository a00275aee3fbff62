"""Variant games through a Session: opened, played with conflicts that follow
the cages, checked, kept in the store and resumed, hinted."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_tui.engine.board.variants import variant_names
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game.hints import find_hint
from sudoku_tui.game.new_puzzle import SIZES, has_daily, levels_for
from sudoku_tui.paths import puzzle_path
from tests.game.test_session import FakeTime, new_session, open_file


@pytest.mark.parametrize("variant", variant_names())
def test_a_variant_game_solved_kept_and_resumed(tmp_path: Path, variant: str) -> None:
    path = puzzle_path(f"{variant}-medium.txt")
    time = FakeTime()
    session = new_session(tmp_path, time)
    open_file(session, path)
    assert session.puzzle.shape.variant == variant
    solution = solve(session.puzzle)
    assert solution is not None
    empty = [cell for cell, value in enumerate(session.play.values) if not value]
    session.play.enter(empty[0], solution[empty[0]])
    time.now += 10
    session.after_change()
    session.quit()

    again = new_session(tmp_path, time)
    last = again.open_store()
    assert last is not None and again.resume(last) == path.resolve()
    open_file(again, path)
    assert again.play.values[empty[0]] == solution[empty[0]]
    assert again.puzzle.shape is session.puzzle.shape  # a jigsaw's regions, a killer's cages came back
    for cell in empty[1:]:
        again.play.enter(cell, solution[cell])
        again.after_change()
    assert again.solved and again.check() is True


def test_a_killer_hint_explains_the_cages(tmp_path: Path) -> None:
    session = new_session(tmp_path, FakeTime())
    open_file(session, puzzle_path("killer-medium.txt"))
    answer = find_hint(session.puzzle, list(session.play.values), frozenset())
    assert answer.step is not None
    assert answer.step.technique.value in ("Cage Combinations", "Rule of 45", "Cage-House Interaction")
    assert "adds up to" in answer.step.explanation


def test_new_puzzle_offers_every_variant_without_a_daily() -> None:
    names = [name for name, _ in SIZES]
    assert all(variant in names for variant in variant_names())
    assert all(not has_daily(variant) and len(levels_for(variant)) == 5 for variant in variant_names())
