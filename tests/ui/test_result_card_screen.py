"""The result card on screen: solving the daily shows it until it is closed,
``y`` copies its plain text, NO_COLOR shows it plain, and Solve shows none."""

from __future__ import annotations

import base64
import re
import sys
from datetime import date
from pathlib import Path

import pytest
from pty_game import PtyGame
from rich.text import Text
from textual.containers import Vertical
from textual.pilot import Pilot
from textual.widgets import Label, Static
from ui_helpers import SIZE, still_clock, wait_for

from sudoku_tui.game import texts
from sudoku_tui.game.daily import daily_puzzle, today
from sudoku_tui.ui import SudokuApp, game_screen
from sudoku_tui.ui.result_card_screen import ResultCardScreen

DAY = date(2026, 1, 31)


# The terminal's clipboard sequence: OSC 52, the clipboard "c", base64, BEL.
OSC_52 = re.compile(r"\x1b\]52;c;([A-Za-z0-9+/=]*)\x07")


@pytest.fixture
def fixed_day(monkeypatch: pytest.MonkeyPatch) -> None:
    """d makes the daily of DAY: a date the pinned daily lines know."""
    monkeypatch.setattr(game_screen, "today", lambda: DAY)


async def daily_in_play(pilot: Pilot[None]) -> tuple[int, ...]:
    """Press d, wait for the daily, and give its solution."""
    app = pilot.app
    assert isinstance(app, SudokuApp)
    await pilot.pause()
    await pilot.press("d")
    await wait_for(pilot, "make")
    session = app.session
    assert session.origin.kind == "daily" and session.origin.day == DAY
    assert session.puzzle.to_line() == daily_puzzle(DAY, "medium", "9")[0]
    assert session.made is not None
    return session.made.solution


async def type_solution(pilot: Pilot[None], solution: tuple[int, ...]) -> None:
    app = pilot.app
    assert isinstance(app, SudokuApp)
    for cell, value in enumerate(app.session.play.values):
        if not value:
            app.game.board.cursor = cell
            await pilot.press(str(solution[cell]))
    await pilot.pause()


@pytest.mark.usefixtures("fixed_day")
async def test_solving_the_daily_shows_the_card_and_y_copies_it(puzzle_dir: Path) -> None:
    app = SudokuApp(now=still_clock)
    async with app.run_test(size=SIZE) as pilot:
        await type_solution(pilot, await daily_in_play(pilot))
        screen = app.screen
        assert isinstance(screen, ResultCardScreen)
        card = app.session.result_card()
        assert card is not None and screen.card == card
        assert card.text.splitlines()[:2] == ["Sudoku daily 2026-01-31", "Medium 9x9 in 0:00, no hints"]
        box = screen.query_one(Vertical)
        assert "y copies" in str(box.border_subtitle)  # the key is on the dialog's own help line
        assert box.region.right <= SIZE[0] and box.region.bottom <= SIZE[1]  # it fits at 80x24
        assert screen.query_one("#card", Static).region.height == len(card.text.splitlines())
        assert app.clipboard == ""
        await pilot.press("y")
        assert app.clipboard == card.text  # what Textual sent in the OSC 52 sequence
        assert str(screen.query_one("#copied", Label).render()) == texts.CARD_COPIED
        assert app.screen is screen  # it stays on screen, to copy by hand too
        await pilot.press("escape")
        assert app.screen is app.game and app.session.solved


@pytest.mark.usefixtures("fixed_day")
async def test_the_card_is_shaded_with_colour_and_plain_under_no_color(
    puzzle_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: dict[bool, Text] = {}
    for no_color in (False, True):
        if no_color:
            monkeypatch.setenv("NO_COLOR", "1")
        app = SudokuApp(now=still_clock)
        async with app.run_test(size=SIZE) as pilot:
            await type_solution(pilot, await daily_in_play(pilot))
            screen = app.screen
            assert isinstance(screen, ResultCardScreen) and app.no_color is no_color
            content = screen.query_one("#card", Static).content
            assert isinstance(content, Text)
            shown[no_color] = content
            await pilot.press("y")
            assert app.clipboard == screen.card.text  # always the plain text
            await pilot.press("enter")
            assert app.screen is app.game
    assert shown[False].plain == shown[True].plain
    assert shown[False].spans and not shown[True].spans


@pytest.mark.usefixtures("fixed_day")
async def test_a_daily_filled_by_solve_shows_no_card(puzzle_dir: Path) -> None:
    app = SudokuApp(now=still_clock)
    async with app.run_test(size=SIZE) as pilot:
        await daily_in_play(pilot)
        await pilot.press("s")
        await wait_for(pilot, "solve")
        assert app.session.solved and app.session.aids.solve_used
        assert app.screen is app.game and app.session.result_card() is None


def test_the_real_game_writes_the_card_in_an_osc_52_sequence(data_home: Path) -> None:
    """The game on a pseudo-terminal: today's daily typed in cell by cell (h j l
    move), then y; the sequence is read from the terminal's raw output and decoded."""
    day = today()
    line, made = daily_puzzle(day, "medium", "9")
    game = PtyGame.running([sys.executable, "-m", "sudoku_tui"], data_home.parent)
    game.press("d")
    game.wait_for(texts.made_range("9x9"))  # the puzzle bar once the daily is in play
    keys = []
    for row in range(9):  # a snake through the board: left to right, then right to left
        cols = range(9) if row % 2 == 0 else range(8, -1, -1)
        for step, col in enumerate(cols):
            cell = row * 9 + col
            if line[cell] == ".":
                keys.append(str(made.solution[cell]))
            if step < 8:
                keys.append("l" if row % 2 == 0 else "h")
        keys.append("j")
    game.press(*keys, pause=0.02)
    game.wait_for(texts.CARD_TITLE)
    game.press("y")
    game.wait_for("Copied")
    sequences = OSC_52.findall(game.seen())
    game.press("\x11")  # ctrl+q quits from the card: Esc and q read at once would be Alt+q
    assert game.finish() == 0, game.seen()[-2000:]
    if today() != day:
        pytest.skip("midnight UTC passed during the test: the game played another daily")
    assert len(sequences) == 1
    copied = base64.b64decode(sequences[0]).decode("utf-8").splitlines()
    assert copied[0] == f"Sudoku daily {day.isoformat()}" and copied[1].startswith("Medium 9x9 in ")
    assert copied[2:4] == [texts.CARD_PICTURE, "+----------+"] and len(copied) == 8
    ranks = sorted(int(rank) for picture in copied[4:7] for rank in picture.strip("| ").split())
    assert ranks == list(range(1, 10)) and all(len(text) <= 40 for text in copied)
