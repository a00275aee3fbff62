"""New puzzle (PRODUCT.md 5.5): the dialog, the job that makes the puzzle, its messages.

The app opens :class:`NewPuzzleDialog`, runs :func:`make_puzzle` in a thread
worker and plays the :class:`PuzzleMade` it posts. The generator is reached
through the module attribute :data:`GENERATE` so tests can put a fast or a
deliberately slow one in its place.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Label, RadioButton, RadioSet

from ..engine.generator import LEVELS, SYMMETRIES, Generated, generate
from ..engine.geometry import shape_for_size
from ..engine.progress import ProgressCallback

# (shape name for shape_for_size, label on screen)
SIZES = (("4x4", "4x4"), ("9x9", "9x9"), ("16x16", "16x16"), ("samurai", "Samurai"))
# Levels the generator can reach on each board: a 4x4 is never more than easy.
ONLY_EASY = frozenset({"4x4"})

# The generator the game calls; tests replace it.
GENERATE: Callable[..., Generated] = generate


@dataclass(frozen=True)
class NewPuzzleChoice:
    """What the player asked for."""

    size: str = "9x9"
    level: str = "easy"
    symmetry: str = "none"

    @property
    def size_label(self) -> str:
        return dict(SIZES)[self.size]

    def describe(self) -> str:
        """``hard 9x9``, as the status line and the Header say it."""
        return f"{self.level} {self.size_label}"


def make_puzzle(choice: NewPuzzleChoice, should_stop: Callable[[], bool], progress: ProgressCallback) -> Generated:
    """Make the puzzle asked for; raises ``Cancelled`` or ``GenerationFailed``."""
    return GENERATE(
        shape_for_size(choice.size),
        choice.level,
        choice.symmetry,
        random.Random(),
        should_stop=should_stop,
        progress=progress,
    )


# ---- messages the worker posts (each with the token of its job) ---------------


class PuzzleMade(Message):
    def __init__(self, token: int, choice: NewPuzzleChoice, generated: Generated) -> None:
        super().__init__()
        self.token = token
        self.choice = choice
        self.generated = generated


class MakeProgress(Message):
    """``attempts`` complete grids were tried and did not give the level."""

    def __init__(self, token: int, attempts: int) -> None:
        super().__init__()
        self.token = token
        self.attempts = attempts


class MakeFailed(Message):
    def __init__(self, token: int, message: str) -> None:
        super().__init__()
        self.token = token
        self.message = message


def making_text(choice: NewPuzzleChoice, attempt: int) -> str:
    article = "an" if choice.level[0] in "aeiou" else "a"
    return f"Making {article} {choice.describe()} puzzle… attempt {attempt}  (Esc cancels)"


# ---- the dialog ---------------------------------------------------------------


class ChoiceSet(RadioSet, inherit_bindings=False):
    """A RadioSet where the arrow keys choose, as native radio groups do.

    Enter is left to the dialog (it starts the game), so the option the
    cursor is on must already be the one chosen.
    """

    # Own actions, not RadioSet's next/previous_button: RadioSet calls those
    # itself when it mounts, and that is not the player choosing.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,right", "choose(1)", "Next option", show=False),
        Binding("up,left", "choose(-1)", "Previous option", show=False),
        Binding("space", "toggle_button", "Choose", show=False),
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


class NewPuzzleDialog(ModalScreen[NewPuzzleChoice | None]):
    """Size, difficulty and symmetry; dismissed with the choice, or None when cancelled."""

    DEFAULT_CSS = """
    NewPuzzleDialog {
        align: center middle;
    }
    NewPuzzleDialog > Vertical {
        width: auto;
        height: auto;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    NewPuzzleDialog #choices {
        width: auto;
        height: auto;
    }
    NewPuzzleDialog ChoiceSet {
        width: 20;
        margin: 0 1 0 0;
    }
    NewPuzzleDialog ChoiceSet:focus {
        border: tall $accent;
    }
    NewPuzzleDialog #note {
        color: $text-muted;
        width: 62;
        height: auto;
    }
    NewPuzzleDialog #buttons {
        width: 100%;
        height: auto;
        align-horizontal: right;
    }
    NewPuzzleDialog #buttons Button {
        margin-left: 2;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "start", "Start"),
    ]

    def __init__(self, last: NewPuzzleChoice | None = None) -> None:
        super().__init__()
        self.last = last or NewPuzzleChoice()

    def compose(self) -> ComposeResult:
        last = self.last
        with Vertical() as box:
            box.border_title = "New Puzzle"
            box.border_subtitle = "↑↓ choose · Tab next · Enter starts · Esc cancels"
            with Horizontal(id="choices"):
                with ChoiceSet(id="size") as sizes:
                    sizes.border_title = "Size"
                    for name, label in SIZES:
                        yield RadioButton(label, value=name == last.size, id=f"size-{name}")
                with ChoiceSet(id="level") as levels:
                    levels.border_title = "Difficulty"
                    for level in LEVELS:
                        yield RadioButton(level.capitalize(), value=level == last.level, id=f"level-{level}")
                with ChoiceSet(id="symmetry") as symmetries:
                    symmetries.border_title = "Symmetry"
                    for symmetry in SYMMETRIES:
                        yield RadioButton(
                            symmetry.capitalize(), value=symmetry == last.symmetry, id=f"symmetry-{symmetry}"
                        )
            yield Label("", id="note")
            with Horizontal(id="buttons"):
                yield Button("Start", id="start", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self._fit_levels()
        self.query_one("#size", ChoiceSet).focus()

    @on(RadioSet.Changed, "#size")
    def _fit_levels(self) -> None:
        """Offer only the levels the chosen board can have."""
        only_easy = self.query_one("#size", ChoiceSet).chosen in ONLY_EASY
        for button in self.query_one("#level", ChoiceSet).query(RadioButton):
            button.disabled = only_easy and button.id != "level-easy"
        if only_easy:
            self.query_one("#level", ChoiceSet).choose(0)
        note = "A 4x4 board is never harder than easy." if only_easy else ""
        if self.query_one("#size", ChoiceSet).chosen in ("16x16", "samurai"):
            note = "16x16 and Samurai hard and unfair levels can take a minute or two; Esc stops."
        self.query_one("#note", Label).update(note)

    def choice(self) -> NewPuzzleChoice:
        size = self.query_one("#size", ChoiceSet).chosen
        # Read from the size, not the level buttons: their change may still be on its way.
        level = "easy" if size in ONLY_EASY else self.query_one("#level", ChoiceSet).chosen
        return NewPuzzleChoice(size, level, self.query_one("#symmetry", ChoiceSet).chosen)

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        # Enter on the Start button and the screen's Enter binding may both fire: start once.
        if self.is_active:
            self.dismiss(self.choice())

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        if self.is_active:
            self.dismiss(None)
