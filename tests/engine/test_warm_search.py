"""While the game compiles the search in the background, nothing waits for it:
other threads search in pure Python until it is done."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.search import backend
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.engine.warm import warm_up_in_background

pytestmark = pytest.mark.skipif(not backend.compiled(), reason="the search is not compiled here")

NINE = "..3456789456789123789123456..4365897365897214897214365531642978642978531978531642"


@pytest.fixture(autouse=True)
def nothing_compiling() -> Iterator[None]:
    yield
    backend.compiling_on(None)


def test_while_one_thread_compiles_the_others_search_without_it() -> None:
    started, done = threading.Event(), threading.Event()
    kernel_in_compiler: list[bool] = []

    def compiling() -> None:  # the warm-up's place: it alone uses the kernel meanwhile
        kernel_in_compiler.append(backend.compiled())
        started.set()
        done.wait(30)

    compiler = threading.Thread(target=compiling)
    backend.compiling_on(compiler)
    compiler.start()
    try:
        assert started.wait(30)
        assert kernel_in_compiler == [True] and not backend.compiled()
        answer = solve(Puzzle.from_line(square(3), NINE))  # the pure search's, at once
    finally:
        done.set()
        compiler.join()
    assert backend.compiled()  # compiled, the kernel serves everyone
    assert answer == solve(Puzzle.from_line(square(3), NINE))


def test_the_games_warm_up_keeps_the_kernel_to_itself_while_it_runs() -> None:
    thread = warm_up_in_background()
    assert thread is not None
    kernel_meanwhile = backend.compiled()
    still_compiling = thread.is_alive()  # so it was when the line above asked
    thread.join(120)
    assert not (still_compiling and kernel_meanwhile)
    assert not thread.is_alive() and backend.compiled()
