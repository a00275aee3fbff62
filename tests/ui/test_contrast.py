"""Every text the board, the status line and the dialogs draw reads at 4.5:1 or more, in every
theme the palette offers (WCAG 2.1 level AA), measured on the screen as drawn at 80x24."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from contrast import Drawn, drawn
from textual.pilot import Pilot
from textual.screen import ModalScreen
from ui_helpers import FIXTURE_PUZZLES, SIZE, load, settle, snapshot_app

from sudoku_tui.ui import SudokuApp
from sudoku_tui.ui.themes import HIDDEN_THEMES, OUR_THEMES

Step = Callable[[Pilot[None]], Awaitable[None]]


def offered() -> list[str]:
    return sorted(SudokuApp().available_themes)


async def board_with_everything(pilot: Pilot[None]) -> None:
    """Givens, entries, marks, a conflict, a mistake, a hint, the six colours, the cursor,
    its houses and value, colour mode on the status line."""
    app = pilot.app
    assert isinstance(app, SudokuApp)
    await pilot.press("right", "2", "a", "m", "down", "5", "down", "1", "up", "up")
    await pilot.press("z", "right", "1", "down", "2", "down", "3", "right", "4", "up", "5", "up", "6")
    app.game.board.hint_cells = frozenset({30, 31})
    await settle(pilot)


async def pencil_on(pilot: Pilot[None]) -> None:
    await pilot.press("z", "p")


async def paused(pilot: Pilot[None]) -> None:
    await pilot.press("space")


async def solved_and_checked(pilot: Pilot[None]) -> None:
    await pilot.press("s")
    await settle(pilot)
    await pilot.press("c")


async def help_shown(pilot: Pilot[None]) -> None:
    await pilot.press("f1")


async def new_puzzle_dialog(pilot: Pilot[None]) -> None:
    await pilot.press("n")


async def number_typed(pilot: Pilot[None]) -> None:
    await pilot.press("g")


STEPS: list[Step] = [board_with_everything, pencil_on, number_typed, paused, help_shown, new_puzzle_dialog]


def failures(app: SudokuApp, where: str) -> list[str]:
    found = []
    for seen in drawn(app):
        if not isinstance(seen, Drawn):
            found.append(f"{where}: {seen[1]!r} on line {seen[0]} in the terminal's own colours")
        elif seen.ratio < seen.needed:
            colours = f"{seen.foreground.triplet.hex} on {seen.background.triplet.hex}"  # type: ignore[union-attr]
            found.append(f"{where}: {seen.text.strip()!r} on line {seen.y}, {colours}: {seen.ratio:.2f}")
    return found


async def close_dialogs(pilot: Pilot[None]) -> None:
    while isinstance(pilot.app.screen, ModalScreen):
        pilot.app.pop_screen()
        await pilot.pause()


@pytest.mark.parametrize("theme", offered())
async def test_every_text_drawn_contrasts_enough(theme: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURE_PUZZLES)
    app = snapshot_app()
    found: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        app.theme = theme
        await load(pilot, Path("nine.txt"))
        app.clear_notifications()
        await pilot.pause()
        for step in [*STEPS, solved_and_checked]:
            await step(pilot)
            app.clear_notifications()  # a toast goes by itself; the hint area replaces them
            await pilot.pause()
            found += failures(app, step.__name__)
            if step is not board_with_everything and step is not pencil_on:
                await close_dialogs(pilot)
                if step is paused:
                    await pilot.press("space")
                elif step is number_typed:
                    await pilot.press("escape")
                await pilot.pause()
    assert found == [], "\n".join(found[:20])


def test_the_palette_offers_our_themes_and_not_the_terminals() -> None:
    themes = offered()
    assert all(theme.name in themes for theme in OUR_THEMES)
    assert not set(HIDDEN_THEMES) & set(themes)
    assert "textual-light" in themes and "textual-dark" in themes
