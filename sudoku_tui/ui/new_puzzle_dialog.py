"""The New Puzzle dialog: size, difficulty and symmetry, chosen with the arrow keys,
or a technique to practise."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, RadioButton, RadioSet, Select

from ..engine.board.levels import Level, Symmetry
from ..engine.logic.step import TechniqueName
from ..game import texts
from ..game.daily import today
from ..game.entering import ENTRY_SIZES
from ..game.new_puzzle import (
    PRACTICE_NOTE,
    PRACTICE_SIZE,
    SIZES,
    NewPuzzleChoice,
    has_daily,
    levels_for,
    practice_techniques,
    size_note,
)
from .modal import Modal

ENTER_TIP = texts.NEW_ENTER_TIP
DAILY_TIP = texts.NEW_DAILY_TIP


class ChoiceSet(RadioSet, inherit_bindings=False):
    """A RadioSet where the arrow keys choose, as native radio groups do.

    Enter is left to the dialog (it starts the game), so the option the
    cursor is on must already be the one chosen.
    """

    # Own actions, not RadioSet's next/previous_button: RadioSet calls those
    # itself when it mounts, and that is not the player choosing.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,right", "choose(1)", texts.NEXT_OPTION, show=False),
        Binding("up,left", "choose(-1)", texts.PREVIOUS_OPTION, show=False),
        Binding("space", "toggle_button", texts.CHOOSE, show=False),
    ]

    def action_choose(self, direction: int) -> None:
        """Move the cursor from the chosen option and choose where it lands."""
        chosen = self._chosen_index()
        if chosen >= 0:
            self._selected = chosen
        if direction > 0:
            self.action_next_button()
        else:
            self.action_previous_button()
        if self._selected is not None:
            self.choose(self._selected)

    def on_mount(self) -> None:
        # RadioSet highlights its first option as it mounts (after this handler): the
        # highlight belongs on the chosen one.
        self.call_after_refresh(self.on_focus)

    def on_focus(self) -> None:
        # The cursor starts on the chosen option.
        if self._chosen_index() >= 0:
            self._selected = self._chosen_index()

    @property
    def _buttons(self) -> list[RadioButton]:
        return list(self.query(RadioButton))

    def _chosen_index(self) -> int:
        """The pressed option, read from the buttons themselves."""
        return next((index for index, button in enumerate(self._buttons) if button.value), -1)

    def choose(self, index: int) -> None:
        """Press option ``index`` at once.

        RadioSet hears of a press through a message and then fixes the other
        buttons; keys typed fast overtake those messages, which then undo the
        later presses. So the buttons are switched quietly here, and only the
        set's own Changed is posted.
        """
        buttons = self._buttons
        chosen = buttons[index]
        if chosen.value:
            return
        with self.prevent(RadioButton.Changed):
            for button in buttons:
                button.value = button is chosen
        self._pressed_button = chosen
        self._selected = index
        self.post_message(self.Changed(self, chosen))

    @property
    def chosen(self) -> str:
        """The name of the pressed option (the button's id without its prefix)."""
        button = self._buttons[self._chosen_index()]
        assert button.id is not None
        return button.id.split("-", 1)[1]


class NewPuzzleDialog(Modal[NewPuzzleChoice | None]):
    """Size, difficulty and symmetry; dismissed with the choice, or None when cancelled."""

    DEFAULT_CSS = """
    /* 56 columns inside the frame: the whole dialog fits 60 columns, and scrolls when
       the terminal is too short for it. */
    NewPuzzleDialog > Vertical {
        max-height: 100%;
        overflow-y: auto;
    }
    NewPuzzleDialog #choices {
        width: 56;
        height: auto;
    }
    NewPuzzleDialog ChoiceSet {
        width: 17;
        margin: 0 1 0 0;
    }
    NewPuzzleDialog #size {
        width: 17;
    }
    NewPuzzleDialog #symmetry {
        width: 20;
        margin: 0;
    }
    NewPuzzleDialog ChoiceSet:focus {
        border: tall $accent;
    }
    NewPuzzleDialog #practice {
        height: auto;
        width: 56;
    }
    /* As wide as the dialog: the list it opens shows every technique's name whole. */
    NewPuzzleDialog #technique {
        width: 100%;
    }
    NewPuzzleDialog .buttons.-end Button {
        margin: 0 0 0 1;  /* four buttons in the dialog's 56 columns: each as wide as its label */
        min-width: 0;
    }
    NewPuzzleDialog #note {
        color: $text-muted;
        width: 56;
        height: auto;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", texts.CANCEL),
        Binding("enter", "start", texts.START_KEY),
    ]

    def __init__(self, last: NewPuzzleChoice | None = None) -> None:
        super().__init__()
        self.last = last or NewPuzzleChoice()

    def compose(self) -> ComposeResult:
        last = self.last
        with Vertical() as box:
            box.border_title = texts.NEW_PUZZLE
            box.border_subtitle = texts.NEW_PUZZLE_KEYS
            with Horizontal(id="choices"):
                with ChoiceSet(id="size") as sizes:
                    sizes.border_title = texts.SIZE
                    for name, label in SIZES:
                        yield RadioButton(label, value=name == last.size, id=f"size-{name}")
                with ChoiceSet(id="level") as levels:
                    levels.border_title = texts.DIFFICULTY
                    for level in Level:
                        yield RadioButton(level.label, value=level is last.level, id=f"level-{level.key}")
                with ChoiceSet(id="symmetry") as symmetries:
                    symmetries.border_title = texts.SYMMETRY
                    for symmetry in Symmetry:
                        yield RadioButton(
                            symmetry.capitalize(), value=symmetry == last.symmetry, id=f"symmetry-{symmetry}"
                        )
            with Vertical(id="practice"):
                yield Label(texts.PRACTISE)
                yield Select(
                    [(name.value, name) for name in practice_techniques()],
                    prompt=texts.NO_TECHNIQUE,
                    value=last.technique if last.technique is not None else Select.NULL,
                    id="technique",
                    compact=True,
                )
            yield Label("", id="note")
            with Horizontal(classes="buttons -end"):
                yield Button(texts.START_KEY, id="start", variant="primary", compact=True)
                yield Button(texts.TODAYS_DAILY, id="daily", compact=True, tooltip=DAILY_TIP)
                yield Button(texts.ENTER_PUZZLE, id="enter", compact=True, tooltip=ENTER_TIP)
                yield Button(texts.CANCEL, id="cancel", compact=True)

    def on_mount(self) -> None:
        self._fit_levels()
        self.query_one("#size", ChoiceSet).focus()

    @on(Select.Changed, "#technique")
    @on(RadioSet.Changed, "#size")
    def _fit_levels(self) -> None:
        """Offer only the levels the chosen board can have."""
        size = self.query_one("#size", ChoiceSet).chosen
        offered = {level.key for level in levels_for(size)}
        levels = self.query_one("#level", ChoiceSet)
        for button in levels.query(RadioButton):
            button.disabled = button.id is not None and button.id.split("-", 1)[1] not in offered
        if levels.chosen not in offered:
            levels.choose(0)  # the easiest, which every board has
        practising = self._technique() is not None
        self.query_one("#note", Label).update(PRACTICE_NOTE if practising else size_note(size))
        self.query_one("#daily", Button).disabled = practising or not has_daily(size)
        self.query_one("#enter", Button).disabled = size not in ENTRY_SIZES

    def _technique(self) -> TechniqueName | None:
        value = self.query_one("#technique", Select).value
        return value if isinstance(value, TechniqueName) else None

    def choice(self) -> NewPuzzleChoice:
        technique = self._technique()
        if technique is not None:
            return NewPuzzleChoice(PRACTICE_SIZE, technique=technique)
        size = self.query_one("#size", ChoiceSet).chosen
        # Read against the size, not from the level buttons alone: their change may still be on its way.
        offered = levels_for(size)
        level = Level.parse(self.query_one("#level", ChoiceSet).chosen)
        if level not in offered:
            level = offered[0]
        return NewPuzzleChoice(size, level, Symmetry.parse(self.query_one("#symmetry", ChoiceSet).chosen))

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        self.close(self.choice())

    @on(Button.Pressed, "#daily")
    def _daily_pressed(self) -> None:
        """Today's daily puzzle at the size and level chosen (its symmetry is always rotational)."""
        if self._technique() is None:
            self.close(replace(self.choice(), symmetry=Symmetry.ROTATIONAL, day=today()))

    @on(Button.Pressed, "#enter")
    def _enter_pressed(self) -> None:
        """An empty board of the size chosen, to type a puzzle in."""
        size = self.query_one("#size", ChoiceSet).chosen
        if size in ENTRY_SIZES:
            self.close(NewPuzzleChoice(size, entering=True))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.close(None)
