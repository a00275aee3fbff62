"""The result card of a solved daily puzzle, on screen until the player closes it.

``y`` copies the card's plain text to the player's own clipboard with
Textual's ``App.copy_to_clipboard``, which writes the terminal's OSC 52
sequence (``ESC ] 52 ; c ; base64 BEL``) to the game's output: over SSH
that reaches the player's terminal, not the server's clipboard. With
colour the ranks are shaded (the first boxes completed bright, the last
ones dim); under NO_COLOR the card is the plain text, and what is copied
is always the plain text, whatever is on screen.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Button, Label, Static

from ..game import texts
from ..game.result_card import ResultCard
from .modal import Modal

# The ranks' styles, first third of the boxes completed to last third.
TIER_STYLES = ("bold green", "yellow", "dim")


def shaded(card: ResultCard) -> Text:
    """The card with its ranks styled by when their box was completed."""
    text = Text()
    for number, line in enumerate(card.lines()):
        if number:
            text.append("\n")
        for piece, rank in line:
            text.append(piece, TIER_STYLES[card.tier(rank)] if rank is not None else "")
    return text


class ResultCardScreen(Modal[None]):
    """The card; ``y`` copies it, Escape or Enter closes it."""

    DEFAULT_CSS = """
    ResultCardScreen > Vertical {
        width: auto;
        min-width: 48;  /* the "Copied" line fits from the start: the box never grows under the player's eyes */
        max-width: 100%;
        max-height: 100%;
        padding: 1 2 0 2;
    }
    ResultCardScreen #card {
        width: auto;
        height: auto;
    }
    ResultCardScreen #copied {
        width: auto;
        height: 1;
        color: $text-muted;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "copy", texts.CARD_COPY_KEY),
        Binding("escape", "close", texts.CLOSE),
        Binding("enter", "close", texts.CLOSE, show=False),
    ]

    def __init__(self, card: ResultCard) -> None:
        super().__init__()
        self.card = card

    def compose(self) -> ComposeResult:
        plain = self.app.no_color
        with Vertical() as box:
            box.border_title = texts.CARD_TITLE
            box.border_subtitle = texts.CARD_KEYS
            yield Static(Text(self.card.text) if plain else shaded(self.card), id="card")
            yield Label("", id="copied", markup=False)
            with Vertical(classes="buttons"):
                yield Button(texts.CLOSE, id="close", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.query_one("#close", Button).focus()

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.card.text)
        self.query_one("#copied", Label).update(texts.CARD_COPIED)

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.close(None)
